"""API keys: users, hashed bearer keys, and the stores that keep them."""

from switchboard.server.auth.keys import (
    ApiKeyRecord,
    ApiKeyStore,
    InvalidUserNameError,
    UserExistsError,
    UserNotFoundError,
    UserRecord,
    hash_key,
    new_key,
    open_key_store,
)
from switchboard.server.auth.memory import InMemoryApiKeyStore

__all__ = [
    "ApiKeyRecord",
    "ApiKeyStore",
    "InMemoryApiKeyStore",
    "InvalidUserNameError",
    "UserExistsError",
    "UserNotFoundError",
    "UserRecord",
    "hash_key",
    "new_key",
    "open_key_store",
]
