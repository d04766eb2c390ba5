"""API keys in process memory: for tests, benchmarks and `memory://` deployments."""

from __future__ import annotations

import hmac
import uuid
from datetime import UTC, datetime

from switchboard.server.auth.keys import (
    ApiKeyRecord,
    UserExistsError,
    UserNotFoundError,
    UserRecord,
    check_user_name,
    hash_key,
    key_prefix,
    new_key,
)


class InMemoryApiKeyStore:
    def __init__(self) -> None:
        self._users: dict[str, UserRecord] = {}
        self._keys: dict[str, ApiKeyRecord] = {}
        """key hash → record"""

    async def init(self) -> None:
        return None

    async def close(self) -> None:
        return None

    async def create_user(self, name: str) -> UserRecord:
        check_user_name(name)
        if name in self._users:
            raise UserExistsError(f"user {name!r} already exists")
        record = UserRecord(id=name, name=name, created_at=datetime.now(UTC))
        self._users[name] = record
        return record

    async def get_user(self, user_id: str) -> UserRecord | None:
        return self._users.get(user_id)

    async def create_key(self, user_id: str, *, label: str = "") -> tuple[str, ApiKeyRecord]:
        if user_id not in self._users:
            raise UserNotFoundError(f"user {user_id!r} not found")
        key = new_key(dev=label == "dev")
        record = ApiKeyRecord(
            id=uuid.uuid4().hex,
            user_id=user_id,
            prefix=key_prefix(key),
            label=label,
            created_at=datetime.now(UTC),
        )
        self._keys[hash_key(key)] = record
        return key, record

    async def delete_keys(self, user_id: str, *, label: str) -> int:
        doomed = [h for h, r in self._keys.items() if r.user_id == user_id and r.label == label]
        for digest in doomed:
            del self._keys[digest]
        return len(doomed)

    async def authenticate(self, key: str) -> str | None:
        digest = hash_key(key)
        record = self._keys.get(digest)
        if record is None:
            return None
        # the dict lookup already matched; the compare keeps the check uniform with SQL stores
        return record.user_id if hmac.compare_digest(digest, hash_key(key)) else None

    async def prefixes(self) -> set[str]:
        return {record.prefix for record in self._keys.values()}
