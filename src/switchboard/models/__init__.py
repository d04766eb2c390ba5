"""The `Model` port and its providers. Nothing above this package knows a provider exists."""

from __future__ import annotations

from typing import TYPE_CHECKING

from switchboard._faces import attach
from switchboard.models.base import Model as Model
from switchboard.models.base import ModelRequest as ModelRequest
from switchboard.models.base import ModelResponse as ModelResponse
from switchboard.models.base import ResponseDone as ResponseDone
from switchboard.models.base import StreamChunk as StreamChunk
from switchboard.models.base import TextDelta as TextDelta
from switchboard.models.base import ToolSchema as ToolSchema

if TYPE_CHECKING:
    from switchboard.models.embedded.classifier import IntentClassifier as IntentClassifier
    from switchboard.models.embedded.text import normalize as normalize
    from switchboard.models.embedded.tfidf import TfidfFeatures as TfidfFeatures
    from switchboard.models.source import ModelChoice as ModelChoice
    from switchboard.models.source import ModelSource as ModelSource
    from switchboard.models.source import as_source as as_source
else:
    __getattr__, __dir__, __all__ = attach(__name__)
