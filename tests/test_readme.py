"""The README's Python examples run as written (issue 22: the first one could not run offline)."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path
from typing import Any

README = Path(__file__).resolve().parents[1] / "README.md"


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


async def run_block(block: str) -> None:
    """A README block runs as the body of a coroutine (it uses top-level `await`)."""
    namespace: dict[str, Any] = {}
    exec("async def example():\n" + textwrap.indent(block, "    "), namespace)
    await namespace["example"]()


def test_the_readme_has_the_examples_these_tests_run():
    blocks = python_blocks()
    assert len(blocks) == 2
    assert "RoutingChatManager" in blocks[0] and "MessageBus" in blocks[1]


async def test_the_chat_example_runs_offline(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)  # its SQLite file lands in ./var of a temporary folder
    for name in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "SWITCHBOARD_MODEL"):
        monkeypatch.delenv(name, raising=False)
    await run_block(python_blocks()[0])
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == "especialista_tecnico Desligue o modem por 30 segundos e ligue de novo."
    assert '"type":"done"' in printed[-1]
    assert (tmp_path / "var" / "switchboard.db").exists()


async def test_the_bus_example_runs(capsys):
    await run_block(python_blocks()[1])
    assert capsys.readouterr().out.strip() == "success {'ticker': 'PETR4', 'preco': 38.5}"
