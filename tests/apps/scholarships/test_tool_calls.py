"""The Sisu/Prouni agents' cascade runs as the platform's tool call (`consultar_editais`,
through `ActionContext.call_tool`): the registry's tool_start, status and tool_end, its timeout,
and a failure said in pt-BR instead of raised — no tool event built by hand in the app."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships import agents
from switchboard.apps.scholarships.agents import EDITAIS_TIMEOUT_S, EDITAIS_TOOL, EditaisAnswer
from switchboard.apps.scholarships.overview import overview
from switchboard.core.events import DoneEvent, StatusEvent, ToolEndEvent, ToolStartEvent

from .helpers import make_app, onboarded, say, stream


async def test_a_sisu_question_is_one_platform_tool_call() -> None:
    app = make_app()
    await onboarded(app)
    events = await stream(app, "Como funciona o Sisu?")
    tools = [e for e in events if isinstance(e, ToolStartEvent | ToolEndEvent | StatusEvent)]
    start, status, end = tools
    assert isinstance(start, ToolStartEvent) and start.tool == EDITAIS_TOOL
    assert start.args == {"pergunta": "Como funciona o Sisu?", "programa": "sisu"}
    assert start.agent == "sisu"
    assert isinstance(status, StatusEvent) and status.message == "Consultando os editais..."
    assert isinstance(end, ToolEndEvent) and end.ok and end.call_id == start.call_id
    answer = EditaisAnswer.model_validate_json(end.output)
    assert answer.steps and answer.steps[0].tool == "datas_importantes"
    done = events[-1]
    assert isinstance(done, DoneEvent)
    # the cascade's answer, or — when no single item answers "como funciona o Sisu?" — the
    # programme's cited overview instead of "não encontrei" (overview.py)
    expected = answer.text if answer.found else overview(("sisu",))
    assert expected in done.text and "Não encontrei" not in done.text
    registry = app.pattern.inner.workflows.engine.tools  # type: ignore[attr-defined]
    assert registry.get(EDITAIS_TOOL).timeout == EDITAIS_TIMEOUT_S


async def test_a_failed_cascade_is_said_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    async def broken(*args: object) -> None:
        raise RuntimeError("índice fora do ar")

    monkeypatch.setattr(agents, "cascade", broken)
    app = make_app()
    await onboarded(app)
    reply = await say(app, "Como funciona o Prouni?")
    assert reply.agent == "prouni"
    assert reply.text.startswith("Não consegui consultar os editais agora:")
