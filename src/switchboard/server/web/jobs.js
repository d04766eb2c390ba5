// Jobs view of the web chat: my jobs (a page at a time), one job's sub-job tree and status,
// approve / reject / cancel, and its files (downloaded with the key: never opened in the page).
// Self-contained (its own fetch with the stored key); shows its button only when /jobs answers.
"use strict";

(() => {
  const KEY = "switchboard.key";
  const el = (id) => document.getElementById(id);
  const view = { open: false, selected: null, timer: null, pages: 1 };
  const PAGE = 20;

  async function call(path, method = "GET") {
    const response = await fetch(path, {
      method, headers: { Authorization: `Bearer ${localStorage.getItem(KEY)}` },
    });
    const body = await response.json().catch(() => ({}));
    if (!response.ok) throw Object.assign(new Error((body.error || {}).message || "erro"), { status: response.status });
    return body;
  }

  function node(tag, cls, text) {
    const n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text !== undefined) n.textContent = text;
    return n;
  }

  function badge(job) {  // the server's pt-BR label: it knows a decision not yet applied
    const b = node("span", `job-status s-${job.status}`, job.status_label);
    b.dataset.testid = "job-status";
    return b;
  }

  async function refreshList() {
    const list = el("jobs-list");
    // the pages the person asked for (newest first), re-read each refresh
    const jobs = [];
    let cursor = null;
    let more = false;
    for (let page = 0; page < view.pages; page += 1) {
      const body = await call(`/jobs?limit=${PAGE}` + (cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""));
      jobs.push(...body.jobs);
      cursor = body.next_cursor;
      more = Boolean(cursor);
      if (!more) break;
    }
    list.replaceChildren();
    if (!jobs.length) list.append(node("p", "muted small", "Nenhuma tarefa ainda. Peça uma no chat."));
    for (const job of jobs) {
      const item = node("button", "job-item" + (job.id === view.selected ? " selected" : ""));
      item.type = "button";
      item.dataset.testid = "job-item";
      item.append(node("span", "job-request", job.request), badge(job));
      item.addEventListener("click", () => { view.selected = job.id; refresh(); });
      list.append(item);
    }
    if (more) {
      const next = node("button", "job-more", "Carregar mais");
      next.type = "button";
      next.dataset.testid = "jobs-more";
      next.addEventListener("click", () => { view.pages += 1; refresh(); });
      list.append(next);
    }
  }

  function size(bytes) {
    if (bytes < 1024) return `${bytes} B`;
    if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
    return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  }

  async function download(jobId, path) {
    const encoded = path.split("/").map(encodeURIComponent).join("/");
    const response = await fetch(`/jobs/${jobId}/files/${encoded}`, {
      headers: { Authorization: `Bearer ${localStorage.getItem(KEY)}` },
    });
    if (!response.ok) throw new Error(`não consegui baixar ${path}`);
    const url = URL.createObjectURL(await response.blob());
    const link = node("a");
    link.href = url;
    link.download = path.split("/").pop();
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  async function filesSection(jobId) {
    const { files, truncated } = await call(`/jobs/${jobId}/files`);
    const parts = [node("h4", "", "Arquivos")];
    if (!files.length) { parts.push(node("p", "muted small", "Nenhum arquivo ainda.")); return parts; }
    const list = node("ul", "job-files");
    list.dataset.testid = "job-files";
    for (const file of files) {
      const row = node("li", "job-file");
      row.dataset.testid = "job-file";
      const button = node("button", "job-file-link", file.path);
      button.type = "button";
      button.dataset.testid = "job-file-download";
      button.addEventListener("click", () => download(jobId, file.path).catch((err) => { row.title = err.message; }));
      row.append(button, node("span", "muted small", size(file.size)));
      list.append(row);
    }
    parts.push(list);
    if (truncated) parts.push(node("p", "muted small", "Lista truncada."));
    return parts;
  }

  function treeRows(detail) {
    const children = new Map();
    for (const job of detail.tree) {
      const key = job.parent_id || detail.id;
      if (!children.has(key)) children.set(key, []);
      children.get(key).push(job);
    }
    const rows = [];
    const walk = (id, depth) => {
      for (const job of (children.get(id) || []).sort((a, b) => a.created_at.localeCompare(b.created_at))) {
        const row = node("li", "job-node");
        row.style.paddingLeft = `${depth * 18}px`;
        row.dataset.testid = "job-node";
        row.append(node("span", "job-request", job.request), badge(job));
        rows.push(row);
        walk(job.id, depth + 1);
      }
    };
    walk(detail.id, 0);
    return rows;
  }

  async function refreshDetail() {
    const box = el("job-detail");
    if (!view.selected) { box.replaceChildren(node("p", "muted small", "Escolha uma tarefa.")); return; }
    const d = await call(`/jobs/${view.selected}`);
    const head = node("div", "job-head");
    head.append(node("h3", "", d.request), badge(d));
    const parts = [head];
    if (d.result) parts.push(node("p", "job-result", d.result));
    if (d.error) parts.push(node("p", "job-error", d.error));
    parts.push(node("h4", "", "Critérios de pronto"));
    const criteria = node("ul", "job-criteria");
    for (const c of d.validation_criteria) {
      const passed = ((d.validation_result || {}).results || []).find((r) => r.criterion_id === c.id);
      criteria.append(node("li", passed ? (passed.passed ? "ok" : "bad") : "", c.description));
    }
    parts.push(criteria);
    if (d.plan && d.plan.steps.length) {
      parts.push(node("h4", "", "Plano"));
      const steps = node("ol", "job-steps");
      for (const s of d.plan.steps) steps.append(node("li", "", s.description));
      parts.push(steps);
    }
    if (d.status === "awaiting_approval" && !d.decided) {
      const actions = node("div", "job-actions");
      for (const [label, verb, cls] of [["Aprovar", "approve", "approve"], ["Rejeitar", "reject", "reject"]]) {
        const b = node("button", `job-button ${cls}`, label);
        b.type = "button";
        b.dataset.testid = `job-${verb}`;
        b.addEventListener("click", async () => { b.disabled = true; await call(`/jobs/${d.id}/${verb}`, "POST"); refresh(); });
        actions.append(b);
      }
      parts.push(actions);
    } else if (!["completed", "failed", "cancelled"].includes(d.status)) {
      const b = node("button", "job-button reject", "Cancelar");
      b.type = "button";
      b.dataset.testid = "job-cancel";
      b.addEventListener("click", async () => { b.disabled = true; await call(`/jobs/${d.id}/cancel`, "POST"); refresh(); });
      parts.push(node("div", "job-actions"));
      parts[parts.length - 1].append(b);
    }
    if (d.tree.length) {
      parts.push(node("h4", "", "Sub-tarefas"));
      const tree = node("ul", "job-tree");
      tree.dataset.testid = "job-tree";
      tree.append(...treeRows(d));
      parts.push(tree);
    }
    parts.push(...await filesSection(d.id));
    box.replaceChildren(...parts);
  }

  async function refresh() {
    try { await refreshList(); await refreshDetail(); } catch (err) { el("job-detail").textContent = err.message; }
  }

  function toggle(open) {
    view.open = open;
    el("jobs-view").hidden = !open;
    clearInterval(view.timer);
    if (open) { refresh(); view.timer = setInterval(refresh, 1500); }
  }

  async function init() {
    if (!localStorage.getItem(KEY)) return;
    try { await call("/jobs"); } catch (err) { return; }  // no jobs on this server: no button
    el("jobs-open").hidden = false;
  }

  el("jobs-open").addEventListener("click", () => toggle(true));
  el("jobs-close").addEventListener("click", () => toggle(false));
  init();
})();
