"""Sessions (list, history, end, clear, switch agent) and feedback on answers.

Every lookup is scoped to the authenticated user: someone else's session or message is a 404.
"""

from __future__ import annotations

import logging
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request

from switchboard.core.errors import SessionNotFoundError, UnknownAgentError
from switchboard.core.messages import META_UI, is_note
from switchboard.server.deps import AUTHED, BODY, current_user, errors, get_runtime
from switchboard.server.errors import MessageNotFoundError
from switchboard.server.runtime import Runtime, SessionHandle
from switchboard.server.schemas import (
    ClearResult,
    EndResult,
    FeedbackRequest,
    FeedbackResult,
    History,
    HistoryMessage,
    SessionInfo,
    SessionList,
    SwitchRequest,
    SwitchResult,
    UiComponent,
)
from switchboard.server.session_ids import CLIENT_ID_MAX, client_id
from switchboard.server.text import SafeText
from switchboard.store.base import FeedbackRecord, StoredMessage

router = APIRouter(tags=["sessions"])
log = logging.getLogger(__name__)

SessionPath = Annotated[
    SafeText, Path(min_length=1, max_length=CLIENT_ID_MAX, description="Session id (yours).")
]
MessagePath = Annotated[SafeText, Path(min_length=1, max_length=200, description="Message id.")]


def components_of(message: StoredMessage) -> list[UiComponent]:
    """The `ui` components kept on an answer (`core.events.keep_ui`); malformed entries (an
    older or hand-edited row) are left out rather than failing the whole history."""
    kept: Any = message.metadata.get(META_UI) if message.role == "assistant" else None
    if not isinstance(kept, list):
        return []
    out = []
    for item in kept:
        if isinstance(item, dict) and isinstance(item.get("component"), str):
            props = item.get("props")
            out.append(
                UiComponent(
                    component=item["component"],
                    props=props if isinstance(props, dict) else {},
                    fallback_text=str(item.get("fallback_text") or ""),
                )
            )
    return out


def is_visible(message: StoredMessage) -> bool:
    """What people see of a history: user messages and answers. System notes, tool calls and
    tool results are internal."""
    if message.role == "user":
        return not is_note(message)
    return message.role == "assistant" and bool(message.content.strip())


async def owned(runtime: Runtime, session_id: str, user_id: str) -> SessionHandle:
    """The user's session named `session_id` (a client id; the handle's record has the stored
    id); else 404, the same for a free id and for one only someone else uses."""
    _, handle = await runtime.resolve(session_id, user_id)
    if handle is None:
        raise SessionNotFoundError(f"session {session_id!r} not found")
    return handle


@router.get(
    "/sessions",
    response_model=SessionList,
    responses=errors(*AUTHED),
    summary="List my sessions, most recent first",
)
async def list_sessions(request: Request, user_id: str = Depends(current_user)) -> SessionList:
    runtime = get_runtime(request)
    seen: dict[str, SessionInfo] = {}
    for store in runtime.stores():
        for record in await store.list_sessions(user_id):
            if record.id in seen:
                continue
            name = runtime.app_of(record, store)
            handle = SessionHandle(name=name, app=runtime.apps[name], record=record)
            seen[record.id] = _info(handle, client_id(user_id, record.id))
    sessions = sorted(seen.values(), key=lambda s: s.updated_at, reverse=True)
    return SessionList(sessions=sessions)


def _info(handle: SessionHandle, shown_id: str) -> SessionInfo:
    record = handle.record
    return SessionInfo(
        id=shown_id,
        app=handle.name,
        title=record.title,
        active_agent=handle.app.active_agent(record),
        message_count=record.message_count,
        ended=record.state.ended,
        created_at=record.created_at,
        updated_at=record.updated_at,
    )


@router.get(
    "/sessions/{session_id}/messages",
    response_model=History,
    responses=errors(*AUTHED, 404, 422),
    summary="Read a session's history",
)
async def history(
    request: Request, session_id: SessionPath, user_id: str = Depends(current_user)
) -> History:
    handle = await owned(get_runtime(request), session_id, user_id)
    store = handle.app.store
    stored = handle.record.id
    ratings = {
        f.message_id: f.rating for f in await store.list_feedback(stored) if f.user_id == user_id
    }
    messages = [
        HistoryMessage(
            id=m.id,
            seq=m.seq,
            role="user" if m.role == "user" else "assistant",  # `is_visible` keeps only these
            content=m.content,
            agent=m.agent,
            created_at=m.created_at,
            feedback=ratings.get(m.id),
            components=components_of(m),
        )
        for m in await store.load_messages(stored)
        if is_visible(m)
    ]
    return History(
        session_id=session_id,
        app=handle.name,
        active_agent=handle.app.active_agent(handle.record),
        messages=messages,
    )


@router.post(
    "/sessions/{session_id}/end",
    response_model=EndResult,
    responses=errors(*AUTHED, 404, 413, 422),
    summary="End a session's live routing (history stays)",
)
async def end_session(
    request: Request, session_id: SessionPath, user_id: str = Depends(current_user)
) -> EndResult:
    handle = await owned(get_runtime(request), session_id, user_id)
    ended = await handle.app.end_session(handle.record.id, user_id=user_id)
    return EndResult(session_id=session_id, ended=ended)


@router.delete(
    "/sessions/{session_id}/messages",
    response_model=ClearResult,
    responses=errors(*AUTHED, 404, 413, 422),
    summary="Clear a session's history",
)
async def clear_history(
    request: Request, session_id: SessionPath, user_id: str = Depends(current_user)
) -> ClearResult:
    handle = await owned(get_runtime(request), session_id, user_id)
    removed = await handle.app.clear_session_history(handle.record.id, user_id=user_id)
    return ClearResult(session_id=session_id, removed=removed)


@router.post(
    "/sessions/{session_id}/agent",
    response_model=SwitchResult,
    responses=errors(*AUTHED, *BODY, 404),
    summary="Switch the agent that answers from now on (created if new)",
)
async def switch_agent(
    body: SwitchRequest,
    request: Request,
    session_id: SessionPath,
    user_id: str = Depends(current_user),
) -> SwitchResult:
    runtime = get_runtime(request)
    stored, handle = await runtime.resolve(session_id, user_id)
    if handle is not None:
        name, app = handle.name, handle.app
        previous = app.active_agent(handle.record)
    else:  # new: created in the user's own namespace, whoever else uses this id
        name, app = runtime.app(body.app)
        previous = app.entry_agent
    if not app.has_agent(body.agent):  # 404 before anything changes
        raise UnknownAgentError(f"unknown agent {body.agent!r}", agent=body.agent)
    agent = await app.switch_agent(stored, body.agent, user_id=user_id)
    return SwitchResult(session_id=session_id, app=name, previous=previous, agent=agent)


@router.post(
    "/messages/{message_id}/feedback",
    response_model=FeedbackResult,
    responses=errors(*AUTHED, *BODY, 404),
    tags=["feedback"],
    summary="Rate an answer (thumbs up/down); a second rating replaces the first",
)
async def feedback(
    body: FeedbackRequest,
    request: Request,
    message_id: MessagePath,
    user_id: str = Depends(current_user),
) -> FeedbackResult:
    runtime = get_runtime(request)
    for store in runtime.stores():
        message = await store.get_message(message_id)
        if message is None:
            continue
        session = await store.get_session(message.session_id)
        if (
            session is None
            or session.user_id != user_id
            or not (message.role == "assistant" and message.content.strip())
        ):
            break
        record = FeedbackRecord(
            message_id=message_id,
            session_id=message.session_id,
            user_id=user_id,
            rating=body.rating,
            comment=body.comment,
            created_at=runtime.clock.now(),
        )
        await store.save_feedback(record)
        name = runtime.app_of(session, store)
        runtime.metrics.feedback.labels(name, body.rating).inc()
        if body.rating == "down":  # an alert for review: the answer and where to find it
            log.warning(
                "answer rated down",
                extra={"app": name, "session_id": message.session_id, "message_id": message_id},
            )
        await runtime.apps[name].on_feedback(record)
        return FeedbackResult(
            message_id=message_id,
            session_id=client_id(user_id, message.session_id),
            rating=body.rating,
            comment=body.comment,
        )
    raise MessageNotFoundError(f"answer {message_id!r} not found")
