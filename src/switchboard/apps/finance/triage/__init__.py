"""Junior, the finance assistant's triage (spec 001 §2, §2.1).

Every user message enters here: `Triage.classify` puts it in one of four categories (trivial,
lancamento, simplista, complexa) offline, `continuity` decides whether a message answers an open
clarifying question, `analysis` builds the orchestrator package for complexa messages, `hosted`
holds the prompts, schemas and parsers for a hosted model, and `policy` the memory access per
category. Everything here is pure: no store, no network; the only I/O is reading the packaged
training files once.
"""

from switchboard.apps.finance.triage.analysis import (
    CandidatoCoordenador,
    OrchestratorPackage,
    analyse,
)
from switchboard.apps.finance.triage.classifier import Triage
from switchboard.apps.finance.triage.continuity import ContinuityCheck, ContinuityResult, OpenDialog
from switchboard.apps.finance.triage.evaluate import EvalReport, evaluate
from switchboard.apps.finance.triage.policy import MEMORY_POLICY, MemoryPolicy, memory_policy
from switchboard.apps.finance.triage.types import (
    CATEGORIES,
    Categoria,
    PreviousTurn,
    TriageResult,
)

__all__ = [
    "CATEGORIES",
    "MEMORY_POLICY",
    "CandidatoCoordenador",
    "Categoria",
    "ContinuityCheck",
    "ContinuityResult",
    "EvalReport",
    "MemoryPolicy",
    "OpenDialog",
    "OrchestratorPackage",
    "PreviousTurn",
    "Triage",
    "TriageResult",
    "analyse",
    "evaluate",
    "memory_policy",
]
