"""The compact form of an idle in-memory session: one `bytes` object per session.

Layout: the session's number (`NUMBER_BYTES`, little-endian; the in-memory store puts it at the
front of every message id it makes, which is how `get_message` finds an idle session), then a
raw-deflate stream (zlib, level 6) of two pickles: the `SessionRecord` first (so `list_sessions`
can read it alone), then `(log, facts, summaries, feedback)`.

Pickle, not JSON: it round-trips the objects exactly (pydantic fields-set, datetime tzinfo, tuples
and non-str keys in metadata/facts/state data), so an idle session comes back identical. It only
ever reads back bytes this process wrote. Two things keep it small:
- pydantic models are pickled as (class, field values, fields-set or None when all fields are
  set) instead of pickle's default (a `__dict__` with every key plus a fields-set of names);
  messages are slots dataclasses, whose default pickle is already that short;
- the deflate stream is primed with a fixed preset dictionary: the compact form of a synthetic
  session (no user data), so the structure every session shares costs almost nothing.
"""

from __future__ import annotations

import io
import pickle
import zlib
from datetime import UTC
from typing import Any

from pydantic import BaseModel

from switchboard.core.messages import ToolCall
from switchboard.core.state import RoutingState
from switchboard.store.base import FeedbackRecord, SessionRecord, StoredMessage, SummaryRecord

LEVEL = 6
NUMBER_BYTES = 5
_WBITS = -15  # raw deflate: no zlib header/checksum (the bytes never leave the process)
_setattr = object.__setattr__
_SHAPES: dict[type, tuple[tuple[str, ...], frozenset[str]] | None] = {}
"""Per class: (field names in order, the same as a set) for pydantic models, None for the rest."""


def _shape(cls: type) -> tuple[tuple[str, ...], frozenset[str]] | None:
    if issubclass(cls, BaseModel):
        names = tuple(cls.model_fields)
        shape: tuple[tuple[str, ...], frozenset[str]] | None = (names, frozenset(names))
    else:
        shape = None
    _SHAPES[cls] = shape
    return shape


def _rebuild(
    cls: type[BaseModel], values: tuple[Any, ...], fields_set: frozenset[str] | None
) -> BaseModel:
    """What BaseModel.__setstate__ does, from the short form below."""
    names, all_names = _SHAPES.get(cls) or _shape(cls)  # type: ignore[misc]  # a BaseModel always has a shape
    obj = cls.__new__(cls)
    _setattr(obj, "__dict__", dict(zip(names, values, strict=True)))
    _setattr(obj, "__pydantic_fields_set__", set(all_names if fields_set is None else fields_set))
    _setattr(obj, "__pydantic_extra__", None)
    _setattr(obj, "__pydantic_private__", None)
    return obj


def _reduce(obj: BaseModel) -> Any:
    """The short form of a plain pydantic model; pickle's default for anything else."""
    cls = type(obj)
    names, all_names = _SHAPES.get(cls) or _shape(cls)  # type: ignore[misc]  # a BaseModel always has a shape
    state = obj.__dict__
    if (
        obj.__pydantic_extra__ is not None
        or obj.__pydantic_private__ is not None
        or tuple(state) != names
    ):
        return obj.__reduce_ex__(pickle.HIGHEST_PROTOCOL)
    fields_set = obj.__pydantic_fields_set__
    return _rebuild, (
        cls,
        tuple(state.values()),
        None if fields_set == all_names else frozenset(fields_set),
    )


class _Pickler(pickle.Pickler):
    # exact classes only (a C dict lookup per object): subclasses get pickle's default
    dispatch_table = dict.fromkeys(
        (SessionRecord, RoutingState, SummaryRecord, FeedbackRecord),
        _reduce,
    )


def _dumps(obj: Any) -> bytes:
    buf = io.BytesIO()
    _Pickler(buf, pickle.HIGHEST_PROTOCOL).dump(obj)
    return buf.getvalue()


def _raw(
    record: SessionRecord,
    log: list[StoredMessage],
    facts: dict[str, Any],
    summaries: list[SummaryRecord],
    feedback: dict[tuple[str, str], FeedbackRecord],
) -> bytes:
    return _dumps(record) + _dumps((log, facts, summaries, feedback))


_ZDICT: bytes | None = None


def _zdict() -> bytes:
    """The preset dictionary: a synthetic session in compact form (built once, on first use)."""
    global _ZDICT
    if _ZDICT is None:
        from datetime import datetime

        from switchboard.core.messages import Message

        now = datetime(2026, 1, 1, tzinfo=UTC)
        call = ToolCall(id="call_1", name="tool", arguments='{"status": "completed"}')
        sample = [
            Message.user("hello", agent="coordinator"),
            Message.assistant("", tool_calls=[call], agent="coordinator"),
            Message.tool(call, "result", agent="tech"),
            Message.assistant("answer", agent="tech"),
        ]
        log = [
            StoredMessage.of(m, id="0" * 32, session_id="s", seq=i, created_at=now)
            for i, m in enumerate(sample, 1)
        ]
        record = SessionRecord(id="s", user_id="u", created_at=now, updated_at=now)
        record.state = RoutingState(
            parts={"delegation": {"active_agent": "tech", "agent_stack": ["coordinator"]}}
        )
        record.title, record.message_count, record.updated_at = "hello", 4, now
        _ZDICT = _raw(
            record,
            log,
            {"key": "value"},
            [SummaryRecord(session_id="s", text="summary", upto_seq=1, created_at=now)],
            {
                ("m", "u"): FeedbackRecord(
                    message_id="m", session_id="s", user_id="u", rating="up", created_at=now
                )
            },
        )
    return _ZDICT


def pack(
    number: int,
    record: SessionRecord,
    log: list[StoredMessage],
    facts: dict[str, Any],
    summaries: list[SummaryRecord],
    feedback: dict[tuple[str, str], FeedbackRecord],
) -> bytes:
    deflate = zlib.compressobj(LEVEL, zlib.DEFLATED, _WBITS, zdict=_zdict())
    data = _raw(record, log, facts, summaries, feedback)
    return number.to_bytes(NUMBER_BYTES, "little") + deflate.compress(data) + deflate.flush()


def number_of(blob: bytes) -> int:
    return int.from_bytes(blob[:NUMBER_BYTES], "little")


def _body(blob: bytes) -> io.BytesIO:
    inflate = zlib.decompressobj(_WBITS, zdict=_zdict())
    return io.BytesIO(inflate.decompress(blob[NUMBER_BYTES:]) + inflate.flush())


def unpack(
    blob: bytes,
) -> tuple[
    SessionRecord,
    list[StoredMessage],
    dict[str, Any],
    list[SummaryRecord],
    dict[tuple[str, str], FeedbackRecord],
]:
    body = _body(blob)
    record = pickle.load(body)
    log, facts, summaries, feedback = pickle.load(body)
    return record, log, facts, summaries, feedback


def unpack_record(blob: bytes) -> SessionRecord:
    record: SessionRecord = pickle.load(_body(blob))
    return record
