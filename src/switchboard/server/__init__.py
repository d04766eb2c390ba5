"""HTTP server: NDJSON/SSE chat streams, OpenAI-compatible completions, sessions, feedback,
metrics and the web chat page. `create_app` builds the FastAPI application."""

from __future__ import annotations

from switchboard._faces import attach
from switchboard.server.app import create_app as create_app
from switchboard.server.settings import ServerSettings as ServerSettings

__getattr__, __dir__, __all__ = attach(__name__)
