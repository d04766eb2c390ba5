"""`switchboard finance classify` and `switchboard demo finance`."""

from __future__ import annotations

import json
import re
from datetime import UTC, date, datetime
from decimal import Decimal

from typer.testing import CliRunner

from switchboard.apps.finance.demo import demo_batch
from switchboard.apps.finance.nlu import format_brl, today_in_sao_paulo
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


def test_chat_with_the_finance_app_runs_flows_1_to_3(tmp_path, monkeypatch) -> None:
    """`switchboard chat --app finance` on a demo ledger, typed line by line: spec 001 §9 flow 1
    (greeting), flow 2 (recording, and §2.1's clarifying dialog), flow 3 (direct questions)."""
    monkeypatch.setenv("SWITCHBOARD_MODEL", "embedded")
    for name in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "SWITCHBOARD_REDIS_URL", "REDIS_URL"):
        monkeypatch.delenv(name, raising=False)
    url = f"sqlite:///{tmp_path / 'chat.db'}"
    loaded = runner.invoke(app, ["demo", "finance", "--user", "maria", "--db", url])
    assert loaded.exit_code == 0, loaded.output
    typed = [
        "Oi, tudo bem?",
        "Gastei R$ 150 no supermercado hoje",
        "gastei 450 reais",
        "no supermercado",
        "quanto paguei de aluguel no mês passado?",
        "quanto tenho investido?",
        "Quanto gastei esse mês?",
        "sair",
    ]
    args = ["chat", "--app", "finance", "--db", url, "--user", "maria", "--session", "t1"]

    before = sao_paulo_today()
    result = runner.invoke(app, args, input="\n".join(typed) + "\n")

    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    expected = [
        "app finance",
        "Agente Junior (triagem) Olá! Tudo bem sim, e com você? Como posso ajudar com suas "
        "finanças hoje?",
        "Agente Lançador Registrado! Despesa de R$ 150,00 em Supermercado na data de hoje.",
        "Agente Lançador Em que você gastou os R$ 450,00?",
        "Agente Lançador Registrado! Despesa de R$ 450,00 em Supermercado na data de hoje.",
        "Agente Simplista No mês passado você gastou R$ 1.800,00 com Aluguel.",
        "Agente Simplista Você tem R$ 25.500,00 investidos.",
        "Agente Simplista Neste mês você gastou R$ ",
        "Até logo!",
    ]
    position = 0
    for piece in expected:
        found = out.find(piece, position)
        assert found >= 0, f"{piece!r} not in order in: {out[position:]}"
        position = found + len(piece)
    month = re.search(r"Neste mês você gastou (R\$ \d{1,3}(?:\.\d{3})*,\d{2})\.", out)
    assert month is not None  # pt-BR money: thousands with ".", cents with ","
    # the demo's expenses of this month plus the two recorded (the date as of before and after
    # the run, in case São Paulo's midnight fell in between)
    assert month.group(1) in {spent_this_month(day) for day in (before, sao_paulo_today())}


def sao_paulo_today() -> date:
    return today_in_sao_paulo(datetime.now(UTC))


def spent_this_month(today: date) -> str:
    demo = demo_batch("maria", today)
    total = sum(
        (e.amount for e in demo.entries
         if e.kind == "despesa" and (e.day.year, e.day.month) == (today.year, today.month)),
        Decimal("600.00"),
    )  # fmt: skip
    return format_brl(total)


async def test_classify_warms_the_brain_before_timing_the_first_row() -> None:
    """The first row's `ms` must not include the one-time model load (issue 19)."""
    from datetime import date

    from switchboard.apps.finance.brain import OfflineBrain
    from switchboard.apps.finance.classify import classify_lines

    calls: list[str] = []

    class Recording(OfflineBrain):
        def warm(self) -> None:
            calls.append("warm")
            super().warm()

        async def triage(self, text, previous, usage, context):  # type: ignore[no-untyped-def]
            calls.append("triage")
            return await super().triage(text, previous, usage, context)

    rows = [row async for row in classify_lines(["oi", "gastei 50"], date(2026, 11, 20),
                                                Recording())]  # fmt: skip
    assert calls[:2] == ["warm", "triage"] and calls.count("warm") == 1
    assert [r["categoria"] for r in rows] == ["trivial", "lancamento"]
