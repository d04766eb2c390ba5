"""`switchboard eval`: multi-turn JSONL suites run against any `ChatApp` (docs/eval.md).

    cases = load_suites(["docs/eval/examples/finance.jsonl"])
    result = await EvalRunner(RunOptions(model="embedded")).run(cases)
    result.summary.turns.rate

One concept per module: `suite` (the format, strict models), `loader` (files, errors with
file:line, selection), `preflight` (what a case asks of its app), `runner` (apps, isolation,
concurrency), `checks` (one function per expectation), `effects` (multiset
matching), `numbers` (pt-BR figures), `phrases` (folded text rules), `probe` (what an app
reports beyond its answer), `results` (the `--json` model), `report` (the terminal view),
`clock` (the case's date on real time). App-specific knowledge lives in each app's own
`eval_probe.py`, never here.
"""

from switchboard.evals.loader import Selection, SuiteError, SuiteProblem, load_suites, select
from switchboard.evals.probe import (
    PROBE_ENTRY_POINT_GROUP,
    CaseContext,
    CaseProbe,
    Effect,
    EffectKind,
    EvalProbe,
    Evaluable,
    TurnFacts,
    TurnObservation,
    probe_for,
)
from switchboard.evals.results import CaseResult, CheckResult, RunResult, Summary, TurnResult
from switchboard.evals.runner import AppBuilder, AppRequest, EvalRunner, RunOptions, run_suites
from switchboard.evals.suite import Case, SuiteCase

__all__ = [
    "PROBE_ENTRY_POINT_GROUP",
    "AppBuilder",
    "AppRequest",
    "Case",
    "CaseContext",
    "CaseProbe",
    "CaseResult",
    "CheckResult",
    "Effect",
    "EffectKind",
    "EvalProbe",
    "EvalRunner",
    "Evaluable",
    "RunOptions",
    "RunResult",
    "Selection",
    "SuiteCase",
    "SuiteError",
    "SuiteProblem",
    "Summary",
    "TurnFacts",
    "TurnObservation",
    "TurnResult",
    "load_suites",
    "probe_for",
    "run_suites",
    "select",
]
