"""Settings from environment variables (prefix `SWITCHBOARD_`) with defaults that run offline."""

from __future__ import annotations

from pydantic import AliasChoices, Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Platform settings from `SWITCHBOARD_*` environment variables (and `.env`): one typed
    place instead of `os.environ` reads scattered through the code."""

    model_config = SettingsConfigDict(env_prefix="SWITCHBOARD_", extra="ignore")

    database_url: str = Field(
        default="sqlite:///var/switchboard.db",
        validation_alias=AliasChoices("DATABASE_URL", "SWITCHBOARD_DATABASE_URL"),
    )
    """`sqlite:///path`, `postgresql://…` or `memory://`."""
    redis_url: str | None = Field(
        default=None, validation_alias=AliasChoices("REDIS_URL", "SWITCHBOARD_REDIS_URL")
    )
    session_lock_lease_seconds: float = 15.0
    """With Redis, how long a session lock outlives a process killed mid-turn (the next message
    on that session waits at most this long). A live turn renews its lease every third of it."""
    model: str | None = None
    """Default model id (`openai:gpt-4o-mini`, `embedded`, …); None picks from the keys present."""
    max_message_chars: int = 8_000
    history_limit: int = 60
    """Messages of history loaded for each turn."""
    max_agent_hops: int = 4
    """Delegations/returns allowed within one user turn, against ping-pong between agents."""
