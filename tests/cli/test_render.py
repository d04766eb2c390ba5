"""The terminal chat wraps streamed answers at word boundaries (issue 22: the terminal used to
cut words at its edge, because each delta was printed as it came)."""

from __future__ import annotations

import io

from rich.console import Console

from switchboard.cli.render import EventPrinter
from switchboard.core.events import DoneEvent, StatusEvent, TextEvent

ANSWER = (
    "Sua renda per capita é de R$ 1.500,00 e isso permite concorrer à bolsa parcial do "
    "Prouni. Quer ver os cursos?\n  - Administração\n  - Enfermagem"
)


def render(deltas: list[str], width: int = 30) -> str:
    out = io.StringIO()
    printer = EventPrinter(Console(file=out, width=width, color_system=None), {"a": "Cloudinha"})
    for delta in deltas:
        printer(TextEvent(delta=delta, agent="a"))
    printer(DoneEvent(text=ANSWER, session_id="s", agent="a"))
    return out.getvalue()


def chunks(text: str, size: int) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)]


def test_no_word_is_cut_whatever_the_deltas():
    for size in (1, 3, 7, len(ANSWER)):
        shown = render(chunks(ANSWER, size))
        lines = shown.splitlines()
        assert all(len(line) <= 30 for line in lines), lines
        words = " ".join(lines).split()
        assert words == ["Cloudinha", *ANSWER.split()], (size, lines)


def test_explicit_line_breaks_and_indentation_are_kept():
    lines = render(chunks(ANSWER, 4), width=80).splitlines()
    assert lines[-2:] == ["  - Administração", "  - Enfermagem"]


def test_a_status_line_ends_the_partial_word_first():
    out = io.StringIO()
    printer = EventPrinter(Console(file=out, width=40, color_system=None), {})
    printer(TextEvent(delta="Consul", agent="a"))
    printer(StatusEvent(message="Buscando..."))
    assert out.getvalue().splitlines()[0].endswith("Consul")
