"""`switchboard eval` through Typer's CliRunner: the summary, `--json`, `--min-pass`, the
selection options and the exit codes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from switchboard.cli.main import app

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "eval" / "examples"


def _invoke(*args: str) -> Any:
    return CliRunner().invoke(
        app, ["eval", *args], env={"SWITCHBOARD_MODEL": "embedded", "COLUMNS": "200"}
    )


def _suite(tmp_path: Path, *cases: dict[str, Any]) -> Path:
    path = tmp_path / "suite.jsonl"
    path.write_text(
        "\n".join(json.dumps({"split": "dev", **c}, ensure_ascii=False) for c in cases) + "\n",
        encoding="utf-8",
    )
    return path


UBER = {
    "user": "gastei 45 no uber ontem",
    "expect": {"effects": [{"kind": "expense", "amount": 45, "date": "2026-02-28"}]},
}
HI = {"user": "oi", "expect": {"route": "assistente_virtual", "asks": True}}
BAD = {"user": "oi", "expect": {"route": "especialista_financeiro", "contains": ["boleto"]}}


def test_a_run_prints_the_summary_and_the_failures(tmp_path: Path) -> None:
    path = _suite(
        tmp_path,
        {"id": "ok", "app": "support", "tags": ["t"], "turns": [HI]},
        {"id": "bad", "app": "support", "split": "test", "turns": [HI, BAD]},
    )
    result = _invoke(str(path))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "switchboard eval · model embedded · 2 cases · 3 graded turns" in out
    assert "cases passed  1/2  50.0%" in out
    assert "turns passed  2/3  66.7%" in out
    for section in ("By check", "By tag", "By split"):
        assert section in out
    assert "Failures (1 cases)" in out
    assert f"✗ bad {path}:2 · support · test · 2026-11-26" in out
    assert "turn 1: oi" in out
    assert "route: expected especialista_financeiro, got assistente_virtual" in out
    assert 'contains: expected ["boleto"], got {"missing": ["boleto"]}' in out
    assert "answer (assistente_virtual): Olá!" in out
    assert "✗ ok" not in out


def test_json_output(tmp_path: Path) -> None:
    path = _suite(tmp_path, {"id": "bad", "app": "support", "tags": ["t"], "turns": [HI, BAD]})
    out = tmp_path / "out" / "result.json"
    result = _invoke(str(path), "--json", str(out), "--no-failures")
    assert result.exit_code == 0, result.output
    assert "Failures" not in result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert set(data) == {"version", "model", "files", "summary", "cases"}
    assert data["version"] == 1 and data["model"] == "embedded" and data["files"] == [str(path)]
    assert data["summary"]["turns"] == {"total": 2, "passed": 1, "rate": 0.5}
    assert data["summary"]["checks"]["route"] == {"total": 2, "passed": 1, "rate": 0.5}
    assert data["summary"]["tags"]["t"]["cases"] == {"total": 1, "passed": 0, "rate": 0.0}
    [case] = data["cases"]
    assert case["id"] == "bad" and case["source"] == f"{path}:1" and case["passed"] is False
    assert "seconds" not in case  # two runs of the same code compare line by line
    turn = case["turns"][1]
    assert turn["graded"] and not turn["passed"] and turn["agent"] == "assistente_virtual"
    assert turn["route"] == "assistente_virtual" and turn["answer"].startswith("Olá!")
    assert turn["checks"][0] == {
        "kind": "route", "passed": False, "expected": "especialista_financeiro",
        "got": "assistente_virtual",
    }  # fmt: skip


@pytest.mark.parametrize(("threshold", "code"), [("0.5", 0), ("0.51", 1), ("0", 0)])
def test_min_pass(tmp_path: Path, threshold: str, code: int) -> None:
    path = _suite(
        tmp_path,
        {"id": "a", "app": "support", "turns": [HI]},
        {"id": "b", "app": "support", "turns": [BAD]},
    )
    result = _invoke(str(path), "--min-pass", threshold)
    assert result.exit_code == code, result.output
    assert ("is below --min-pass" in result.output) is (code == 1)


def test_selection_and_overrides(tmp_path: Path) -> None:
    path = _suite(
        tmp_path,
        {"id": "fin-1", "app": "finance", "tags": ["rec"], "turns": [UBER]},
        {"id": "sup-1", "split": "test", "turns": [HI]},
        {"id": "sup-2", "app": "support", "tags": ["rec"], "turns": [BAD]},
    )
    fin_today = _invoke(str(path), "--case", "fin-*", "--today", "2026-03-01")
    assert fin_today.exit_code == 0 and "1 cases · 1 graded turns" in fin_today.output
    assert "turns passed  1/1" in fin_today.output
    assert "turns passed  0/1" in _invoke(str(path), "--case", "fin-1").output  # 2026-11-25
    test_split = _invoke(str(path), "--split", "test", "--app", "support")
    assert (
        "1 cases · 1 graded turns" in test_split.output and "turns passed  1/1" in test_split.output
    )
    tagged = _invoke(str(path), "--tag", "rec", "--case", "sup-*", "--min-pass", "1")
    assert tagged.exit_code == 1 and "1 cases" in tagged.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--split", "prod"], "'prod': use dev, test, all"),
        (["--store", "postgres"], "'postgres': use memory, sqlite"),
        (["--today", "ontem"], "'ontem' is not a date (YYYY-MM-DD)"),
        (["--case", "nada-*"], "no case matches the selection"),
        (["--min-pass", "95"], "--min-pass"),
    ],
)
def test_usage_errors_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    path = _suite(tmp_path, {"id": "a", "app": "support", "turns": [HI]})
    result = _invoke(str(path), *args)
    assert result.exit_code == 2 and message in result.output, result.output


def test_a_malformed_suite_exits_2_with_file_and_line(tmp_path: Path) -> None:
    path = _suite(
        tmp_path,
        {"id": "a", "app": "support", "turns": [HI]},
        {"id": "b", "app": "support", "turns": [{"user": "oi", "expect": {"contain": ["x"]}}]},
    )
    result = _invoke(str(path))
    assert result.exit_code == 2
    assert "invalid suite (1 problems):" in result.output
    assert (
        f"{path}:2: case 'b': turns[0].expect.contain: unknown key (did you mean 'contains'?)"
        in result.output
    )


def test_a_check_the_app_cannot_report_exits_2(tmp_path: Path) -> None:
    path = _suite(
        tmp_path,
        {"id": "a", "app": "support", "turns": [{"user": "oi", "expect": {"blocked": False}}]},
    )
    result = _invoke(str(path))
    assert result.exit_code == 2
    assert (
        f"{path}:1: case 'a': turns[0].expect.blocked: app 'support''s probe does not report it"
        in result.output
    )


def test_a_temporary_sqlite_store(tmp_path: Path) -> None:
    path = _suite(tmp_path, {"id": "fin-1", "app": "finance", "turns": [UBER]})
    result = _invoke(str(path), "--store", "sqlite", "--today", "2026-03-01")
    assert result.exit_code == 0, result.output
    assert "turns passed  1/1" in result.output
