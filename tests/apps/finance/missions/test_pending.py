"""An answer to the catalogue's ask: when the assistant's last turn asked for a question's
missing numbers, the next message that gives (some of) them re-runs that question with them
merged in; a change of subject drops it. The pending question is read from the conversation
(the stored messages), never from a process global."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.finmath import annual_to_monthly
from switchboard.apps.finance.missions.catalogue.extract import Question, extract
from switchboard.apps.finance.missions.catalogue.followup import follow_up, with_balance
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind
from switchboard.apps.finance.missions.catalogue.params import (
    DividasParams,
    FinanciamentoParams,
    InvestimentosParams,
    MetaParams,
)
from switchboard.apps.finance.missions.catalogue.pending import (
    answer_to_pending,
    pending_question,
    resolved_questions,
)
from switchboard.core.messages import Message

D = Decimal
HOUSE = "quero financiar uma casa de 400 mil em 30 anos, quanto fica a parcela?"
CDB = "quanto rende 30 mil num cdb por 2 anos?"
GOAL = "quanto tenho que guardar por mes pra ter 100 mil?"
PORTABILITY = "quero fazer portabilidade do meu emprestimo de 15 mil, compensa?"
CAR = "carro de 60 mil a 1,5% ao mês, qual a parcela?"
ASK = "Explicação curta. Para calcular, preciso de: o que falta. Me passa esses números?"


def talk(*turns: str) -> list[Message]:
    """user, assistant, user, assistant…: the assistant is the orchestrator."""
    return [
        Message.user(t) if i % 2 == 0 else Message.assistant(t, agent="orquestrador")
        for i, t in enumerate(turns)
    ]


def asked(question: str) -> list[Message]:
    return talk(question, ASK)


def resolved(history: list[Message], text: str) -> Question:
    merged = answer_to_pending(history, text)
    assert merged is not None, text
    question = extract(merged)
    assert question is not None, merged
    return question


def financing(history: list[Message], text: str) -> FinanciamentoParams:
    question = resolved(history, text)
    assert isinstance(question.params, FinanciamentoParams)
    return question.params


# ---------------------------------------------------------------- what is pending


def test_the_question_the_last_ask_was_about_is_pending() -> None:
    assert pending_question(asked(HOUSE)) == HOUSE
    assert pending_question([]) is None
    answered = talk(HOUSE, ASK, "0,8% ao mês", "Financiando R$ 400.000,00 … R$ 3.392,64.")
    assert pending_question(answered) is None  # the last turn answered: nothing pending
    other = [Message.user(HOUSE), Message.assistant("Qual foi o valor?", agent="lancador")]
    assert pending_question(other) is None  # another agent's question is its own dialog


def test_a_complete_question_is_never_pending_even_if_the_reply_ends_asking() -> None:
    complete = "moto de 18 mil em 36x a 2,1% a.m., qual a parcela?"
    reply = "A parcela é R$ 717,58. Quer simular outro prazo?"
    assert pending_question(talk(complete, reply)) is None


# ---------------------------------------------------------------- answers, several phrasings


@pytest.mark.parametrize(
    ("text", "monthly", "systems"),
    [
        ("a taxa é 0,8% ao mes, pela price", D("0.008"), ("price",)),
        ("12% ao ano", annual_to_monthly(D("0.12")), ("price", "sac")),
        ("uns 0,9", D("0.009"), ("price", "sac")),
        ("0,9", D("0.009"), ("price", "sac")),
        ("um por cento ao mês", D("0.01"), ("price", "sac")),
        ("juros de 0,75 ao mes, sem entrada", D("0.0075"), ("price", "sac")),
    ],
)
def test_a_rate_answers_the_financing_ask(
    text: str, monthly: Decimal, systems: tuple[str, ...]
) -> None:
    params = financing(asked(HOUSE), text)
    assert params.taxa_mensal is not None and abs(params.taxa_mensal - monthly) < D("1e-9")
    assert params.valor_bem == D(400_000) and params.meses == 360  # the question's values kept
    assert params.sistemas == systems


@pytest.mark.parametrize("text", ["48", "em 48x", "48 meses", "quatro anos", "uns 48 meses"])
def test_a_term_answers_the_financing_ask(text: str) -> None:
    params = financing(asked(CAR), text)
    assert params.meses == 48 and params.taxa_mensal == D("0.015")


def test_a_partial_answer_keeps_what_is_still_missing() -> None:
    question = resolved(asked(HOUSE), "pela price")
    assert isinstance(question.params, FinanciamentoParams)
    assert question.params.sistemas == ("price",)
    assert any("taxa" in m for m in question.missing)  # asked again, only for what is missing


def test_answers_accumulate_over_several_asks() -> None:
    first = answer_to_pending(asked(HOUSE), "sem entrada")
    assert first is not None and extract(first).missing  # type: ignore[union-attr]
    history = talk(HOUSE, ASK, "sem entrada", ASK)
    params = financing(history, "1% ao mês")
    assert params.entrada == D(0) and params.taxa_mensal == D("0.01")
    assert params.valor_bem == D(400_000) and params.meses == 360


@pytest.mark.parametrize(
    ("text", "pct_cdi", "cdi"),
    [
        ("é 105% do cdi e o cdi ta em 14% ao ano", D(105), D("0.14")),
        ("105% do CDI", D(105), None),
        ("uns 110", D(110), None),
        ("cento e dez por cento do cdi", D(110), None),
        ("paga 105%", D(105), None),
    ],
)
def test_a_percentage_of_the_cdi_answers_the_investment_ask(
    text: str, pct_cdi: Decimal, cdi: Decimal | None
) -> None:
    question = resolved(asked(CDB), text)
    params = question.params
    assert isinstance(params, InvestimentosParams) and not question.missing
    assert params.valor == D(30_000) and params.meses == 24
    assert [o.pct_cdi for o in params.opcoes] == [pct_cdi]
    assert params.cdi_anual == cdi


@pytest.mark.parametrize(
    ("text", "months", "monthly"),
    [
        ("em 8 anos, rendendo 0,6% ao mes", 96, D("0.006")),
        ("24 meses", 24, D(0)),
        ("em dez anos", 120, D(0)),
        ("uns 5 anos", 60, D(0)),
    ],
)
def test_a_term_answers_the_goal_ask(text: str, months: int, monthly: Decimal) -> None:
    question = resolved(asked(GOAL), text)
    params = question.params
    assert isinstance(params, MetaParams) and not question.missing
    assert params.alvo == D(100_000) and params.meses == months and params.taxa_mensal == monthly


@pytest.mark.parametrize(
    ("text", "new_rate"),
    [
        ("pago 3,5% ao mes, faltam 24 parcelas, o outro banco oferece 2% ao mes", D("0.02")),
        ("a taxa atual é 3,5%, faltam 24 parcelas e a nova é 2%", D("0.02")),
        ("3,5% ao mês, faltam 24", None),
    ],
)
def test_rates_and_instalments_answer_the_portability_ask(
    text: str, new_rate: Decimal | None
) -> None:
    question = resolved(asked(PORTABILITY), text)
    params = question.params
    assert question.kind is QuestionKind.DIVIDAS and isinstance(params, DividasParams)
    (debt,) = params.dividas
    assert debt.saldo == D(15_000) and debt.taxa_mensal == D("0.035")
    assert debt.parcelas_restantes == 24 and params.nova_taxa_mensal == new_rate


# ---------------------------------------------------------------- a change of subject


@pytest.mark.parametrize(
    "text",
    [
        "gastei 50 no mercado",
        "uber 30 ontem",
        "paguei 200 de luz",
        "oi, tudo bem?",
        "obrigado!",
        "quanto gastei esse mês?",
        "quanto gastei nos últimos 3 meses?",
        "qual o meu saldo?",
    ],
)
def test_a_change_of_subject_drops_the_pending_question(text: str) -> None:
    for question in (HOUSE, GOAL, CDB, CAR):
        assert answer_to_pending(asked(question), text) is None, (question, text)


def test_the_answer_is_read_apart_from_the_question_words() -> None:
    rent = "vale mais a pena comprar ou alugar um apartamento?"
    question = resolved(asked(rent), "500 mil e 2500 de aluguel")
    assert question.params.model_dump()["valor_bem"] == D(500_000)
    assert question.params.model_dump()["aluguel"] == D(2_500)


def test_a_complete_question_is_answered_as_it_is() -> None:
    """Never merged into the pending question: its own numbers are the whole question."""
    own = "quanto rende 50 mil na poupança em 1 ano?"
    assert answer_to_pending(asked(CDB), own) == own  # same kind: the orchestrator answers it
    assert answer_to_pending(asked(HOUSE), own) is None  # another kind: the triage routes it
    debt = "devo 3.200 e a taxa é 12% ao mes, quero saber em 4 meses sem pagar nada"
    rotativo = "meu cartao ta no rotativo, quanto vou pagar de juros?"
    assert answer_to_pending(asked(rotativo), debt) == debt


def test_after_a_change_of_subject_nothing_is_pending() -> None:
    history = talk(HOUSE, ASK, "gastei 50 no mercado", "Registrado! Despesa de R$ 50,00.")
    assert answer_to_pending(history, "0,8% ao mês") is None


def test_a_new_question_that_asks_replaces_the_pending_one() -> None:
    history = talk(HOUSE, ASK, CDB, ASK)
    assert pending_question(history) == CDB
    question = resolved(history, "105% do cdi")
    assert question.kind is QuestionKind.INVESTIMENTOS and not question.missing


# ---------------------------------------------------------------- a follow-up after the answer


def test_a_follow_up_after_an_answered_ask_is_about_the_merged_question() -> None:
    answer = "Financiando R$ 400.000,00 do casa em 360 meses a 0,8% ao mês: no Price a parcela é…"
    context = "\n".join(
        [f"Usuário: {HOUSE}", f"Assistente: {ASK}", "Usuário: 0,8% ao mês", f"Assistente: {answer}"]
    )
    assert resolved_questions(context)[0] == f"{HOUSE[:-1]}. 0,8% ao mes"
    question = follow_up("e se fosse em 20 anos?", context)
    assert question is not None and isinstance(question.params, FinanciamentoParams)
    assert question.params.meses == 240 and question.params.taxa_mensal == D("0.008")
    assert question.params.valor_bem == D(400_000)


def test_a_follow_up_naming_another_product_swaps_the_product_and_keeps_the_rest() -> None:
    first = "10 mil num cdb de 110% do cdi com cdi de 12% ao ano por 1 ano, quanto fica?"
    context = "\n".join([f"Usuário: {first}", "Assistente: Aplicando R$ 10.000,00 por 365 dias…"])
    question = follow_up("e se fosse na poupança?", context)
    assert question is not None and isinstance(question.params, InvestimentosParams)
    assert [o.produto for o in question.params.opcoes] == ["poupanca"]
    assert (question.params.valor, question.params.dias) == (D(10_000), 365)
    assert "selic" in question.indices  # the poupança rule needs it: looked up, and said so
    assert any("mudando só a aplicação (poupança)" in a for a in question.assumptions)


def test_a_yield_asked_right_after_a_balance_uses_that_balance_and_says_so() -> None:
    context = "\n".join(
        ["Usuário: tenho 20 mil na poupanca", "Assistente: Anotado que esse é o seu saldo!"]
    )
    question = with_balance("quanto isso rende por mes?", context)
    assert question is not None and isinstance(question.params, InvestimentosParams)
    assert (question.params.valor, question.params.dias) == (D(20_000), 30)
    assert question.assumptions[0] == "Usei o saldo que você me disse: “tenho 20 mil na poupanca”"
    assert with_balance("quanto isso rende por mes?", "Usuário: gastei 20 no mercado") is None


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("quanto rende 10 mil na poupança por mês?", 30),
        ("quanto rende 20 mil num cdb de 100% do cdi por mês?", 30),
        ("poupança a 0,6% ao mes, 10 mil, quanto fica?", None),  # a monthly rate, no term
    ],
)
def test_the_yield_of_one_month_is_a_one_month_term(text: str, days: int | None) -> None:
    question = extract(text)
    assert question is not None and isinstance(question.params, InvestimentosParams)
    assert question.params.dias == days
