"""`switchboard finance classify` and `switchboard demo finance`."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from switchboard.cli.main import app

runner = CliRunner()


def test_classify_prints_one_object_per_message_and_a_summary() -> None:
    lines = "\n".join(
        [
            "Oi, tudo bem?",
            json.dumps(
                {"text": "Comprei uma TV de 3000 reais no cartão em 10x", "label": "lancamento"}
            ),
            json.dumps({"text": "Quanto gastei esse mês?", "label": "simplista"}),
            json.dumps({"text": "como investir melhor meu dinheiro?", "label": "complexa"}),
            "",
        ]
    )
    result = runner.invoke(app, ["finance", "classify", "--today", "2026-11-20", "-"], input=lines)
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.output.splitlines()]
    assert [r.get("categoria") for r in rows[:4]] == [
        "trivial",
        "lancamento",
        "simplista",
        "complexa",
    ]
    assert {"text", "categoria", "confianca", "ms"} <= set(rows[0])
    tv = rows[1]["lancamento"]
    assert (tv["valor"], tv["parcelas"], tv["classe"], tv["data"]) == (
        3000.0, 10, "gasto_cartao", "2026-11-20",
    )  # fmt: skip
    assert rows[3]["candidatos"][0]["coordenador"] == "investimentos"
    summary = rows[-1]
    assert summary["summary"] is True and summary["n"] == 3 and summary["accuracy"] == 1.0
    assert summary["confusion"]["lancamento"]["lancamento"] == 1 and "p99_ms" in summary


def test_demo_finance_loads_once(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'demo.db'}"
    first = runner.invoke(app, ["demo", "finance", "--user", "maria", "--db", url])
    again = runner.invoke(app, ["demo", "finance", "--user", "maria", "--db", url])
    assert first.exit_code == 0, first.output
    assert "loaded for user maria" in first.output
    assert "already present" in again.output
