"""Junior-style triage and dialog mode (spec 001 §2, §2.1), reusable by any app.

The mechanisms, with no app vocabulary: a TF-IDF + linear-SVM text model over the app's own
classes (`model.py`), one-edit typo repair against the app's vocabulary (`speller.py`), the
continuity verdict and its learned half (`continuity.py`), and dialog mode — the clarifying
question an agent leaves open and what the next message does with it (`dialog.py`). An app
brings its labels, rules, training data and wording (finance: `apps/finance/triage/`). See
README.md.
"""

from switchboard._faces import attach
from switchboard.patterns.triage.continuity import ContinuityResult as ContinuityResult
from switchboard.patterns.triage.continuity import Features as Features
from switchboard.patterns.triage.continuity import LearnedContinuity as LearnedContinuity
from switchboard.patterns.triage.continuity import OpenDialog as OpenDialog
from switchboard.patterns.triage.continuity import load_pairs as load_pairs
from switchboard.patterns.triage.dialog import AlwaysAnswers as AlwaysAnswers
from switchboard.patterns.triage.dialog import Dialog as Dialog
from switchboard.patterns.triage.dialog import DialogAction as DialogAction
from switchboard.patterns.triage.dialog import DialogStep as DialogStep
from switchboard.patterns.triage.dialog import Judge as Judge
from switchboard.patterns.triage.dialog import answer_dialog as answer_dialog
from switchboard.patterns.triage.model import LinearTextModel as LinearTextModel
from switchboard.patterns.triage.speller import Speller as Speller

__getattr__, __dir__, __all__ = attach(__name__)
