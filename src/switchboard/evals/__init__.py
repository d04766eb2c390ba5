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

from __future__ import annotations

from typing import TYPE_CHECKING

from switchboard._faces import attach
from switchboard.evals.loader import Selection as Selection
from switchboard.evals.loader import SuiteError as SuiteError
from switchboard.evals.loader import SuiteProblem as SuiteProblem
from switchboard.evals.loader import load_suites as load_suites
from switchboard.evals.loader import select as select
from switchboard.evals.probe import PROBE_ENTRY_POINT_GROUP as PROBE_ENTRY_POINT_GROUP
from switchboard.evals.probe import CaseContext as CaseContext
from switchboard.evals.probe import CaseProbe as CaseProbe
from switchboard.evals.probe import Effect as Effect
from switchboard.evals.probe import EffectKind as EffectKind
from switchboard.evals.probe import EvalProbe as EvalProbe
from switchboard.evals.probe import Evaluable as Evaluable
from switchboard.evals.probe import TurnFacts as TurnFacts
from switchboard.evals.probe import TurnObservation as TurnObservation
from switchboard.evals.probe import probe_for as probe_for
from switchboard.evals.results import CaseResult as CaseResult
from switchboard.evals.results import CheckResult as CheckResult
from switchboard.evals.results import RunResult as RunResult
from switchboard.evals.results import Summary as Summary
from switchboard.evals.results import TurnResult as TurnResult
from switchboard.evals.runner import AppBuilder as AppBuilder
from switchboard.evals.runner import AppRequest as AppRequest
from switchboard.evals.runner import EvalRunner as EvalRunner
from switchboard.evals.runner import RunOptions as RunOptions
from switchboard.evals.runner import run_suites as run_suites
from switchboard.evals.suite import Case as Case
from switchboard.evals.suite import SuiteCase as SuiteCase

if TYPE_CHECKING:
    from switchboard.evals.suite import EffectValue as EffectValue
else:
    __getattr__, __dir__, __all__ = attach(__name__)
