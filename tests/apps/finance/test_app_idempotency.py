"""Idempotent recording: the client's `Idempotency-Key` (on the turn) decides what a retry is;
without one, the same text within the retry window is deduplicated, and the user is told so and
can record it anyway. Never a double write, never a silently dropped purchase."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest

from switchboard.apps.finance.app import FinanceApp
from switchboard.apps.finance.lancador import wants_again
from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.pattern import META_FINANCE
from switchboard.apps.finance.recording import AGAIN, AGAIN_QUESTION, KEPT_ONE
from switchboard.apps.finance.state import RECEIPTS_KEPT, FinanceState
from switchboard.core.events import DoneEvent, TextEvent

from .app_helpers import later, ledger_of, make_app, make_clock
from .test_app_ledger import finance_pg_url  # noqa: F401  (fixture)

MARKET = "Gastei R$ 150 no supermercado hoje"
RECORDED = "Registrado! Despesa de R$ 150,00 em Supermercado na data de hoje."
ALREADY = (
    "Essa mensagem é igual à que você mandou há instantes, e ela já foi registrada: "
    "Despesa de R$ 150,00 em Supermercado na data de hoje. Para não duplicar, não registrei "
    "de novo. Foi outro lançamento igual? Quer que eu registre mais uma vez?"
)


async def say(
    app: FinanceApp, text: str, key: str | None = None, *, session: str = "s1", user: str = "ana"
) -> str:
    reply = await app.reply(session, text, user_id=user, idempotency_key=key)
    return reply.text


async def amounts(app: FinanceApp, user: str = "ana") -> list[Decimal]:
    """The user's statement amounts, largest first (the ledger orders by day, then id)."""
    return sorted(
        (e.amount for e in await ledger_of(app).entries(user, FlowFilter())), reverse=True
    )


async def state(app: FinanceApp, session: str = "s1") -> FinanceState:
    record = await app.store.get_session(session)
    assert record is not None
    return record.state.get(FinanceState)


# -- with the client's key -------------------------------------------------------------------


async def test_a_retry_with_the_same_key_records_once_and_answers_the_same() -> None:
    app = make_app()
    assert await say(app, MARKET, "k-1") == RECORDED
    assert await say(app, MARKET, "k-1") == RECORDED
    assert await say(app, MARKET, "k-1") == RECORDED
    assert await amounts(app) == [Decimal("150.00")]
    # the retries added nothing to the conversation
    assert [m.content for m in await app.store.load_messages("s1")] == [MARKET, RECORDED]


async def test_another_key_is_another_purchase_even_right_after() -> None:
    app = make_app()
    assert await say(app, MARKET, "k-1") == RECORDED
    assert await say(app, MARKET, "k-2") == RECORDED  # no retry window with keys
    assert await amounts(app) == [Decimal("150.00")] * 2


async def test_a_message_without_key_after_a_keyed_one_records_again() -> None:
    app = make_app()
    assert await say(app, MARKET, "k-1") == RECORDED
    assert await say(app, MARKET) == RECORDED
    assert await amounts(app) == [Decimal("150.00")] * 2


async def test_a_keyed_retry_after_its_dialog_closed_gets_the_same_confirmation() -> None:
    app = make_app()
    assert await say(app, "Fui ao cinema ontem", "k-1") == "Qual foi o valor?"
    confirmed = await say(app, "40 reais", "k-2")
    assert confirmed == "Registrado! Despesa de R$ 40,00 em Cinema na data de ontem."
    before = await state(app)
    # the dialog is closed now: without the receipt, "40 reais" alone would ask despesa/receita
    assert await say(app, "40 reais", "k-2") == confirmed
    assert await amounts(app) == [Decimal("40.00")]
    assert await state(app) == before


async def test_the_key_is_checked_by_the_ledger_journal_even_without_the_session_state() -> None:
    """The retry lands where the receipt is unknown (another session): the ledger's journal
    still refuses the key, and the answer is the same confirmation."""
    app = make_app()
    assert await say(app, MARKET, "k-1", session="s1") == RECORDED
    assert await say(app, MARKET, "k-1", session="s2") == RECORDED
    assert await amounts(app) == [Decimal("150.00")]
    messages = await app.store.load_messages("s2")
    assert messages[-1].metadata[META_FINANCE]["duplicado"] is True


async def test_the_same_key_with_another_message_is_another_message() -> None:
    app = make_app()
    assert await say(app, MARKET, "k-1") == RECORDED
    assert (await say(app, "Gastei R$ 20 no uber", "k-1")).startswith(
        "Registrado! Despesa de R$ 20"
    )
    assert await amounts(app) == [Decimal("150.00"), Decimal("20.00")]


async def test_keys_are_per_user() -> None:
    app = make_app()
    assert await say(app, MARKET, "k-1", user="ana") == RECORDED
    assert await say(app, MARKET, "k-1", session="b1", user="bia") == RECORDED
    assert await amounts(app, "ana") == [Decimal("150.00")]
    assert await amounts(app, "bia") == [Decimal("150.00")]


async def test_receipts_are_bounded() -> None:
    app = make_app()
    for n in range(RECEIPTS_KEPT + 5):
        await say(app, f"Gastei R$ {n + 1} no uber", f"k-{n}")
    receipts = (await state(app)).receipts
    assert len(receipts) == RECEIPTS_KEPT
    assert receipts[-1].answer.startswith(f"Registrado! Despesa de R$ {RECEIPTS_KEPT + 5},00")


async def test_a_keyed_replay_streams_the_same_answer() -> None:
    app = make_app()
    first = await app.reply("s1", MARKET, user_id="ana", idempotency_key="k-1")
    events = [e async for e in app.stream("s1", MARKET, user_id="ana", idempotency_key="k-1")]
    texts = [e.delta for e in events if isinstance(e, TextEvent)]
    done = events[-1]
    assert texts == [RECORDED]
    assert isinstance(done, DoneEvent) and (done.text, done.agent) == (RECORDED, "lancador")
    assert done.message_id == first.message_id is not None, "the stored answer's id (issue 22)"


# -- without a key: the retry window ---------------------------------------------------------


async def test_the_same_text_moments_later_is_not_recorded_and_the_user_is_told() -> None:
    app = make_app()
    assert await say(app, MARKET) == RECORDED
    assert await say(app, MARKET) == ALREADY
    assert await amounts(app) == [Decimal("150.00")]
    messages = await app.store.load_messages("s1")
    meta = messages[-1].metadata[META_FINANCE]
    assert meta["duplicado"] is True and meta["janela_de_repeticao"] is True
    dialog = (await state(app)).dialog
    assert dialog is not None and dialog.question == AGAIN_QUESTION
    assert dialog.asked_fields == (AGAIN,)


@pytest.mark.parametrize("yes", ["sim", "Sim, foi outra compra", "registra de novo"])
async def test_answering_sim_records_it_once_more(yes: str) -> None:
    app = make_app()
    await say(app, MARKET)
    assert await say(app, MARKET) == ALREADY
    assert await say(app, yes) == RECORDED
    assert await amounts(app) == [Decimal("150.00")] * 2
    assert (await state(app)).dialog is None
    # and the same text right after that is again taken for a retry, and said so
    assert await say(app, MARKET) == ALREADY
    assert await amounts(app) == [Decimal("150.00")] * 2


@pytest.mark.parametrize("no", ["não", "não, era o mesmo"])
async def test_answering_nao_keeps_one(no: str) -> None:
    app = make_app()
    await say(app, MARKET)
    await say(app, MARKET)
    assert await say(app, no) == KEPT_ONE
    assert await amounts(app) == [Decimal("150.00")]
    assert (await state(app)).dialog is None


async def test_something_else_after_the_duplicate_is_a_new_message() -> None:
    app = make_app()
    await say(app, MARKET)
    await say(app, MARKET)
    reply = await say(app, "Gastei R$ 20 no uber")
    assert reply.startswith("Registrado! Despesa de R$ 20,00")
    assert await amounts(app) == [Decimal("150.00"), Decimal("20.00")]


async def test_after_the_window_the_same_text_is_a_new_purchase() -> None:
    clock = make_clock()
    app = make_app(clock=clock)
    assert await say(app, MARKET) == RECORDED
    await clock.advance(31)
    assert await say(app, MARKET) == RECORDED
    assert await amounts(app) == [Decimal("150.00")] * 2


async def test_the_window_is_anchored_on_the_recording() -> None:
    clock = make_clock()
    app = make_app(clock=clock)
    await say(app, MARKET)
    await clock.advance(20)
    assert await say(app, MARKET) == ALREADY
    await clock.advance(20)  # 40 s after the recording
    assert await say(app, MARKET) == RECORDED
    assert await amounts(app) == [Decimal("150.00")] * 2


async def test_the_window_is_configurable(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = make_clock()
    off = make_app(clock=clock, retry_window=timedelta(0))
    assert await say(off, MARKET) == RECORDED
    assert await say(off, MARKET) == RECORDED
    assert await amounts(off) == [Decimal("150.00")] * 2

    monkeypatch.setenv("SWITCHBOARD_FINANCE_RETRY_WINDOW_SECONDS", "120")
    wide = make_app(clock=clock)
    assert wide.finance.retry_window == timedelta(minutes=2)
    await say(wide, MARKET)
    await later(clock, 1.5)
    assert await say(wide, MARKET) == ALREADY


async def test_the_window_is_per_session() -> None:
    app = make_app()
    assert await say(app, MARKET, session="s1") == RECORDED
    assert await say(app, MARKET, session="s2") == RECORDED
    assert await amounts(app) == [Decimal("150.00")] * 2


async def test_a_dialog_answer_is_never_taken_for_a_retry() -> None:
    app = make_app()
    assert await say(app, "Fui ao cinema ontem") == "Qual foi o valor?"
    assert (await say(app, "40 reais")).startswith("Registrado! Despesa de R$ 40,00 em Cinema")
    assert await say(app, "Fui ao cinema ontem") == "Qual foi o valor?"
    assert (await say(app, "40 reais")).startswith("Registrado! Despesa de R$ 40,00 em Cinema")
    assert await amounts(app) == [Decimal("40.00")] * 2


async def test_the_window_survives_a_restart(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'fin.db'}"
    clock = make_clock()
    first = make_app(url, clock=clock)
    assert await say(first, MARKET) == RECORDED
    await first.shutdown()
    second = make_app(url, clock=clock)
    try:
        assert await say(second, MARKET) == ALREADY
        assert await say(second, "sim") == RECORDED
        assert await amounts(second) == [Decimal("150.00")] * 2
    finally:
        await second.shutdown()


@pytest.mark.parametrize(
    "backend", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
)
async def test_keys_and_the_window_on_sql_stores(
    backend: str, tmp_path, request: pytest.FixtureRequest
) -> None:
    url = (
        f"sqlite:///{tmp_path / 'fin.db'}"
        if backend == "sqlite"
        else request.getfixturevalue("finance_pg_url")
    )
    app = make_app(url)
    try:
        assert await say(app, MARKET, "k-1", session="s1") == RECORDED
        assert await say(app, MARKET, "k-1", session="s1") == RECORDED  # receipt
        assert await say(app, MARKET, "k-1", session="s2") == RECORDED  # journal only
        assert await say(app, MARKET, "k-2", session="s1") == RECORDED
        assert await say(app, MARKET, session="s3") == RECORDED
        assert await say(app, MARKET, session="s3") == ALREADY
        assert await say(app, "sim", session="s3") == RECORDED
        assert await amounts(app) == [Decimal("150.00")] * 4
    finally:
        await app.shutdown()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("sim", True),
        ("pode registrar", True),
        ("foi outra compra sim", True),
        ("ok", True),
        ("não", False),
        ("nao, foi a mesma", False),
        ("não precisa", False),
        ("Gastei R$ 150 no supermercado hoje", None),
        ("sim, 150 reais", None),
        ("oi", None),
        ("quanto gastei esse mês?", None),
        ("", None),
    ],
)
def test_wants_again_reads_the_answer(text: str, expected: bool | None) -> None:
    assert wants_again(text) is expected
