"""Our own issue-19 example suites, run through the offline app turn by turn.

`data/trust_recording.jsonl` and `data/trust_queries.jsonl` are written for these tests (not
copied from any eval set) in the `switchboard eval` suite format. Each turn's answer is checked
for the route (the answering agent), the ledger rows it wrote (as effects: expense, income,
refund, transfer, loan, debt_payment, asset_purchase, bill, receivable), whether it asks, the
figures it states and required phrases. The effect mapping here is deliberately small and
local: it is what the ledger records mean, independent of the eval harness.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from switchboard.apps.finance.ledger import FlowFilter, Ledger
from switchboard.core.clock import ManualClock

from .app_helpers import ledger_of, make_app

DATA = Path(__file__).with_name("data")
ROUTES = {"junior": "trivial", "lancador": "lancamento", "simplista": "simplista",
          "orquestrador": "complexa"}  # fmt: skip


def _cases(name: str) -> list[dict[str, Any]]:
    lines = (DATA / name).read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip() and not line.startswith("//")]


def _fold(text: str) -> str:
    return unicodedata.normalize("NFD", text).encode("ascii", "ignore").decode().lower()


@dataclass
class _Seen:
    ids: set[str]


async def _rows(ledger: Ledger, user: str) -> dict[str, tuple[str, dict[str, Any]]]:
    """Every ledger row of the user as (kind, fields), by a unique id."""
    out: dict[str, tuple[str, dict[str, Any]]] = {}
    for e in await ledger.entries(user, FlowFilter()):
        day = e.day.isoformat()
        if e.nature == "estorno" or e.subcategoria == "Reembolso":
            out[e.id] = ("refund", {"amount": e.amount, "date": day})
        elif e.nature in ("pagamento_divida", "fatura_cartao") or e.debt_id:
            out[e.id] = ("debt_payment", {"amount": e.amount, "date": day})
        else:
            kind = "income" if e.kind == "receita" else "expense"
            fields = {"amount": e.amount, "date": day, "category": e.categoria,
                      "subcategory": e.subcategoria, "payment_method": e.payment_method}  # fmt: skip
            out[e.id] = (kind, fields)
    for p in await ledger.purchases(user, FlowFilter()):
        out[p.id] = ("expense", {"amount": p.amount, "date": p.day.isoformat(),
                                 "category": p.categoria, "subcategory": p.subcategoria,
                                 "payment_method": "credito", "instalments": p.instalments})  # fmt: skip
    for paid in (False, True):
        for s in await ledger.scheduled(user, None, paid=paid):
            kind = "bill" if s.kind == "despesa" else "receivable"
            out[s.id] = (kind, {"amount": s.amount, "due": s.due.isoformat() if s.due else None,
                                "category": s.categoria})  # fmt: skip
    purchases = await ledger.asset_purchases(user)
    for a in purchases:
        out[a.id] = ("asset_purchase", {"amount": a.amount, "asset": a.kind,
                                        "date": a.day.isoformat(), "instalments": a.instalments})  # fmt: skip
    for d in await ledger.debts(user):
        if d.cash_in:
            out[d.id] = ("loan", {"amount": d.principal, "date": d.day.isoformat()})
    for t in await ledger.transfers(user, FlowFilter()):
        out[t.id] = ("transfer", {"amount": t.amount, "date": t.day.isoformat()})
    return out


def _day(value: str, today: date) -> str:
    m = re.fullmatch(r"today([+-]\d+)?", value)
    return (today + timedelta(days=int(m[1] or 0))).isoformat() if m else value


def _matches(want: dict[str, Any], got: tuple[str, dict[str, Any]], today: date) -> bool:
    kind, fields = got
    if want["kind"] != kind:
        return False
    for name, value in want.items():
        if name == "kind":
            continue
        have = fields.get(name)
        if isinstance(value, int | float):
            if have is None or abs(Decimal(str(value)) - Decimal(have)) > Decimal("0.005"):
                return False
        elif name in ("date", "due"):
            if have != _day(value, today):
                return False
        elif _fold(str(have or "")) != _fold(str(value)):
            return False
    return True


def _numbers(text: str) -> list[Decimal]:
    found = re.findall(r"\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+,\d+|\d+", text)
    return [Decimal(n.replace(".", "").replace(",", ".")) for n in found]


async def _run_case(case: dict[str, Any]) -> list[str]:
    today = date.fromisoformat(case["today"])
    start = datetime(today.year, today.month, today.day, 15, tzinfo=UTC)
    clock = ManualClock(wall_start=start)
    app = make_app(clock=clock)
    ledger, user, seen = ledger_of(app), "u-" + case["id"], _Seen(set())
    problems: list[str] = []
    for index, turn in enumerate(case["turns"]):
        reply = await app.reply("s-" + case["id"], turn["user"], user_id=user)
        await clock.advance(60)
        rows = await _rows(ledger, user)
        new = [row for key, row in rows.items() if key not in seen.ids]
        seen.ids |= set(rows)
        expect = turn.get("expect")
        if not expect:
            continue
        where = f"{case['id']}#{index} {turn['user']!r} -> {reply.text!r}"
        if "route" in expect and ROUTES.get(reply.agent or "") != expect["route"]:
            problems.append(f"{where}: route {reply.agent}")
        if "effects" in expect:
            left = list(new)
            for want in expect["effects"]:
                hit = next((g for g in left if _matches(want, g, today)), None)
                if hit is None:
                    problems.append(f"{where}: missing {want}, got {new}")
                    break
                left.remove(hit)
            else:
                if left:
                    problems.append(f"{where}: unexpected {left}")
        if "asks" in expect and reply.text.rstrip().endswith("?") != expect["asks"]:
            problems.append(f"{where}: asks")
        numbers = _numbers(reply.text)
        for figure in expect.get("figures", []):
            if not any(abs(n - Decimal(str(figure["value"]))) <= Decimal("0.01") for n in numbers):
                problems.append(f"{where}: figure {figure['value']}")
        if "contains_any" in expect and not any(
            _fold(p) in _fold(reply.text) for p in expect["contains_any"]
        ):
            problems.append(f"{where}: none of {expect['contains_any']}")
        for phrase in expect.get("not_contains", []):
            if _fold(phrase) in _fold(reply.text):
                problems.append(f"{where}: says {phrase!r}")
    await app.shutdown()
    return problems


@pytest.mark.parametrize("suite", ["trust_recording.jsonl", "trust_queries.jsonl"])
async def test_our_example_suites_pass_offline(suite: str) -> None:
    problems: list[str] = []
    for case in _cases(suite):
        problems += await _run_case(case)
    assert problems == []
