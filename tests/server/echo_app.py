"""A second app for the serving layers: another pattern (no delegation, no model call) behind the
same `ChatApp` protocol, so the server, the CLI and the web chat are shown to serve any app."""

from __future__ import annotations

from collections.abc import AsyncIterator

from switchboard import AgentSpec
from switchboard.config import Settings
from switchboard.core.events import AgentEvent, Event, TextEvent
from switchboard.core.messages import Message
from switchboard.core.state import RoutingState
from switchboard.models.scripted import ScriptedModel
from switchboard.models.source import ModelSource
from switchboard.patterns.app import PatternApp
from switchboard.sessions.turn import Turn
from switchboard.store.base import Store

ECHO = "eco"


class EchoPattern:
    def current_agent(self, state: RoutingState) -> str:
        return ECHO

    def place(self, state: RoutingState, agent: str) -> None:
        return None

    async def route(self, turn: Turn) -> AsyncIterator[Event]:
        turn.new_messages.append(Message.user(turn.text, agent=ECHO))
        answer = f"eco: {turn.text}"
        turn.say(answer, agent=ECHO)
        if turn.stream:
            yield AgentEvent(agent=ECHO, reason="start")
            yield TextEvent(delta=answer, agent=ECHO)


def make_echo_app(store: Store) -> PatternApp:
    return PatternApp(
        "eco",
        EchoPattern(),
        {ECHO: AgentSpec(name=ECHO, role="Eco", description="Repete o que você diz.")},
        entry_agent=ECHO,
        store=store,
        models=ModelSource(ScriptedModel({})),
        settings=Settings(database_url="memory://"),
        title="Eco de teste",
    )
