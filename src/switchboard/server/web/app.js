// Switchboard web chat: no build step, no dependencies. Talks to the same HTTP API as any client.
"use strict";

const KEY_STORAGE = "switchboard.key";
const APP_STORAGE = "switchboard.app";  // the app picked last, shown again on the next visit
const $ = (id) => document.getElementById(id);
const state = { key: null, apps: [], app: null, sessionId: null, sending: false, sessions: [] };

// -- login -----------------------------------------------------------------------------------
// The login URL carries the key in the fragment (`/#key=…`): browsers never send a fragment to
// the server, so the key cannot reach an access log or a proxy. It is stored, then removed.
function takeKeyFromUrl() {
  const url = new URL(window.location.href);
  const params = new URLSearchParams(url.hash.replace(/^#/, ""));
  const key = params.get("key");
  if (key) {
    localStorage.setItem(KEY_STORAGE, key);
    params.delete("key");
    const rest = params.toString();
    history.replaceState(null, "", url.pathname + url.search + (rest ? "#" + rest : ""));
  }
}

function showLogin(message) {
  $("login").hidden = false;
  $("login-error").hidden = !message;
  $("login-error").textContent = message || "";
}

$("login-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const key = $("login-key").value.trim();
  if (!key) return;
  localStorage.setItem(KEY_STORAGE, key);
  state.key = key;
  $("login").hidden = true;
  await start();
});

$("logout").addEventListener("click", () => {
  localStorage.removeItem(KEY_STORAGE);
  state.key = null;
  showLogin();
});

// -- HTTP ------------------------------------------------------------------------------------
class ApiError extends Error {
  constructor(status, code, message, retryAfter) {
    super(message);
    this.status = status; this.code = code; this.retryAfter = retryAfter;
  }
}

async function api(path, options = {}) {
  const headers = Object.assign({ Authorization: `Bearer ${state.key}` }, options.headers || {});
  if (options.body && !headers["Content-Type"]) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, Object.assign({}, options, { headers }));
  } catch (err) {
    throw new ApiError(0, "network", "Sem conexão com o servidor.");
  }
  if (!response.ok) {
    let code = "http_" + response.status, message = response.statusText;
    try {
      const body = await response.json();
      code = body.error.code; message = body.error.message;
    } catch (_) { /* not JSON */ }
    throw new ApiError(response.status, code, message, response.headers.get("Retry-After"));
  }
  return response;
}

function explain(err) {
  if (err.status === 401) { showLogin("Sua chave não é válida. Entre novamente."); return "Sessão expirada."; }
  if (err.status === 429) {
    const wait = Number(err.retryAfter);
    const when = wait === 1 ? "1 segundo" : wait > 1 ? `${wait} segundos` : "alguns segundos";
    return `Muitas mensagens em pouco tempo. Tente de novo em ${when}.`;
  }
  if (err.status === 413) return "Mensagem grande demais. Tente um texto mais curto.";
  if (err.code === "deadline") return "A resposta demorou demais e foi interrompida. Tente novamente.";
  if (err.code === "network") return err.message;
  return `Algo deu errado: ${err.message}`;
}

function showError(text) {
  const line = $("error-line");
  line.textContent = text;
  line.hidden = !text;
}

// -- apps, agents, sessions ------------------------------------------------------------------
function currentApp() { return state.apps.find((a) => a.name === state.app) || state.apps[0]; }

// Cards name every agent a stream may mention (a finance mission's coordinators too); only the
// selectable ones can be put in charge, so only they go in the picker.
function findAgent(name) {
  const own = currentApp() && currentApp().agents.find((a) => a.name === name);
  if (own) return own;
  for (const app of state.apps) {
    const agent = app.agents.find((a) => a.name === name);
    if (agent) return agent;
  }
  return null;
}

function agentLabel(name) {
  const agent = findAgent(name);
  return agent ? agent.role || agent.name : name;
}

function isSelectable(name) {
  return currentApp().agents.some((a) => a.name === name && a.selectable !== false);
}

function fillAgentPicker(active) {
  const select = $("agent-select");
  select.innerHTML = "";
  for (const agent of currentApp().agents) {
    if (agent.selectable === false) continue;
    const option = document.createElement("option");
    option.value = agent.name;
    option.textContent = agent.role || agent.name;
    option.title = agent.description || "";
    select.appendChild(option);
  }
  select.value = active && isSelectable(active) ? active : currentApp().agents.find((a) => a.entry).name;
}

function fillAppPicker() {
  const select = $("app-select");
  select.innerHTML = "";
  for (const app of state.apps) {
    const option = document.createElement("option");
    option.value = app.name; option.textContent = app.title || app.name;
    select.appendChild(option);
  }
  select.value = state.app;
  $("app-field").hidden = state.apps.length < 2;
}

$("app-select").addEventListener("change", (e) => {
  state.app = e.target.value;
  localStorage.setItem(APP_STORAGE, state.app);
  newSession();
});

async function loadSessions() {
  const body = await (await api("/sessions")).json();
  state.sessions = body.sessions;
  const nav = $("sessions");
  nav.querySelectorAll(".session-item").forEach((n) => n.remove());
  $("sessions-empty").hidden = body.sessions.length > 0;
  for (const s of body.sessions) {
    const item = document.createElement("button");
    item.type = "button";
    item.className = "session-item" + (s.id === state.sessionId ? " active" : "");
    item.dataset.sessionId = s.id;
    item.textContent = s.title || "Conversa sem título";
    const meta = document.createElement("span");
    meta.className = "meta";
    meta.textContent = `${agentLabel(s.active_agent)} · ${new Date(s.updated_at).toLocaleString("pt-BR")}`;
    item.appendChild(meta);
    item.addEventListener("click", () => openSession(s.id));
    nav.appendChild(item);
  }
}

function newSessionId() {
  return (crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random().toString(16).slice(2));
}

function newSession() {
  state.sessionId = newSessionId();
  $("messages").innerHTML = "";
  $("messages").appendChild(emptyState());
  $("chat-title").textContent = "Nova conversa";
  fillAgentPicker();
  showError("");
  document.querySelectorAll(".session-item").forEach((n) => n.classList.remove("active"));
  $("shell").classList.remove("nav-open");
  $("input").focus();
}

function emptyState() {
  const div = document.createElement("div");
  div.className = "empty-state"; div.id = "empty-state";
  div.innerHTML = "<h2>Olá! Como posso ajudar?</h2><p class='muted'>Suas conversas ficam salvas e você pode trocar de especialista a qualquer momento.</p>";
  return div;
}

async function openSession(id) {
  showError("");
  try {
    const history = await (await api(`/sessions/${encodeURIComponent(id)}/messages`)).json();
    state.sessionId = id;
    state.app = history.app;
    fillAppPicker();
    $("messages").innerHTML = "";
    const lastUser = history.messages.map((m) => m.role).lastIndexOf("user");
    history.messages.forEach((m, i) => {
      if (m.role === "user") { addUserMessage(m.content); return; }
      const view = addAssistantMessage(m.agent);
      view.bubble.textContent = m.content;
      if (m.components && m.components.length && window.renderUi) {  // the answer's components, as shown live
        for (const ui of m.components) window.renderUi(view, ui, { answered: i < lastUser });
        if (window.finishUi) window.finishUi(view);
      }
      finishAnswer(view, m.id, m.feedback);
    });
    if (!history.messages.length) $("messages").appendChild(emptyState());
    const s = state.sessions.find((x) => x.id === id);
    $("chat-title").textContent = (s && s.title) || "Conversa";
    fillAgentPicker(history.active_agent);
    document.querySelectorAll(".session-item").forEach((n) =>
      n.classList.toggle("active", n.dataset.sessionId === id));
    $("shell").classList.remove("nav-open");
    scrollDown();
  } catch (err) { showError(explain(err)); }
}

$("new-chat").addEventListener("click", newSession);
$("menu").addEventListener("click", () => $("shell").classList.toggle("nav-open"));

$("agent-select").addEventListener("change", async (e) => {
  const agent = e.target.value;
  showError("");
  try {
    const result = await (await api(`/sessions/${encodeURIComponent(state.sessionId)}/agent`, {
      method: "POST", body: JSON.stringify({ agent, app: state.app }),
    })).json();
    addSystemLine(`Agora você está falando com ${agentLabel(result.agent)}.`);
    loadSessions().catch(() => {});
  } catch (err) { showError(explain(err)); }
});

// -- rendering -------------------------------------------------------------------------------
function clearEmpty() { const e = $("empty-state"); if (e) e.remove(); }
function scrollDown() { const m = $("messages"); m.scrollTop = m.scrollHeight; }

function addUserMessage(text) {
  clearEmpty();
  const wrap = document.createElement("div");
  wrap.className = "msg user";
  const bubble = document.createElement("div");
  bubble.className = "bubble"; bubble.textContent = text;
  wrap.appendChild(bubble);
  $("messages").appendChild(wrap);
  scrollDown();
}

function addSystemLine(text) {
  clearEmpty();
  const line = document.createElement("div");
  line.className = "system-line"; line.dataset.testid = "system-line"; line.textContent = text;
  $("messages").appendChild(line);
  scrollDown();
}

function addAssistantMessage(agent) {
  clearEmpty();
  const wrap = document.createElement("div");
  wrap.className = "msg assistant"; wrap.dataset.testid = "answer";
  const badge = document.createElement("span");
  badge.className = "badge"; badge.dataset.testid = "agent-badge";
  const progress = document.createElement("div");
  progress.className = "progress"; progress.dataset.testid = "progress";
  const bubble = document.createElement("div");
  bubble.className = "bubble"; bubble.dataset.testid = "answer-text";
  wrap.append(badge, progress, bubble);
  $("messages").appendChild(wrap);
  const view = { wrap, badge, progress, bubble, lines: {} };
  setAgent(view, agent);
  scrollDown();
  return view;
}

function setAgent(view, agent) {
  view.agent = agent;
  view.badge.textContent = agentLabel(agent);
  view.badge.dataset.agent = agent || "";
}

function addProgress(view, text) {
  const line = document.createElement("div");
  line.className = "progress-line"; line.dataset.testid = "progress-line";
  const spinner = document.createElement("span");
  spinner.className = "spinner";
  const label = document.createElement("span");
  label.textContent = text;
  line.append(spinner, label);
  view.progress.appendChild(line);
  view.lastProgress = line;
  scrollDown();
}

const THUMB_PATH = "M7 10v11H3V10h4zm2 11h8.3a2 2 0 0 0 2-1.6l1.4-7A2 2 0 0 0 18.7 10H14l.9-4.3a1.5 1.5 0 0 0-.4-1.4L13.4 3 8.3 8.6A2 2 0 0 0 9 10v11z";
const THUMB_SVG = {
  up: `<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path fill="currentColor" d="${THUMB_PATH}"/></svg>`,
  down: `<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" class="flipped"><path fill="currentColor" d="${THUMB_PATH}"/></svg>`,
};

function finishAnswer(view, messageId, rating) {
  view.progress.querySelectorAll(".progress-line").forEach((l) => l.classList.add("done"));
  if (!messageId) return;
  view.wrap.dataset.messageId = messageId;
  const bar = document.createElement("div");
  bar.className = "feedback";
  for (const [value, label] of [["up", "Resposta útil"], ["down", "Resposta não ajudou"]]) {
    const button = document.createElement("button");
    button.type = "button"; button.innerHTML = THUMB_SVG[value]; button.title = label;
    button.setAttribute("aria-label", label);
    button.dataset.testid = `feedback-${value}`;
    if (rating === value) button.classList.add("selected");
    button.addEventListener("click", async () => {
      try {
        await api(`/messages/${encodeURIComponent(messageId)}/feedback`, {
          method: "POST", body: JSON.stringify({ rating: value }),
        });
        bar.querySelectorAll("button").forEach((b) => b.classList.toggle("selected", b === button));
      } catch (err) { showError(explain(err)); }
    });
    bar.appendChild(button);
  }
  view.wrap.appendChild(bar);
}

// -- sending: POST /chat, NDJSON stream ------------------------------------------------------
// One Idempotency-Key per message typed: the server then knows a retried request from a second,
// identical message (two real purchases of the same amount are both recorded). getRandomValues,
// not randomUUID: it works on plain-http LAN addresses too.
function newRequestKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function send(text) {
  state.sending = true;
  $("send").disabled = true;
  showError("");
  addUserMessage(text);
  const view = addAssistantMessage($("agent-select").value);
  let gotText = false;
  try {
    const response = await api("/chat", {
      method: "POST",
      headers: { Accept: "application/x-ndjson", "Idempotency-Key": newRequestKey() },
      body: JSON.stringify({ chatInput: text, sessionId: state.sessionId, app: state.app }),
    });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let newline;
      while ((newline = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, newline).trim();
        buffer = buffer.slice(newline + 1);
        if (!line) continue;
        const event = JSON.parse(line);
        switch (event.type) {
          case "agent":
            setAgent(view, event.agent);
            if (event.reason !== "start" && isSelectable(event.agent)) $("agent-select").value = event.agent;
            break;
          case "status": addProgress(view, event.message); break;
          case "tool_end": if (view.lastProgress) view.lastProgress.classList.add("done"); break;
          case "text":
            if (view.agent !== event.agent) setAgent(view, event.agent);
            view.bubble.textContent += event.delta; gotText = true; scrollDown();
            break;
          case "ui": if (window.renderUi) window.renderUi(view, event); break;  // components.js
          case "error": showError(explain({ code: event.code, message: event.message })); break;
          case "done":
            if (!gotText && event.text) view.bubble.textContent = event.text;
            if (window.finishUi) window.finishUi(view);  // components.js
            setAgent(view, event.agent);
            finishAnswer(view, event.message_id);
            break;
        }
      }
    }
    if (!view.bubble.textContent) view.wrap.remove();
    loadSessions().then(() => {
      const s = state.sessions.find((x) => x.id === state.sessionId);
      if (s) $("chat-title").textContent = s.title || "Conversa";
    }).catch(() => {});
  } catch (err) {
    view.wrap.remove();
    showError(explain(err));
  } finally {
    state.sending = false;
    $("send").disabled = false;
  }
}

$("composer").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = $("input").value.trim();
  if (!text || state.sending) return;
  $("input").value = "";
  autosize();
  send(text);
});

function autosize() {
  const input = $("input");
  input.style.height = "auto";
  input.style.height = Math.min(input.scrollHeight, 160) + "px";
}
$("input").addEventListener("input", autosize);
$("input").addEventListener("keydown", (e) => {
  if (e.key === "Enter" && !e.shiftKey) { e.preventDefault(); $("composer").requestSubmit(); }
});

// -- start -----------------------------------------------------------------------------------
async function start() {
  try {
    const body = await (await api("/apps")).json();
    state.apps = body.apps;
    const remembered = localStorage.getItem(APP_STORAGE);
    const last = body.apps.find((a) => a.name === remembered);
    state.app = (last || body.apps.find((a) => a.default) || body.apps[0]).name;
    fillAppPicker();
    newSession();
    await loadSessions();
    document.body.dataset.ready = "true";
  } catch (err) {
    const message = explain(err);  // a 401 opens the login form
    if (err.status !== 401) showError(message);
  }
}

takeKeyFromUrl();
state.key = localStorage.getItem(KEY_STORAGE);
if (!state.key) showLogin(); else start();
