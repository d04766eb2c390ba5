"""Questions, hypotheses and plans are never recordings; the triage moves them."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from switchboard.apps.finance.checks import future_purchase
from switchboard.apps.finance.nlu import extract_transaction
from switchboard.apps.finance.nlu.payer import third_party_payer
from switchboard.apps.finance.triage import Triage
from switchboard.apps.finance.triage.intent import read_intent
from switchboard.apps.finance.triage.text import fold


@pytest.mark.parametrize(
    ("text", "intent", "unsure"),
    [
        ("gastei uns 300 com bar semana passada?", "pergunta", False),
        ("será que gastei 500 no mercado", "pergunta", False),
        ("ja lancei os 45 do mercado de ontem?", "pergunta", False),
        ("50 de uber?", "pergunta", True),
        ("se eu gastar 200 no mercado", "hipotese", False),
        ("vale a pena pagar 300 de academia?", "hipotese", False),
        ("Itaú tá barato? penso em colocar 3 mil", "intencao", False),
        ("vou gastar 500 no mercado amanhã", "intencao", True),
        ("talvez eu compre uma bike de 2 mil", "intencao", True),
        ("vou pagar 120 de farmácia amanhã", "intencao", True),
        ("vou pagar 100 de luz dia 10", "intencao", True),  # offered as a bill, not written
        ("pode anotar 50 de uber?", "registro", False),
        ("torrei 300 no bar ontem, acredita?", "registro", False),
        ("gastei 50 no mercado", "registro", False),
        ("se der, compro um sofá de 3 mil mês que vem", "intencao", True),
        ("preciso comprar um pneu de 450", "intencao", True),
        ("planejo gastar 400 no natal", "intencao", True),
        ("se a luz vier 300 esse mes eu to lascado", "hipotese", False),
        ("se o aluguel subir pra 2.200 eu consigo pagar?", "hipotese", False),
        ("a segunda parcela do 13 cai em dezembro, 2.100", "registro", False),
        ("o conserto do carro vai sair uns 1.500", "intencao", True),
        ("o orçamento do pedreiro deu 3 mil", "intencao", True),
    ],
)
def test_read_intent(text: str, intent: str, unsure: bool) -> None:
    reading = read_intent(fold(text))
    assert (reading.intent, reading.unsure) == (intent, unsure)


@pytest.mark.parametrize(
    ("text", "categoria"),
    [
        ("gastei uns 300 com bar semana passada?", "simplista"),
        ("eu registrei aquele pix de 500 pro pedreiro?", "simplista"),
        ("ainda devo aqueles 2 mil pro meu primo?", "simplista"),
        ("Itaú tá barato? penso em colocar 3 mil", "complexa"),
        ("se eu parcelar o sofá de 3.500 em 10x, compensa?", "complexa"),
        ("vou gastar 500 no mercado amanhã", "trivial"),
        ("vou pagar 120 de farmácia amanhã", "lancamento"),
        ("minha conta de luz costuma vir 200", "trivial"),
        ("Financiamento de 200 mil a 1,1% a.m. em 180 meses. Qual a primeira parcela?", "complexa"),
        ("quanto rende 10 mil no CDB a 110% do CDI em 2 anos?", "complexa"),
        ("Guardando 2 mil por mês a 0,5% a.m., em quantos anos chego a 1 milhão?", "complexa"),
        ("quanto gastei de uber esse mês?", "simplista"),
        ("gastei 300 de mercado essa semana, tá dentro do normal?", "complexa"),
        ("a restituição de 760 vai cair dia 30", "lancamento"),
        ("a bolsa vai cair semana que vem?", "complexa"),
        ("o cartão fecha em 1.950 e vence dia 7", "lancamento"),
        ("sessenta e nove e noventa o tênis da promoção", "lancamento"),
        ("como eu apago um lançamento?", "trivial"),
        ("vou tentar gastar no máximo 300 com delivery esse mês", "trivial"),
        ("uma pizza grande sai uns 70 aqui no bairro", "trivial"),
    ],
)
def test_a_question_with_an_amount_is_never_a_recording(
    triage: Triage, text: str, categoria: str
) -> None:
    assert triage.classify(text).categoria == categoria


@pytest.mark.parametrize(
    ("text", "plan"),
    [
        ("compro um sofá de 3 mil mês que vem", True),
        ("amanhã pago 120 de farmácia", True),
        ("amanhã pago 150 de luz", False),
        ("IPVA 2.100 pra pagar em janeiro dia 20", False),
        ("tenho um boleto de 340 pra pagar dia 2", False),
        ("gastei 200 no mercado ontem", False),
    ],
)
def test_a_purchase_dated_ahead_is_a_plan_unless_it_is_a_bill(text: str, plan: bool) -> None:
    today = date(2026, 11, 26)
    draft = extract_transaction(text, today)
    assert future_purchase(text, draft, today) is plan


def _complex_questions() -> list[str]:
    path = Path(__file__).parent.parent / "data" / "trust_complex_routes.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]


@pytest.mark.parametrize("text", _complex_questions())
def test_our_complex_questions_go_to_the_orchestrator(triage: Triage, text: str) -> None:
    assert triage.classify(text).categoria == "complexa"


@pytest.mark.parametrize(
    "text",
    [
        # a spending goal or limit: a resolution about the future, no money moved
        "vou tentar gastar no máximo 300 com delivery esse mês",
        "quero gastar menos de 150 com uber essa semana",
        "minha meta é não passar de 2 mil no cartão",
        "não posso passar de 800 no mercado este mês",
        "meu limite pra lazer é 400 por mês",
        "vou me segurar pra não gastar mais que 100 em besteira",
        "esse mes nao quero estourar 1.500 de gastos",
        # what a thing costs in general, said by the user
        "uma pizza grande sai uns 70 aqui no bairro",
        "um corte de cabelo tá 45 reais por aqui",
        "uns tênis bons custam uns 600",
        "uma consulta particular custa 300 hoje em dia",
    ],
)
def test_goals_limits_and_prices_in_general_are_never_recordings(text: str) -> None:
    assert read_intent(fold(text)).intent in ("intencao", "informacao")


@pytest.mark.parametrize(
    "text",
    [
        "gastei no máximo 300 com delivery esse mês",
        "uma pizza de 70 ontem",
        "paguei 45 no corte de cabelo",
        "comprei uns tênis de 600",
        "passei 800 no mercado",
    ],
)
def test_the_same_words_in_a_statement_of_fact_are_still_recordings(text: str) -> None:
    assert read_intent(fold(text)).intent == "registro"


@pytest.mark.parametrize(
    ("text", "payer"),
    [
        ("minha mãe pagou 200 de luz pra mim", "sua mãe"),
        ("a empresa pagou meu uber de 45", "a empresa"),
        ("meu pai pagou minha faculdade, 1.200", "seu pai"),
        ("minha avó pagou o gás pra mim", "sua avó"),
        ("o plano de saúde pagou a consulta de 400", "o plano de saúde"),
        ("hoje meus sogros bancaram o jantar, 300", "seus sogros"),
        ("mae pagou o gas pra mim", "sua mãe"),
        # the user moved money, or was paid: a recording
        ("minha mae me pagou 200", None),
        ("a empresa pagou meu salário de 4.200", None),
        ("minha mãe pagou a luz e eu devolvi 200 pra ela", None),
        ("paguei 200 de luz da casa da minha mãe", None),
        ("meu pai me emprestou 2 mil", None),
    ],
)
def test_someone_else_paid_what_the_user_owed(text: str, payer: str | None) -> None:
    assert third_party_payer(fold(text)) == payer
    reading = read_intent(fold(text))
    assert reading.payer == payer
    if payer is not None:
        assert reading.intent == "informacao"


@pytest.mark.parametrize(
    ("text", "balance"),
    [
        ("tenho 20 mil na poupanca", True),
        ("tô com 500 na conta", True),
        ("eu tenho uns 15 mil investidos no cdb", True),
        ("tenho 40 mil em ações", True),
        ("tenho 3 mil guardados, onde invisto?", False),
        ("tenho 800 pra receber da Ana", False),
        ("tenho 300 de luz pra pagar dia 10", False),
        ("guardei 300 na caixinha do nubank", False),
        ("tenho 500 na conta e paguei 100 de luz", False),
    ],
)
def test_a_balance_is_information_not_a_movement(text: str, balance: bool) -> None:
    reading = read_intent(fold(text))
    assert reading.balance is balance
    if balance:
        assert reading.intent == "informacao"
