"""The answer templates of the catalogue: the result first, with the user's numbers, then the
details, the assumptions (`Draft.assumptions`, stated as "Premissas") and a recommendation.

Each template reads the typed result of the math executor's operation (`results.py`) and the
question's typed parameters; a number is written only when a computation returned it. When the
question lacks what the computation needs, `ask` explains the concept in two sentences and asks
for exactly what is missing. The object is always the user's own word.

This module asks and dispatches; the templates live by family: `answers_credit.py` (financing,
debts), `answers_savings.py` (investments, goals, retirement), `answers_household.py` (buy vs
rent, emergency fund, diagnosis, quick sums).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from switchboard.apps.finance.missions.catalogue.answers_credit import (
    ROTATIVO,
    debts,
    financing,
    pay_or_invest,
    payoff_offer,
    rates_compared,
    swap_by_rates,
)
from switchboard.apps.finance.missions.catalogue.answers_household import (
    RESERVE_CONCEPT,
    buy_or_rent,
    diagnosis,
    quick,
    reserve,
)
from switchboard.apps.finance.missions.catalogue.answers_savings import (
    IR_TABLE,
    goal,
    investments,
    retirement,
)
from switchboard.apps.finance.missions.catalogue.extract import Question
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind
from switchboard.apps.finance.missions.catalogue.params import (
    DividasParams,
    FinanciamentoParams,
)
from switchboard.apps.finance.missions.catalogue.wording import (
    brl,
    join,
    of_object,
    percent,
)
from switchboard.patterns import Draft

Template = Callable[..., None]

# ---------------------------------------------------------------- asking for what is missing

_CONCEPT: dict[QuestionKind, str] = {
    QuestionKind.FINANCIAMENTO: (
        "No Price a parcela é fixa do começo ao fim; no SAC a amortização é fixa, então a "
        "primeira parcela é maior e as seguintes vão caindo, e o total de juros é menor."
    ),
    QuestionKind.INVESTIMENTOS: (
        "O CDB paga imposto de renda sobre o rendimento (22,5% até 180 dias, 20% até 360, 17,5% "
        "até 720 e 15% acima disso), enquanto LCI e LCA são isentas; por isso uma LCI de 90% do "
        "CDI pode render mais que um CDB de 100% do CDI, dependendo do prazo."
    ),
    QuestionKind.DIVIDAS: (
        "Quitar dívidas quase sempre compensa quando a taxa da dívida é maior que o rendimento "
        "do dinheiro aplicado, começando pela dívida de juros mais altos."
    ),
    QuestionKind.META: (
        "O valor mensal depende da meta, do prazo e de quanto o dinheiro rende no caminho."
    ),
    QuestionKind.APOSENTADORIA: (
        "O aporte depende de quanto você quer acumular, em quantos anos e do rendimento real "
        "(acima da inflação)."
    ),
    QuestionKind.COMPRAR_ALUGAR: (
        "A comparação é entre o custo mensal de ter o bem (o rendimento que o dinheiro deixaria "
        "de ter, os juros de um financiamento, a desvalorização) e o aluguel."
    ),
    QuestionKind.RESERVA: RESERVE_CONCEPT,
    QuestionKind.DIAGNOSTICO: "",
    QuestionKind.CONTA: "",
}

_WHAT: dict[QuestionKind, str] = {
    QuestionKind.FINANCIAMENTO: "calcular as parcelas",
    QuestionKind.INVESTIMENTOS: "comparar as aplicações",
    QuestionKind.DIVIDAS: "fazer essa conta",
    QuestionKind.META: "calcular",
    QuestionKind.APOSENTADORIA: "calcular",
    QuestionKind.COMPRAR_ALUGAR: "comparar",
    QuestionKind.RESERVA: "calcular a sua reserva",
    QuestionKind.DIAGNOSTICO: "analisar",
    QuestionKind.CONTA: "fazer a conta",
}


def ask(question: Question, draft: Draft, missing: tuple[str, ...] | None = None) -> None:
    """The concept in a sentence or two, then exactly what is missing, as a question — last,
    so the answer ends by asking (nothing after it for the user to read past)."""
    wanted = list(missing or question.missing)
    concept = _CONCEPT[question.kind]
    if any("renda líquida" in item for item in wanted):
        concept = (
            "O valor máximo de um empréstimo ou financiamento sai da parcela que cabe na sua "
            "renda (35% no consignado, cerca de 30% nos bancos), da taxa e do prazo."
        )
    p = question.params
    if isinstance(p, DividasParams) and p.valor_extra is not None:
        concept = (
            f"Usar {'o ' + p.origem_extra if p.origem_extra else 'um dinheiro extra'} para quitar "
            "dívidas quase sempre compensa quando a taxa da dívida é maior que o rendimento do "
            "dinheiro aplicado, começando pela dívida de juros mais altos."
        )
    elif isinstance(p, DividasParams) and any(d.tipo == "rotativo" for d in p.dividas):
        concept = ROTATIVO
    if isinstance(p, DividasParams) and p.operacao in ("prazo_quitacao", "projetar"):
        concept = (
            "O tempo para quitar depende do saldo que falta, da taxa de juros e de quanto você "
            "paga por mês."
            if p.operacao == "prazo_quitacao"
            else "Quanto a dívida vira depende do saldo, da taxa de juros e do tempo."
        )
    if (
        isinstance(p, DividasParams)
        and p.operacao == "comparar"
        and (told := rates_compared(p.dividas))
    ):
        concept = told  # the rates alone answer "qual compensa?"; the amounts give the reais
    if isinstance(p, DividasParams) and (told := swap_by_rates(p) or pay_or_invest(p)):
        concept = told
    if isinstance(p, DividasParams) and (settled := payoff_offer(p)):
        draft.lead.append(settled)  # the offer is weighed whole: nothing left to ask
        return
    if isinstance(p, FinanciamentoParams) and p.financed() is None:
        ceiling = p.max_instalment()
        if ceiling is not None:  # "qual a parcela máxima se ganho 5 mil?": that much is known
            base = (
                f"Com renda de {brl(p.renda_mensal)} e {percent(p.limite_renda_pct)} para a parcela"
                if p.renda_mensal is not None and p.limite_renda_pct is not None
                else "Com essa margem"
            )
            concept = (
                f"{base}, a parcela máxima é de {brl(ceiling)} por mês. Quanto ela permite "
                "pegar depende da taxa e do prazo."
            )
    about = ""
    if question.objeto and question.kind in OBJECT_KINDS:
        about = f" {of_object(question.objeto)}"
    request = (
        f"Para {_WHAT[question.kind]}{about}, preciso de: {join(wanted)}. Me passa esses números?"
    )
    draft.lead.append(f"{concept} {request}" if concept else request)


OBJECT_KINDS = (QuestionKind.FINANCIAMENTO, QuestionKind.COMPRAR_ALUGAR)


TEMPLATES: dict[QuestionKind, Template] = {
    QuestionKind.FINANCIAMENTO: financing,
    QuestionKind.DIVIDAS: debts,
    QuestionKind.META: goal,
    QuestionKind.APOSENTADORIA: retirement,
    QuestionKind.COMPRAR_ALUGAR: buy_or_rent,
    QuestionKind.RESERVA: reserve,
    QuestionKind.DIAGNOSTICO: diagnosis,
    QuestionKind.CONTA: quick,
}


def write(question: Question, result: Any, draft: Draft, index_notes: list[str]) -> None:
    """The template of the question's kind over the operation's typed result."""
    if question.kind is QuestionKind.INVESTIMENTOS:
        investments(question, result, draft, index_notes)
    else:
        TEMPLATES[question.kind](question, result, draft)
        # an index looked up for another kind (buy vs rent at the CDI): its value and date
        draft.assumptions[:0] = [n for n in index_notes if n not in draft.assumptions]
    draft.assumptions[:0] = list(question.assumptions)


__all__ = ["IR_TABLE", "ask", "write"]
