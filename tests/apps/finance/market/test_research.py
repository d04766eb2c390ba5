"""The fallback chain, link by link (spec 001 §6 Seção 4, §7 Camada 5, §9 flow 7).

Everything runs offline on the recorded fixtures and a ManualClock: a "timeout" is a fixture told
to answer after an hour of simulated time, and the research gives up on it at its deadline.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.market import (
    CONFIDENCE,
    Fault,
    Fundamentals,
    InvalidTickerError,
    MarketInputError,
    MarketResearch,
    MarketSetup,
    Origin,
    Quote,
    ResearchStatus,
    UnknownTickerError,
    describe_fundamentals,
    to_reply,
)
from switchboard.bus import ResponseStatus
from switchboard.core.clock import ManualClock
from tests.apps.finance.market.conftest import NOW, drive

D = Decimal


async def test_primary_source_answers_with_confidence_100(market: MarketSetup) -> None:
    result = await market.research.fundamentals("PETR4", timeout_s=30)
    assert result.status is ResearchStatus.SUCESSO and result.origin is Origin.PRIMARY
    assert result.confianca == 100 and result.fontes == ["brapi"] and result.avisos == []
    assert not result.fallback_used and result.resources.api_calls == 1
    assert result.data is not None and result.data.p_l == D("4.2")
    assert len(market.yahoo_transport.requests) == 0  # type: ignore[union-attr]
    assert await market.cache.get("fundamentals:PETR4") is not None  # refreshed for next time


@pytest.mark.parametrize("fault", [Fault.DELAY, Fault.TIMEOUT])
async def test_flow_7_primary_times_out_cache_misses_alternative_answers(
    market: MarketSetup, clock: ManualClock, fault: Fault
) -> None:
    # "Qual o P/L da Magazine Luiza?": brapi does not answer (DELAY: an hour on the manual clock;
    # TIMEOUT: httpx.ReadTimeout), the cache has never seen MGLU3, Yahoo answers P/L 18.5.
    market.brapi_transport.fail(fault)  # type: ignore[union-attr]
    result = await drive(clock, market.research.fundamentals("MGLU3", timeout_s=30))
    assert result.status is ResearchStatus.SUCESSO_VIA_FALLBACK
    assert result.data is not None and result.data.p_l == D("18.5")
    assert result.confianca == 85 and result.origin is Origin.ALTERNATIVE
    assert result.fontes == ["Yahoo Finance (fallback)"]
    assert (
        result.fallback_used and result.fallback_description == "fonte alternativa: Yahoo Finance"
    )
    assert result.avisos[0] == "Fonte primária (brapi) falhou: tempo esgotado."
    assert any("Dados de fonte alternativa" in aviso for aviso in result.avisos)
    assert result.resources.api_calls == 2
    if fault is Fault.DELAY:
        # The primary gets 50% of the 30 s message timeout: abandoned at exactly 15 s.
        assert result.resources.ms == 15_000
    assert result.ilustrativo  # the offline replay: recorded data
    text = describe_fundamentals(result)
    assert text.startswith("MGLU3: P/L 18,50") and "fonte alternativa" in text
    assert "Yahoo" not in text
    live = describe_fundamentals(result.model_copy(update={"ilustrativo": False}))
    assert "Yahoo Finance (fonte alternativa)" in live


async def test_fresh_cache_answers_with_85_without_asking_the_alternative(
    market: MarketSetup, clock: ManualClock
) -> None:
    await market.research.quote("VALE3", timeout_s=30)
    await clock.advance(6 * 3600)
    market.brapi_transport.fail(Fault.HTTP_500)  # type: ignore[union-attr]
    result = await market.research.quote("VALE3", timeout_s=30)
    assert (result.status, result.origin, result.confianca) == (
        ResearchStatus.SUCESSO_VIA_FALLBACK,
        Origin.CACHE,
        85,
    )
    assert result.fontes == ["cache (brapi, 23/11/2026 10:00)"]
    assert result.avisos == [
        "Fonte primária (brapi) falhou: serviço indisponível.",
        "Dados do cache de 23/11/2026 10:00 (fonte original: brapi).",
    ]
    assert result.data is not None and result.data.price == D("61.35")
    assert market.yahoo_transport.requests == []  # type: ignore[union-attr]


async def test_cache_older_than_24h_is_skipped_unless_the_budget_is_tight(
    market: MarketSetup, clock: ManualClock
) -> None:
    await market.research.quote("ITUB4", timeout_s=30)
    await clock.advance(3 * 24 * 3600)
    market.brapi_transport.fail(Fault.HTTP_500)  # type: ignore[union-attr]
    normal = await market.research.quote("ITUB4", timeout_s=30)
    assert normal.origin is Origin.ALTERNATIVE and normal.confianca == 85

    # Three days later again with a tight budget: the (now refreshed by Yahoo) entry is 3 days
    # old, accepted because the 7-day window applies; Yahoo is not asked.
    await clock.advance(3 * 24 * 3600)
    yahoo_calls = len(market.yahoo_transport.requests)  # type: ignore[union-attr]
    tight = await market.research.quote("ITUB4", timeout_s=30, budget_tight=True)
    assert tight.origin is Origin.STALE_CACHE and tight.confianca == 70
    assert tight.status is ResearchStatus.SUCESSO_VIA_FALLBACK
    assert "7 dias" in tight.avisos[-1] and "orçamento está apertado" in tight.avisos[-1]
    assert tight.fontes == ["cache (Yahoo Finance, 26/11/2026 10:00)"]
    assert len(market.yahoo_transport.requests) == yahoo_calls  # type: ignore[union-attr]


async def test_static_data_when_every_source_fails(market: MarketSetup) -> None:
    market.brapi_transport.fail(Fault.HTTP_500)  # type: ignore[union-attr]
    market.yahoo_transport.fail(Fault.GARBAGE)  # type: ignore[union-attr]
    result = await market.research.quote("BBAS3", timeout_s=30)
    assert (result.origin, result.confianca, result.status) == (
        Origin.STATIC,
        40,
        ResearchStatus.SUCESSO_VIA_FALLBACK,
    )
    assert result.fontes == ["dados estáticos de 21/11/2026"]
    assert result.avisos == [
        "Fonte primária (brapi) falhou: serviço indisponível.",
        "Fonte alternativa (Yahoo Finance) falhou: resposta inválida.",
        "Dados estáticos de 21/11/2026: podem estar desatualizados.",
    ]
    assert result.resources.api_calls == 2


async def test_everything_failing_is_an_error_with_partial_data_when_any(
    market: MarketSetup, clock: ManualClock
) -> None:
    # TAEE11 has no recording and no static value. A 10-day-old cache entry exists.
    old = Quote(ticker="TAEE11", price=D("35.90"), as_of=NOW)
    await market.cache.put("quote:TAEE11", old.model_dump_json(), "brapi")
    await clock.advance(10 * 24 * 3600)
    market.brapi_transport.fail(Fault.HTTP_500)  # type: ignore[union-attr]
    market.yahoo_transport.fail(Fault.TIMEOUT)  # type: ignore[union-attr]
    partial = await market.research.quote("TAEE11", timeout_s=30, budget_tight=True)
    assert partial.status is ResearchStatus.ERRO_COM_DADOS_PARCIAIS
    assert partial.data == old and partial.confianca == 40 and partial.origin is Origin.PARTIAL
    assert partial.fontes == ["cache de 23/11/2026 10:00 (brapi)"]

    await market.cache.invalidate("quote:TAEE11")
    nothing = await market.research.quote("TAEE11", timeout_s=30)
    assert nothing.status is ResearchStatus.ERRO and nothing.data is None
    assert nothing.confianca == 0 and not nothing.fallback_used
    assert "Tente novamente em 60 segundos" in nothing.avisos[-1]
    assert to_reply(nothing).status is ResponseStatus.TOTAL_FAILURE


async def test_incomplete_fundamentals_count_as_failure_but_are_kept(
    market: MarketSetup, clock: ManualClock
) -> None:
    # A source that answers only P/L for TAEE11 (1 of 3 < 50%); no alternative, no static.
    class OnlyPL:
        name = "brapi"

        def supports(self, capability: str) -> bool:
            return True

        async def fundamentals(self, ticker: str) -> Fundamentals:
            return Fundamentals(ticker=ticker, p_l=D("8.1"), as_of=NOW)

    research = MarketResearch(
        OnlyPL(),  # type: ignore[arg-type]
        None,
        market.cache,
        None,
        clock,
    )
    result = await research.fundamentals("TAEE11", timeout_s=30)
    assert result.status is ResearchStatus.ERRO_COM_DADOS_PARCIAIS
    assert result.data is not None and result.data.p_l == D("8.1")
    assert "faltam: ROE, dividend yield" in result.avisos[0]


async def test_garbage_from_the_primary_is_a_typed_failure(market: MarketSetup) -> None:
    market.brapi_transport.fail(Fault.WRONG_SHAPE)  # type: ignore[union-attr]
    result = await market.research.quote("WEGE3", timeout_s=30)
    assert result.origin is Origin.ALTERNATIVE
    assert result.avisos[0] == "Fonte primária (brapi) falhou: resposta inválida."


async def test_unknown_and_invalid_tickers_are_typed_errors(market: MarketSetup) -> None:
    with pytest.raises(UnknownTickerError) as unknown:
        await market.research.quote("XPTO3", timeout_s=30)
    assert unknown.value.code == "market_unknown_ticker" and unknown.value.ticker == "XPTO3"
    with pytest.raises(InvalidTickerError):
        await market.research.quote("Petrobras", timeout_s=30)
    with pytest.raises(MarketInputError):
        await market.research.index("poupança", timeout_s=30)
    # Not known by brapi and Yahoo is down: not proof it does not exist → an error result.
    market.yahoo_transport.fail(Fault.HTTP_500)  # type: ignore[union-attr]
    result = await market.research.quote("XPTO3", timeout_s=30)
    assert result.status is ResearchStatus.ERRO
    assert "não encontrou XPTO3" in result.avisos[0]


async def test_internal_deadline_is_80_percent_of_the_message_timeout(
    market: MarketSetup, clock: ManualClock
) -> None:
    market.brapi_transport.fail(Fault.DELAY)  # type: ignore[union-attr]
    market.yahoo_transport.fail(Fault.DELAY)  # type: ignore[union-attr]
    result = await drive(clock, market.research.quote("PETR4", timeout_s=30))
    # brapi abandoned at 15 s (50%), Yahoo at 24 s (80%): static data, answered at 24 s.
    assert result.origin is Origin.STATIC
    assert result.resources.ms == 24_000
    assert [aviso.split(":")[1].strip() for aviso in result.avisos[:2]] == [
        "tempo esgotado.",
        "tempo esgotado.",
    ]


async def test_bus_deadline_overrides_and_no_time_left_skips_sources(
    market: MarketSetup, clock: ManualClock
) -> None:
    result = await market.research.quote("PETR4", timeout_s=30, deadline=clock.monotonic() - 1)
    assert result.origin is Origin.STATIC and result.resources.api_calls == 0
    assert "sem tempo restante" in result.avisos[0]


async def test_exhausted_api_budget_uses_only_cache_and_static(
    market: MarketSetup, clock: ManualClock
) -> None:
    await market.research.index("selic", timeout_s=30)
    await clock.advance(2 * 24 * 3600)
    result = await market.research.index("selic", timeout_s=30, allow_api=False)
    assert result.origin is Origin.STALE_CACHE and result.resources.api_calls == 0
    assert result.avisos[0].startswith("Limite de chamadas externas atingido")
    no_cache = await market.research.index("ipca", timeout_s=30, allow_api=False)
    assert no_cache.origin is Origin.STATIC


async def test_sources_that_do_not_offer_the_data_are_not_in_its_chain(
    market: MarketSetup,
) -> None:
    news = await market.research.news("petr4", timeout_s=30, limit=3)
    assert news.origin is Origin.PRIMARY and news.fontes == ["Yahoo Finance"]
    assert news.confianca == 100 and news.data is not None and len(news.data) == 3
    assert market.brapi_transport.requests == []  # type: ignore[union-attr]
    cdi = await market.research.index("CDI", timeout_s=30)
    assert cdi.origin is Origin.STATIC and cdi.resources.api_calls == 0
    assert cdi.data is not None and cdi.data.value == D("14.90")
    empty = await market.research.news("inflação", timeout_s=30)
    assert empty.data == [] and "Nenhuma notícia" in empty.avisos[-1]


def test_confidence_table_is_the_specs() -> None:
    assert CONFIDENCE[Origin.PRIMARY] == 100
    assert CONFIDENCE[Origin.CACHE] == CONFIDENCE[Origin.ALTERNATIVE] == 85
    assert CONFIDENCE[Origin.STALE_CACHE] == 70
    assert CONFIDENCE[Origin.STATIC] == 40


async def test_reply_for_the_bus(market: MarketSetup, clock: ManualClock) -> None:
    market.brapi_transport.fail(Fault.TIMEOUT)  # type: ignore[union-attr]
    result = await market.research.fundamentals("MGLU3", timeout_s=30)
    reply = to_reply(result.model_copy(update={"ilustrativo": False}))  # as a live answer
    assert reply.status is ResponseStatus.SUCCESS_VIA_FALLBACK
    assert reply.confidence == 85 and reply.sources == ["Yahoo Finance (fallback)"]
    assert reply.metadata["ilustrativo"] is False
    offline = to_reply(result)  # the replay's own answer: recorded data, no real source named
    assert offline.sources == ["dados ilustrativos (offline)"] and offline.metadata["ilustrativo"]
    assert reply.data["p_l"] == "18.5" and reply.api_calls == 2
    assert reply.metadata["fallback_used"] is True
    assert reply.metadata["status"] == "sucesso_via_fallback"


async def test_bus_deadline_alone_splits_like_the_timeout(
    market: MarketSetup, clock: ManualClock
) -> None:
    # ctx.deadline = 24 s from now (80% of a 30 s message): brapi is abandoned at 15 s
    # (0.5 / 0.8 of it) and Yahoo answers.
    market.brapi_transport.fail(Fault.DELAY)  # type: ignore[union-attr]
    call = market.research.quote("PETR4", deadline=clock.monotonic() + 24)
    result = await drive(clock, call)
    assert result.origin is Origin.ALTERNATIVE and result.resources.ms == 15_000
    with pytest.raises(MarketInputError):
        await market.research.quote("PETR4")
