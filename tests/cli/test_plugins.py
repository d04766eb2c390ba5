"""Apps' commands come from `switchboard.cli` entry points (`cli/plugins.py`): the platform's
CLI names no app, a distribution's commands join it, and one that is broken or takes a name
already taken costs a warning, never the other commands."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from switchboard.cli.main import app
from switchboard.cli.plugins import CLI_GROUP, command_names, register_plugins

from ..declared import declared_entry_points

CLI = Path(__file__).resolve().parents[2] / "src" / "switchboard" / "cli"

PLUGIN = """
import typer

def register(app: typer.Typer) -> None:
    @app.command("ola")
    def ola() -> None:
        typer.echo("olá")

def clash(app: typer.Typer) -> None:
    @app.command("serve")
    def serve() -> None:
        typer.echo("not the platform's serve")

def broken(app: typer.Typer) -> None:
    raise RuntimeError("boom")
"""


def test_the_platform_cli_imports_no_app() -> None:
    for module in CLI.glob("*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("switchboard.apps."), (module.name, node.module)


def test_the_apps_declare_their_commands_in_the_group() -> None:
    declared = declared_entry_points(CLI_GROUP)
    assert {name: entry.value for name, entry in declared.items()} == {
        "finance": "switchboard.apps.finance.cli:register",
        "scholarships": "switchboard.apps.scholarships.cli:register",
    }
    staged = typer.Typer()
    for entry in declared.values():
        entry.load()(staged)
    assert command_names(staged) == {
        "finance", "demo", "report", "scholarships", "knowledge", "judge", "curate",
    }  # fmt: skip
    assert command_names(staged) <= command_names(app)


def plugin_distribution(root: Path, entries: dict[str, str]) -> None:
    (root / "sb_plugin_mod.py").write_text(PLUGIN, encoding="utf-8")
    info = root / "sb_plugin-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: sb-plugin\nVersion: 0.1.0\n")
    lines = [f"{name} = sb_plugin_mod:{target}" for name, target in entries.items()]
    (info / "entry_points.txt").write_text(f"[{CLI_GROUP}]\n" + "\n".join(lines) + "\n")


def test_a_distribution_adds_a_command_and_a_bad_one_only_warns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    plugin_distribution(tmp_path, {"zz_ola": "register", "zz_clash": "clash", "zz_bad": "broken"})
    monkeypatch.syspath_prepend(str(tmp_path))
    main = typer.Typer()

    @main.command("serve")
    def serve() -> None:
        typer.echo("the platform's serve")

    loaded = register_plugins(main)
    warnings = capsys.readouterr().err.splitlines()
    assert "zz_ola" in loaded and not {"zz_clash", "zz_bad"} & set(loaded)
    assert warnings == [
        "Warning: the commands of 'zz_bad' (sb_plugin_mod:broken) were not loaded: "
        "RuntimeError('boom')",
        "Warning: the commands of 'zz_clash' were not loaded: serve taken",
    ]
    runner = CliRunner()
    assert runner.invoke(main, ["ola"]).output == "olá\n"
    assert runner.invoke(main, ["serve"]).output == "the platform's serve\n"
