"""One agent's turn: call the model, run the tools it asks for, repeat until it answers.

Tool calls of one step run concurrently. Tool failures go back to the model as results. A control
tool's signal ends the run after its step. Everything observable is an event.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field

from switchboard.agents.control import ControlTool, Signal
from switchboard.core.agent_spec import AgentSpec
from switchboard.core.errors import StepLimitError
from switchboard.core.events import Event, StatusEvent, TextEvent, ToolEndEvent, ToolStartEvent
from switchboard.core.messages import Message, ToolCall, Usage
from switchboard.models.base import Model, ModelRequest, ModelResponse, ResponseDone, ToolSchema
from switchboard.tools.registry import ToolRegistry
from switchboard.tools.tool import ToolContext, ToolResult


@dataclass(slots=True)
class RunOutcome:
    new_messages: list[Message] = field(default_factory=list)
    """Assistant and tool messages produced in this run, to persist."""
    visible_text: list[str] = field(default_factory=list)
    """Text the user saw, in order."""
    signal: Signal | None = None
    usage: Usage = field(default_factory=Usage)

    @property
    def text(self) -> str:
        return "".join(self.visible_text)


class AgentRun:
    """Iterate it for events; read `outcome` afterwards.

    `buffer_text` holds a response's text until it is known not to carry a silencing signal
    (a coordinator that delegates must not show its own words); other agents stream token by token.
    """

    def __init__(
        self,
        agent: AgentSpec,
        model: Model,
        conversation: Sequence[Message],
        *,
        system_prompt: str,
        tools: ToolRegistry,
        tool_names: Sequence[str],
        control: Mapping[str, ControlTool],
        tool_context: ToolContext,
        stream: bool = True,
        followup_conversation: Sequence[Message] | None = None,
    ) -> None:
        self.agent = agent
        self.model = model
        self.conversation = list(conversation)
        self.followup_conversation = (list(followup_conversation)
                                      if followup_conversation is not None else self.conversation)
        """Used from the second model call on (e.g. the normal prompt after a one-off reset)."""
        self.system_prompt = system_prompt
        self.tools = tools
        self.control = control
        self.tool_context = tool_context
        self.stream = stream
        self.buffer_text = any(c.silences_text for c in control.values())
        self.schemas: list[ToolSchema] = [*tools.schemas(tool_names),
                                          *(c.schema for c in control.values())]
        self.outcome = RunOutcome()

    async def __aiter__(self) -> AsyncIterator[Event]:
        name = self.agent.name
        outcome = self.outcome
        system = [Message.system(self.system_prompt)] if self.system_prompt else []
        for step in range(self.agent.max_steps):
            conversation = self.conversation if step == 0 else self.followup_conversation
            request = ModelRequest(messages=[*system, *conversation, *outcome.new_messages],
                                   tools=self.schemas, agent=name)
            response: ModelResponse | None = None
            # the model call, inline (one async-generator layer less per streamed delta)
            if not self.stream:
                response = await self.model.complete(request)
            else:
                buffer_text = self.buffer_text
                async for chunk in self.model.stream(request):
                    if isinstance(chunk, ResponseDone):
                        response = chunk.response
                    elif not buffer_text and chunk.text:
                        yield TextEvent(delta=chunk.text, agent=name)
            assert response is not None
            outcome.usage.add(response.usage)
            signal_calls = [c for c in response.tool_calls if c.name in self.control]
            silenced = any(self.control[c.name].silences_text for c in signal_calls)
            text = "" if silenced else response.text
            if text:
                outcome.visible_text.append(text)
                if self.buffer_text or not self.stream:
                    yield TextEvent(delta=text, agent=name)
            outcome.new_messages.append(
                Message.assistant(text, list(response.tool_calls), agent=name))
            if not response.tool_calls:
                return
            async for event in self._run_tools(response.tool_calls):
                yield event
            if outcome.signal is not None:
                return
        raise StepLimitError(f"agent {name!r} reached its limit of {self.agent.max_steps} steps",
                             agent=name)

    async def _run_tools(self, calls: list[ToolCall]) -> AsyncIterator[Event]:
        name = self.agent.name
        for call in calls:
            yield ToolStartEvent(tool=call.name, args=_arguments_for_display(call.arguments),
                                 call_id=call.id, agent=name)
            registered = self.tools.get(call.name)
            if registered is not None and registered.status:
                yield StatusEvent(message=registered.status)
        results = await asyncio.gather(*(self._run_one(call) for call in calls))
        for call, result in zip(calls, results):
            self.outcome.new_messages.append(Message.tool(call, result.output, agent=name))
            yield ToolEndEvent(tool=call.name, output=result.output, ok=result.ok, ms=result.ms,
                               call_id=call.id, agent=name)

    async def _run_one(self, call: ToolCall) -> ToolResult:
        control = self.control.get(call.name)
        if control is None:
            if call.name not in self.tools or not self._offered(call.name):
                return ToolResult(ok=False, output=f"ERRO: a ferramenta '{call.name}' não está "
                                  "disponível para você. Use apenas as ferramentas oferecidas.")
            return await self.tools.execute(call.name, call.arguments, self.tool_context)
        started = time.perf_counter()
        ok, output, signal = control.run(call.arguments)
        if signal is not None and self.outcome.signal is None:
            self.outcome.signal = signal
        elif signal is not None:
            ok, output = False, "ERRO: apenas um sinal de controle por resposta; este foi ignorado."
        return ToolResult(ok=ok, output=output, ms=(time.perf_counter() - started) * 1000)

    def _offered(self, tool_name: str) -> bool:
        return any(s.name == tool_name for s in self.schemas)


def _arguments_for_display(raw: str) -> dict[str, object] | str:
    try:
        value = json.loads(raw) if raw.strip() else {}
    except json.JSONDecodeError:
        return raw
    return value if isinstance(value, dict) else raw
