"""pt-BR sentences: source and date always named, fallbacks never hidden; illustrative
(offline, recorded) data said to be so, never credited to a real provider or outlet.

The offline replay marks its answers illustrative; `live()` reads the same answer as a live
provider's, to check the live wording (the parsing and the chain are the same)."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any, TypeVar

from switchboard.apps.finance.market import (
    Fault,
    IndexValue,
    MarketSetup,
    Origin,
    Quote,
    ResearchResult,
    ResearchStatus,
    describe_fundamentals,
    describe_index,
    describe_news,
    describe_quote,
    to_reply,
)
from switchboard.apps.finance.market.reply import ILLUSTRATIVE_SOURCE
from switchboard.core.clock import ManualClock
from tests.apps.finance.market.conftest import NOW, drive

D = Decimal
T = TypeVar("T", bound=ResearchResult[Any])


def live(result: T) -> T:
    return result.model_copy(update={"ilustrativo": False})


async def test_quote_sentence_matches_the_brief(market: MarketSetup) -> None:
    result = await market.research.quote("PETR4", timeout_s=30)
    assert (
        describe_quote(live(result))
        == "PETR4 fechou a R$ 38,42 (+1,2%) em 21/11/2026, segundo brapi."
    )


async def test_fallback_origins_are_spelled_out(market: MarketSetup, clock: ManualClock) -> None:
    market.brapi_transport.fail(Fault.DELAY)  # type: ignore[union-attr]
    alternative = await drive(clock, market.research.quote("VALE3", timeout_s=30))
    assert describe_quote(live(alternative)) == (
        "VALE3 fechou a R$ 61,30 (-0,5%) em 21/11/2026, segundo Yahoo Finance (fonte alternativa)."
    )
    market.yahoo_transport.fail(Fault.HTTP_500)  # type: ignore[union-attr]
    static = await drive(clock, market.research.quote("WEGE3", timeout_s=30))
    assert describe_quote(live(static)) == (
        "WEGE3 fechou a R$ 44,20 (+0,9%) em 21/11/2026, segundo dados estáticos "
        "(podem estar desatualizados)."
    )
    failed = await drive(clock, market.research.news("PETR4", timeout_s=30))
    assert describe_news(failed).startswith("Não foi possível obter notícias sobre PETR4 agora")


async def test_fundamentals_index_and_news_sentences(market: MarketSetup) -> None:
    fundamentals = await market.research.fundamentals("ITUB4", timeout_s=30)
    assert describe_fundamentals(live(fundamentals)) == (
        "ITUB4: P/L 9,10, ROE 22,30% e dividend yield 7,40% em 21/11/2026, segundo brapi."
    )
    selic = await market.research.index("selic", timeout_s=30)
    assert (
        describe_index(live(selic)) == "A Selic estava em 15,00% a.a. em 05/11/2026, segundo brapi."
    )
    ibov = await market.research.index("ibovespa", timeout_s=30)
    assert (
        describe_index(live(ibov))
        == "O Ibovespa estava em 155.342 pontos em 21/11/2026, segundo brapi."
    )
    dollar = await market.research.index("dolar", timeout_s=30)
    assert describe_index(live(dollar)) == "O dólar estava em R$ 5,33 em 21/11/2026, segundo brapi."
    news = await market.research.news("VALE3", timeout_s=30, limit=1)
    assert describe_news(live(news)) == (
        "1 notícia recente sobre VALE3, segundo Yahoo Finance: “Vale mantém guidance de produção "
        "de minério de ferro” (Reuters, 21/11/2026)."
    )


def test_intraday_price_is_not_called_a_close() -> None:
    quote = Quote(ticker="PETR4", price=D("38.10"), change_pct=D("-0.83"), as_of=NOW)
    result = ResearchResult[Quote](
        subject="PETR4",
        data=quote,
        status=ResearchStatus.SUCESSO,
        confianca=100,
        origin=Origin.PRIMARY,
        fontes=["brapi"],
        collected_at=NOW,
    )
    assert describe_quote(result) == (
        "PETR4 estava cotada às 10:00 a R$ 38,10 (-0,8%) em 23/11/2026, segundo brapi."
    )
    stale = ResearchResult[IndexValue](
        subject="cdi",
        data=IndexValue(
            name="cdi", value=D("14.9"), unit="% a.a.", as_of=datetime(2026, 11, 14, tzinfo=UTC)
        ),
        status=ResearchStatus.SUCESSO_VIA_FALLBACK,
        confianca=70,
        origin=Origin.STALE_CACHE,
        collected_at=NOW,
    )
    assert describe_index(stale) == (
        "O CDI estava em 14,90% a.a. em 13/11/2026, segundo dados em cache "
        "(podem estar desatualizados)."
    )


async def test_offline_answers_are_labelled_illustrative_and_credit_no_real_source(
    market: MarketSetup, clock: ManualClock
) -> None:
    quote = await market.research.quote("PETR4", timeout_s=30)
    assert quote.ilustrativo
    assert describe_quote(quote) == (
        "PETR4: R$ 38,42 (+1,2%) em 21/11/2026 (dado ilustrativo gravado para uso offline, "
        "não é a cotação real)."
    )
    fundamentals = await market.research.fundamentals("ITUB4", timeout_s=30)
    assert "ilustrativo" in describe_fundamentals(fundamentals)
    cdi = await market.research.index("cdi", timeout_s=30)
    assert describe_index(cdi).endswith("(valor de referência ilustrativo, não é cotação ao vivo).")
    news = await market.research.news("PETR4", timeout_s=30)
    text = describe_news(news)
    assert text.startswith("Manchetes ilustrativas sobre PETR4, gravadas para uso offline")
    for outlet in ("InfoMoney", "Valor Econômico", "Money Times", "Reuters", "Yahoo", "brapi"):
        assert outlet not in text
    reply = to_reply(news, description=text)
    assert reply.sources == [ILLUSTRATIVE_SOURCE] and reply.metadata["ilustrativo"] is True
    assert all(item["source"] == "manchete ilustrativa" for item in reply.data)
    for result in (quote, fundamentals, cdi):
        for sentence in (describe_quote, describe_fundamentals, describe_index):
            try:
                said = sentence(result)  # type: ignore[arg-type]
            except (AttributeError, KeyError):
                continue
            assert "segundo brapi" not in said and "Yahoo" not in said
    market.brapi_transport.fail(Fault.HTTP_500)  # type: ignore[union-attr]
    market.yahoo_transport.fail(Fault.HTTP_500)  # type: ignore[union-attr]
    static = await drive(clock, market.research.quote("WEGE3", timeout_s=30))
    assert static.ilustrativo and "ilustrativo" in describe_quote(static)


def test_static_data_is_illustrative_even_with_live_providers() -> None:
    static = ResearchResult[Quote](
        subject="WEGE3",
        data=Quote(ticker="WEGE3", price=D("43.60"), as_of=NOW),
        status=ResearchStatus.SUCESSO_VIA_FALLBACK,
        confianca=40,
        origin=Origin.STATIC,
        fontes=["dados estáticos de 21/11/2026"],
        collected_at=NOW,
    )
    assert not static.ilustrativo  # as built; MarketResearch marks it (see test_research)
