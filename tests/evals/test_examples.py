"""The example suites of docs/eval/examples load and run on the real offline apps.

Whether each case *passes* is the apps' business (some examples encode behaviour the open
issues ask for); here every case must load, pass the preflight against its app and run to the
end without an app error."""

from __future__ import annotations

from pathlib import Path

from switchboard.evals import EvalRunner, RunOptions, load_suites

EXAMPLES = sorted(
    (Path(__file__).resolve().parents[2] / "docs" / "eval" / "examples").glob("*.jsonl")
)


def _case_lines(path: Path) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return sum(1 for line in lines if line.strip() and not line.strip().startswith("//"))


def test_there_are_three_to_five_examples_covering_the_reference_apps() -> None:
    assert 3 <= len(EXAMPLES) <= 5
    apps = {c.case.app for c in load_suites(EXAMPLES)}
    assert apps == {"finance", "support", "scholarships"}


async def test_every_example_runs_without_an_app_error() -> None:
    cases = load_suites(EXAMPLES)
    assert len(cases) == sum(_case_lines(p) for p in EXAMPLES)
    result = await EvalRunner(RunOptions(model="embedded")).run(cases)
    assert [c.id for c in result.cases] == [c.case.id for c in cases]
    for case in result.cases:
        assert case.error is None, (case.id, case.error)
        assert any(t.graded for t in case.turns), case.id
        for turn in case.turns:
            assert all(check.kind != "error" for check in turn.checks), (case.id, turn.checks)
    checks = set(result.summary.checks)
    assert checks == {
        "route", "agent", "effects", "asks", "figures", "contains", "contains_any",
        "not_contains", "blocked", "category", "citation", "not_found",
    }  # fmt: skip
    # the dev split is what the examples say works today; the test split holds what the open
    # issues ask for, so no rate is asserted for it
    assert result.summary.splits["dev"].turns.total > 0
