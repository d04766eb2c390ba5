"""The branch's own dev suites (`data/own_income.jsonl`, `data/own_flows.jsonl`) through
`switchboard eval`'s runner, offline (and the `*_fresh` second batches, written later).

Written for issue 20 (items 3-6) before the income reader was read: informal pt-BR, typos, no
accents, numbers in words, minimum wages, ranges, refusals, numbers that are not income, and
onboarding slots, eligibility and match geography. The rates asserted are the measured ones
rounded down (bench/scholarships/RESULTS.md), so a regression fails here; the cases still
failing are listed with the reason in the RESULTS file.
"""

from __future__ import annotations

from pathlib import Path

from switchboard.evals import EvalRunner, RunOptions, load_suites

DATA = Path(__file__).parent / "data"


async def _run(*names: str) -> tuple[int, int, int]:
    cases = load_suites([DATA / name for name in names])
    assert cases and all(c.case.split == "dev" for c in cases)
    result = await EvalRunner(RunOptions(model="embedded")).run(cases)
    for case in result.cases:
        assert case.error is None, (case.id, case.error)
    turns = result.summary.turns
    effects = result.summary.checks["effects"]
    return turns.passed, turns.total, effects.passed * 1000 // effects.total


async def test_income_phrasings_are_understood() -> None:
    passed, total, effects_per_mille = await _run(
        "own_income.jsonl",
        "own_income_fresh.jsonl",
        "own_income_fresh3.jsonl",
        "own_income_fresh4.jsonl",
        "own_income_fresh5.jsonl",
        "own_income_fresh6.jsonl",
    )
    assert total >= 200
    assert passed / total >= 0.98, (passed, total)
    assert effects_per_mille >= 980


async def test_slots_eligibility_and_match_flows() -> None:
    passed, total, _ = await _run(
        "own_flows.jsonl",
        "own_flows_fresh.jsonl",
        "own_flows_fresh3.jsonl",
        "own_flows_fresh4.jsonl",
    )
    assert total >= 230
    assert passed / total >= 0.95, (passed, total)
