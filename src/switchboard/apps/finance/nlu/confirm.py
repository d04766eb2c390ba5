"""The pt-BR confirmation sentence after a draft is recorded (spec 001 §9, flow 2).

"Registrado! Despesa de R$ 150,00 em Supermercado na data de hoje." One sentence per class,
money through `format_brl`, dates as "na data de hoje" / "na data de ontem" / "em 05/04/2026"
(due dates: "com vencimento hoje/amanhã/em 15/12/2026"). Where the category is shown it is the
subcategory when there is one ("em Supermercado"), or "Categoria > Subcategoria" in parentheses
for card purchases and debts, as in the issue's example.
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from .categories import category_label, display_name
from .dates import MONTH_NAMES, month_only_due
from .draft import TransactionDraft
from .entry_class import EntryClass, classify_entry, split_installments
from .money import find_amounts, format_brl
from .share import find_share
from .shown import shown_description
from .text import fold

__all__ = ["assumed_due_note", "confirmation", "described", "share_note"]


def _on(day: date | None, today: date) -> str:
    if day is None or day == today:
        return "na data de hoje"
    if day == today - timedelta(days=1):
        return "na data de ontem"
    return f"em {day.strftime('%d/%m/%Y')}"


def _due(day: date | None, today: date, verb: str) -> str:
    if day is None:
        return f"sem data de {verb} definida"
    if day == today:
        return f"com {verb} hoje"
    if day == today + timedelta(days=1):
        return f"com {verb} amanhã"
    return f"com {verb} em {day.strftime('%d/%m/%Y')}"


def _said(draft: TransactionDraft) -> str:
    """' (mãe de presente)': the description as shown back (`shown_description`), or ''."""
    shown = shown_description(draft.descricao)
    return f" ({shown})" if shown else ""


def _where(draft: TransactionDraft) -> str:
    """' em Supermercado' / ' (vizinha)' / ''."""
    name = display_name(draft.categoria, draft.subcategoria)
    if name is not None and name != "Outros" and draft.subcategoria != "Outros":
        return f" em {name}"
    return _said(draft)


def _tag(draft: TransactionDraft) -> str:
    """' (Compras > Eletrônicos)' or ' (descrição)' or ''."""
    label = category_label(draft.categoria, draft.subcategoria)
    if draft.subcategoria == "Outros" and draft.descricao:
        label = shown_description(draft.descricao) or None
    if draft.divida_relacionada and not draft.nova_divida:
        label = draft.divida_relacionada
    if label is not None:
        return f" ({label})"
    return _said(draft)


def _split_and_tag(total: Decimal, n: int | None, tag: str) -> str:
    """' em 10x de R$ 300,00 (Compras > Eletrônicos)', or when the cents do not divide evenly
    ' (Compras > Eletrônicos) em 3x: 1x de R$ 33,34 e 2x de R$ 33,33'."""
    if n is None or n <= 1:
        return tag
    parts = split_installments(total, n)
    first, last = parts[0], parts[-1]
    if first == last:
        return f" em {n}x de {format_brl(first)}{tag}"
    k = parts.count(first)
    return f"{tag} em {n}x: {k}x de {format_brl(first)} e {n - k}x de {format_brl(last)}"


_ASSET_NOUNS = {"imovel": "imóvel", "veiculo": "veículo", "investimento": "investimento"}


def _sentence(draft: TransactionDraft, cls: EntryClass, today: date) -> str:
    value = draft.valor if draft.valor is not None else Decimal(0)
    money = format_brl(value)
    match cls:
        case EntryClass.DESPESA_SIMPLES:
            return f"Despesa de {money}{_where(draft)} {_on(draft.data, today)}."
        case EntryClass.RECEITA_SIMPLES:
            return f"Receita de {money}{_where(draft)} {_on(draft.data, today)}."
        case EntryClass.GASTO_CARTAO:
            detail = _split_and_tag(value, draft.parcelas, _tag(draft))
            single = draft.parcelas is None or draft.parcelas <= 1
            when = (
                f", {_on(draft.data, today)}" if single and draft.data not in (None, today) else ""
            )
            return f"Compra de {money} no cartão{detail}{when}."
        case EntryClass.CONTA_PAGAR:
            detail = _split_and_tag(value, draft.parcelas, _tag(draft))
            return f"Conta a pagar de {money}{detail}, {_due(draft.data, today, 'vencimento')}."
        case EntryClass.CONTA_RECEBER:
            lent = (
                " O dinheiro saiu da sua conta; quando te devolverem, é só me contar."
                if draft.emprestado
                else ""
            )
            return (
                f"Conta a receber de {money}{_tag(draft)}, {_due(draft.data, today, 'previsão')}."
                + lent
            )
        case EntryClass.PAGAMENTO_DIVIDA:
            debt = f" ({draft.divida_relacionada})" if draft.divida_relacionada else ""
            return f"Pagamento de dívida de {money}{debt} {_on(draft.data, today)}."
        case EntryClass.NOVA_DIVIDA:
            # "tô devendo 300 pra Lu": whom it is owed to, not the bare "(Dívidas)"
            named = draft.subcategoria is None and _said(draft)
            detail = _split_and_tag(value, draft.parcelas, named or _tag(draft))
            return f"Nova dívida de {money}{detail}, {_on(draft.data, today)}."
        case EntryClass.EMPRESTIMO:
            who = _said(draft)
            terms = _split_and_tag(value, draft.parcelas, "").strip()
            terms = f" ({terms.removeprefix('em ')})" if terms else ""
            return (
                f"Empréstimo de {money}{who} recebido {_on(draft.data, today)}: o dinheiro "
                f"entrou na sua conta e a dívida de {money}{terms} ficou registrada."
            )
        case EntryClass.TRANSFERENCIA:
            origin = f"de {draft.conta_origem}" if draft.conta_origem else "da sua conta"
            target = f"para {draft.conta_destino}" if draft.conta_destino else "para a sua conta"
            return (
                f"Transferência de {money} {origin} {target} {_on(draft.data, today)}. "
                "É entre contas suas: não conta como gasto nem muda seu patrimônio."
            )
        case EntryClass.COMPRA_ATIVO:
            noun = _ASSET_NOUNS.get(draft.ativo or "", "bem")
            what = _said(draft)
            financing = ""
            if draft.entrada is not None or (draft.parcelas or 1) > 1:
                paid = draft.entrada or Decimal(0)
                rest = format_brl(value - paid)
                times = f" em {draft.parcelas}x" if draft.parcelas else ""
                financing = (
                    f": {format_brl(paid)} de entrada e {rest} financiados{times}"
                    if paid
                    else f", financiado{times}"
                )
            return (
                f"Compra de {noun}{what} de {money}{financing}, {_on(draft.data, today)}. "
                "Entrou no seu patrimônio como bem, não como gasto."
            )
        case EntryClass.REEMBOLSO:
            what = _said(draft)
            return f"Reembolso de {money}{what} recebido {_on(draft.data, today)}."


def confirmation(draft: TransactionDraft, cls: EntryClass | None, today: date) -> str:
    """The confirmation of a recorded draft ("Registrado! ...").

    `cls` is the draft's `classify_entry` (None computes it). A compound draft confirms each of
    its operations, each with its own class, in one message.
    """
    return "Registrado! " + described(draft, cls, today)


def described(draft: TransactionDraft, cls: EntryClass | None, today: date) -> str:
    """The entry in words, as the confirmation says it after "Registrado!" ("Despesa de
    R$ 23,50 em Transporte por app na data de hoje."): for a question about it, or to say
    what was deleted."""
    if draft.operacoes:
        return " ".join(_sentence(op, classify_entry(op), today) for op in draft.operacoes)
    return _sentence(draft, cls or classify_entry(draft), today)


def assumed_due_note(text: str, draft: TransactionDraft, today: date) -> str:
    """' Você não disse o dia de janeiro: …' when the due date of a recorded bill or receivable
    was taken from a month alone (`dates.month_only_due`), else ''. The assumption is said,
    with how to fix it, never left silent."""
    due = month_only_due(text, today)
    if due is None:
        return ""
    ops = draft.operacoes or [draft]
    if not any(op.conta_futura and op.data == due for op in ops):
        return ""
    month = f"{MONTH_NAMES[due.month - 1]} de {due.year}"
    which = "o último dia do mês" if due.day > 1 else "o dia 1º"
    return (
        f" Você não disse o dia de {month}, então deixei {which}; "
        f'se for outro, me diga, por exemplo "não, dia 10/{due.month:02d}".'
    )


_CENT = Decimal("0.01")
_SHARE_WORDS = {(1, 2): "a metade", (1, 3): "um terço", (2, 3): "dois terços", (1, 4): "um quarto"}


def share_note(text: str, draft: TransactionDraft) -> str:
    """' Registrei só a sua parte (um terço de R$ 90,00).' when the value recorded is the
    user's share of a bill split with others (`share.find_share`), else '': the reader sees
    why the amount is not the one they said."""
    share = find_share(fold(text))
    if (
        share is None
        or draft.operacoes
        or draft.valor is None
        or draft.transferencia
        or draft.ativo is not None
        or draft.reembolso
        or draft.nova_divida
    ):
        return ""
    part = share.part
    said = [a.value for a in find_amounts(text)]
    whole = next(
        (v for v in said if (v * part.numerator / part.denominator).quantize(_CENT) == draft.valor),
        None,
    )
    if whole is None:
        return ""
    words = _SHARE_WORDS.get(
        (part.numerator, part.denominator), f"{part.numerator}/{part.denominator}"
    )
    return f" Registrei só a sua parte ({words} de {format_brl(whole)})."
