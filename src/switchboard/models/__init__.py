"""The `Model` port and its providers. Nothing above this package knows a provider exists."""

from switchboard.models.base import (
    Model,
    ModelRequest,
    ModelResponse,
    ResponseDone,
    StreamChunk,
    TextDelta,
    ToolSchema,
)

__all__ = [
    "Model",
    "ModelRequest",
    "ModelResponse",
    "ResponseDone",
    "StreamChunk",
    "TextDelta",
    "ToolSchema",
]
