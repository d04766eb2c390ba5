"""The API key model: high-entropy random keys, stored only as their SHA-256.

A key is `sb-<43 url-safe chars>` (256 random bits), or `sb-dev-…` for the development key of
`switchboard serve --dev`. Because keys are random and long, a plain SHA-256 is enough (no slow
KDF needed); stores look a key up by its hash and confirm with a constant-time compare. Keys are
never logged; only their first characters (`prefix`) are kept for people to tell keys apart.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import datetime
from typing import Protocol

from pydantic import BaseModel

from switchboard.core.errors import SwitchboardError

KEY_PREFIX = "sb-"
DEV_KEY_PREFIX = "sb-dev-"
_USER_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}$")


class UserRecord(BaseModel):
    id: str
    name: str
    created_at: datetime


class ApiKeyRecord(BaseModel):
    id: str
    user_id: str
    prefix: str
    """First characters of the key, safe to show."""
    label: str = ""
    created_at: datetime


class UserExistsError(SwitchboardError):
    code = "user_exists"
    http_status = 409


class UserNotFoundError(SwitchboardError):
    code = "user_not_found"
    http_status = 404


class InvalidUserNameError(SwitchboardError):
    code = "invalid_user_name"
    http_status = 422


class ApiKeyStore(Protocol):
    async def init(self) -> None:
        """Create tables if needed; idempotent."""
        ...

    async def close(self) -> None: ...

    async def create_user(self, name: str) -> UserRecord:
        """A new user whose id is `name`; `UserExistsError` if taken."""
        ...

    async def get_user(self, user_id: str) -> UserRecord | None: ...

    async def create_key(self, user_id: str, *, label: str = "") -> tuple[str, ApiKeyRecord]:
        """A new key for the user: the plaintext (show it once) and what is stored."""
        ...

    async def delete_keys(self, user_id: str, *, label: str) -> int:
        """Revoke the user's keys with this label (e.g. yesterday's dev key)."""
        ...

    async def authenticate(self, key: str) -> str | None:
        """The user id the key belongs to, or None."""
        ...

    async def prefixes(self) -> set[str]:
        """The `key_prefix` of every key that exists: a key whose prefix is not among them
        cannot be valid, which the invalid-key limiter uses to refuse guesses without a lookup
        while never refusing a real key (`server/auth/guard.py`)."""
        ...


def check_user_name(name: str) -> str:
    if not _USER_NAME.match(name):
        raise InvalidUserNameError(
            "user names are 1-64 characters: letters, digits, and _ . @ - (not first)"
        )
    return name


def new_key(*, dev: bool = False) -> str:
    return (DEV_KEY_PREFIX if dev else KEY_PREFIX) + secrets.token_urlsafe(32)


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def key_prefix(key: str) -> str:
    return key[: len(DEV_KEY_PREFIX) + 4] if key.startswith(DEV_KEY_PREFIX) else key[:7]


def open_key_store(url: str) -> ApiKeyStore:
    """`memory://` keeps keys in the process; any SQL URL uses the app's database."""
    if url in ("memory://", ":memory:"):
        from switchboard.server.auth.memory import InMemoryApiKeyStore

        return InMemoryApiKeyStore()
    from switchboard.server.auth.sql import SqlApiKeyStore

    return SqlApiKeyStore(url)
