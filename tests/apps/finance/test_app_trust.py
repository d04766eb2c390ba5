"""Issue 19 through the offline app: what is never written, what is asked first, money that is
not spending, record-and-ask messages, fixes of the last recording, and Simplista answers that
say what they computed."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.pattern import META_FINANCE
from switchboard.apps.finance.recording import NOTHING_RECORDED
from switchboard.apps.finance.state import FinanceState
from switchboard.apps.finance.trivial import (
    CONSIDERING_ANSWER,
    HABITUAL_ANSWER,
    INFORMATION_ANSWER,
)

from .app_helpers import ledger_of, make_app, make_clock

D = Decimal


async def say(app: FinanceApp, text: str, *, key: str | None = None, session: str = "s1") -> str:
    return (await app.reply(session, text, user_id="ana", idempotency_key=key)).text


async def agent_of(app: FinanceApp, text: str) -> str | None:
    return (await app.reply("s1", text, user_id="ana")).agent


async def rows(app: FinanceApp) -> dict[str, list[object]]:
    ledger = ledger_of(app)
    out: dict[str, list[object]] = {
        "entries": list(await ledger.entries("ana", FlowFilter())),
        "purchases": list(await ledger.purchases("ana", FlowFilter())),
        "scheduled": list(await ledger.scheduled("ana", None, paid=False)),
        "debts": list(await ledger.debts("ana")),
        "transfers": list(await ledger.transfers("ana", FlowFilter())),
        "assets": list(await ledger.asset_purchases("ana")),
    }
    return {k: v for k, v in out.items() if v}


# -- never written ---------------------------------------------------------------------------


async def test_a_question_with_an_amount_is_answered_not_recorded() -> None:
    app = make_app()
    await say(app, "bar 180 dia 10/11")
    reply = await app.reply("s1", "gastei uns 300 com bar semana passada?", user_id="ana")
    assert reply.agent == "simplista"
    assert reply.text.startswith("Na semana passada você gastou R$ 180,00 com Bares")
    assert len((await rows(app))["entries"]) == 1


async def test_a_payment_planned_is_offered_as_a_bill_and_nothing_is_written_unless_confirmed() -> (
    None
):
    app = make_app()
    question = await say(app, "vou pagar 120 de farmácia amanhã")
    assert question.startswith("Como isso ainda não aconteceu, não registrei nada.")
    assert question.endswith("?")
    assert await say(app, "não precisa, só tava comentando") == NOTHING_RECORDED
    assert await rows(app) == {}
    await say(app, "vou pagar 300 pro pedreiro semana que vem")
    assert (await say(app, "sim")).startswith("Registrado! Conta a pagar de R$ 300,00")
    assert [s.amount for s in (await rows(app))["scheduled"]] == [D("300.00")]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "text",
    [
        "talvez eu compre uma bike de 2 mil",
        "penso em colocar 3 mil no Itaú",
        "to em duvida se compro um sofa de 3 mil ou um de 2 mil",
        "tô pensando em investir 2 mil em CDB",
        "vou comprar um sofá de 4 mil em dezembro",
        "vou gastar 500 no mercado amanhã",
    ],
)
async def test_an_intention_that_weighs_a_choice_is_not_offered_as_a_bill(text: str) -> None:
    app = make_app()
    reply = await app.reply("s1", text, user_id="ana")
    assert reply.agent == "junior"
    assert reply.text == CONSIDERING_ANSWER
    follow = await app.reply("s1", "sim", user_id="ana")
    assert follow.agent == "simplista"
    assert await rows(app) == {}


async def test_a_price_read_somewhere_is_not_recorded() -> None:
    app = make_app()
    reply = await app.reply("s1", "o preço da gasolina tá 6,29 aqui", user_id="ana")
    assert reply.agent == "junior"
    assert reply.text == INFORMATION_ANSWER
    assert await rows(app) == {}


async def test_a_note_with_a_question_mark_is_confirmed_first() -> None:
    app = make_app()
    asked = await say(app, "50 de uber?")
    assert (
        asked == "Despesa de R$ 50,00 em Transporte por app na data de hoje — quer que eu registre?"
    )
    assert await rows(app) == {}
    assert (await say(app, "pode registrar")).startswith("Registrado!")
    assert len((await rows(app))["entries"]) == 1


async def test_an_intention_with_a_question_goes_to_the_orchestrator() -> None:
    app = make_app()
    assert await agent_of(app, "Itaú tá barato? penso em colocar 3 mil") == "orquestrador"
    assert await rows(app) == {}


# -- confirmed or refused first --------------------------------------------------------------


async def test_an_out_of_the_ordinary_amount_is_confirmed_or_corrected() -> None:
    app = make_app()
    asked = await say(app, "pão na chapa e pingado, 65 milhões")
    assert "R$ 65.000.000,00" in asked and asked.endswith("?")
    assert await rows(app) == {}
    assert (await say(app, "foi mal, 6,50 kkk")).startswith("Registrado! Despesa de R$ 6,50")
    await say(app, "gastei 50 mil no mercado")
    assert (await say(app, "sim")).startswith("Registrado! Despesa de R$ 50.000,00")


async def test_an_impossible_date_is_asked_again_and_the_answer_records_it() -> None:
    app = make_app()
    asked = await say(app, "mercado 200 dia 30/02")
    assert asked.startswith("A data 30/02 não existe") and asked.endswith("?")
    assert await rows(app) == {}
    assert (await say(app, "desculpa, era 28/02")).startswith("Registrado!")
    [entry] = (await rows(app))["entries"]
    assert entry.day.isoformat() == "2026-02-28"  # type: ignore[attr-defined]


async def test_instalments_out_of_range_are_refused_and_none_are_dropped() -> None:
    app = make_app()
    refused = await say(app, "celular de 2 mil em 999x no cartão")
    assert "999 parcelas" in refused and refused.endswith("?")
    assert await rows(app) == {}
    state = (await app.store.get_session("s1")).state.get(FinanceState)  # type: ignore[union-attr]
    assert state.dialog is None  # a refusal keeps nothing half-understood


async def test_a_debt_payment_naming_no_existing_debt_is_asked_then_recorded() -> None:
    app = make_app()
    await say(app, "peguei 10 mil emprestado no santander")
    asked = await say(app, "paguei 500 do empréstimo do Itaú")
    assert "Não encontrei “empréstimo do Itaú”" in asked and asked.endswith("?")
    assert "entries" not in await rows(app)
    assert (await say(app, "foi o do santander")).startswith("Registrado! Pagamento de dívida")
    [debt] = (await rows(app))["debts"]
    assert debt.balance == D("9500.00")  # type: ignore[attr-defined]
    await say(app, "paguei 300 da dívida com a loja")
    assert (await say(app, "nenhuma")).startswith("Registrado!")
    [debt] = (await rows(app))["debts"]
    assert debt.balance == D("9500.00")  # type: ignore[attr-defined]


# -- money that is not spending --------------------------------------------------------------


async def test_transfers_loans_assets_and_refunds_are_recorded_as_such() -> None:
    app = make_app()
    await say(app, "transferi 500 pra poupança")
    await say(app, "peguei 2 mil emprestado com meu primo")
    await say(app, "comprei um carro de 60 mil à vista")
    await say(app, "comprei uma jaqueta de 200 na renner")
    reply = await say(app, "a renner estornou os 200 da jaqueta")
    assert "É o estorno da compra de R$ 200,00" in reply
    found = await rows(app)
    assert [t.amount for t in found["transfers"]] == [D("500.00")]  # type: ignore[attr-defined]
    assert [(d.cash_in, d.principal) for d in found["debts"]] == [(True, D("2000.00"))]  # type: ignore[attr-defined]
    assert [(a.kind, a.amount) for a in found["assets"]] == [("veiculo", D("60000.00"))]  # type: ignore[attr-defined]
    spent = await say(app, "quanto gastei esse mês?")
    assert spent.startswith("Neste mês você gastou R$ 0,00.")  # the estorno undid the jacket
    worth = await say(app, "qual meu patrimônio líquido?")
    # the car was paid from an account whose opening balance is unknown: no "+ -R$" sum
    assert worth.startswith(
        "Pelos seus registros, seu patrimônio líquido é de R$ 0,00 mais o saldo que você tinha"
    )
    assert "+ -R$" not in worth and "mudou -R$ 58.000,00" in worth


async def test_paying_a_pending_bill_takes_it_off_the_pending_list() -> None:
    app = make_app()
    await say(app, "a conta de luz de 210 vence dia 28/11")
    paid = await say(app, "paguei a conta de luz de 210")
    assert "Marquei como paga a conta" in paid
    assert (await say(app, "tem alguma conta pendente?")).startswith("Você não tem contas")


@pytest.mark.parametrize("paid", ["paguei a luz", "ja paguei a conta de luz", "luz paga"])
async def test_a_pending_bill_paid_without_its_amount_takes_the_bills_amount(paid: str) -> None:
    """ "paguei a luz" after "luz 180 vence dia 10" asked "Qual foi o valor?" of a bill the
    ledger knows; with two bills of the same kind it still asks (never a guess)."""
    app = make_app()
    await say(app, "luz 180 vence dia 10/12")
    await say(app, "internet 99,90 vence dia 15/12")
    reply = await say(app, paid)
    assert "R$ 180,00" in reply and "Marquei como paga a conta a pagar (luz)" in reply
    pending = await say(app, "quais contas tenho pra pagar?")
    assert "R$ 99,90" in pending and "R$ 180,00" not in pending
    other = make_app()
    await say(other, "luz 180 vence dia 10/12")
    await say(other, "luz da casa da praia 95 vence dia 12/12")
    assert await say(other, paid) == "Qual foi o valor?"


# -- record and ask; fix the last recording --------------------------------------------------


async def test_a_record_and_ask_message_does_both() -> None:
    app = make_app()
    await say(app, "uber 40 ontem")
    reply = await app.reply(
        "s1", "põe 30 de estacionamento e me diz quanto foi de carro no mês", user_id="ana"
    )
    recorded, answered = reply.text.split("\n\n")
    assert recorded == "Registrado! Despesa de R$ 30,00 em Estacionamento na data de hoje."
    assert answered.startswith("Neste mês você gastou R$ 70,00 com Transporte")
    messages = await app.store.load_messages("s1")
    assert messages[-3].metadata[META_FINANCE]["multi"] == ["lancamento", "simplista"]


async def test_the_last_recording_can_be_fixed_deleted_or_repeated() -> None:
    app = make_app()
    await say(app, "uber 50")
    assert (await say(app, "não, foi 45")).startswith("Corrigido! Despesa de R$ 45,00")
    await say(app, "gastei 90 no bar")
    assert (await say(app, "apaga esse, lancei errado")).startswith("Pronto, apaguei")
    await say(app, "ontem gastei 45 de gasolina")
    assert (await say(app, "hoje mais 60")).startswith("Registrado! Despesa de R$ 60,00 em Comb")
    amounts = sorted(e.amount for e in (await rows(app))["entries"])  # type: ignore[attr-defined]
    assert amounts == [D("45.00"), D("45.00"), D("60.00")]


async def test_fixes_survive_a_restart_on_sqlite(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'fin.db'}"
    clock = make_clock()
    first = make_app(url, clock=clock)
    assert (await say(first, "mercado 200 ontem")).startswith("Registrado!")
    await first.shutdown()
    second = make_app(url, clock=clock)
    assert (await say(second, "na verdade foi anteontem")).startswith("Corrigido!")
    [entry] = (await rows(second))["entries"]
    assert entry.day.isoformat() == "2026-11-18"  # type: ignore[attr-defined]
    await second.shutdown()


async def test_new_kinds_are_recorded_once_per_key_and_per_retry_window() -> None:
    app = make_app()
    for _ in range(3):
        await say(app, "transferi 500 pra poupança", key="k-1")
    await say(app, "comprei um apartamento de 300 mil")
    await say(app, "comprei um apartamento de 300 mil")  # seconds later: taken for a retry
    found = await rows(app)
    assert len(found["transfers"]) == 1 and len(found["assets"]) == 1


# -- answers that say what they computed -----------------------------------------------------


async def test_answers_state_their_definitions_filters_and_limits() -> None:
    app = make_app()
    await say(app, "salário 3.000 dia 5/11")
    await say(app, "fone 200 no cartão nubank dia 3/11")
    await say(app, "mercado 300 no pix dia 10/11")
    await say(app, "transferi 1.000 pra poupança")
    total = await say(app, "quanto gastei em novembro?")
    assert total.startswith("Em novembro de 2026 você gastou R$ 500,00.")  # no income, no transfer
    card = await say(app, "quanto gastei no cartão nubank esse mês?")
    assert "R$ 200,00" in card and "Não consigo filtrar por cartão específico (Nubank)" in card
    balance = await say(app, "qual meu saldo?")
    assert "transferências entre contas suas não mudam esse total" in balance
    # no account balance was ever given: what the entries moved (the card purchase moved no
    # cash yet), never called the balance
    assert balance.startswith("Não sei o saldo do seu banco") and "mudou R$ 2.700,00" in balance
    saved = await say(app, "quanto economizei em novembro?")
    assert "receitas − despesas" in saved and "R$ 2.500,00" in saved
    assert (await say(app, "e em outubro?")).startswith(
        "Em outubro de 2026 você economizou R$ 0,00"
    )


# -- what the message just before said -------------------------------------------------------


@pytest.mark.parametrize(
    ("purchase", "refund", "value"),
    [
        ("hotel de 800 no credito", "o hotel cancelou e estornou tudo", D("800.00")),
        ("comprei um tenis de 300", "devolvi o tenis e recebi o dinheiro de volta", D("300.00")),
    ],
)
async def test_a_refund_without_amount_reverses_the_purchase_just_recorded(
    purchase: str, refund: str, value: Decimal
) -> None:
    app = make_app()
    await say(app, purchase)
    reply = await say(app, refund)
    assert reply.startswith("Registrado!"), reply
    assert "R$ " + f"{value:.2f}".replace(".", ",") in reply


async def test_a_purchase_confirmed_after_a_question_takes_its_amount_and_thing() -> None:
    app = make_app()
    await say(app, "se eu comprar uma bota de 600 em 3x quanto fica a parcela?")
    reply = await say(app, "pronto, comprei no cartao em 3x, registra")
    assert reply.startswith("Registrado!"), reply
    assert "R$ 600,00" in reply


async def test_a_refused_count_is_corrected_by_the_next_message() -> None:
    app = make_app()
    refused = await say(app, "notebook de 4000 em 700x")
    assert refused.startswith("Não registrei nada")
    reply = await say(app, "foi em 8x no cartão")
    assert reply.startswith("Registrado!"), reply
    assert "R$ 4.000,00" in reply


async def test_nothing_is_carried_into_an_unrelated_purchase() -> None:
    app = make_app()
    await say(app, "gastei uns 300 com bar semana passada?")
    reply = await say(app, "comprei um tenis")
    assert not reply.startswith("Registrado!"), reply


# -- arithmetic on the stated numbers ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        ("se eu comprar uma bike de 1.500 em 5x quanto fica a parcela?", "R$ 300,00"),
        ("quanto fica 6x de 49,90?", "R$ 299,40"),
        ("quanto seria 20% do meu salario de 3.000?", "R$ 600,00"),
    ],
)
async def test_arithmetic_on_stated_numbers_is_computed_never_recorded(
    text: str, figure: str
) -> None:
    # the orchestrator's quick calculation (missions) or, when the triage sends it to the
    # Simplista, nlu/arithmetic.py: either way the figure, and nothing written
    app = make_app()
    reply = await app.reply("s1", text, user_id="ana")
    assert reply.agent in ("simplista", "orquestrador")
    assert figure in reply.text
    assert await rows(app) == {}


async def test_a_rate_or_advice_is_still_an_analysis() -> None:
    app = make_app()
    assert await agent_of(app, "compensa pagar 2.500 à vista ou 10x de 280?") == "orquestrador"


async def test_the_monthly_instalment_of_the_purchase_just_recorded() -> None:
    app = make_app()
    await say(app, "comprei uma tv de 2.400 em 12x")
    reply = await app.reply("s1", "quanto vou pagar por mes disso?", user_id="ana")
    assert reply.agent == "simplista"
    assert "R$ 200,00" in reply.text


async def test_an_impossible_date_is_refused_before_anything_is_asked() -> None:
    app = make_app()
    reply = await say(app, "paguei 200 em 15/13")
    assert reply.startswith("A data 15/13 não existe")
    assert await rows(app) == {}


@pytest.mark.parametrize(
    "text",
    [
        "meu salario é 4 mil",
        "o aluguel é 1.500",
        "ganho 5 mil por mes",
        "custa 80 a aula",
        "minha conta de luz costuma vir 200",
        "normalmente gasto uns 400 de mercado por semana",
        "o condominio do meu predio é 650 por mes",
        "o plano de saude reajustou 15% esse ano",
        "a mensalidade da escola vai pra 1.500 ano que vem",
        "a conta de agua vem em media 90",
    ],
)
async def test_what_something_usually_costs_is_information_never_recorded(text: str) -> None:
    app = make_app()
    reply = await app.reply("s1", text, user_id="ana")
    assert reply.agent == "junior"
    assert reply.text == HABITUAL_ANSWER
    assert await rows(app) == {}


async def test_net_worth_with_money_in_the_account_adds_it() -> None:
    app = make_app()
    await say(app, "recebi meu salário de 4 mil")
    await say(app, "comprei uma moto de 3 mil à vista")
    worth = await say(app, "qual meu patrimônio?")
    assert worth.startswith("Seu patrimônio líquido é de R$ 4.000,00: R$ 3.000,00 em bens")
    assert "e R$ 1.000,00 de saldo em conta" in worth
