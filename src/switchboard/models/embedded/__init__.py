"""The embedded offline model: agents run from their offline policies, with no LLM and no network.

scikit-learn is imported only when an `EmbeddedModel` (or `IntentClassifier`) is built.
"""

from switchboard.models.embedded.classifier import IntentClassifier
from switchboard.models.embedded.extractors import EXTRACTORS
from switchboard.models.embedded.model import EmbeddedModel

__all__ = ["EXTRACTORS", "EmbeddedModel", "IntentClassifier"]
