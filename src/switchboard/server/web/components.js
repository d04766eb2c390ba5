// Interactive components of `ui` events (spec 002): the income calculator and opportunity cards.
// Loaded before app.js; app.js calls renderUi(view, event) for each `ui` event and finishUi(view)
// when the answer is done. A reloaded history renders the components an answer showed (the
// message's `ui` list) the same way, with { answered: true } when the user has written since:
// the calculator then shows as answered and inactive. A component never computes anything the server trusts: it sends an
// ordinary chat message ("Somos 4 pessoas e a renda total da casa é R$ 6000,00", "Ver detalhes:
// <id>") through the same send() as the composer, so API clients and the page share one path.
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

  const RENDERERS = { income_calculator: incomeCalculator, opportunity_cards: opportunityCards };
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
