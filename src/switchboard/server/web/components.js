// Components of `ui` events: the income calculator and opportunity cards (spec 002), a finance
// mission's timeline (spec 001). Loaded before app.js; app.js calls renderUi(view, event) for each
// `ui` event and finishUi(view) when the answer is done. A reloaded history renders the components
// an answer kept (the message's `components`) the same way, with { answered: true } when the user
// has written since: the calculator then shows as answered and inactive. A component never
// computes anything the server trusts: it sends an ordinary chat message ("Somos 4 pessoas e a
// renda total da casa é R$ 6000,00", "Ver detalhes: <id>") through the same send() as the
// composer, so API clients and the page share one path.
(function () {
  "use strict";

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  const BRL = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

  // "R$ 2.431,50" / "1.500,5" / "1500" -> 2431.5 (display only; the server recomputes in Decimal)
  function parseMoney(text) {
    const raw = String(text || "").replace(/[^\d,.-]/g, "");
    if (!raw) return 0;
    const normalized = raw.includes(",") ? raw.replace(/\./g, "").replace(",", ".") : raw.replace(/\.(?=\d{3}(\D|$))/g, "");
    const value = Number(normalized);
    return Number.isFinite(value) && value >= 0 ? value : 0;
  }

  function submitText(text) {
    if (typeof send !== "function" || (typeof state !== "undefined" && state.sending)) return false;
    send(text);
    return true;
  }

  function markAnswered(box) {
    box.querySelectorAll("input, button").forEach((node) => { node.disabled = true; });
    box.classList.add("sent");
    box.dataset.state = "answered";
  }

  function incomeCalculator(props, options) {
    const box = el("form", "ui-card income-calc");
    box.dataset.testid = "income-calculator";
    box.append(el("h3", "ui-title", "Calculadora de renda per capita"));
    box.append(el("p", "ui-help", "Some a renda bruta mensal de quem mora com você e divida pelo número de pessoas da casa."));

    const membersField = el("label", "ui-field");
    membersField.append(el("span", "", "Pessoas na casa (incluindo você)"));
    const members = el("input");
    members.type = "number"; members.min = "1"; members.max = "50"; members.value = "1";
    members.dataset.testid = "income-members";
    membersField.append(members);
    box.append(membersField);

    const incomes = el("div", "income-rows");
    box.append(el("span", "ui-label", "Renda bruta mensal de cada pessoa que recebe (R$)"), incomes);
    function addIncome(value) {
      const row = el("div", "income-row");
      const input = el("input");
      input.type = "text"; input.inputMode = "decimal"; input.placeholder = "0,00"; input.value = value || "";
      input.dataset.testid = "income-value";
      input.setAttribute("aria-label", "Renda em reais");
      input.addEventListener("input", update);
      row.append(el("span", "prefix", "R$"), input);
      incomes.append(row);
      return input;
    }
    addIncome();
    const add = el("button", "ui-link", "+ adicionar renda");
    add.type = "button"; add.dataset.testid = "income-add";
    add.addEventListener("click", () => addIncome().focus());
    box.append(add);

    const result = el("div", "income-result");
    const perCapita = el("strong", "", BRL.format(0));
    perCapita.dataset.testid = "income-per-capita";
    const badge = el("span", "ui-chip");
    badge.dataset.testid = "income-badge";
    result.append(el("span", "", "Renda per capita: "), perCapita, badge);
    box.append(result);

    const limits = el("p", "ui-help small");
    limits.textContent = `Prouni integral: até ${props.integral_limit} por pessoa · parcial: até ${props.parcial_limit} (salário mínimo ${props.minimum_wage}).`;
    box.append(limits);

    const submit = el("button", "send ui-submit", "Enviar renda");
    submit.type = "submit"; submit.dataset.testid = "income-submit";
    box.append(submit);

    function totals() {
      const n = Math.max(1, parseInt(members.value, 10) || 1);
      const total = [...incomes.querySelectorAll("input")].reduce((sum, i) => sum + parseMoney(i.value), 0);
      return { n, total, each: total / n };
    }
    function update() {
      const { each } = totals();
      perCapita.textContent = BRL.format(each);
      const integral = parseMoney(props.integral_limit), parcial = parseMoney(props.parcial_limit);
      if (each <= integral) { badge.textContent = "Prouni integral"; badge.dataset.level = "integral"; }
      else if (each <= parcial) { badge.textContent = "Prouni parcial"; badge.dataset.level = "parcial"; }
      else { badge.textContent = "Só Sisu"; badge.dataset.level = "sisu"; }
    }
    members.addEventListener("input", update);
    box.addEventListener("submit", (e) => {
      e.preventDefault();
      const { n, total } = totals();
      const amount = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(total);
      const text = n === 1 ? `Moro sozinho(a) e minha renda é R$ ${amount}` : `Somos ${n} pessoas e a renda total da casa é R$ ${amount}`;
      if (submitText(text)) markAnswered(box);
    });
    update();
    if (options.answered) {
      const note = el("p", "ui-help small", "Calculadora já respondida nesta conversa.");
      note.dataset.testid = "income-answered";
      box.append(note);
      markAnswered(box);
    }
    return box;
  }

  function opportunityCards(props) {
    const box = el("div", "ui-cards");
    box.dataset.testid = "opportunity-cards";
    if (props.title) box.append(el("h3", "ui-title", props.title));
    if (props.notice) {  // illustrative catalogue: said above the cards, never hidden
      const notice = el("p", "ui-notice small muted", props.notice);
      notice.dataset.testid = "cards-notice";
      box.append(notice);
    }
    const grid = el("div", "cards-grid");
    for (const card of props.cards || []) {
      const item = el("article", "opportunity-card");
      item.dataset.testid = "opportunity-card";
      item.dataset.id = card.id;
      const head = el("div", "card-head");
      head.append(el("h4", "card-course", card.course));
      const grade = el("span", "card-grade", `MEC ${card.mec_grade}/5`);
      grade.title = "Conceito do curso no MEC";
      grade.dataset.grade = String(card.mec_grade);
      head.append(grade);
      item.append(head);
      item.append(el("p", "card-inst", `${card.institution_acronym} · ${card.city}/${card.uf}`));
      item.append(el("p", "card-inst-name small muted", card.institution));
      const chips = el("div", "card-chips");
      chips.append(el("span", "ui-chip", card.shift), el("span", "ui-chip modality", card.modality), el("span", "ui-chip", card.institution_type));
      item.append(chips);
      const facts = el("div", "card-facts");
      facts.append(el("span", "", `Nota de corte ${card.cutoff}`), el("span", "", `${card.vagas} vaga${card.vagas === 1 ? "" : "s"}`));
      item.append(facts);
      const more = el("button", "ui-link card-more", "Ver detalhes");
      more.type = "button"; more.dataset.testid = "card-details";
      more.addEventListener("click", () => submitText(card.click_message));
      item.append(more);
      grid.append(item);
    }
    box.append(grid);
    return box;
  }

  // A finance mission's compact timeline (issue 11): who was consulted, step by step (each step's
  // operations ran in parallel), the alternative sources used, what was left out and the budget
  // used. Collapsed to one line of chips under the answer; the server sends it ready to show.
  const NUMBER = new Intl.NumberFormat("pt-BR");
  const RESULT_TEXT = { ok: "concluída", alternativa: "fonte alternativa", falha: "sem resposta" };

  function plural(n, one, many) { return `${NUMBER.format(n)} ${n === 1 ? one : many}`; }

  function meter(label, used, total, testid) {
    const row = el("div", "timeline-meter");
    row.dataset.testid = testid;
    const share = total ? Math.min(100, Math.round((100 * used) / total)) : 0;
    const head = el("div", "meter-head");
    head.append(el("span", "", label), el("span", "meter-value", `${NUMBER.format(used)} de ${NUMBER.format(total)} (${share}%)`));
    const bar = el("div", "meter-bar");
    const fill = el("span", "meter-fill");
    fill.style.width = `${share}%`;
    if (share >= 80) fill.dataset.level = "high";
    bar.append(fill);
    row.append(head, bar);
    return row;
  }

  function missionTimeline(props) {
    const steps = props.etapas || [];
    const alternatives = steps.filter((s) => s.resultado === "alternativa").length;
    const failed = steps.filter((s) => s.resultado === "falha").length;
    const box = el("details", "mission-timeline");
    box.dataset.testid = "mission-timeline";
    box.dataset.status = props.status || "";

    const summary = el("summary", "timeline-summary");
    summary.dataset.testid = "timeline-summary";
    summary.append(el("span", "timeline-title", "Como cheguei a esta resposta"));
    const chips = el("span", "timeline-chips");
    chips.append(el("span", "ui-chip", plural(steps.length, "consulta", "consultas")));
    if (alternatives) {
      const chip = el("span", "ui-chip", plural(alternatives, "fonte alternativa", "fontes alternativas"));
      chip.dataset.level = "parcial";
      chips.append(chip);
    }
    if (failed) {
      const chip = el("span", "ui-chip", plural(failed, "sem resposta", "sem resposta"));
      chip.dataset.level = "falha";
      chips.append(chip);
    }
    if (props.orcamento) chips.append(el("span", "ui-chip", `${props.orcamento.percentual}% do orçamento`));
    summary.append(chips);
    box.append(summary);

    const body = el("div", "timeline-body");
    const lead = el("p", "timeline-lead");
    lead.append(el("strong", "", props.status_texto || "Análise"), document.createTextNode(` · ${props.coordenador_titulo || ""}`));
    body.append(lead);

    const waves = el("ol", "timeline-waves");
    let current = null;
    for (const step of steps) {
      if (!current || current.number !== step.etapa) {
        const size = steps.filter((s) => s.etapa === step.etapa).length;
        const wave = el("li", "timeline-wave");
        wave.append(el("span", "wave-label", size > 1 ? `Etapa ${step.etapa} · em paralelo` : `Etapa ${step.etapa}`));
        const list = el("ul", "timeline-steps");
        wave.append(list);
        waves.append(wave);
        current = { number: step.etapa, list };
      }
      const item = el("li", "timeline-step");
      item.dataset.testid = "timeline-step";
      item.dataset.result = step.resultado;
      item.title = RESULT_TEXT[step.resultado] || "";
      const text = el("span", "step-text");
      text.append(el("span", "step-who", step.titulo), el("span", "step-what", step.descricao));
      item.append(el("span", "step-dot"), text);
      if (step.fallback) {
        const note = el("span", "step-note", `via ${step.fallback}`);
        note.title = "Fonte alternativa";
        note.dataset.testid = "timeline-fallback";
        item.append(note);
      } else if (step.resultado === "falha") {
        item.append(el("span", "step-note", "sem resposta"));
      }
      current.list.append(item);
    }
    body.append(waves);

    if ((props.nao_executado || []).length) {
      const left = el("div", "timeline-left");
      left.append(el("span", "wave-label", "Não foi feito"));
      for (const line of props.nao_executado) left.append(el("p", "", line));
      body.append(left);
    }

    if (props.orcamento) {
      const budget = el("div", "timeline-budget");
      budget.dataset.testid = "timeline-budget";
      budget.append(
        meter("Consultas externas", props.orcamento.chamadas_api, props.orcamento.chamadas_api_orcamento, "budget-api"),
        meter("Tokens de modelo", props.orcamento.tokens_usados, props.orcamento.tokens_orcamento, "budget-tokens"),
      );
      body.append(budget);
    }
    const seconds = Number(props.duracao_segundos || 0);
    body.append(el("p", "timeline-foot", seconds >= 1
      ? `Concluída em ${seconds.toLocaleString("pt-BR", { maximumFractionDigits: 1 })} s`
      : "Concluída em menos de 1 s"));
    box.append(body);
    return box;
  }

  const RENDERERS = {
    income_calculator: incomeCalculator,
    opportunity_cards: opportunityCards,
    mission_timeline: missionTimeline,
  };
  const HIDE_FALLBACK = new Set(["opportunity_cards"]); // the list is the cards; keep questions

  window.renderUi = function (view, event, options) {
    const render = RENDERERS[event.component];
    if (!render) return false;
    if (!view.components) {
      view.components = el("div", "ui-components");
      view.bubble.after(view.components);
      view.uiFallbacks = [];
    }
    view.components.append(render(event.props || {}, options || {}));
    if (HIDE_FALLBACK.has(event.component) && event.fallback_text) view.uiFallbacks.push(event.fallback_text);
    return true;
  };

  // When the answer is done: drop the text copies of what the components already show.
  window.finishUi = function (view) {
    if (!view.uiFallbacks || !view.uiFallbacks.length) return;
    let text = view.bubble.textContent;
    for (const fallback of view.uiFallbacks) text = text.replace(fallback, "");
    text = text.replace(/\n{3,}/g, "\n\n").trim();
    view.bubble.textContent = text || "Veja as opções abaixo.";
    view.uiFallbacks = [];
  };
})();
