"""`docs/extending.md` is tried, not only read: its Python examples run as written, and every
entry-point group it tells a newcomer to use is one the platform reads and the third-party
fixture package (`tests/fixtures/thirdparty`) exercises."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from switchboard import AppOptions, ModelCall, ModelRequest
from switchboard.config import Settings
from switchboard.core.messages import Message

DOC = Path(__file__).resolve().parents[1] / "docs" / "extending.md"
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "thirdparty"


def python_blocks() -> list[str]:
    """The complete examples (they import what they use); fragments are left to the reader."""
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    return [block for block in blocks if "from switchboard import" in block]


def run(block: str) -> dict[str, Any]:
    namespace: dict[str, Any] = {"__name__": "extending_example"}
    exec(compile(block, str(DOC), "exec"), namespace)
    return namespace


def test_the_doc_has_the_examples_these_tests_run() -> None:
    blocks = python_blocks()
    assert len(blocks) == 2
    assert "class MyAppFactory" in blocks[0] and "PROVIDER = Provider(" in blocks[1]


async def test_the_app_example_builds_and_runs_its_tool_offline() -> None:
    factory = run(python_blocks()[0])["factory"]
    options = AppOptions.create(
        store="memory://", settings=Settings(database_url="memory://"), model="embedded"
    )
    assert options.offline
    app = factory.build(options)
    assert (await app.reply("s1", "oi", user_id="ana")).text == "Olá! Posso abrir um chamado."
    assert (await app.reply("s1", "chamado", user_id="ana")).text == "Qual é o problema?"
    events = [event async for event in app.stream("s1", "sem internet", user_id="ana")]
    assert [e.type for e in events if e.type.startswith("tool")] == ["tool_start", "tool_end"]
    assert events[-1].text == "Chamado ana-1 aberto."


async def test_the_provider_example_builds_its_model_from_the_resolved_call() -> None:
    provider = run(python_blocks()[1])["PROVIDER"]
    call = ModelCall("minha:m1", "m1", None, None, timeout=5.0, max_retries=0)
    model = provider.adapter(call)
    response = await model.complete(ModelRequest(messages=[Message.user("oi")]))
    assert (provider.name, response.text, response.model) == ("minha", "olá", "minha:m1")


def test_every_entry_point_group_in_the_doc_is_read_and_exercised() -> None:
    groups = set(re.findall(r'\[project\.entry-points\."([^"]+)"\]', DOC.read_text()))
    assert groups == {
        "switchboard.apps",
        "switchboard.cli",
        "switchboard.eval_probes",
        "switchboard.job_runtimes",
        "switchboard.providers",
        "switchboard.migrations",
    }
    fixture = (FIXTURE / "sb_tickets-0.1.0.dist-info" / "entry_points.txt").read_text()
    declared = set(re.findall(r"^\[([^\]]+)\]$", fixture, re.M))
    assert declared == groups - {"switchboard.eval_probes"}
