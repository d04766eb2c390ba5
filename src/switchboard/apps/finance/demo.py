"""A realistic demo ledger: six months of a São Paulo professional's money, relative to today.

Deterministic: the same `today` always gives the same rows (a seeded `random.Random` varies the
amounts a little, so months differ like real ones). Loaded once per user: the batch is recorded
under the idempotency key `DEMO_KEY`, so loading again is a no-op.

Six months back from today's month: salary (R$ 6.500,00 on the 5th), a freelance job every
other month, rent and condo on the 10th, electricity/internet/phone bills, weekly groceries,
fuel, app rides, pharmacy, cinema and restaurants; a TV bought on the card in 10x three months
ago, a personal loan with two payments made, investments (renda fixa, ações, tesouro) and an
emergency reserve; next month's rent as a bill to pay and a freelance payment to receive.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal

from dateutil.relativedelta import relativedelta

from switchboard.apps.finance.lancador import build_batch
from switchboard.apps.finance.ledger import (
    Account,
    Asset,
    Card,
    Debt,
    DebtPayment,
    Entry,
    Instalment,
    Ledger,
    LedgerBatch,
)
from switchboard.apps.finance.nlu import TransactionDraft

MONTHS = 6
DEMO_KEY = "demo:v1"
"""Idempotency key of the demo batch: loaded once per user, whatever the date."""
SEED = 10
D = Decimal


def _day(month_start: date, day: int, today: date) -> date | None:
    """`day` of the month, or None when it is still in the future this month."""
    when = month_start.replace(day=min(day, 28))
    return when if when <= today else None


def demo_batch(user_id: str, today: date) -> LedgerBatch:
    """The demo rows for `user_id` as of `today`."""
    rng = random.Random(SEED)
    tag = hashlib.sha256(user_id.encode()).hexdigest()[:24]
    batch = LedgerBatch()
    n = 0

    def ident() -> str:
        nonlocal n
        n += 1
        return f"demo-{tag}-{n:04d}"

    def add(kind: str, value: str | Decimal, when: date | None, cat: str, sub: str | None,
            desc: str, method: str = "debito") -> None:  # fmt: skip
        if when is None:
            return
        amount = D(value).quantize(D("0.01"))
        batch.entries.append(
            Entry(ident(), user_id, kind, amount, when, cat, sub, desc, method)  # type: ignore[arg-type]  # kind is one of two literals here
        )

    def vary(base: int, spread: int) -> Decimal:
        return D(base + rng.randint(-spread, spread)) + D(rng.randint(0, 99)) / 100

    first = today.replace(day=1) - relativedelta(months=MONTHS - 1)
    batch.accounts.append(Account(f"demo-acc-{tag}", user_id, "Conta corrente", D("2500.00")))
    batch.cards.append(Card(f"demo-card-{tag}", user_id, "Cartão de crédito", 10))
    for m in range(MONTHS):
        start = first + relativedelta(months=m)
        add("receita", "6500.00", _day(start, 5, today), "Receitas", "Salário", "Salário", "pix")
        if m % 2 == 1:
            add("receita", vary(1200, 300), _day(start, 18, today), "Receitas", "Freelance",
                "Projeto freelance", "pix")  # fmt: skip
        add("despesa", "1800.00", _day(start, 10, today), "Moradia", "Aluguel", "Aluguel", "pix")
        add("despesa", "450.00", _day(start, 10, today), "Moradia", "Condomínio", "Condomínio")
        add("despesa", vary(140, 30), _day(start, 12, today), "Contas", "Luz", "Conta de luz",
            "boleto")  # fmt: skip
        add("despesa", "119.90", _day(start, 15, today), "Contas", "Internet", "Internet")
        add("despesa", "59.90", _day(start, 15, today), "Contas", "Celular", "Plano de celular")
        for week, day in enumerate((3, 10, 17, 24)):
            add("despesa", vary(260, 60), _day(start, day, today), "Alimentação",
                "Supermercado", "Supermercado" if week % 2 else "Mercado do bairro")  # fmt: skip
        add("despesa", vary(230, 40), _day(start, 8, today), "Transporte", "Combustível",
            "Posto de gasolina")  # fmt: skip
        add("despesa", vary(200, 40), _day(start, 22, today), "Transporte", "Combustível",
            "Posto de gasolina")  # fmt: skip
        for day in (6, 13, 20, 27):
            add("despesa", vary(28, 10), _day(start, day, today), "Transporte", "App", "Uber")
        add("despesa", vary(85, 40), _day(start, 16, today), "Saúde", "Farmácia", "Farmácia")
        add("despesa", vary(60, 15), _day(start, 19, today), "Lazer", "Cinema", "Cinema")
        add("despesa", vary(120, 40), _day(start, 26, today), "Alimentação", "Restaurante",
            "Restaurante")  # fmt: skip
    tv_day = first + relativedelta(months=MONTHS - 3, day=14)
    tv = TransactionDraft(
        valor=D("3000.00"), tipo="despesa", categoria="Compras", subcategoria="Eletrônicos",
        descricao="TV", data=tv_day, forma_pagamento="credito", parcelas=10, cartao_credito=True,
    )  # fmt: skip
    card = build_batch(user_id, f"demo-tv-{user_id}", tv, today)
    batch.purchases += card.purchases
    for inst in card.instalments:
        batch.instalments.append(inst if inst.due > today else _paid(inst))
    loan_day = first + relativedelta(days=2)
    loan = Debt(ident(), user_id, "Empréstimo pessoal", D("5000.00"), D("5000.00"), loan_day)
    batch.debts.append(loan)
    for k in (1, 2):
        when = _day(first + relativedelta(months=k), 7, today)
        if when is not None:
            add("despesa", "480.00", when, "Dívidas", "Empréstimo", "Parcela do empréstimo pessoal")
            batch.payments.append(DebtPayment(loan.id, D("480.00")))
    batch.assets += [
        Asset(ident(), user_id, "CDB Banco X", "investimento", D("12000.00"), "CDB"),
        Asset(ident(), user_id, "Tesouro Selic", "investimento", D("8000.00"), "tesouro direto"),
        Asset(ident(), user_id, "Ações (carteira)", "investimento", D("5500.00"), "ações"),
        Asset(ident(), user_id, "Reserva de emergência", "reserva", D("15000.00")),
    ]
    next_month = today.replace(day=1) + relativedelta(months=1)
    for draft in (
        TransactionDraft(valor=D("1800.00"), tipo="despesa", categoria="Moradia",
                         subcategoria="Aluguel", descricao="Aluguel", data=next_month +
                         timedelta(days=9), conta_futura=True),
        TransactionDraft(valor=D("900.00"), tipo="receita", categoria="Receitas",
                         subcategoria="Freelance", descricao="Projeto freelance", data=today +
                         timedelta(days=12), conta_futura=True),
    ):  # fmt: skip
        batch.scheduled += build_batch(
            user_id, f"demo-sched-{draft.tipo}-{user_id}", draft, today
        ).scheduled
    return batch


def _paid(inst: Instalment) -> Instalment:
    return replace(inst, paid=True)


async def load_demo(ledger: Ledger, user_id: str, today: date) -> bool:
    """Record the demo ledger for `user_id` (True) unless it was ever loaded (False)."""
    key = DEMO_KEY
    return await ledger.record(user_id, key, demo_batch(user_id, today))
