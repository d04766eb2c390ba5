"""Client session ids live in a per-user namespace in storage (issue 14, items 3 and 4).

A client names its sessions freely (`sessionId`, `X-Session-Id`, the OpenAI `user` field, path
ids); the store keys them as `~<16 hex of sha256(user id)>:<client id>`. Two users who pick the
same id get two independent sessions, and no request can reach, occupy or even detect a session
in someone else's namespace: every lookup a user makes is inside their own. Responses always
show the client its own id (`client_id`), never the stored one.

Why a hash of the user id rather than `user:client`: ids stored before this change were raw
client ids, and one of them could look like `bob:x`; a prefix no client could have chosen by
accident (`~` + hex) keeps old and new ids apart. The hash need not be secret: it only separates
namespaces; access is still checked against the session's owner.

Sessions created before the change (raw ids) stay reachable by their owner: with
`ServerSettings.legacy_session_ids` (the default) a lookup first tries the raw id and uses it only
when that session is the caller's own; anyone else falls through to their namespace, so an old
session is never revealed either. No new raw ids are ever created. Turn the setting off once no
old sessions matter: it saves one read per request.
"""

from __future__ import annotations

import hashlib

CLIENT_ID_MAX = 180
"""Longest client session id: the namespace prefix (18 characters) plus this fits the stores'
200-character session id column."""
_PREFIX_HEX = 16


def namespace(user_id: str) -> str:
    return "~" + hashlib.sha256(user_id.encode("utf-8")).hexdigest()[:_PREFIX_HEX] + ":"


def stored_id(user_id: str, client_id: str) -> str:
    """The id the store keeps for `client_id` of `user_id`."""
    return namespace(user_id) + client_id


def client_id(user_id: str, stored: str) -> str:
    """The id `user_id` knows a stored session by (an old raw id is shown as it is)."""
    prefix = namespace(user_id)
    return stored[len(prefix) :] if stored.startswith(prefix) else stored
