"""The Lançador's writing half: a validated draft -> ledger rows, one batch per user message.

Each operation of the draft goes through the original's deterministic `classify_entry`
(whoever extracted it, offline rules or a hosted model) and becomes:

| class            | rows |
|------------------|------|
| despesa_simples / receita_simples | one statement entry (date: the draft's, else today) |
| gasto_cartao     | a card purchase + N monthly instalments (cents reconciled), 1st due +1 month |
| conta_pagar / conta_receber | a scheduled entry (due may be unknown); N > 1: N monthly ones |
| pagamento_divida | a statement expense (Dívidas) + the named debt's balance reduced |
| (card bill)      | a statement entry (fatura_cartao) + the open card instalments it covers paid |
| nova_divida      | one debt (principal = balance = valor), no cash in |
| emprestimo       | one debt with `cash_in` (the money came in: balance +, net worth unchanged) |
| transferencia    | one transfer between the user's own accounts |
| compra_ativo     | an asset + its purchase (the financed part, if any, a debt of the batch) |
| reembolso        | the estorno of the purchase it refunds, else income (Reembolso) |

A debt payment only reduces the debt it names: when none matches, the pattern asks instead of
picking another debt. A card bill pays instalments already counted as spending when bought, so
it is not spending again. A refund reverses the purchase `find_reversed` finds (filed under
that purchase's category, so the category's spending shrinks), otherwise it is income.

Row ids derive from the user and the idempotency key, so a retried message builds the same rows
(and the ledger refuses the key anyway).

Which key (the ledger's journal refuses a key it has seen for the user):

- with the client's `Idempotency-Key` (HTTP header, on the turn): `request_key(user, key,
  text)`. A retry with the same key and message never records twice; another key records again.
  The text is part of it, so a key reused by mistake for another message records that message
  instead of claiming it was recorded;
- without one: `idempotency_key(user, session, recordings so far, text)`, a fresh key per
  recording, except that the same text again within the retry window (default 30 s) reuses the
  last key. That duplicate is never silent: the user is told it was recorded moments ago and
  can answer "sim" to record it once more (`wants_again`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from datetime import date
from decimal import Decimal

from dateutil.relativedelta import relativedelta

from switchboard.apps.finance.ledger import (
    Asset,
    AssetPurchase,
    CardBillPayment,
    CardPurchase,
    Debt,
    DebtPayment,
    Entry,
    Instalment,
    LedgerBatch,
    Scheduled,
    Transfer,
)
from switchboard.apps.finance.ledger.records import LENT, is_lent
from switchboard.apps.finance.nlu import (
    EntryClass,
    TransactionDraft,
    classify_entry,
    format_brl,
    split_installments,
)
from switchboard.apps.finance.nlu.banks import bank_words
from switchboard.apps.finance.nlu.text import fold
from switchboard.apps.finance.triage.text import has_amount, wordset


def idempotency_key(user_id: str, session_id: str, seq: int, text: str) -> str:
    """sha256 of (user, session, the session's recording counter, message text), hex."""
    raw = "\x1f".join((user_id, session_id, str(seq), text.strip()))
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


def request_key(user_id: str, client_key: str, text: str) -> str:
    """sha256 of (user, the client's `Idempotency-Key`, message text), hex: the client's key is
    opaque and unbounded in content, the journal key is 64 hex digits scoped to the user."""
    raw = "\x1f".join(("request", user_id, client_key, text.strip()))
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


def text_hash(text: str) -> str:
    return hashlib.sha256(text.strip().encode("utf-8")).hexdigest()[:32]


_AGAIN_YES = wordset(
    "sim s pode claro isso registra registre registrar registrou confirmo confirma quero "
    "outra outro outras outros ok beleza blz bora repete repita novo nova"
)
_AGAIN_NO = wordset("nao n nem mesmo mesma engano errado errada duplicado duplicada")
_AGAIN_MAX_WORDS = 8


def wants_again(text: str) -> bool | None:
    """The answer to "Foi outro lançamento igual? Quer que eu registre de novo?": True (record
    once more), False (it was the same one), None (not an answer: a new message to triage).

    "sim", "foi outra compra sim", "registra de novo" → True; "não", "era o mesmo" → False; a
    message with an amount is a new transaction, never a yes.
    """
    folded = fold(text)
    if has_amount(folded):
        return None
    words = re.findall(r"[a-z]+", folded)
    if not words or len(words) > _AGAIN_MAX_WORDS:
        return None
    if any(w in _AGAIN_NO for w in words):
        return False
    if any(w in _AGAIN_YES for w in words):
        return True
    return None


class _Ids:
    def __init__(self, key: str) -> None:
        self._key = key
        self._n = 0

    def __call__(self) -> str:
        self._n += 1
        return hashlib.sha256(f"{self._key}:{self._n}".encode()).hexdigest()[:32]


def operations(draft: TransactionDraft) -> list[TransactionDraft]:
    """What gets recorded: the draft's operations, or the draft itself."""
    return list(draft.operacoes) or [draft]


_WORD = re.compile(r"[a-z0-9]+")
_DEBT_STOP = frozenset(
    {"de", "do", "da", "dos", "das", "o", "a", "os", "as", "no", "na", "meu", "minha", "com"}
)
_DEBT_GENERIC = frozenset(
    {"emprestimo", "divida", "financiamento", "parcela", "prestacao", "pagamento", "conta",
     "pessoal", "mensal", "mes", "antigo", "velho", "atrasada", "atrasado", "consignado"}
)  # fmt: skip
"""Words every debt name may share; a specific word ("carro", "nubank") weighs more."""


def is_card_bill(name: str | None) -> bool:
    """ "fatura do cartão", "cartão de crédito": paying the card bill, not a named debt."""
    words = set(fold(name or "").split())
    return "fatura" in words or "cartao" in words


def find_debt(name: str | None, debts: Sequence[Debt], *, specific: bool = False) -> Debt | None:
    """The open debt `name` designates: the best word overlap (specific words 2, generic 1),
    unique. A name with a specific word ("empréstimo do Itaú") only matches a debt sharing
    one: the generic "empréstimo" alone never makes the Santander loan the Itaú one. With
    `specific`, only specific words count at all ("tia", "Paulo"). None when nothing matches
    or two debts tie: the Lançador then asks, and never reduces a debt the user did not name."""
    if not name:
        return None
    wanted = set(_WORD.findall(bank_words(fold(name)))) - _DEBT_STOP
    particular = wanted - _DEBT_GENERIC
    if specific and not particular:
        return None
    best: list[tuple[int, Debt]] = []
    for debt in debts:
        if debt.balance <= 0:
            continue
        common = wanted & (set(_WORD.findall(bank_words(fold(debt.name)))) - _DEBT_STOP)
        if particular and not common & particular:
            continue
        score = sum(1 if w in _DEBT_GENERIC else 2 for w in common)
        if score:
            best.append((score, debt))
    best.sort(key=lambda pair: -pair[0])
    if not best or (len(best) > 1 and best[0][0] == best[1][0]):
        return None
    return best[0][1]


Original = Entry | CardPurchase
"""A recorded purchase a refund may reverse."""
_REVERSAL_STOP = _DEBT_STOP | frozenset(
    {"estorno", "reembolso", "devolucao", "compra", "loja", "cashback", "dinheiro", "volta"}
)


def find_reversed(op: TransactionDraft, originals: Sequence[Original]) -> Original | None:
    """The purchase a refund reverses: the latest expense whose description or category shares
    a word with the refund's description, for at least the refund's amount. Without such a word
    nothing is guessed (an unrelated R$ 80 purchase is not "the" purchase)."""
    words = set(fold(op.descricao or "").split()) - _REVERSAL_STOP
    if not words or op.valor is None:
        return None
    for row in sorted(originals, key=lambda r: (r.day, r.id), reverse=True):
        if isinstance(row, Entry) and (row.kind != "despesa" or row.nature != "fluxo"):
            continue
        said = " ".join(x for x in (row.description, row.categoria, row.subcategoria) if x)
        if words & set(fold(said).split()) and row.amount >= op.valor:
            return row
    return None


_PRONOUNS = frozenset({"ele", "ela", "eles", "elas", "me", "pagou", "devolveu", "volta", "de"})
"""Words of a repayment that name nobody ("ele me devolveu os 200")."""

BILL_WINDOW = 45
"""Days around a bill's due date within which a payment of it is recognised."""
BILL_TOLERANCE = Decimal("0.15")
"""A bill paid with interest or a discount is still the bill (±15%)."""


def _bill_words(said: str | None) -> set[str]:
    """The words that can name a bill ("luz", "internet"), without debt words and "conta"."""
    return set(_WORD.findall(fold(said or ""))) - _DEBT_STOP - {"conta"}


def find_bill(op: TransactionDraft, day: date, bills: Sequence[Scheduled]) -> Scheduled | None:
    """The open bill a payment made now pays ("paguei a luz de 200" after "a luz de 200 vence
    dia 28"), or the open receivable an amount received now settles ("o primo me pagou os
    200" after "emprestei 200 pro primo"): same kind, same subcategory (or category, or a
    shared description word; for a receivable, whose category is only "Receitas", the word),
    amount within BILL_TOLERANCE, due within BILL_WINDOW days (or no due date); the closest due
    date wins."""
    if op.valor is None:
        return None
    words = _bill_words(op.descricao)
    nameless = not (words - _PRONOUNS)  # "ele me pagou os 200": whoever owed it
    best: tuple[int, Scheduled] | None = None
    for bill in bills:
        if bill.kind != op.tipo or bill.paid:
            continue
        if (
            nameless
            and is_lent(bill)
            and abs(bill.amount - op.valor) <= bill.amount * BILL_TOLERANCE
        ):
            gap = int(abs(bill.amount - op.valor) * 100)  # the closest amount among the loans
            if best is None or gap < best[0]:
                best = (gap, bill)
            continue
        if not _names_bill(op, words, bill) or abs(bill.amount - op.valor) > (
            bill.amount * BILL_TOLERANCE
        ):
            continue
        distance = abs((bill.due - day).days) if bill.due else BILL_WINDOW
        if distance > BILL_WINDOW:
            continue
        if best is None or distance < best[0]:
            best = (distance, bill)
    return best[1] if best else None


def _names_bill(op: TransactionDraft, words: set[str], bill: Scheduled) -> bool:
    """Whether a payment names this bill: the same subcategory (or category when it has
    none), or a word of the bill's description."""
    same = op.tipo == "despesa" and (
        (op.subcategoria is not None and bill.subcategoria == op.subcategoria)
        or (op.subcategoria is None and op.categoria is not None and bill.categoria == op.categoria)
    )
    if same:
        return True
    said = _bill_words(bill.description)
    return bool(words & said)


def bill_named(op: TransactionDraft, day: date, bills: Sequence[Scheduled]) -> Scheduled | None:
    """The one open bill a payment without an amount pays ("paguei a luz" after "luz 180
    vence dia 10"), due within BILL_WINDOW days (or undated): its amount is the payment's.
    None when no bill or several are named — then the amount is asked, never guessed."""
    words = _bill_words(op.descricao)
    payment = op.model_copy(update={"tipo": "despesa"})
    named = [
        b
        for b in bills
        if b.kind == "despesa"
        and not b.paid
        and _names_bill(payment, words, b)
        and (b.due is None or abs((b.due - day).days) <= BILL_WINDOW)
    ]
    return named[0] if len(named) == 1 else None


_LABEL_NOISE_WORDS = (
    "emprestimo emprestimos emprestado emprestada emprestou emprestaram liberou liberaram "
    "consegui peguei pegou caiu entrou ele ela meu minha de do da dos das com no na o a "
    "os as pra pro para um uma que faltam falta parcelas parcela divida financiamento me "
    "ainda ando continuo"
)
_LABEL_NOISE = frozenset(_LABEL_NOISE_WORDS.split(" "))
_RATE_WORD = re.compile(r"[\d.,%]+|ao|mes|ano|am|a\.m\.?|aa|a\.a\.?|juros|taxa")
"""The words of a rate said with a debt ("12 ao mês"): not part of its name."""


def _debt_label(op: TransactionDraft, cls: EntryClass) -> str:
    """ "Empréstimo (banco)", "Financiamento (moto)": the kind and who or what it is about,
    so a later payment ("paguei 300 pro banco") can name it."""
    kind = "Empréstimo" if cls == EntryClass.EMPRESTIMO else op.subcategoria or "Dívida"
    if kind == "Dívida" and (op.cartao_credito or op.forma_pagamento == "credito"):
        kind = "Dívida do cartão"  # "devo 3 mil no cartão a 12%": "no cartão" named the debt
    said = op.descricao or op.divida_relacionada or ""
    words = [
        w
        for w in said.split()
        if fold(w).strip(",.") not in _LABEL_NOISE and not _RATE_WORD.fullmatch(fold(w).strip(",."))
    ]
    if words:
        return f"{kind} ({' '.join(words)})"[:120]
    return kind


def _asset_name(op: TransactionDraft) -> str:
    names = {"imovel": "Imóvel", "veiculo": "Veículo", "investimento": "Investimento"}
    return op.descricao or names.get(op.ativo or "", "Bem")


def build_batch(
    user_id: str,
    key: str,
    draft: TransactionDraft,
    today: date,
    debts: Sequence[Debt] = (),
    originals: Sequence[Original] = (),
    bills: Sequence[Scheduled] = (),
) -> LedgerBatch:
    """The rows of a complete draft (every operation has valor, and tipo unless its class
    says the direction). `debts` are the user's debts (a payment names one), `originals` the
    recent purchases (a refund may reverse one)."""
    ids = _Ids(f"{user_id}\x1f{key}")
    batch = LedgerBatch()
    for op in operations(draft):
        cls = classify_entry(op)
        directed = cls in (EntryClass.TRANSFERENCIA, EntryClass.COMPRA_ATIVO, EntryClass.REEMBOLSO)
        if op.valor is None or (op.tipo is None and not directed):
            raise ValueError("build_batch needs a complete draft")
        day = op.data or today
        n = op.parcelas or 1
        match cls:
            case EntryClass.DESPESA_SIMPLES | EntryClass.RECEITA_SIMPLES:
                assert op.tipo is not None
                if (bill := find_bill(op, day, bills)) is not None:
                    batch.settles.append(bill.id)
                    bills = [b for b in bills if b.id != bill.id]
                    if is_lent(bill):
                        continue  # money lent coming back: not income (records.LENT)
                batch.entries.append(
                    Entry(
                        ids(),
                        user_id,
                        op.tipo,
                        op.valor,
                        day,
                        op.categoria,
                        op.subcategoria,
                        op.descricao,
                        op.forma_pagamento,
                    )
                )
            case EntryClass.GASTO_CARTAO:
                purchase = CardPurchase(
                    ids(), user_id, op.valor, day, n, op.categoria, op.subcategoria, op.descricao
                )
                batch.purchases.append(purchase)
                for seq, part in enumerate(split_installments(op.valor, n), start=1):
                    due = day + relativedelta(months=seq)
                    batch.instalments.append(Instalment(purchase.id, user_id, seq, due, part))
            case EntryClass.CONTA_PAGAR | EntryClass.CONTA_RECEBER:
                assert op.tipo is not None
                parts = split_installments(op.valor, n)
                for i, part in enumerate(parts):
                    when = None if op.data is None else op.data + relativedelta(months=i)
                    batch.scheduled.append(
                        Scheduled(
                            ids(),
                            user_id,
                            op.tipo,
                            part,
                            when,
                            op.categoria,
                            LENT if op.emprestado and op.tipo == "receita" else op.subcategoria,
                            op.descricao,
                        )
                    )
            case EntryClass.PAGAMENTO_DIVIDA:
                card = is_card_bill(op.divida_relacionada)
                debt = find_debt(op.divida_relacionada, debts)
                owed_on_card = find_debt("cartão", debts) if card else None
                if owed_on_card is not None:
                    # "paguei 500 do cartão" with a card debt recorded ("devo 3 mil no cartão
                    # a 12%"): the payment reduces that debt, the unpaid bill
                    card, debt = False, owed_on_card
                elif card:
                    debt = None
                batch.entries.append(
                    Entry(
                        ids(),
                        user_id,
                        "despesa",
                        op.valor,
                        day,
                        "Dívidas",
                        op.subcategoria if op.categoria == "Dívidas" else None,
                        op.divida_relacionada or op.descricao,
                        op.forma_pagamento,
                        debt.id if debt else None,
                        "fatura_cartao" if card else "pagamento_divida",
                    )
                )
                if debt is not None:
                    batch.payments.append(DebtPayment(debt.id, op.valor))
                if card:
                    batch.card_bills.append(CardBillPayment(op.valor))
            case EntryClass.NOVA_DIVIDA | EntryClass.EMPRESTIMO:
                name = _debt_label(op, cls)
                batch.debts.append(
                    Debt(
                        ids(),
                        user_id,
                        name,
                        op.valor,
                        op.valor,
                        day,
                        cash_in=cls == EntryClass.EMPRESTIMO,
                    )
                )
            case EntryClass.TRANSFERENCIA:
                batch.transfers.append(
                    Transfer(
                        ids(),
                        user_id,
                        op.valor,
                        day,
                        op.conta_origem,
                        op.conta_destino,
                        op.descricao,
                    )
                )
            case EntryClass.COMPRA_ATIVO:
                kind = op.ativo or "outro"
                financed = Decimal(0)
                if op.entrada is not None or (op.parcelas or 1) > 1:
                    financed = op.valor - (op.entrada or Decimal(0))
                asset = Asset(
                    ids(), user_id, _asset_name(op), kind, op.valor,
                    op.descricao if kind == "investimento" else None,
                )  # fmt: skip
                batch.assets.append(asset)
                batch.asset_purchases.append(
                    AssetPurchase(
                        ids(), user_id, asset.id, kind, op.valor, day, n, financed, op.descricao
                    )
                )
                if financed > 0:
                    batch.debts.append(
                        Debt(
                            ids(),
                            user_id,
                            f"Financiamento ({_asset_name(op)})",
                            financed,
                            financed,
                            day,
                        )
                    )
            case EntryClass.REEMBOLSO:
                original = find_reversed(op, originals)
                receipt = op.model_copy(update={"tipo": "receita"})
                lent = None if original else find_bill(receipt, day, bills)
                if lent is not None and is_lent(lent):
                    # "minha irmã devolveu os 150" after lending them: the loan came back
                    batch.settles.append(lent.id)
                    bills = [b for b in bills if b.id != lent.id]
                    continue
                batch.entries.append(
                    Entry(
                        ids(),
                        user_id,
                        "receita",
                        op.valor,
                        day,
                        original.categoria if original else "Receitas",
                        original.subcategoria if original else "Reembolso",
                        op.descricao,
                        op.forma_pagamento,
                        None,
                        "estorno" if original else "fluxo",
                        original.id if original else None,
                    )
                )
    return batch


def reversal_note(batch: LedgerBatch, originals: Sequence[Original]) -> str:
    """' É o estorno da compra de R$ 80,00 de 12/11/2026 (Roupas): ...' when the batch
    reverses a purchase, else ''."""
    by_id = {o.id: o for o in originals}
    for entry in batch.entries:
        original = by_id.get(entry.reverses or "")
        if entry.nature == "estorno" and original is not None:
            what = original.description or original.subcategoria or original.categoria or "compra"
            return (
                f" É o estorno da compra de {format_brl(original.amount)} de "
                f"{original.day.strftime('%d/%m/%Y')} ({what}): o gasto dessa categoria "
                "diminuiu, não é uma receita."
            )
    return ""


def lent_back_answer(batch: LedgerBatch, bills: Sequence[Scheduled]) -> str | None:
    """The whole answer when the message only settles money the user had lent ("ele me pagou
    os 200"): the cash is back, nothing new was earned; else None."""
    if batch.entries or not batch.settles:
        return None
    by_id = {b.id: b for b in bills}
    lent = [by_id[i] for i in batch.settles if i in by_id and is_lent(by_id[i])]
    if len(lent) != len(batch.settles):
        return None
    total = sum((b.amount for b in lent), Decimal(0))
    who = ", ".join(dict.fromkeys(b.description or "empréstimo" for b in lent))
    return (
        f"Registrado! Você recebeu de volta {format_brl(total)} que tinha emprestado ({who}): "
        "marquei a conta a receber como recebida. Não contei como receita nova, é o seu "
        f"dinheiro voltando: seu saldo em conta volta a subir {format_brl(total)}."
    )


def settled_note(batch: LedgerBatch, bills: Sequence[Scheduled]) -> str:
    """' Marquei como paga a conta …' when the batch paid a scheduled bill, else ''."""
    by_id = {b.id: b for b in bills}
    notes = []
    for bill_id in batch.settles:
        bill = by_id.get(bill_id)
        if bill is not None:
            what = bill.description or bill.subcategoria or bill.categoria or "conta"
            due = f" que vencia em {bill.due.strftime('%d/%m/%Y')}" if bill.due else ""
            if bill.kind == "receita":
                notes.append(
                    f" Marquei como recebida a conta a receber ({what}) de "
                    f"{format_brl(bill.amount)}{due}."
                )
            else:
                notes.append(
                    f" Marquei como paga a conta a pagar ({what}) de "
                    f"{format_brl(bill.amount)}{due}."
                )
    return "".join(notes)
