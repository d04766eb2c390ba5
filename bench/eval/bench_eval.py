"""Throughput of `switchboard eval` on the offline apps, and the isolation choice behind it.

    PYTHONPATH=src python bench/eval/bench_eval.py [--cases 300] [--repeats 3] [--json]

Generated suites (two graded turns per case, messages drawn from a fixed list with a seeded
random) run through `EvalRunner` exactly as the command runs them, in three set-ups:

- **shared**: the runner's way — one app per (app, date), each case a fresh user and session;
- **fresh app per case**: the alternative the runner rejected — a new app (and store) for every
  case, i.e. each case run by its own `EvalRunner`;
- **no probe**: the shared set-up with the app's probe switched off (the app registered under
  another name), to show what the effects snapshot costs per turn (finance reads the user's
  whole ledger after every turn).

Every set-up runs once untimed first (the first finance build in a process trains its
classifiers, ~5 s), then `--repeats` times; the best and the median turns per second are
reported, with the machine's load. Concurrency 1: offline turns are CPU-bound, so interleaving
cases on one event loop does not help (it helps hosted models, whose turns wait on the network).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import statistics
import time
from datetime import date
from pathlib import Path
from typing import Any

from switchboard.evals import AppRequest, EvalRunner, RunOptions, SuiteCase
from switchboard.evals.runner import build_registered
from switchboard.evals.suite import Case
from switchboard.sessions.app import ChatApp

MESSAGES: dict[str, list[str]] = {
    "finance": [
        "gastei 45 no uber ontem", "paguei 120 de internet", "recebi 3000 de salário",
        "quanto gastei este mês?", "oi", "comprei um tênis de 300 em 3x no cartão",
        "qual meu saldo?", "almocei por 32,50", "quanto gastei com mercado em outubro?",
        "tenho que pagar o aluguel de 1800 dia 10",
    ],
    "support": [
        "minha internet caiu", "qual o valor da minha fatura?", "quais os horários de atendimento?",
        "quero segunda via do boleto", "oi", "a internet está lenta",
    ],
    "scholarships": [
        "oi", "Ana", "17", "Recife", "ensino médio completo", "qual a nota mínima do prouni?",
        "quando abrem as inscrições do sisu?", "matei a prova do enem",
    ],
}  # fmt: skip
EXPECT: dict[str, dict[str, Any]] = {
    "finance": {"effects": [], "contains_any": ["R$"]},
    "support": {"effects": [], "not_found": False},
    "scholarships": {"blocked": False, "effects": []},
}


def suite(
    app: str, n: int, *, demo: bool = False, expect: dict[str, Any] | None = None
) -> list[SuiteCase]:
    rng = random.Random(7)
    cases = []
    for i in range(n):
        turns = [
            {"user": rng.choice(MESSAGES[app]), "expect": expect or EXPECT[app]} for _ in range(2)
        ]
        data: dict[str, Any] = {"id": f"{app}-{i}", "app": app, "split": "dev", "turns": turns}
        if demo:
            data["setup"] = {"ledger": "demo"}
        cases.append(SuiteCase(Case.model_validate_json(json.dumps(data)), Path("bench"), i + 1))
    return cases


def no_probe(request: AppRequest) -> ChatApp:
    """The registered app, found under another name: no probe entry point matches it."""
    real = request.name.removesuffix("-noprobe")
    return build_registered(
        AppRequest(real, request.store, request.settings, request.clock, request.model)
    )


async def timed(cases: list[SuiteCase], *, per_case: bool, app: str | None = None) -> float:
    options = RunOptions(model="embedded", concurrency=1, default_today=date(2026, 11, 26), app=app)
    builder = no_probe if app and app.endswith("-noprobe") else build_registered
    started = time.perf_counter()
    if per_case:
        for case in cases:
            await EvalRunner(options, builder=builder).run([case])
    else:
        await EvalRunner(options, builder=builder).run(cases)
    return time.perf_counter() - started


async def snapshot_cost(reads: int = 1000) -> tuple[int, float]:
    """Rows in a demo ledger, and ms to read it whole (what the finance probe does per turn)."""
    from switchboard.apps.finance.demo import load_demo
    from switchboard.apps.finance.eval_probe import LedgerView
    from switchboard.apps.finance.ledger import LEDGER
    from switchboard.store.factory import open_store

    ledger = open_store("memory://").repository(LEDGER)
    await load_demo(ledger, "u", date(2026, 11, 26))
    view = await LedgerView.read(ledger, "u")
    rows = sum(len(part) for part in (view.entries, view.purchases, view.scheduled, view.debts))
    started = time.perf_counter()
    for _ in range(reads):
        await LedgerView.read(ledger, "u")
    return rows + len(view.assets), (time.perf_counter() - started) * 1000 / reads


def machine() -> str:
    load = os.getloadavg()[0]
    return f"{os.cpu_count()} CPUs, Python {platform.python_version()}, load {load:.2f}"


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--per-case-cases", type=int, default=60)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    print(machine())
    setups: list[tuple[str, list[SuiteCase], bool, str | None]] = []
    for app in ("finance", "support", "scholarships"):
        setups.append((f"{app} shared", suite(app, args.cases), False, None))
    setups.append(
        ("finance shared, demo ledger", suite("finance", args.cases, demo=True), False, None)
    )
    generic = {"contains_any": ["R$"]}  # the same text check, nothing the probe reports
    plain = suite("finance", args.cases, expect=generic)
    setups.append(("finance shared, probe, generic checks", plain, False, None))
    setups.append(("finance shared, no probe, generic checks", plain, False, "finance-noprobe"))
    for app in ("finance", "support", "scholarships"):
        setups.append((f"{app} fresh app per case", suite(app, args.per_case_cases), True, None))
    rows = []
    for name, cases, per_case, app in setups:
        await timed(cases, per_case=per_case, app=app)  # warm-up
        seconds = [await timed(cases, per_case=per_case, app=app) for _ in range(args.repeats)]
        turns = sum(len(c.case.turns) for c in cases)
        rates = sorted(turns / s for s in seconds)
        row = {
            "setup": name,
            "cases": len(cases),
            "turns": turns,
            "best_turns_per_s": round(rates[-1]),
            "median_turns_per_s": round(statistics.median(rates)),
            "ms_per_turn_best": round(1000 / rates[-1], 3),
        }
        rows.append(row)
        print(
            f"{name:45s} {len(cases):4d} cases {turns:5d} turns  best {row['best_turns_per_s']:6d} "
            f"turns/s  median {row['median_turns_per_s']:6d}  ({row['ms_per_turn_best']} ms/turn)"
        )
    rows_in_demo, ms = await snapshot_cost()
    print(f"finance probe snapshot of a demo ledger ({rows_in_demo} rows): {ms:.3f} ms per read")
    print(machine())
    if args.json:
        print(json.dumps(rows, indent=2))


if __name__ == "__main__":
    asyncio.run(main())
