"""Renders the event stream in a terminal with Rich: streamed text, agent badges, tool activity.

Streamed text is wrapped at word boundaries as it arrives (issue 22: printing each delta as it
came let the terminal cut words at its edge). A word is printed once it is complete — the
whitespace after it has arrived, or the answer ended — so a word split across two deltas is
never split on screen.
"""

from __future__ import annotations

import re

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
        self._column = 0
        self._wrapped = False
        """The line was broken here to wrap a word: spaces at its start are not printed."""
        self._partial = ""
        """The end of the text so far when it is an unfinished word."""

    def __call__(self, event: Event) -> None:
        if isinstance(event, TextEvent):
            if event.agent != self._speaker:
                self._badge(event.agent)
            self._write(self._partial + event.delta, final=False)
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

    def _write(self, text: str, *, final: bool) -> None:
        pieces = _PIECES.findall(text)
        self._partial = ""
        if not final and pieces and not pieces[-1].isspace():
            self._partial = pieces.pop()
        width = max(20, self.console.width)
        for piece in pieces:
            if piece.isspace():
                for char in piece:
                    if char == "\n":
                        self.console.print()
                        self._column, self._wrapped = 0, False
                    elif not self._wrapped and self._column < width:
                        self.console.print(" ", end="")
                        self._column += 1
                continue
            if self._column and self._column + len(piece) > width:
                self.console.print()
                self._column, self._wrapped = 0, True
            self.console.print(piece, end="", soft_wrap=True, highlight=False, markup=False)
            self._column += len(piece)
            self._wrapped = False
            self._mid_line = True

    def _badge(self, agent: str) -> None:
        self._end_line()
        self._speaker = agent
        title = self.titles.get(agent, agent)
        self.console.print(Text(f" {title} ", style="bold white on blue"), end=" ")
        self._column = len(title) + 3
        self._mid_line = True

    def _line(self, text: Text) -> None:
        self._end_line()
        self.console.print(text)

    def _end_line(self) -> None:
        if self._partial:
            self._write(self._partial, final=True)
        if self._mid_line:
            self.console.print()
            self._mid_line = False
        self._column, self._wrapped = 0, False


_PIECES = re.compile(r"\s+|\S+")
