"""The fallback chain every research operation runs through (spec 001 §6 Seção 4, §7 Camada 5).

    primary source → cache (24 h; 7 days when the budget is tight) → alternative source
    → static data → error with partial data

with confidence 100 / 85 / 85 / 70 / 40 (`CONFIDENCE`), sources, pt-BR warnings and
`fallback_used` filled at every step. `MarketResearch` (research.py) builds one `ResearchJob` per
request (what to fetch, how to cache and check it) and hands it to `FallbackChain.run`.

Time. The whole chain must finish by an internal deadline of 80% of the message's timeout
(§6 Etapa 3), so the executor answers before the bus gives up on it. Inside it, the primary gets
at most 50% of the timeout (§6 Seção 8: "se operação demorar > 50% do timeout: considerar abortar
e usar fallback"), which leaves the alternative the rest: with a 30 s message, brapi is abandoned
at 15 s — flow 7's "FALHA: timeout 15s" — and Yahoo may use up to 24 s. Deadlines run on the
injected clock, so tests drive them with `ManualClock` instead of sleeping. Each source also has
a circuit breaker (breaker.py) so one that keeps failing is skipped instead of waited for.

Which sources. A provider that does not offer the data (`supports` is False: brapi has no
news, neither has CDI) is not part of that data's chain; the first one that does is its primary.

Partial data. Fundamentals with fewer than half of the indicators count as a failure of that
source (§6 Seção 6: "< 50%: considera falha total") but are kept; so is a cache entry too old for
the allowed window. If nothing better turns up, the answer is `erro_com_dados_parciais` with them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Generic, TypeVar

from pydantic import TypeAdapter, ValidationError

from switchboard import Clock, ConfigurationError
from switchboard.apps.finance.market.breaker import SourceBreakers
from switchboard.apps.finance.market.cache import CacheEntry, ResearchCache
from switchboard.apps.finance.market.errors import (
    MarketInputError,
    ProviderError,
    ProviderTimeoutError,
    TickerNotFoundError,
    UnknownTickerError,
)
from switchboard.apps.finance.market.models import (
    Origin,
    ResearchResult,
    ResearchStatus,
    ResourceUsage,
)
from switchboard.apps.finance.market.providers.base import MarketProvider
from switchboard.apps.finance.market.static import StaticMarketData
from switchboard.apps.finance.market.timefmt import br_date, br_datetime

log = logging.getLogger(__name__)

T = TypeVar("T")

CONFIDENCE: dict[Origin, int] = {
    Origin.PRIMARY: 100,
    Origin.CACHE: 85,
    Origin.ALTERNATIVE: 85,
    Origin.STALE_CACHE: 70,
    Origin.STATIC: 40,
    Origin.PARTIAL: 40,
    Origin.NONE: 0,
}
FRESH_CACHE = timedelta(hours=24)
TIGHT_BUDGET_CACHE = timedelta(days=7)
PARTIAL_THRESHOLD = 0.5


@dataclass(slots=True)
class ResearchJob(Generic[T]):
    """One request: what to fetch from each source, its cache key, and how to check it."""

    capability: str
    subject: str
    key: str
    fetch: Callable[[MarketProvider], Awaitable[T]]
    adapter: TypeAdapter[T]
    result_type: type[ResearchResult[T]]
    static_value: T | None
    completeness: Callable[[T], float] | None = None
    missing: Callable[[T], list[str]] | None = None


@dataclass(slots=True)
class _Run(Generic[T]):
    started: float
    deadline: float
    budget_tight: bool
    api_calls: int = 0
    avisos: list[str] = field(default_factory=list)
    unknown_by: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    partial: tuple[T, list[str]] | None = None


class FallbackChain:
    """Runs `ResearchJob`s through the chain; shared by every request of one `MarketResearch`."""

    def __init__(
        self,
        providers: list[MarketProvider],
        cache: ResearchCache,
        static: StaticMarketData | None,
        clock: Clock,
        *,
        deadline_fraction: float,
        primary_fraction: float,
        breakers: SourceBreakers,
    ) -> None:
        if not 0 < primary_fraction <= deadline_fraction <= 1:
            raise ConfigurationError(
                "need 0 < primary_fraction <= deadline_fraction <= 1",
                primary_fraction=primary_fraction,
                deadline_fraction=deadline_fraction,
            )
        self._providers = providers
        self._cache = cache
        self._static = static
        self._clock = clock
        self._deadline_fraction = deadline_fraction
        self._primary_fraction = primary_fraction
        self.breakers = breakers

    async def run(
        self,
        job: ResearchJob[T],
        timeout_s: float | None,
        budget_tight: bool,
        allow_api: bool,
        deadline: float | None,
        ticker: str | None,
    ) -> ResearchResult[T]:
        now = self._clock.monotonic()
        if timeout_s is not None and timeout_s <= 0:
            raise MarketInputError("timeout_s must be > 0", timeout_s=timeout_s)
        if timeout_s is not None:
            if deadline is None:
                deadline = now + self._deadline_fraction * timeout_s
            primary_until = min(deadline, now + self._primary_fraction * timeout_s)
        elif deadline is not None:
            # Only the bus's deadline (already 80% of the timeout): same proportions of it.
            share = self._primary_fraction / self._deadline_fraction
            primary_until = now + max(deadline - now, 0) * share
        else:
            raise MarketInputError("give timeout_s or deadline")
        run: _Run[T] = _Run(
            started=now, deadline=deadline, budget_tight=budget_tight or not allow_api
        )
        sources = [p for p in self._providers if p.supports(job.capability)]
        if not allow_api and sources:
            run.avisos.append("Limite de chamadas externas atingido: usando cache ou dados locais.")
            sources = []
        first, rest = sources[:1], sources[1:]

        for provider in first:
            value = await self._attempt(provider, job, run, primary_until, "Fonte primária")
            if value is not None:
                return await self._answer(job, run, value, Origin.PRIMARY, provider.name)

        entry = await self._cache.get(job.key)
        cached = self._decode(job, entry) if entry is not None else None
        if entry is not None and cached is not None:
            age = self._clock.now() - entry.stored_at
            if age <= FRESH_CACHE:
                return await self._answer(job, run, cached, Origin.CACHE, entry.source, entry)
            if run.budget_tight and age <= TIGHT_BUDGET_CACHE:
                return await self._answer(job, run, cached, Origin.STALE_CACHE, entry.source, entry)
            if run.partial is None:
                run.partial = (
                    cached,
                    [f"cache de {br_datetime(entry.stored_at)} ({entry.source})"],
                )

        for provider in rest:
            value = await self._attempt(provider, job, run, run.deadline, "Fonte alternativa")
            if value is not None:
                return await self._answer(job, run, value, Origin.ALTERNATIVE, provider.name)

        if job.static_value is not None:
            return await self._answer(job, run, job.static_value, Origin.STATIC, "dados estáticos")

        if run.partial is not None:
            value, fontes = run.partial
            run.avisos.append("Nenhuma fonte respondeu por completo: seguem dados parciais.")
            return self._result(job, run, value, Origin.PARTIAL, fontes)
        if ticker is not None and run.unknown_by and not run.failed:
            raise UnknownTickerError(
                f"no source knows {ticker} ({', '.join(run.unknown_by)})", ticker=ticker
            )
        names = ", ".join(run.failed + run.unknown_by) or "nenhuma fonte disponível"
        run.avisos.append(
            f"Não foi possível obter {job.subject}: todas as fontes falharam ({names}). "
            "Tente novamente em 60 segundos."
        )
        return self._result(job, run, None, Origin.NONE, [])

    async def _attempt(
        self, provider: MarketProvider, job: ResearchJob[T], run: _Run[T], until: float, label: str
    ) -> T | None:
        """One provider call within `until`; None (with warnings recorded) on any failure."""
        window = until - self._clock.monotonic()
        if window <= 0:
            run.avisos.append(f"{label} ({provider.name}) não consultada: sem tempo restante.")
            run.failed.append(provider.name)
            return None
        if not self.breakers.allow(provider.name):
            run.avisos.append(
                f"{label} ({provider.name}) suspensa temporariamente após falhas repetidas."
            )
            run.failed.append(provider.name)
            return None
        run.api_calls += 1
        try:
            value = await self._within(job.fetch(provider), window, provider.name)
        except asyncio.CancelledError:
            self.breakers.abandon(provider.name)
            raise
        except TickerNotFoundError:
            self.breakers.record(provider.name, ok=True)
            run.unknown_by.append(provider.name)
            run.avisos.append(f"{label} ({provider.name}) não encontrou {job.subject}.")
            return None
        except ProviderError as exc:
            log.info("market source failed", extra={"provider": provider.name, "error": exc.code})
            self.breakers.record(provider.name, ok=False)
            run.failed.append(provider.name)
            run.avisos.append(f"{label} ({provider.name}) falhou: {exc.reason_pt}.")
            return None
        except Exception:  # a parser bug must not sink the chain: it is a bad response
            log.exception("market source raised", extra={"provider": provider.name})
            self.breakers.record(provider.name, ok=False)
            run.failed.append(provider.name)
            run.avisos.append(f"{label} ({provider.name}) falhou: resposta inválida.")
            return None
        self.breakers.record(provider.name, ok=True)
        if job.completeness is not None and job.missing is not None:
            share, missing = job.completeness(value), job.missing(value)
            if share < PARTIAL_THRESHOLD:
                run.failed.append(provider.name)
                run.avisos.append(
                    f"{label} ({provider.name}) devolveu dados incompletos "
                    f"(faltam: {', '.join(missing)})."
                )
                if run.partial is None:
                    run.partial = (value, [provider.name])
                return None
            if missing:
                verb = "indisponível" if len(missing) == 1 else "indisponíveis"
                run.avisos.append(f"Dados parciais: {', '.join(missing)} {verb}.")
        return value

    async def _within(self, call: Awaitable[T], seconds: float, provider: str) -> T:
        """Await `call` for at most `seconds` on the injected clock (not the loop's timer)."""
        task: asyncio.Future[T] = asyncio.ensure_future(call)
        timer: asyncio.Future[None] = asyncio.ensure_future(self._clock.sleep(seconds))
        try:
            pending: set[asyncio.Future[Any]] = {task, timer}
            await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
        finally:
            timer.cancel()
            if not task.done():
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        if task.cancelled():
            raise ProviderTimeoutError(
                f"{provider}: no answer in {seconds:.1f}s", provider=provider, seconds=seconds
            )
        return task.result()

    def _decode(self, job: ResearchJob[T], entry: CacheEntry) -> T | None:
        try:
            return job.adapter.validate_json(entry.payload)
        except ValidationError:
            log.warning("unreadable cache entry ignored", extra={"key": job.key})
            return None

    async def _answer(
        self,
        job: ResearchJob[T],
        run: _Run[T],
        value: T,
        origin: Origin,
        source: str,
        entry: CacheEntry | None = None,
    ) -> ResearchResult[T]:
        if origin in (Origin.PRIMARY, Origin.ALTERNATIVE):
            await self._cache.put(job.key, job.adapter.dump_json(value).decode(), source)
        fontes = [source]
        if origin is Origin.ALTERNATIVE:
            fontes = [f"{source} (fallback)"]
            run.avisos.append(
                f"Dados de fonte alternativa ({source}) porque a fonte primária falhou."
            )
        elif origin in (Origin.CACHE, Origin.STALE_CACHE) and entry is not None:
            when = br_datetime(entry.stored_at)
            fontes = [f"cache ({source}, {when})"]
            if origin is Origin.CACHE:
                run.avisos.append(f"Dados do cache de {when} (fonte original: {source}).")
            else:
                run.avisos.append(
                    f"Dados do cache de {when} (fonte original: {source}), com até 7 dias, "
                    "aceitos porque o orçamento está apertado: podem estar desatualizados."
                )
        elif origin is Origin.STATIC and self._static is not None:
            day = br_date(self._static.as_of)
            fontes = [f"dados estáticos de {day}"]
            run.avisos.append(f"Dados estáticos de {day}: podem estar desatualizados.")
        return self._result(job, run, value, origin, fontes, source)

    def _result(
        self,
        job: ResearchJob[T],
        run: _Run[T],
        value: T | None,
        origin: Origin,
        fontes: list[str],
        source: str = "",
    ) -> ResearchResult[T]:
        status = {
            Origin.PRIMARY: ResearchStatus.SUCESSO,
            Origin.PARTIAL: ResearchStatus.ERRO_COM_DADOS_PARCIAIS,
            Origin.NONE: ResearchStatus.ERRO,
        }.get(origin, ResearchStatus.SUCESSO_VIA_FALLBACK)
        descriptions: dict[Origin, str] = {
            Origin.CACHE: "cache de até 24 h",
            Origin.STALE_CACHE: "cache de até 7 dias (orçamento apertado)",
            Origin.ALTERNATIVE: f"fonte alternativa: {source}",
            Origin.STATIC: "dados estáticos",
            Origin.PARTIAL: "dados parciais",
        }
        elapsed = self._clock.monotonic() - run.started
        return job.result_type(
            subject=job.subject,
            data=value,
            status=status,
            confianca=CONFIDENCE[origin],
            origin=origin,
            fontes=fontes,
            avisos=run.avisos,
            fallback_used=origin not in (Origin.PRIMARY, Origin.NONE),
            fallback_description=descriptions.get(origin),
            collected_at=self._clock.now(),
            resources=ResourceUsage(api_calls=run.api_calls, ms=round(elapsed * 1000)),
        )
