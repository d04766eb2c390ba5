"""The executors as bus handlers (spec 001 §6): atomic operations, local reasoning only.

- `ResearchExecutor` wraps `MarketResearch` (its fallback chain, confidence and warnings); the
  internal deadline is the bus's `ctx.deadline` (80% of the message timeout); a message flagged
  `budget_critical` accepts cache up to 7 days, one flagged `budget_exhausted` makes no API call.
- `StaticResearchExecutor` is `pesquisa_externa`'s bus-level fallback (circuit open): dated
  static data, confidence 40, no API call.
- `MathExecutor` runs `finmath`; as the spec allows, it reads the user's data directly
  (`DataAccess`) and asks `pesquisa_externa` for rates over the bus (same mission, call path
  kept).
- `SimplistaExecutor` answers the §3.2 queries over the bus; `LancamentoExecutor` refuses writes
  inside missions (see `contracts.py`).

Every reply carries what it consumed: API calls, DB calls (tokens are 0: no model is called).
Mission context: the user id travels in the message context under `USER_KEY`.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from pydantic import ValidationError

from switchboard import SwitchboardError
from switchboard.apps.finance.data_access import DataAccess
from switchboard.apps.finance.data_access.wire import (
    Divida,
    Dividas,
    FluxoMensal,
    GastosPorCategoria,
    Investimentos,
    LedgerData,
    Patrimonio,
    Perfil,
    Posicao,
    Saldo,
)
from switchboard.apps.finance.finmath import (
    FinMathError,
    Position,
    annual_to_monthly,
    compare_finance_vs_save,
    grow,
    price_table,
    retirement_plan,
    sac_table,
    simulate_allocation,
)
from switchboard.apps.finance.market import (
    MarketResearch,
    StaticMarketData,
    describe_fundamentals,
    describe_index,
    describe_news,
    describe_quote,
    normalize_ticker,
    to_reply,
)
from switchboard.apps.finance.missions.catalogue.compute import MissingParameterError
from switchboard.apps.finance.missions.catalogue.operations import BY_NAME
from switchboard.apps.finance.missions.math_replies import (
    AllocationReply,
    ComparisonReply,
    CompoundReply,
    FinancingReply,
    RetirementReply,
)
from switchboard.bus import Flag, Reply, RequestContext, ResponseStatus
from switchboard.patterns import user_of


class MissionInputError(SwitchboardError):
    """A request's parameters are present (the schema passed) but not usable."""

    code = "mission_invalid_input"
    http_status = 422


def dec(value: Any, name: str) -> Decimal:
    """A decimal string (or int) as `Decimal`; floats and junk are refused."""
    if isinstance(value, (bool, float)):
        raise MissionInputError(f"{name} must be a decimal string, not {value!r}", field=name)
    try:
        return Decimal(str(value).replace(",", "."))
    except InvalidOperation:
        raise MissionInputError(f"{name} is not a number: {value!r}", field=name) from None


class ResearchExecutor:
    """`pesquisa_externa`."""

    def __init__(self, research: MarketResearch) -> None:
        self.research = research

    async def __call__(self, ctx: RequestContext) -> Reply:
        params = ctx.parameters
        flags = ctx.flags
        tight = bool(params.get("orcamento_apertado")) or Flag.BUDGET_CRITICAL in flags
        allow_api = Flag.BUDGET_EXHAUSTED not in flags
        options: dict[str, Any] = {
            "budget_tight": tight,
            "allow_api": allow_api,
            "deadline": ctx.deadline,
        }
        op = ctx.operation
        if op == "cotacao":
            quote = await self.research.quote(params["ticker"], **options)
            return to_reply(quote, description=describe_quote(quote))
        if op == "dados_fundamentalistas":
            fundamentals = await self.research.fundamentals(params["ticker"], **options)
            return to_reply(fundamentals, description=describe_fundamentals(fundamentals))
        if op == "indice":
            index = await self.research.index(params["nome"], **options)
            return to_reply(index, description=describe_index(index))
        if op == "noticias":
            news = await self.research.news(
                params["consulta"], limit=int(params.get("limite", 5)), **options
            )
            return to_reply(news, description=describe_news(news))
        raise MissionInputError(f"unknown operation {op!r}")


class StaticResearchExecutor:
    """`pesquisa_externa_estatica`: the bus's fallback when `pesquisa_externa` is down."""

    WARNING = "Dados estáticos de {date}: podem estar desatualizados."

    def __init__(self, static: StaticMarketData | None = None) -> None:
        self.static = static or StaticMarketData()

    async def __call__(self, ctx: RequestContext) -> Reply:
        params = ctx.parameters
        op = ctx.operation
        value: Any
        if op == "cotacao":
            value = self.static.quote(normalize_ticker(params["ticker"]))
        elif op == "dados_fundamentalistas":
            value = self.static.fundamentals(normalize_ticker(params["ticker"]))
        elif op == "indice":
            value = self.static.index(params["nome"])
        else:
            raise MissionInputError(f"unknown operation {op!r}")
        if value is None:
            return Reply(status=ResponseStatus.TOTAL_FAILURE, warnings=["Sem dados estáticos."])
        date = self.static.as_of.strftime("%d/%m/%Y")
        return Reply(
            data=value.model_dump(mode="json"),
            confidence=40,
            sources=["dados estáticos"],
            warnings=[self.WARNING.format(date=date)],
            metadata={"origin": "static", "timestamp_coleta": self.static.as_of.isoformat()},
        )


def _monthly_rate(params: dict[str, Any]) -> Decimal:
    if "taxa_mensal" in params:
        return dec(params["taxa_mensal"], "taxa_mensal")
    if "taxa_anual" in params:
        return annual_to_monthly(dec(params["taxa_anual"], "taxa_anual"))
    raise MissionInputError("give taxa_mensal or taxa_anual", field="taxa_mensal")


DEFAULT_LOAN_RATE = Decimal("0.0199")
"""Monthly rate of a car loan when the caller gives none: 1,99% a.m., a typical Brazilian
vehicle-finance rate (Banco Central's published averages for vehicle loans to individuals have
sat around 1.7–2.2% a.m.); the consolidation says it is an assumption."""


class MathExecutor:
    """`matematica`."""

    def __init__(self, data_access: DataAccess) -> None:
        self.data = data_access

    async def __call__(self, ctx: RequestContext) -> Reply:
        op = ctx.operation
        params = ctx.parameters
        catalogue = BY_NAME.get(op or "")
        if catalogue is not None:
            return await self._catalogue(ctx, catalogue.name)
        if op == "simular_financiamento":
            return self._financing(params)
        if op == "juros_compostos":
            return self._compound(params)
        if op == "aposentadoria":
            return self._retirement(params)
        if op == "simular_alocacao":
            return await self._allocation(ctx, params)
        if op == "comparar_financiar_poupar":
            return await self._compare(ctx, params)
        raise MissionInputError(f"unknown operation {op!r}")

    async def _catalogue(self, ctx: RequestContext, name: str) -> Reply:
        """A catalogue operation: validate its typed parameters, compute, reply its typed result
        as JSON. Missing or unusable parameters are an input error naming them (never guessed)."""
        operation = BY_NAME[name]
        try:
            params = operation.params.model_validate(ctx.parameters)
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()
            )
            raise MissionInputError(f"parâmetros inválidos: {problems}", operation=name) from exc
        try:
            result = await operation.run(params, self.data, user_of(ctx))
        except MissingParameterError as exc:
            raise MissionInputError(exc.message, operation=name) from exc
        except FinMathError as exc:
            raise MissionInputError(exc.message, operation=name) from exc
        return Reply(data=result.model_dump(mode="json"), db_calls=int(operation.reads_ledger))

    @staticmethod
    def _financing(params: dict[str, Any]) -> Reply:
        rate = _monthly_rate(params)
        principal = dec(params["valor"], "valor")
        months = int(params["meses"])
        system = params.get("sistema", "price")
        table = (price_table if system == "price" else sac_table)(principal, rate, months)
        reply: FinancingReply = {
            "sistema": system,
            "principal": str(table.principal),
            "taxa_mensal": str(rate),
            "meses": months,
            "primeira_parcela": str(table.rows[0].instalment),
            "ultima_parcela": str(table.rows[-1].instalment),
            "total_pago": str(table.total_paid),
            "total_juros": str(table.total_interest),
        }
        return Reply(data=reply)

    @staticmethod
    def _compound(params: dict[str, Any]) -> Reply:
        rate = _monthly_rate(params)
        result = grow(
            dec(params["valor_inicial"], "valor_inicial"),
            rate,
            int(params["meses"]),
            dec(params.get("aporte_mensal", "0"), "aporte_mensal"),
        )
        reply: CompoundReply = {
            "saldo_final": str(result.final_balance),
            "total_aportado": str(result.contributed),
            "juros": str(result.final_balance - result.contributed),
            "taxa_mensal": str(rate),
        }
        return Reply(data=reply)

    @staticmethod
    def _retirement(params: dict[str, Any]) -> Reply:
        income = dec(params["renda_mensal"], "renda_mensal")
        rate = dec(params["taxa_real_anual"], "taxa_real_anual")
        current = dec(params.get("capital_atual", "0"), "capital_atual")
        contribution = dec(params.get("aporte_mensal", "0"), "aporte_mensal")
        plan = retirement_plan(income, rate, current, contribution)
        reply: RetirementReply = {
            "capital_necessario": str(plan.capital_needed),
            "meses_para_atingir": plan.months_to_reach,
            "atingivel": plan.months_to_reach is not None,
        }
        return Reply(data=reply)

    async def _allocation(self, ctx: RequestContext, params: dict[str, Any]) -> Reply:
        holdings = await self.data.investments(user_of(ctx))
        positions = [Position(h.asset, h.asset_class, h.value) for h in holdings]
        klass = params.get("classe")
        result = simulate_allocation(
            positions,
            str(params["ativo"]),
            dec(params["valor"], "valor"),
            asset_class=str(klass) if klass else None,
        )
        reply: AllocationReply = {
            "ativo": result.asset,
            "classe": result.asset_class,
            "total_antes": str(result.total_before),
            "total_depois": str(result.total_after),
            "participacao_ativo_antes": str(result.asset_share_before),
            "participacao_ativo_depois": str(result.asset_share_after),
            "participacao_classe_antes": str(result.class_share_before),
            "participacao_classe_depois": str(result.class_share_after),
            "advertencias": list(result.warnings),
        }
        return Reply(
            data=reply,
            warnings=list(result.warnings),
            db_calls=1,
        )

    async def _compare(self, ctx: RequestContext, params: dict[str, Any]) -> Reply:
        db_calls = 0
        warnings: list[str] = []
        if "capacidade_mensal" in params:
            capacity = dec(params["capacidade_mensal"], "capacidade_mensal")
        else:
            flow = await self.data.monthly_flow(user_of(ctx))
            capacity = max(flow.surplus, Decimal(0))
            db_calls += 1
        if "taxa_investimento_anual" in params:
            invest_annual = dec(params["taxa_investimento_anual"], "taxa_investimento_anual")
        else:  # the spec's note: the math agent may ask external research itself
            response = await ctx.request(
                "pesquisa_externa", "indice", {"nome": "cdi"}, timeout=20.0, retries=0
            )
            if response.ok and isinstance(response.data, dict):
                invest_annual = dec(response.data["value"], "cdi") / 100
            else:
                invest_annual = Decimal("0.10")
                warnings.append("CDI indisponível: usada a taxa de 10% a.a. para investir.")
        loan = (
            dec(params["taxa_emprestimo_mensal"], "taxa_emprestimo_mensal")
            if "taxa_emprestimo_mensal" in params
            else DEFAULT_LOAN_RATE
        )
        result = compare_finance_vs_save(
            dec(params["preco"], "preco"),
            dec(params["poupado"], "poupado"),
            capacity,
            loan,
            annual_to_monthly(invest_annual),
            int(params["meses"]),
        )
        reply: ComparisonReply = {
            "melhor": result.better,
            "parcela": str(result.financing.instalment),
            "financiado": str(result.financing.financed),
            "total_pago_financiando": str(result.financing.total_paid),
            "juros_financiamento": str(result.financing.total_interest),
            "cabe_no_orcamento": result.financing.fits_budget,
            "uso_da_sobra_pct": _opt(result.financing.budget_use_pct),
            "meses_para_comprar": result.saving.months_to_buy,
            "juros_ganhos_poupando": str(result.saving.interest_earned),
            "diferenca_patrimonio": str(result.wealth_difference),
            "diferenca_custo": str(result.cost_difference),
            "capacidade_mensal": str(capacity),
            "taxa_investimento_anual": str(invest_annual),
            "taxa_emprestimo_mensal": str(loan),
        }
        return Reply(
            data=reply,
            warnings=warnings,
            db_calls=db_calls,
        )


def _opt(value: Decimal | None) -> str | None:
    return None if value is None else str(value)


class SimplistaExecutor:
    """`simplista`: the §3.2 queries over the bus."""

    def __init__(self, data_access: DataAccess) -> None:
        self.data = data_access

    async def __call__(self, ctx: RequestContext) -> Reply:
        data = await query_data(self.data, user_of(ctx), ctx.parameters)
        return Reply(data=data, db_calls=1, confidence=100, sources=["dados internos"])


async def query_data(data: DataAccess, user_id: str, params: dict[str, Any]) -> dict[str, Any]:
    """One §3.2 query as JSON (shared by the Simplista executor and the coordinators' direct
    access): its typed answer (`data_access.wire`) dumped for the wire."""
    return (await ledger_data(data, user_id, params)).model_dump(mode="json")


async def ledger_data(data: DataAccess, user_id: str, params: dict[str, Any]) -> LedgerData:
    """One §3.2 query's typed answer (`params["consulta"]` names it)."""
    kind = params["consulta"]
    months = int(params.get("meses", 3))
    if kind == "fluxo_mensal":
        flow = await data.monthly_flow(
            user_id, months, current_if_empty=bool(params.get("mes_corrente", False))
        )
        return FluxoMensal(
            meses=flow.months,
            renda_media=flow.income,
            gastos_medios=flow.expenses,
            sobra_media=flow.surplus,
            mes_corrente=flow.current_month,
        )
    if kind == "saldo":
        return Saldo(saldo=await data.balance(user_id))
    if kind == "patrimonio":
        worth = await data.net_worth(user_id)
        return Patrimonio(
            ativos=worth.assets, passivos=worth.liabilities, patrimonio_liquido=worth.net
        )
    if kind == "investimentos":
        holdings = await data.investments(user_id)
        return Investimentos(
            total=sum((h.value for h in holdings), Decimal(0)),
            posicoes=[Posicao(asset=h.asset, asset_class=h.asset_class, value=h.value)
                      for h in holdings],
        )  # fmt: skip
    if kind == "dividas":
        debts = await data.debts(user_id)
        return Dividas(
            total=sum((d.balance for d in debts), Decimal(0)),
            dividas=[
                Divida(name=d.name, balance=d.balance, monthly_rate=d.monthly_rate,
                       instalment=d.instalment)
                for d in debts
            ],
        )  # fmt: skip
    if kind == "gastos_por_categoria":
        flow = await data.monthly_flow(user_id, months)
        return GastosPorCategoria(gasto_medio_mensal=flow.expenses)
    if kind == "perfil":
        profile = await data.profile(user_id)
        return Perfil(risk_profile=profile.risk_profile, age=profile.age, goals=list(profile.goals))
    raise MissionInputError(f"unknown query {kind!r}")


class LancamentoExecutor:
    """`lancamento` inside missions: never writes (see `contracts.py`)."""

    REASON = (
        "Lançamentos não são gravados durante uma análise: o registro precisa da confirmação "
        "do usuário na conversa."
    )

    async def __call__(self, ctx: RequestContext) -> Reply:
        return Reply(data={"registrado": False, "motivo": self.REASON}, warnings=[self.REASON])


__all__ = [
    "DEFAULT_LOAN_RATE",
    "LancamentoExecutor",
    "MathExecutor",
    "MissionInputError",
    "ResearchExecutor",
    "SimplistaExecutor",
    "StaticResearchExecutor",
    "dec",
    "ledger_data",
    "query_data",
    "user_of",
]
