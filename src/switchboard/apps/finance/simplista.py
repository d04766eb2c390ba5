"""The Simplista's pt-BR answers: a `QueryResult` -> one short sentence (spec 001 §9, flow 3).

"Neste mês você gastou R$ 3.450,00." Money through `format_brl` (babel-backed "R$ 1.234,56"),
periods through `Period.phrase`; an assumed period is said ("(considerei este mês)"), so the
user can correct it.
"""

from __future__ import annotations

from decimal import Decimal

from switchboard.apps.finance.data_access import Flow, QueryResult
from switchboard.apps.finance.nlu import LedgerQuery, describe, display_name, format_brl

LIST_MAX = 10
"""Rows shown in a list answer; the total always covers all."""


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _flow_line(f: Flow) -> str:
    name = f.description or display_name(f.categoria, f.subcategoria) or "sem descrição"
    where = " (cartão)" if f.source == "cartao" else ""
    return f"- {f.day.strftime('%d/%m')}: {name}{where}, {format_brl(f.amount)}"


def _bounds(q: LedgerQuery) -> str:
    """' em lançamentos acima de R$ 500,00' when the question filtered by value."""
    low, high = q.min_value, q.max_value
    if low is not None and high is not None:
        return f" em lançamentos entre {format_brl(low)} e {format_brl(high)}"
    if low is not None:
        return f" em lançamentos acima de {format_brl(low)}"
    if high is not None:
        return f" em lançamentos até {format_brl(high)}"
    return ""


def answer(result: QueryResult) -> str:
    q = result.query
    money = format_brl(result.value)
    period = q.period.phrase if q.period else ""
    filters = describe(q)
    category = display_name(q.categoria, q.subcategoria)
    assumed = f" (considerei {q.period.label})" if q.period and q.assumed_period else ""
    what = f" com {category}" if category else ""
    verb = "recebeu" if q.kind == "receita" else "gastou"
    match q.metric:
        case "total":
            lead = _cap(period) + " você" if period else "Você"
            return f"{lead} {verb} {money}{what}{_bounds(q)}.{assumed}"
        case "max" | "min":
            if not result.flows:
                return f"Não encontrei lançamentos {filters}.{assumed}".replace("  ", " ")
            adj = "maior" if q.metric == "max" else "menor"
            noun = "receita" if q.kind == "receita" else "despesa"
            if len(result.flows) == 1:
                f = result.flows[0]
                name = f.description or display_name(f.categoria, f.subcategoria) or "sem descrição"
                return (
                    f"Sua {adj} {noun} {filters} foi {format_brl(f.amount)} ({name}, em "
                    f"{f.day.strftime('%d/%m/%Y')}).{assumed}"
                ).replace("  ", " ")
            lines = "\n".join(_flow_line(f) for f in result.flows)
            return f"Suas {adj}es {noun}s {filters}:\n{lines}{assumed}".replace("  ", " ")
        case "list":
            if not result.flows:
                return f"Não encontrei lançamentos {filters}.{assumed}".replace("  ", " ")
            shown = result.flows[-LIST_MAX:]
            lines = "\n".join(_flow_line(f) for f in shown)
            more = (
                f"\n(mostrando os {len(shown)} mais recentes de {result.count})"
                if (result.count > len(shown))
                else ""
            )
            head = f"Seus lançamentos {filters} ({result.count}, total {money}):"
            return f"{head}\n{lines}{more}{assumed}".replace("  ", " ")
        case "count":
            text = f"Encontrei {result.count} lançamentos {filters}, somando {money}.{assumed}"
            return text.replace("  ", " ")
        case "savings":
            lead = _cap(period) + " você" if period else "Você"
            if result.value >= 0:
                return (
                    f"{lead} economizou {money}: recebeu {format_brl(result.income)} e gastou "
                    f"{format_brl(result.expenses)}.{assumed}"
                )
            return (
                f"{lead} gastou {format_brl(-result.value)} a mais do que recebeu: recebeu "
                f"{format_brl(result.income)} e gastou {format_brl(result.expenses)}.{assumed}"
            )
        case "balance":
            return f"Seu saldo em conta é de {money}."
        case "net_worth":
            worth = result.net_worth
            if worth is None:
                return f"Seu patrimônio líquido é de {money}."
            return (
                f"Seu patrimônio líquido é de {money}: {format_brl(worth.assets)} em bens e "
                f"saldo, menos {format_brl(worth.liabilities)} em dívidas e parcelas em aberto."
            )
        case "invested":
            kind = f" em {q.investment_type}" if q.investment_type else ""
            return f"Você tem {money} investidos{kind}."
        case "reserve":
            return f"Sua reserva de emergência é de {money}."
        case "card_installments":
            if not result.instalments:
                return "Você não tem parcelas de cartão em aberto."
            nxt = result.instalments[0]
            return (
                f"Você tem {result.count} parcelas de cartão em aberto, somando {money}. A "
                f"próxima vence em {nxt.due.strftime('%d/%m/%Y')}: {format_brl(nxt.amount)}."
            )
        case "debts":
            if not result.debts:
                return "Você não tem dívidas registradas em aberto."
            lines = "\n".join(f"- {d.name}: {format_brl(d.balance)}" for d in result.debts)
            return f"Você deve {money} no total:\n{lines}"
        case "payables" | "receivables":
            noun = "a pagar" if q.metric == "payables" else "a receber"
            if not result.scheduled:
                return f"Você não tem contas {noun} em aberto."
            lines = "\n".join(
                f"- {s.description or display_name(s.categoria, s.subcategoria) or 'conta'}: "
                f"{format_brl(s.amount)}"
                + (f", vence em {s.due.strftime('%d/%m/%Y')}" if s.due else "")
                for s in result.scheduled[:LIST_MAX]
            )
            if result.count == 1:
                return f"Você tem uma conta {noun}, de {money}:\n{lines}"
            return f"Você tem {result.count} contas {noun}, somando {money}:\n{lines}"
    return f"O resultado é {format_brl(Decimal(result.value))}."
