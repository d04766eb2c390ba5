"""Small helpers shared by the suite generators: effect builders, split by id hash, JSONL writer.

The suites are generated from Python data so that every figure is computed, not typed, and the
split is a deterministic function of the case id (sha1(id) last hex digit < 5 -> test, ~31%).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

TODAY = "2026-11-26"
HERE = Path(__file__).resolve().parent


def split_of(case_id: str) -> str:
    """`test` when the last hex digit of sha1(id) is below 5 (5/16 of ids), else `dev`."""
    return "test" if int(hashlib.sha1(case_id.encode()).hexdigest()[-1], 16) < 5 else "dev"


def _effect(kind: str, amount: float, **fields: Any) -> dict[str, Any]:
    eff: dict[str, Any] = {"kind": kind, "amount": amount}
    for key, value in fields.items():
        if value is not None and value is not False:
            eff[key] = value
    return eff


def ex(amount, cat=None, sub=None, date="today", pm=None, inst=None):
    """An expense; date=False leaves the date unchecked (the user gave a vague period)."""
    return _effect(
        "expense",
        amount,
        category=cat,
        subcategory=sub,
        date=date,
        payment_method=pm,
        instalments=inst,
    )


def inc(amount, sub=None, date="today", cat="Receitas"):
    return _effect("income", amount, category=cat, subcategory=sub, date=date)


def rf(amount, date="today"):
    return _effect("refund", amount, date=date)


def tr(amount, date="today"):
    return _effect("transfer", amount, date=date)


def ln(amount, date="today"):
    return _effect("loan", amount, date=date)


def dp(amount, date="today"):
    return _effect("debt_payment", amount, date=date)


def ap(amount, asset, date="today", inst=None):
    return _effect("asset_purchase", amount, asset=asset, date=date, instalments=inst)


def bl(amount, due, cat=None, sub=None):
    return _effect("bill", amount, due=due, category=cat, subcategory=sub)


def rc(amount, due, cat=None):
    return _effect("receivable", amount, due=due, category=cat)


def fig(value: float, tol: float | None = 0.01, rtol: float | None = None) -> dict[str, Any]:
    if rtol is not None:
        return {"value": round(value, 2), "rtol": rtol}
    return {"value": round(value, 2), "tol": tol}


def turn(user: str, expect: dict[str, Any] | None = None) -> dict[str, Any]:
    """One user turn, with what it must produce when it is graded."""
    out: dict[str, Any] = {"user": user}
    if expect is not None:
        out["expect"] = expect
    return out


def rec_expect(effects: list[dict[str, Any]], figures: bool = True, **kw: Any) -> dict[str, Any]:
    """A recording turn's expectation: the route (Junior's `lancamento` unless given), the ledger
    effects and, unless `figures=False`, each effect's amount in the answer."""
    exp: dict[str, Any] = {"route": kw.pop("route", "lancamento"), "effects": effects}
    if figures and effects:
        exp["figures"] = [fig(e["amount"]) for e in effects]
    exp.update(kw)
    return exp


def case(
    case_id: str, tags: list[str], turns: list[dict[str, Any]], setup=None, notes: str | None = None
) -> dict[str, Any]:
    obj: dict[str, Any] = {
        "id": case_id,
        "app": "finance",
        "split": split_of(case_id),
        "tags": tags,
        "today": TODAY,
        "setup": setup or {"ledger": "empty"},
        "turns": turns,
    }
    if notes:
        obj["notes"] = notes
    return obj


def write(name: str, cases: list[dict[str, Any]]) -> None:
    ids = [c["id"] for c in cases]
    assert len(ids) == len(set(ids)), "duplicate ids"
    with open(HERE / name, "w", encoding="utf-8") as fh:
        for c in cases:
            fh.write(json.dumps(c, ensure_ascii=False) + "\n")
    dev = sum(c["split"] == "dev" for c in cases)
    print(f"{name}: {len(cases)} cases ({dev} dev, {len(cases) - dev} test)")
