"""Junior-style triage and dialog mode (spec 001 §2, §2.1), reusable by any app.

The mechanisms, with no app vocabulary: a TF-IDF + linear-SVM text model over the app's own
classes (`model.py`), one-edit typo repair against the app's vocabulary (`speller.py`), the
continuity verdict and its learned half (`continuity.py`), and dialog mode — the clarifying
question an agent leaves open and what the next message does with it (`dialog.py`). An app
brings its labels, rules, training data and wording (finance: `apps/finance/triage/`). See
README.md.
"""

from switchboard.patterns.triage.continuity import (
    ContinuityResult,
    Features,
    LearnedContinuity,
    OpenDialog,
    load_pairs,
)
from switchboard.patterns.triage.dialog import (
    AlwaysAnswers,
    Dialog,
    DialogAction,
    DialogStep,
    Judge,
    answer_dialog,
)
from switchboard.patterns.triage.model import LinearTextModel
from switchboard.patterns.triage.speller import Speller

__all__ = [
    "AlwaysAnswers",
    "ContinuityResult",
    "Dialog",
    "DialogAction",
    "DialogStep",
    "Features",
    "Judge",
    "LearnedContinuity",
    "LinearTextModel",
    "OpenDialog",
    "Speller",
    "answer_dialog",
    "load_pairs",
]
