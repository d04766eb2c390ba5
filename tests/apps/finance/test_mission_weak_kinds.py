"""Round 7 of our own phrasings (issue 19: the kinds weak on held-out text) run offline through
`switchboard eval`'s runner: financing with amounts/terms in words, poupança and investment
growth, portability, consignado vs other credit, diagnosis, a question back when a parameter
is missing, and intentions/information never recorded. `data/missions_weak.jsonl` is generated
by `mission_suite_weak.py` (numpy-financial, not the app)."""

from __future__ import annotations

from collections import Counter

from switchboard.evals import EvalRunner, RunOptions, load_suites

from .mission_suite_weak import OUT, cases, render


def test_the_suite_file_is_what_the_generator_writes() -> None:
    assert OUT.read_text(encoding="utf-8") == render()


def test_the_suite_covers_the_weak_kinds() -> None:
    kinds = Counter(c["tags"][0] for c in cases())
    assert kinds["financiamento"] >= 10 and kinds["investimentos"] >= 8
    assert kinds["dividas"] >= 10 and kinds["diagnostico"] >= 4
    assert kinds["nao_registrar"] >= 12


async def test_every_weak_kind_phrasing_is_answered_with_its_figures_offline() -> None:
    result = await EvalRunner(RunOptions(model="embedded")).run(load_suites([OUT]))
    failures = [
        (case.id, turn.user, [(c.kind, c.got) for c in turn.checks if not c.passed], turn.answer)
        for case in result.cases
        for turn in case.turns
        if turn.graded and not turn.passed
    ]
    assert failures == []
    assert result.summary.turns.passed == result.summary.turns.total > 0
