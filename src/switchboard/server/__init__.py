"""HTTP server: NDJSON/SSE chat streams, OpenAI-compatible completions, sessions, feedback,
metrics and the web chat page. `create_app` builds the FastAPI application."""

from switchboard.server.app import create_app
from switchboard.server.settings import ServerSettings

__all__ = ["ServerSettings", "create_app"]
