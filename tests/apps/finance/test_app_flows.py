"""The finance app offline, end to end: spec 001 §9 flows 1–3, the original's manual test plan,
dialog mode both ways, cancel, store down, memory tiers and PII."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.data_access import LedgerDataAccess
from switchboard.apps.finance.handoff import MISSION_STARTED
from switchboard.apps.finance.ledger import FlowFilter, LedgerBatch
from switchboard.apps.finance.memory import build_context
from switchboard.apps.finance.pattern import META_FINANCE
from switchboard.apps.finance.state import FinanceState
from switchboard.core.errors import EmptyMessageError, InvalidMessageError
from switchboard.core.events import StatusEvent

from .app_helpers import TODAY, later, ledger_of, make_app, make_clock, say

D = Decimal


async def _state(app, session: str = "s1") -> FinanceState:
    record = await app.store.get_session(session)
    assert record is not None
    return record.state.get(FinanceState)


async def test_flow_1_trivial_greeting() -> None:
    app = make_app()
    reply = await app.reply("s1", "Oi, tudo bem?", user_id="ana")
    assert reply.text == "Olá! Tudo bem sim, e com você? Como posso ajudar com suas finanças hoje?"
    assert reply.agent == "junior"


async def test_flow_2_recording_an_expense() -> None:
    app = make_app()
    reply = await app.reply("s1", "Gastei R$ 150 no supermercado hoje", user_id="ana")
    assert reply.text == "Registrado! Despesa de R$ 150,00 em Supermercado na data de hoje."
    assert reply.agent == "lancador"
    entries = await ledger_of(app).entries("ana", FlowFilter())
    assert [(e.amount, e.categoria, e.subcategoria, e.day) for e in entries] == [
        (D("150.00"), "Alimentação", "Supermercado", TODAY)
    ]


async def test_flow_3_simplista_total_of_the_month() -> None:
    app = make_app()
    await say(app, "Gastei R$ 3.000 no supermercado hoje")
    await say(app, "Paguei 450 reais de conta de luz")
    reply = await app.reply("s1", "Quanto gastei esse mês?", user_id="ana")
    assert reply.text == "Neste mês você gastou R$ 3.450,00."
    assert reply.agent == "simplista"
    follow = await say(app, "e no mês passado?")
    assert follow == "No mês passado não há nenhum gasto registrado (R$ 0,00)."


async def test_empty_message_is_a_typed_error() -> None:
    app = make_app()
    with pytest.raises(InvalidMessageError):
        await app.reply("s1", "   ", user_id="ana")
    with pytest.raises(EmptyMessageError):
        await app.reply("s1", "", user_id="ana")


async def test_salary() -> None:
    app = make_app()
    assert await say(app, "Recebi meu salário de 5.000 reais") == (
        "Registrado! Receita de R$ 5.000,00 em Salário na data de hoje."
    )
    assert await ledger_of(app).profile("ana") == {"salario_mensal": "R$ 5.000,00"}


async def test_tv_in_10x_is_ten_instalments_of_300() -> None:
    app = make_app()
    reply = await say(app, "Comprei uma TV de 3000 reais no cartão em 10x")
    assert "10x de R$ 300,00" in reply
    parts = await ledger_of(app).instalments("ana", paid=False)
    assert [p.amount for p in parts] == [D("300.00")] * 10


async def test_cinema_yesterday_asks_the_amount_then_records_it() -> None:
    app = make_app()
    assert await say(app, "Fui ao cinema ontem") == "Qual foi o valor?"
    assert (await _state(app)).dialog is not None
    assert await say(app, "40 reais") == (
        "Registrado! Despesa de R$ 40,00 em Cinema na data de ontem."
    )
    assert (await _state(app)).dialog is None


async def test_a_bare_amount_asks_despesa_or_receita() -> None:
    app = make_app()
    assert await say(app, "200 reais") == "Isso foi uma despesa ou uma receita?"
    assert await say(app, "receita") == "Registrado! Receita de R$ 200,00 na data de hoje."


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Paguei 80 reais de conta de luz", "Despesa de R$ 80,00"),
        ("celular de 2400 no cartão em 12x", "12x de R$ 200,00"),
        ("Preciso pagar o IPTU de 1200 reais dia 15", "Conta a pagar de R$ 1.200,00"),
        ("Vou receber 500 reais do João semana que vem", "Conta a receber de R$ 500,00"),
    ],
)
async def test_manual_plan_single_messages(text: str, expected: str) -> None:
    app = make_app()
    reply = await say(app, text)
    assert reply.startswith("Registrado!") and expected in reply


async def test_iptu_and_joao_are_scheduled_entries() -> None:
    app = make_app()
    await say(app, "Preciso pagar o IPTU de 1200 reais dia 15")
    await say(app, "Vou receber 500 reais do João semana que vem")
    ledger = ledger_of(app)
    pay = await ledger.scheduled("ana", "despesa", paid=False)
    receive = await ledger.scheduled("ana", "receita", paid=False)
    assert [(s.amount, s.subcategoria) for s in pay] == [(D("1200.00"), "IPTU")]
    assert [s.amount for s in receive] == [D("500.00")]


async def test_clothes_then_the_amount() -> None:
    app = make_app()
    assert await say(app, "Comprei uma roupa nova") == "Qual foi o valor?"
    assert await say(app, "150 reais") == (
        "Registrado! Despesa de R$ 150,00 em Roupas na data de hoje."
    )


async def test_cancel_closes_the_dialog_and_records_nothing() -> None:
    app = make_app()
    assert await say(app, "Comprei algo") == "Qual foi o valor?"
    assert await say(app, "deixa, esquece") == "Tudo bem, cancelei. Nada foi registrado."
    assert (await _state(app)).dialog is None
    assert await ledger_of(app).entries("ana", FlowFilter()) == []


async def test_para_is_not_a_cancel_word() -> None:
    app = make_app()
    assert await say(app, "gastei uma grana") == "Qual foi o valor?"
    reply = await say(app, "150 reais para o mercado")
    assert reply.startswith("Registrado! Despesa de R$ 150,00")


async def test_dialog_yes_the_answer_goes_straight_to_the_lancador() -> None:
    app = make_app()
    assert await say(app, "gastei 450 reais") == "Em que você gastou os R$ 450,00?"
    state = await _state(app)
    assert state.dialog is not None and state.dialog.agent == "lancador"
    assert state.dialog.question == "Em que você gastou os R$ 450,00?"
    reply = await app.reply("s1", "no supermercado", user_id="ana")
    assert reply.agent == "lancador"
    assert reply.text == "Registrado! Despesa de R$ 450,00 em Supermercado na data de hoje."


async def test_dialog_no_resets_and_triages_to_complexa() -> None:
    app = make_app()
    await say(app, "gastei 450 reais")
    events = [
        e
        async for e in app.stream(
            "s1", "esquece, faça uma análise das minhas finanças", user_id="ana"
        )
    ]
    statuses = [e.message for e in events if isinstance(e, StatusEvent)]
    assert statuses[0] == MISSION_STARTED and len(statuses) > 2  # the mission's steps stream
    assert (await _state(app)).dialog is None
    assert await ledger_of(app).entries("ana", FlowFilter()) == []
    messages = await app.store.load_messages("s1")
    answer = messages[-1]
    assert answer.agent == "orquestrador"
    package = answer.metadata[META_FINANCE]["orchestrator_package"]
    assert package["query_original_usuario"].startswith("esquece, faça uma análise")
    assert package["candidatos"][0]["nome"] == "analise_financeira_pessoal"
    # a real analysis now: the lead ran a mission over the (empty) ledger
    mission = answer.metadata[META_FINANCE]["mission"]
    assert mission["coordenador"] == "analise_financeira_pessoal"
    assert mission["timeline"] and "missões" not in answer.content


async def test_an_unrelated_message_resets_the_dialog() -> None:
    app = make_app()
    await say(app, "Fui ao cinema ontem")
    reply = await say(app, "Oi, tudo bem?")
    assert reply.startswith("Olá!")
    assert (await _state(app)).dialog is None


async def test_an_open_dialog_expires() -> None:
    clock = make_clock()
    app = make_app(clock=clock)
    await say(app, "Fui ao cinema ontem")
    await later(clock, 31)
    reply = await say(app, "40 reais")
    assert reply == "Isso foi uma despesa ou uma receita?"  # a new, bare amount


async def test_at_most_three_questions() -> None:
    app = make_app()
    assert await say(app, "200 reais") == "Isso foi uma despesa ou uma receita?"
    assert await say(app, "despesa") == "Em que você gastou os R$ 200,00?"
    reply = await say(app, "sei lá, umas coisas")
    assert reply.startswith("Registrado! Despesa de R$ 200,00")


async def test_simplista_ambiguity_asks_with_a_default() -> None:
    app = make_app()
    await say(app, "Recebi 700 reais de freela")
    question = await say(app, "quanto foi este mês?")
    assert "despesas ou das suas receitas" in question and "considero as despesas" in question
    assert await say(app, "receitas") == "Neste mês você recebeu R$ 700,00."


class _DownLedger:
    """A ledger whose writes fail (the database is unreachable)."""

    def __init__(self, inner) -> None:
        self._inner = inner

    def __getattr__(self, name: str):
        return getattr(self._inner, name)

    async def record(self, user_id: str, key: str, batch: LedgerBatch) -> bool:
        raise ConnectionError("database unreachable")


async def test_store_down_gives_a_friendly_error_and_writes_nothing() -> None:
    app = make_app()
    real = app.finance.ledger
    app.finance.ledger = _DownLedger(real)  # type: ignore[assignment]
    reply = await say(app, "Comprei uma TV de 3000 reais no cartão em 10x")
    assert "Nada foi gravado" in reply and "banco de dados" in reply
    assert await real.purchases("ana", FlowFilter()) == []
    assert await real.instalments("ana", paid=False) == []


async def test_two_users_ledgers_are_isolated_through_the_app() -> None:
    app = make_app()
    await say(app, "Gastei R$ 150 no supermercado hoje", user="ana", session="a")
    reply = await say(app, "Quanto gastei esse mês?", user="bia", session="b")
    assert reply == "Neste mês não há nenhum gasto registrado (R$ 0,00)."


async def test_demo_user_gets_the_demo_ledger_on_start() -> None:
    app = make_app(demo_user="dev")
    reply = await say(app, "quanto tenho investido?", user="dev")
    assert reply == "Você tem R$ 25.500,00 investidos."
    assert await say(app, "quanto tenho investido?", user="ana", session="s2") == (
        "Você tem R$ 0,00 investidos."
    )
    access = LedgerDataAccess(ledger_of(app))
    assert (await access.net_worth("dev")).net > 0


async def test_trivial_market_question_states_the_date() -> None:
    app = make_app()
    reply = await say(app, "qual a selic hoje?")
    assert "15,00 % a.a." in reply and "21/11/2026" in reply


async def test_pii_is_redacted_from_memory() -> None:
    app = make_app()
    for text in (
        "Oi, meu CPF é 529.982.247-25",
        "o cartão é 4111 1111 1111 1111",
        "Gastei R$ 150 no supermercado hoje",
        "Quanto gastei esse mês?",
        "Oi, tudo bem?",
    ):
        await say(app, text)
    state = await _state(app)
    history = await app.store.load_messages("s1")
    context = build_context(state, history, await ledger_of(app).profile("ana"))
    rendered = context.render()
    for secret in ("529.982.247-25", "4111 1111 1111 1111"):
        assert secret not in state.summary and secret not in rendered
    assert "[CPF]" in state.summary
    assert "R$ 150" in rendered  # amounts are kept
    assert "## Memória de trabalho" in rendered and "## Perfil do usuário" in rendered


async def test_working_memory_of_an_open_dialog_is_redacted() -> None:
    app = make_app()
    reply = await say(app, "Comprei algo com o cartão 4111 1111 1111 1111")
    assert reply == "Qual foi o valor?"
    state = await _state(app)
    context = build_context(state, [], {})
    assert "4111" not in context.render()
    assert "pergunta_pendente" in context.working


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("quanto tenho de reserva?", "Sua reserva de emergência é de R$ 15.000,00."),
        (
            "quais minhas dívidas?",
            "Você deve R$ 4.040,00 no total:\n- Empréstimo pessoal: R$ 4.040,00",
        ),
        ("quais as contas a pagar?", "Você tem uma conta a pagar, de R$ 1.800,00:"),
        ("quanto falta pagar de parcelas do cartão?", "Você tem 8 parcelas de cartão em aberto"),
        ("qual foi meu maior gasto este mês?", "Sua maior despesa neste mês foi R$ 1.800,00"),
        ("gastos acima de 500 reais este mês", "em lançamentos acima de R$ 500,00."),
    ],
)
async def test_simplista_over_the_demo_ledger(question: str, expected: str) -> None:
    app = make_app(demo_user="dev")
    assert expected in await say(app, question, user="dev")


async def test_a_debt_payment_through_the_app_reduces_the_balance() -> None:
    app = make_app(demo_user="dev")
    reply = await say(app, "Paguei 480 reais do empréstimo", user="dev")
    assert reply == "Registrado! Pagamento de dívida de R$ 480,00 (empréstimo) na data de hoje."
    assert [d.balance for d in await ledger_of(app).debts("dev")] == [D("3560.00")]


async def test_a_message_without_words_gets_a_friendly_answer() -> None:
    app = make_app()
    reply = await app.reply("s1", "???", user_id="ana")
    assert reply.agent == "junior" and "Como posso ajudar" in reply.text
    assert await ledger_of(app).entries("ana", FlowFilter()) == []
