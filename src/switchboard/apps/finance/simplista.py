"""The Simplista's pt-BR answers: a `QueryResult` -> a short answer (spec 001 §9, flow 3).

"Neste mês você gastou R$ 3.450,00." Money through `format_brl` (babel-backed "R$ 1.234,56"),
periods through `Period.phrase`. An answer says exactly what it computed (issue 19):

- every filter applied, in words ("com Luz, Água e Internet", "no cartão de crédito", "no
  Carrefour", "em compras parceladas");
- what it assumed ("(considerei este mês)", "(considerei todo o histórico)") and what it could
  not apply ("Não consigo filtrar por cartão específico (Nubank); considerei todas as compras
  no cartão de crédito.");
- what a total includes or leaves out: debt payments inside spending, estornos netted out, card
  bill payments left out (their purchases already count);
- the definition behind balance, net worth and savings, so the number can be checked.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from switchboard.apps.finance.data_access import Flow, QueryResult
from switchboard.apps.finance.finmath.fmt import count, listing, pct
from switchboard.apps.finance.ledger import Scheduled
from switchboard.apps.finance.nlu import LedgerQuery, display_name, format_brl
from switchboard.apps.finance.nlu.dates import MONTH_NAMES

LIST_MAX = 10
"""Rows shown in a list answer; the total always covers all."""
_PAYMENT_WORDS = {
    "credito": "no cartão de crédito",
    "debito": "no débito",
    "pix": "no pix",
    "dinheiro": "em dinheiro",
    "boleto": "no boleto",
}
_PER_WORDS = {"dia": ("por dia", "dia"), "semana": ("por semana", "semana"),
              "mes": ("por mês", "mês"), "item": ("por lançamento", "lançamento")}  # fmt: skip
_ACCOUNTS = {"poupanca": "poupança"}
MOVED_DEFINITION = (
    "receitas − despesas + empréstimos recebidos − bens comprados à vista; transferências entre "
    "contas suas não mudam esse total"
)
"""What the entries moved in the user's accounts (the balance without its opening)."""
BALANCE_DEFINITION = f"saldo inicial das contas + {MOVED_DEFINITION}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _flow_line(f: Flow) -> str:
    name = f.description or display_name(f.categoria, f.subcategoria) or "sem descrição"
    where = " (cartão)" if f.source == "cartao" else ""
    if f.nature == "estorno":
        where = " (estorno)"
    return f"- {f.day.strftime('%d/%m')}: {name}{where}, {format_brl(f.amount)}"


def _due_line(s: Scheduled) -> str:
    name = s.description or display_name(s.categoria, s.subcategoria) or "conta"
    when = f", vence em {s.due.strftime('%d/%m/%Y')}" if s.due else ""
    return f"- {name}: {format_brl(s.amount)}{when}"


def _scope_words(q: LedgerQuery) -> str:
    """' com Luz, Água e Internet no pix' — the filters but the period."""
    parts: list[str] = []
    if q.scopes:
        names = [display_name(c, s) or c for c, s in q.scopes]
        parts.append("com " + listing(names))
    elif (name := display_name(q.categoria, q.subcategoria)) is not None:
        parts.append(f"com {name}")
    if q.merchants:
        parts.append("em " + listing([m.title() for m in q.merchants]))
    left = [display_name(c, s) or c for c, s in q.excluded] + list(q.excluded_words)
    if left:
        parts.append("sem contar " + listing(left))
    methods = [_PAYMENT_WORDS.get(m, m) for m in q.payment_methods]
    if methods:
        parts.append(listing(methods))
    if q.instalments_only:
        parts.append("em compras parceladas")
    low, high = q.min_value, q.max_value
    if low is not None and high is not None:
        parts.append(f"em lançamentos entre {format_brl(low)} e {format_brl(high)}")
    elif low is not None:
        parts.append(f"em lançamentos acima de {format_brl(low)}")
    elif high is not None:
        parts.append(f"em lançamentos até {format_brl(high)}")
    return (" " + " ".join(parts)) if parts else ""


def _filters(q: LedgerQuery) -> str:
    """The filters and the period: 'com Supermercado em março de 2026'."""
    period = f" {q.period.phrase}" if q.period else ""
    return (_scope_words(q) + period).strip()


def _notes(result: QueryResult) -> str:
    """What was assumed, left out or could not be filtered (each a short sentence)."""
    q = result.query
    notes: list[str] = []
    if q.period and q.assumed_period:
        notes.append(f"(considerei {q.period.label})")
    elif q.period is None and q.metric == "average" and q.per == "mes":
        pass  # the closed months it was taken over are named in the answer itself
    elif q.period is None and q.metric in ("max", "min", "total", "count", "list", "average"):
        notes.append("(considerei todo o histórico)")
    if result.debt_payments and not q.categoria and not q.scopes:
        notes.append(f"Inclui {format_brl(result.debt_payments)} de pagamento de dívidas.")
    if result.refunds:
        notes.append(f"Já descontei {format_brl(result.refunds)} de estornos.")
    if result.card_bills:
        notes.append(
            f"Não contei {format_brl(result.card_bills)} de pagamento de fatura do cartão: as "
            "compras no cartão já contam quando são feitas."
        )
    for what in q.unsupported:
        instead = (
            "todas as compras no cartão de crédito" if "cartão" in what else "todos os lançamentos"
        )
        notes.append(f"Não consigo filtrar por {what}; considerei {instead}.")
    return (" " + " ".join(notes)) if notes else ""


def answer(result: QueryResult, whole: QueryResult | None = None) -> str:
    """The pt-BR answer to `result` (see the module docstring); `whole` is the same question
    over the whole history when the period was only assumed ("quanto gastei de uber no pix?"
    has no period: this month's figure, and the history's when it differs)."""
    text = _answer(result) + _notes(result)
    if whole is None or (whole.value, whole.count) == (result.value, result.count):
        return text
    if whole.query.metric == "count":
        return (
            f"{text} Em todo o histórico: {count(whole.count, 'lançamento')}, somando "
            f"{format_brl(whole.value)}."
        )
    return f"{text} Em todo o histórico: {format_brl(whole.value)}."


HISTORY_METRICS = frozenset({"total", "count"})
"""Metrics whose answer adds the whole history when the period was only assumed."""


def _period_words(q: LedgerQuery) -> str:
    return q.period.phrase if q.period else "no histórico"


def _lead(q: LedgerQuery) -> str:
    return _cap(q.period.phrase) + " você" if q.period else "Você"


def _month_names(months: tuple[date, ...]) -> str:
    """ "setembro e outubro de 2026", "dezembro de 2025 e janeiro de 2026"."""
    years = {m.year for m in months}
    names = [
        MONTH_NAMES[m.month - 1] + ("" if len(years) == 1 else f" de {m.year}") for m in months
    ]
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " e " + names[-1]
    return joined + (f" de {months[0].year}" if len(years) == 1 else "")


def _monthly_average(result: QueryResult, verb: str) -> str:
    """An average per month over the closed months with records, naming them; with none, what
    is recorded so far, and never an average of R$ 0,00 made up from nothing."""
    q = result.query
    scope = _scope_words(q)
    if not result.months:
        noun = "receitas" if q.kind == "receita" else "gastos"
        if result.running:
            return (
                f"Ainda não há nenhum mês fechado com {noun} registrados{scope}, então não dá "
                f"para calcular uma média por mês: neste mês, que ainda não acabou, você {verb} "
                f"{format_brl(result.running)} até agora."
            )
        return (
            f"Você ainda não tem {noun} registrados{scope}, então não há média por mês para "
            "calcular."
        )
    n = len(result.months)
    months = "o único mês fechado" if n == 1 else f"os {n} meses fechados"
    return (
        f"Em média você {verb} {format_brl(result.value)} por mês{scope}, considerando "
        f"{months} com registros ({_month_names(result.months)}: {format_brl(result.expenses)} "
        "no total). O mês atual ainda não acabou e ficou de fora."
    )


def _answer(result: QueryResult) -> str:
    q = result.query
    money = format_brl(result.value)
    filters = _filters(q)
    verb = "recebeu" if q.kind == "receita" else "gastou"
    match q.metric:
        case "total" if result.count == 0:
            # "quanto gastei com mercado esse mês?" with nothing recorded: said plainly, not
            # "você gastou R$ 0,00" (which reads as a fact about the user's spending)
            noun = (
                "nenhuma receita registrada" if q.kind == "receita" else "nenhum gasto registrado"
            )
            when = f"{_cap(q.period.phrase)} não há" if q.period else "Não há"
            return f"{when} {noun}{_scope_words(q)} (R$ 0,00)."
        case "total":
            return f"{_lead(q)} {verb} {money}{_scope_words(q)}."
        case "average" if q.per == "mes" and q.period is None:
            return _monthly_average(result, verb)
        case "average":
            per, unit = _PER_WORDS[q.per or "dia"]
            total = format_brl(result.expenses)
            return (
                f"{_lead(q)} {verb} em média {money} {per}{_scope_words(q)} "
                f"({total} em {count(result.units, unit)})."
            )
        case "max_day":
            if not result.flows:
                return f"Não encontrei gastos {filters}.".replace("  ", " ")
            day = result.flows[0].day.strftime("%d/%m/%Y")
            items = "; ".join(
                f"{f.description or display_name(f.categoria, f.subcategoria) or 'gasto'} "
                f"{format_brl(f.amount)}"
                for f in result.flows
            )
            return f"O dia em que você mais gastou {filters} foi {day}: {money} ({items}).".replace(
                "  ", " "
            )
        case "max" | "min":
            if not result.flows:
                return f"Não encontrei lançamentos {filters}.".replace("  ", " ").replace(" .", ".")
            adj = "maior" if q.metric == "max" else "menor"
            noun = "receita" if q.kind == "receita" else "despesa"
            if len(result.flows) == 1:
                f = result.flows[0]
                name = f.description or display_name(f.categoria, f.subcategoria) or "sem descrição"
                month = f", em {MONTH_NAMES[f.day.month - 1]}" if q.by_month else ""
                return (
                    f"Sua {adj} {noun} {filters} foi {format_brl(f.amount)} ({name}, em "
                    f"{f.day.strftime('%d/%m/%Y')}){month}."
                ).replace("  ", " ")
            lines = "\n".join(_flow_line(f) for f in result.flows)
            return f"Suas {adj}es {noun}s {filters}:\n{lines}".replace("  ", " ")
        case "list":
            if not result.flows:
                return f"Não encontrei lançamentos {filters}.".replace("  ", " ").replace(" .", ".")
            shown = result.flows[-LIST_MAX:]
            lines = "\n".join(_flow_line(f) for f in shown)
            more = (
                f"\n(mostrando os {len(shown)} mais recentes de {result.count})"
                if (result.count > len(shown))
                else ""
            )
            head = f"Seus lançamentos {filters} ({result.count}, total {money}):"
            return f"{head}\n{lines}{more}".replace("  ", " ")
        case "share":
            whole = format_brl(result.income)
            if not result.income:
                return f"Não encontrei gastos {_period_words(q)} para comparar.".replace(" .", ".")
            if q.of_income is not None:
                of = "do seu salário" if q.of_income == "salario" else "da sua renda"
                return (
                    f"{_lead(q)} {verb} {format_brl(result.expenses)}{_scope_words(q)}: "
                    f"{pct(result.value)} {of} ({whole} recebidos"
                    f"{' ' + q.period.phrase if q.period else ''})."
                )
            return (
                f"{_lead(q)} {verb} {format_brl(result.expenses)}{_scope_words(q)}: {money}% do "
                f"total de {whole} {'recebido' if q.kind == 'receita' else 'gasto'}"
                f"{' ' + q.period.phrase if q.period else ''}."
            ).replace(f"{money}%", f"{str(result.value).replace('.', ',')}%")
        case "count":
            found = count(result.count, "lançamento")
            return f"Encontrei {found} {filters}, somando {money}.".replace("  ", " ")
        case "savings":
            income, spent = format_brl(result.income), format_brl(result.expenses)
            rate = ""
            if q.of_income is not None and result.income:
                # "qual % da minha renda isso representa?": the savings over the income
                share = (result.value * 100 / result.income).quantize(Decimal("0.01"))
                rate = f" Isso é {pct(share)} da sua renda no período."
            if result.value >= 0:
                return (
                    f"{_lead(q)} economizou {money} (ficou no azul): recebeu {income} e gastou "
                    f"{spent}.{rate} Economia = receitas − despesas do período; transferências "
                    "entre contas suas e investimentos não entram."
                )
            return (
                f"{_lead(q)} gastou {format_brl(-result.value)} a mais do que recebeu (ficou no "
                f"vermelho): recebeu {income} e gastou {spent}."
            )
        case "balance":
            if not result.opening_known:  # -R$ 85,00 for a new user is no balance
                return (
                    "Não sei o saldo do seu banco: o saldo inicial das suas contas não está "
                    f"registrado. Pelos lançamentos registrados, o dinheiro em conta mudou {money} "
                    f"({MOVED_DEFINITION})."
                )
            return f"Seu saldo em conta é de {money} ({BALANCE_DEFINITION})."
        case "net_worth":
            return _net_worth(result)
        case "invested":
            kind = f" em {q.investment_type}" if q.investment_type else ""
            if q.period is not None:
                return f"{_lead(q)} investiu {money} (compras de investimentos registradas)."
            return f"Você tem {money} investidos{kind}."
        case "reserve":
            return f"Sua reserva de emergência é de {money}."
        case "card_installments":
            if not result.instalments:
                return "Você não tem parcelas de cartão em aberto."
            return (
                f"Você tem {count(result.count, 'parcela')} de cartão em aberto, somando {money}. "
                f"A próxima vence em {_next_due(result)}."
            )
        case "debts":
            return _debts(result)
        case "top_category" | "by_category" if not result.ranking:
            return f"Não encontrei gastos {filters}.".replace("  ", " ").replace(" .", ".")
        case "top_category":
            top, value = result.ranking[0]
            others = "; ".join(f"{name} {format_brl(v)}" for name, v in result.ranking[1:4])
            rest = f" Depois vêm: {others}." if others else ""
            return (
                f"{_lead(q)} gastou mais com {top}: {format_brl(value)} de "
                f"{format_brl(result.expenses)} no total.{rest}"
            )
        case "by_category":
            lines = "\n".join(
                f"- {name}: {format_brl(v)} ({pct(100 * v / result.expenses, places=0)})"
                for name, v in result.ranking
            )
            return f"{_lead(q)} gastou {format_brl(result.expenses)}, assim:\n{lines}"
        case "transfers" if q.account:
            when = f" {q.period.phrase}" if q.period else ""
            account = _ACCOUNTS.get(q.account, q.account)
            return (
                f"Pelas transferências registradas{when}, você tem {money} em {account} "
                f"({count(result.count, 'transferência')}: entradas menos saídas)."
            )
        case "transfers":
            if not result.transfers:
                return f"Não encontrei transferências entre suas contas {filters}.".replace(
                    "  ", " "
                ).replace(" .", ".")
            return (
                f"{_lead(q)} transferiu {money} entre contas suas "
                f"({count(result.count, 'transferência')}). Isso não é gasto: o dinheiro continua "
                "seu."
            )
        case "payables" | "receivables" | "agenda":
            return _scheduled(result)
    return f"O resultado é {format_brl(Decimal(result.value))}."


def _net_worth(result: QueryResult) -> str:
    worth = result.net_worth
    money = format_brl(result.value)
    if worth is None:
        return f"Seu patrimônio líquido é de {money}."
    owned = worth.assets - worth.balance
    if worth.balance < 0:  # the opening balance is unknown: a negative "saldo" is no real figure
        return (
            f"Pelos seus registros, seu patrimônio líquido é de {money} mais o saldo que você "
            f"tinha em conta antes deles (esse eu não sei): {format_brl(owned)} em bens "
            f"(investimentos, reserva, imóveis e veículos), menos {format_brl(worth.liabilities)} "
            f"em dívidas e parcelas em aberto, e o dinheiro em conta mudou "
            f"{format_brl(worth.balance)}. Só bens menos dívidas: "
            f"{format_brl(owned - worth.liabilities)}."
        )
    return (
        f"Seu patrimônio líquido é de {money}: {format_brl(owned)} em bens (investimentos, "
        f"reserva, imóveis e veículos) e {format_brl(worth.balance)} de saldo em conta, menos "
        f"{format_brl(worth.liabilities)} em dívidas e parcelas em aberto."
    )


def _debts(result: QueryResult) -> str:
    q = result.query
    money = format_brl(result.value)
    card = _card_instalments(result)
    if not result.debts:
        if q.debt:
            return f"Não encontrei dívida em aberto com “{q.debt}”.{card}"
        return f"Você não tem dívidas registradas em aberto.{card}"
    lines = "\n".join(f"- {d.name}: {format_brl(d.balance)}" for d in result.debts)
    if q.debt:
        return f"Você deve {money} de “{q.debt}”:\n{lines}"
    return f"Você deve {money} no total:\n{lines}{_below(card)}"


def _below(line: str) -> str:
    """A sentence said after a list: on a line of its own."""
    return f"\n{line.strip()}" if line else ""


def _card_instalments(result: QueryResult) -> str:
    """The card's open instalments, said beside the debts ("quanto devo no cartão?", "quanto
    falta pagar do notebook?" — a purchase in instalments is no debt of the ledger, and "não
    tenho dívidas" alone hid them)."""
    if not result.instalments:
        return ""
    total = format_brl(sum((i.amount for i in result.instalments), Decimal(0)))
    return (
        f" No cartão, você tem {count(len(result.instalments), 'parcela')} de compras parceladas "
        f"em aberto, somando {total}; a próxima vence em {_next_due(result)}."
    )


def _next_due(result: QueryResult) -> str:
    """ "27/12/2026: R$ 333,34" — the first open card instalment (they come by due date)."""
    first = result.instalments[0]
    return f"{first.due.strftime('%d/%m/%Y')}: {format_brl(first.amount)}"


def _scheduled(result: QueryResult) -> str:
    q = result.query
    when = f" {q.period.phrase}" if q.period else ""
    if q.metric == "agenda":
        lines = "\n".join(_due_line(s) for s in result.scheduled[:LIST_MAX])
        left = result.income - result.expenses
        net = (
            f"Recebendo tudo e pagando tudo, sobram {format_brl(left)}."
            if left >= 0
            else f"Mesmo recebendo tudo, faltam {format_brl(-left)} para pagar tudo."
        )
        return (
            f"{_cap(when.strip()) + ' você' if when else 'Você'} tem {format_brl(result.income)} "
            f"a receber e {format_brl(result.expenses)} a pagar. {net}\n{lines}"
        )
    money = format_brl(result.value)
    noun = "a pagar" if q.metric == "payables" else "a receber"
    if q.overdue:
        noun = "atrasada" if result.count == 1 else "atrasadas"
    card = _card_instalments(result)
    if not result.scheduled:
        if q.overdue:
            return "Você não tem contas atrasadas."
        return f"Você não tem contas {noun} em aberto{when}.{card}"
    lines = "\n".join(_due_line(s) for s in result.scheduled[:LIST_MAX])
    lead = f"{_cap(when.strip())} você" if when else "Você"
    if result.count == 1:
        return f"{lead} tem uma conta {noun}, de {money}:\n{lines}{_below(card)}"
    return f"{lead} tem {result.count} contas {noun}, somando {money}:\n{lines}{_below(card)}"
