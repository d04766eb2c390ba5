"""What the Lançador asks before it writes (issue 19): never a silent row.

After extraction and the mandatory fields (`nlu.questions`), a complete draft may still need
the user's word:

1. a doubt of `nlu.sanity` — an impossible date or instalment count (refused: the right value
   is asked, nothing is kept but the draft), a far date or an out-of-the-ordinary amount
   (confirmed: "Quer que eu registre R$ 50.000,00 mesmo?");
2. a debt payment whose debt is not among the user's open debts: which one it was, or whether
   to record it without reducing any ("paying one debt reduces another" is the bug this
   prevents: `lancador.find_debt` never falls back to another debt);
3. a note sent with a question mark ("50 de uber?"): "… — quer que eu registre?";
4. a plan ("vou gastar 500 no mercado amanhã", or a purchase dated ahead with nothing that
   makes it a bill: "compro um sofá de 3 mil mês que vem", see `future_purchase`): nothing
   happened yet, so it is offered as a bill to track, never recorded as spending;
5. a bill split with a group of unknown size ("rachei a conta do bar com a galera, deu 280"):
   how many people (or the user's part) is asked, since only the user's part left their
   pocket (`SPLIT`; the answer is read by `recording.Recorder.checked`).

Before those, `with_creditor` reads a payment to a person the user owes ("paguei 300 pra
minha tia" after "minha tia me emprestou 1.000") as a payment of that debt, and "devolvi tudo
pro Paulo" as the whole balance.

`before_recording` returns the `Ask` (the pt-BR question, the dialog field and the draft to
keep), or None: record. Pure; the pattern fetches the debts when `needs_debts` says so.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Literal

from switchboard.apps.finance.lancador import find_debt, is_card_bill, operations
from switchboard.apps.finance.ledger import Debt
from switchboard.apps.finance.nlu import (
    EntryClass,
    TransactionDraft,
    classify_entry,
    described,
    format_brl,
)
from switchboard.apps.finance.nlu.sanity import doubt
from switchboard.apps.finance.nlu.share import unknown_split
from switchboard.apps.finance.nlu.text import fold
from switchboard.apps.finance.triage.intent import BILL_WORDS

AskField = Literal["data", "confirmar", "divida", "valor", "pessoas"]
CONFIRM: AskField = "confirmar"
DEBT: AskField = "divida"
DATE: AskField = "data"
SPLIT: AskField = "pessoas"


@dataclass(frozen=True, slots=True)
class Ask:
    """A question before recording. `field` None: a refusal with no dialog (the message must
    be sent again); otherwise the dialog keeps `draft` and waits for that field."""

    question: str
    field: AskField | None
    draft: TransactionDraft | None = None


def _debt_payments(draft: TransactionDraft) -> list[TransactionDraft]:
    return [
        op
        for op in operations(draft)
        if classify_entry(op) is EntryClass.PAGAMENTO_DIVIDA
        and not is_card_bill(op.divida_relacionada)
    ]


def _plain_expenses(draft: TransactionDraft) -> list[TransactionDraft]:
    return [
        op
        for op in operations(draft)
        if op.tipo == "despesa"
        and op.categoria is None
        and not (op.conta_futura or op.cartao_credito or op.nova_divida or op.transferencia)
        and op.ativo is None
    ]


def needs_debts(draft: TransactionDraft, asked: Collection[str]) -> bool:
    """Whether the checks need the user's debts: a debt payment not yet asked about, or an
    uncategorised expense that may pay a person the user owes."""
    return DEBT not in asked and bool(_debt_payments(draft) or _plain_expenses(draft))


BARE_INSTALMENT = re.compile(r"(?:a\s+|uma\s+|essa\s+)?(?:parcela|prestacao|parcelinha)s?")
"""An instalment that names nothing ("paguei a parcela de 300"): of which debt is asked."""
_ALL = re.compile(r"\b(?:tudo|tudinho|toda|todo|inteir[oa]|o\s+resto|o\s+restante|quitei)\b")


def with_creditor(text: str, draft: TransactionDraft, debts: Sequence[Debt]) -> TransactionDraft:
    """`draft` with a plain payment to someone the user owes read as paying that debt (module
    docstring); the whole balance when the message says "tudo"/"quitei" and gives no amount."""
    if draft.operacoes:
        return draft
    if _debt_payments(draft) and draft.valor is None and _ALL.search(fold(text)):
        paid = find_debt(draft.divida_relacionada, debts)
        if paid is None and len([d for d in debts if d.balance > 0]) == 1:
            paid = next(d for d in debts if d.balance > 0)
        if paid is not None:
            return draft.model_copy(update={"valor": paid.balance, "divida_relacionada": paid.name})
        return draft
    if not _plain_expenses(draft):
        return draft
    if BARE_INSTALMENT.fullmatch(fold(draft.descricao or "")) and any(d.balance > 0 for d in debts):
        # "paguei a parcela de 300" with a loan open: a debt payment, the debt not named (asked)
        update_bare: dict[str, object] = {"divida_relacionada": draft.descricao,
                                          "categoria": "Dívidas", "subcategoria": None}  # fmt: skip
        return draft.model_copy(update=update_bare)
    debt = find_debt(draft.descricao, debts, specific=True)
    if debt is None:
        return draft
    update: dict[str, object] = {"divida_relacionada": debt.name, "categoria": "Dívidas",
                                 "subcategoria": None}  # fmt: skip
    if draft.valor is None and _ALL.search(fold(text)):
        update["valor"] = debt.balance
    return draft.model_copy(update=update)


_DUE = re.compile(
    r"\b(?:venc\w*|a\s+pagar|(?:pra|para)\s+pagar|(?:tenho|preciso)\s+(?:que\s+|de\s+)?pagar"
    r"|devo\s+pagar|agend\w*|boletos?|fatura|parcelas?|prestac\w*|carne)\b"
)


def future_purchase(text: str, draft: TransactionDraft, today: date) -> bool:
    """A spending dated ahead with nothing that makes it a bill (no due word, no bill-like
    thing): "compro um sofá de 3 mil mês que vem", "amanhã pago 120 de farmácia". That is a
    plan; "amanhã pago 150 de luz" and "IPVA 2.100 pra pagar em janeiro" are bills."""
    folded = fold(text)
    return (
        draft.tipo == "despesa"
        and draft.conta_futura
        and draft.data is not None
        and draft.data > today
        and not draft.operacoes
        and _DUE.search(folded) is None
        and BILL_WORDS.search(folded) is None
    )


def before_recording(
    text: str,
    draft: TransactionDraft,
    today: date,
    *,
    asked: Collection[str] = (),
    debts: Sequence[Debt] = (),
    unsure: bool = False,
    plan: bool = False,
) -> Ask | None:
    """The question to ask before recording `draft`, or None (see the module docstring)."""
    if plan:
        bill = as_bill(draft, today)
        sentence = described(bill, None, today).rstrip(".")
        return Ask(
            "Como isso ainda não aconteceu, não registrei nada. Quer que eu anote como "
            f"{sentence[:1].lower()}{sentence[1:]}?",
            CONFIRM,
            bill,
        )
    found = doubt(text, draft, today)
    if found is not None:
        if found.kind == "parcelas":
            return Ask(found.question, None)
        if found.kind == "valor_ilegivel":  # "1o0": nothing is recorded, the value is asked
            if draft.operacoes:
                return Ask(found.question, None)
            return Ask(found.question, "valor", _without_amount(draft))
        if found.kind == "valor_incerto":  # "40 ou 50": the value is asked, not confirmed
            return Ask(found.question, "valor", draft.model_copy(update={"valor": None}))
        if found.refuse:
            return Ask(found.question, DATE, _without_date(draft))
        return Ask(found.question, CONFIRM, draft)
    if DEBT not in asked:
        for op in _debt_payments(draft):
            if find_debt(op.divida_relacionada, debts) is None:
                return Ask(debt_question(op, debts), DEBT, draft)
    if SPLIT not in asked and split_unknown(text, draft):
        assert draft.valor is not None  # split_unknown checks it
        return Ask(
            f"Você dividiu {format_brl(draft.valor)} com outras pessoas, então ainda não "
            "registrei: quero anotar só a sua parte. Quantas pessoas dividiram, contando você "
            "(ou quanto foi a sua parte)?",
            SPLIT,
            draft,
        )
    if unsure and draft.valor is not None:
        sentence = described(draft, None, today).rstrip(".")
        return Ask(f"{sentence} — quer que eu registre?", CONFIRM, draft)
    return None


def split_unknown(text: str, draft: TransactionDraft) -> bool:
    """A spending split with a group whose size is not said ("rachei a conta do bar com a
    galera, deu 280"): the user's part is asked, the whole bill is never recorded as theirs."""
    return (
        draft.tipo == "despesa"
        and draft.valor is not None
        and not draft.operacoes
        and not (draft.transferencia or draft.reembolso or draft.nova_divida)
        and draft.ativo is None
        and unknown_split(fold(text))
    )


def _without_amount(draft: TransactionDraft) -> TransactionDraft:
    """The draft with no amount, and without the words of a garbled number its description may
    have kept ("o0 no mercado" from "1o0 no mercado")."""
    words = (draft.descricao or "").split()
    kept = [w for w in words if not any(c.isdigit() for c in w)]
    if kept and words and kept[0] != words[0]:
        while kept and kept[0].lower() in {"no", "na", "em", "de", "do", "da", "com"}:
            kept = kept[1:]
    return draft.model_copy(update={"valor": None, "descricao": " ".join(kept) or None})


_NOT_A_NAME = frozenset(
    {"minha", "meu", "minhas", "meus", "ela", "ele", "elas", "eles", "dela", "dele", "sua", "seu"}
)
"""Words a debt's name was read as that name nothing: said as "essa dívida" in the question."""


def debt_question(op: TransactionDraft, debts: Sequence[Debt]) -> str:
    """Which debt was paid (or whether to record the payment without reducing any)."""
    name = op.divida_relacionada or "essa dívida"
    if fold(name) in _NOT_A_NAME:
        name = "essa dívida"  # "da minha dívida com o banco", "o que ela me emprestou"
    money = format_brl(op.valor) if op.valor is not None else "esse valor"
    as_named = "" if name == "essa dívida" else f" como “{name}”"
    open_debts = [d for d in debts if d.balance > 0]
    if open_debts and BARE_INSTALMENT.fullmatch(fold(name)):
        listed = "; ".join(f"{d.name} (saldo {format_brl(d.balance)})" for d in open_debts)
        return (
            f"Você não disse de qual dívida é essa parcela de {money}, então ainda não registrei. "
            f'Suas dívidas: {listed}. Se não for nenhuma delas, responda "nenhuma" e eu registro '
            "sem abater saldo. De qual delas é a parcela?"
        )
    if not open_debts:
        # the payment recorded alone abates nothing; recording the debt first (by what is
        # still owed) is offered, so the ledger can say how much is left
        return (
            f"Você não tem nenhuma dívida registrada{as_named}, então ainda não registrei. "
            "Se quiser acompanhar quanto falta, registre antes a dívida (por exemplo, "
            f'"registra {_the_debt(name)}, faltam 20 mil") e depois me conte o pagamento. Ou '
            f"quer que eu registre o pagamento de {money} mesmo assim, sem abater de nenhuma "
            "dívida?"
        )
    listed = "; ".join(f"{d.name} (saldo {format_brl(d.balance)})" for d in open_debts)
    return (
        f"Não encontrei “{name}” entre as suas dívidas: {listed}. Ainda não registrei. Se não "
        'for nenhuma delas, responda "nenhuma" e eu registro sem abater saldo. Qual delas '
        "você pagou?"
    )


def _the_debt(name: str) -> str:
    """ "a dívida do carro", "a dívida da moto", "a dívida com o João": how the user would name
    the debt to record it."""
    first = fold(name).split()[0] if name.split() else ""
    if name == "essa dívida":
        return "a dívida do carro"
    if first in {"divida", "debito"}:
        return f"a {name}"
    feminine = first == "moto" or (first.endswith("a") and first not in {"dia", "sistema"})
    return f"a dívida {'da' if feminine else 'do'} {name}"


def as_bill(draft: TransactionDraft, today: date) -> TransactionDraft:
    """A plan as a bill to pay (a date in the past or today is no due date: none is kept)."""
    due = draft.data if draft.data is not None and draft.data > today else None
    return draft.model_copy(
        update={
            "tipo": "despesa",
            "conta_futura": True,
            "data": due,
            "cartao_credito": False,
            "parcelas": None,
            "ativo": None,
            "transferencia": False,
            "reembolso": False,
            "nova_divida": False,
            "operacoes": [],
        }
    )


def _without_date(draft: TransactionDraft) -> TransactionDraft:
    if draft.operacoes:
        ops = [op.model_copy(update={"data": None}) for op in draft.operacoes]
        return draft.model_copy(update={"data": None, "operacoes": ops})
    return draft.model_copy(update={"data": None})
