"""An LLM agent serving a bus contract (spec 001: coordinators and executors are agents).

`AgentHandler` turns one bus request into one agent run: the request (operation, parameters,
objective) becomes the agent's user message in pt-BR, the agent works with its tools as in a chat
turn (same `AgentRun`, any model: hosted, embedded or scripted), and its final text becomes the
reply. When the operation declares a response schema, the answer must be JSON matching it: a
reply that is not is repaired once (a model call constrained to the schema, with the violations
listed) and otherwise fails with `InvalidAgentReplyError` — raw text never reaches the caller as
data. Tokens used go back in the reply, so the bus accounts them against the mission's budget.

The user on whose behalf a mission runs travels in the message's context under `USER_KEY`, put
there by framework code (the chat turn that opened the mission); tools see it through
`ToolContext.user_id`, never through a model's arguments.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from switchboard.agents.kit import AgentKit
from switchboard.agents.runner import AgentRun
from switchboard.bus.context import Reply, RequestContext
from switchboard.bus.contracts import AgentContract
from switchboard.bus.schema import validate
from switchboard.core.clock import SYSTEM_CLOCK, Clock
from switchboard.core.errors import SwitchboardError
from switchboard.core.messages import Message, UsageTally
from switchboard.models.base import Model, ModelRequest
from switchboard.tools.tool import ToolContext

USER_KEY = "user_id"
"""Context key of the user a mission serves (set by framework code, never by a model)."""


class InvalidAgentReplyError(SwitchboardError):
    """The agent's answer does not match the operation's response schema, even after a repair."""

    code = "invalid_agent_reply"
    http_status = 502


RequestRenderer = Callable[[RequestContext], str]


def render_request(ctx: RequestContext) -> str:
    """The default user message for a bus request: what is asked, with the parameters as JSON."""
    message = ctx.message
    lines = [f"Operação solicitada: {message.operation}"]
    if message.payload.objective:
        lines.append(f"Objetivo: {message.payload.objective}")
    lines.append("Parâmetros:\n" + json.dumps(ctx.parameters, ensure_ascii=False, indent=2))
    return "\n".join(lines)


class AgentHandler:
    """A bus handler that runs `kit`'s agent on `model` for each request it serves."""

    def __init__(
        self,
        kit: AgentKit,
        model: Model,
        contract: AgentContract,
        *,
        render: RequestRenderer = render_request,
        clock: Clock = SYSTEM_CLOCK,
    ) -> None:
        self.kit = kit
        self.model = model
        self.render = render
        self.clock = clock
        self._schemas = {
            op.name: op.response_schema for op in contract.operations if op.response_schema
        }

    async def __call__(self, ctx: RequestContext) -> Reply:
        message = ctx.message
        context = message.payload.context or {}
        user_id = str(context.get(USER_KEY) or "")
        run = AgentRun(
            self.kit,
            self.model,
            [Message.user(self.render(ctx))],
            tool_context=ToolContext(
                session_id=message.tracing.mission_id or message.message_id,
                user_id=user_id,
                agent=self.kit.spec.name,
                clock=self.clock,
            ),
            stream=False,
        )
        async for _ in run:  # no events are built when not streaming
            pass
        tally = run.outcome.tally
        text = run.outcome.text
        schema = self._schemas.get(message.operation or "")
        data: Any = {"texto": text}
        if schema:
            data = await self._structured(text, schema, run.conversation, tally)
        return Reply(data=data, tokens=tally.input_tokens + tally.output_tokens)

    async def _structured(
        self, text: str, schema: dict[str, Any], conversation: Any, tally: UsageTally
    ) -> Any:
        data, problems = _parse(text, schema)
        if not problems:
            return data
        repair = [
            *conversation,
            Message.assistant(text),
            Message.user(
                "Sua resposta não é um JSON válido para o formato pedido: "
                + "; ".join(problems[:5])
                + ". Responda somente com o JSON corrigido."
            ),
        ]
        response = await self.model.complete(
            ModelRequest(messages=repair, response_schema=schema, agent=self.kit.spec.name)
        )
        tally.add(response.usage)
        data, problems = _parse(response.text, schema)
        if problems:
            raise InvalidAgentReplyError(
                f"agent {self.kit.spec.name!r} answered outside its response schema: "
                + "; ".join(problems[:3]),
                agent=self.kit.spec.name,
            )
        return data


def _parse(text: str, schema: dict[str, Any]) -> tuple[Any, list[str]]:
    body = text.strip()
    if body.startswith("```"):  # a fenced block: take what is inside
        body = body.strip("`")
        body = body.split("\n", 1)[1] if "\n" in body else body
    try:
        data = json.loads(body)
    except json.JSONDecodeError as exc:
        return None, [f"JSON inválido ({exc.msg})"]
    return data, validate(data, schema)


__all__ = ["USER_KEY", "AgentHandler", "InvalidAgentReplyError", "render_request"]
