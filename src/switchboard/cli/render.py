"""Renders the event stream in a terminal with Rich: streamed text, agent badges, tool activity."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from switchboard.core.events import (
    DoneEvent,
    ErrorEvent,
    Event,
    StatusEvent,
    TextEvent,
    ToolEndEvent,
)
from switchboard.core.signals import END_TOOL, REQUEST_TOOL

_INTERNAL_TOOLS = {REQUEST_TOOL, END_TOOL}


class EventPrinter:
    def __init__(self, console: Console, agent_titles: dict[str, str]) -> None:
        self.console = console
        self.titles = agent_titles
        self._speaker: str | None = None
        self._mid_line = False

    def __call__(self, event: Event) -> None:
        if isinstance(event, TextEvent):
            if event.agent != self._speaker:
                self._badge(event.agent)
            self.console.print(event.delta, end="", soft_wrap=True, highlight=False)
            self._mid_line = True
        elif isinstance(event, StatusEvent):
            self._line(Text(f"  {event.message}", style="dim italic"))
        elif isinstance(event, ToolEndEvent) and event.tool not in _INTERNAL_TOOLS:
            mark = "✓" if event.ok else "✗"
            style = "dim green" if event.ok else "red"
            self._line(Text(f"  {mark} {event.tool} ({event.ms:.0f} ms)", style=style))
        elif isinstance(event, ErrorEvent):
            self._line(Text(f"Erro: {event.message} [{event.code}]", style="bold red"))
        elif isinstance(event, DoneEvent):
            self._end_line()
            self._speaker = None

    def _badge(self, agent: str) -> None:
        self._end_line()
        self._speaker = agent
        title = self.titles.get(agent, agent)
        self.console.print(Text(f" {title} ", style="bold white on blue"), end=" ")

    def _line(self, text: Text) -> None:
        self._end_line()
        self.console.print(text)

    def _end_line(self) -> None:
        if self._mid_line:
            self.console.print()
            self._mid_line = False
