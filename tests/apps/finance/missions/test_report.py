"""Weekly analyses (§10) from seeded missions: the numbers, the HTML page and the SQL log."""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from switchboard.apps.finance.missions.report import analyse_missions, render_html
from switchboard.apps.finance.missions.telemetry import MISSIONS, InMemoryMissionLog
from switchboard.core.clock import ManualClock
from switchboard.patterns.missions.record import ExecutorCall, MissionTelemetry

MONDAY = datetime(2026, 11, 16, 12, 0, tzinfo=UTC)  # 09:00 in São Paulo


def mission(i: int, **changes: object) -> MissionTelemetry:
    start = MONDAY + timedelta(days=i % 5, hours=(i * 7) % 10)
    base: dict[str, object] = {
        "missao_id": f"m{i}",
        "user_id": f"u{i % 3}",
        "timestamp_inicio": start,
        "timestamp_fim": start + timedelta(seconds=40),
        "duracao_total": 40.0,
        "query_original": f"pergunta {i}",
        "dominio_classificado": "investimentos_estrategia",
        "complexidade": "profunda",
        "coordenador_sugerido_junior": "investimentos",
        "score_junior": 90,
        "coordenador_escolhido_orquestrador": "investimentos",
        "houve_override": False,
        "orcamento_tokens_alocado": 10_000,
        "orcamento_tokens_consumido": 4_000,
        "orcamento_api_alocado": 15,
        "orcamento_api_consumido": 3,
        "timeout_alocado": 120.0,
        "tempo_real_execucao": 40.0,
        "ciclos_realizados_coordenador": 6,
        "operacoes_totais_executadas": 6,
        "operacoes_falhadas": 0,
        "executores": [
            ExecutorCall(agente="pesquisa_externa", operacao="cotacao", sucesso=True),
            ExecutorCall(agente="matematica", operacao="simular_alocacao", sucesso=True),
        ],
        "status_final": "sucesso_completo",
        "objetivo_alcancado": True,
    }
    base.update(changes)
    return MissionTelemetry.model_validate(base)


def seeded() -> list[MissionTelemetry]:
    records = [mission(i, feedback_usuario="up") for i in range(6)]
    # 4 planning missions, 2 of them overrides from análise (Junior's error pattern)
    for i in range(6, 10):
        records.append(
            mission(
                i,
                dominio_classificado="planejamento_financeiro",
                coordenador_sugerido_junior="analise_financeira_pessoal"
                if i < 8
                else "planejamento",
                coordenador_escolhido_orquestrador="planejamento",
                houve_override=i < 8,
                orcamento_tokens_consumido=10_000,  # exhausted
                status_final="sucesso_parcial",
                limitacoes_encontradas=["timeout:medio"] if i == 9 else ["orcamento:baixo"],
                feedback_usuario="down",
                query_followup=True,
                executores=[
                    ExecutorCall(
                        agente="pesquisa_externa",
                        operacao="indice",
                        sucesso=i != 9,
                        fallback="pesquisa_externa_estatica" if i == 8 else None,
                    )
                ],
            )
        )
    return records


def test_weekly_numbers() -> None:
    report = analyse_missions(seeded())
    assert report.missions == 10
    assert report.junior["override_rate"] == 0.2 and report.junior["precision"] == 0.8
    assert not report.junior["needs_adjustment"]
    assert report.junior["error_patterns"] == {
        "analise_financeira_pessoal → planejamento (planejamento_financeiro)": 2
    }
    coords = report.coordinators["per_coordinator"]
    assert coords["investimentos"]["success_rate"] == 1.0
    assert coords["planejamento"]["success_rate"] == 0.0
    assert coords["planejamento"]["partial_rate"] == 1.0
    assert coords["planejamento"]["mean_tokens"] == 10_000
    assert report.coordinators["most_efficient_by_complexity"] == {"profunda": "investimentos"}
    res = report.resources["by_complexity"]["profunda"]
    assert res["budget_exhausted"] == 4 and res["timeouts"] == 1
    assert res["mean_token_use"] == round((6 * 0.4 + 4 * 1.0) / 10, 2)
    execs = report.executors["per_agent"]
    assert execs["pesquisa_externa"]["calls"] == 10
    assert execs["pesquisa_externa"]["success_rate"] == 0.9
    assert execs["pesquisa_externa"]["fallback_rate"] == 0.1
    assert execs["matematica"]["success_rate"] == 1.0
    s = report.satisfaction
    assert (s["thumbs_up"], s["thumbs_down"], s["approval"]) == (6, 4, 0.6)
    # more resources went with thumbs down here: strongly negative correlation
    assert s["resources_vs_approval_correlation"] == -1.0
    assert s["thumbs_down_by_domain"] == {"planejamento_financeiro": 4}
    assert s["followup_rate"] == 0.4
    u = report.usage
    assert u["by_domain"] == {"investimentos_estrategia": 6, "planejamento_financeiro": 4}
    assert sum(u["by_hour"].values()) == 10 and u["peak_hour"] is not None
    assert sum(u["by_day"].values()) == 10


def test_override_alert_above_30_percent() -> None:
    records = [mission(i, houve_override=i < 4) for i in range(10)]
    assert analyse_missions(records).junior["needs_adjustment"]


def test_html_is_self_contained_with_charts(tmp_path: Path) -> None:
    report = analyse_missions(seeded(), since=MONDAY, until=MONDAY + timedelta(days=7))
    page = render_html(report)
    assert page.count("<svg") == 5
    assert (
        "<script src" not in page and "<link" not in page and "http://" not in page.split("<svg")[0]
    )
    for title in ("1. Precisão do Junior", "4. Confiabilidade", "6. Padrões de uso"):
        assert title in page
    data = page.split('<script type="application/json" id="dados">')[1].split("</script>")[0]
    assert json.loads(data)["missions"] == 10
    (tmp_path / "report.html").write_text(page, encoding="utf-8")


async def test_memory_log_feedback_and_followup() -> None:
    clock = ManualClock(wall_start=MONDAY)
    log = InMemoryMissionLog(clock)
    record = mission(0)
    await log.add(record)
    assert await log.set_feedback("m0", "down")
    assert not await log.set_feedback("nope", "up")
    assert await log.note_user_message("u0", record.timestamp_fim + timedelta(minutes=4)) == 1
    assert await log.note_user_message("u0", record.timestamp_fim + timedelta(minutes=4)) == 0
    stored = await log.get("m0")
    assert stored is not None and stored.feedback_usuario == "down" and stored.query_followup
    assert len(await log.between(MONDAY, MONDAY + timedelta(days=1))) == 1
    assert await log.between(MONDAY + timedelta(days=1)) == []


async def test_sql_log_roundtrip(tmp_path: Path) -> None:
    from switchboard.store.factory import open_store

    store = open_store(
        f"sqlite:///{tmp_path / 'missions.db'}", clock=ManualClock(wall_start=MONDAY)
    )
    try:
        await store.init()
        log = store.repository(MISSIONS)
        for record in seeded():
            await log.add(record)
        assert await log.set_feedback("m1", "down")
        first = seeded()[0]
        assert await log.note_user_message("u0", first.timestamp_fim + timedelta(minutes=1)) == 1
        records = await log.between(MONDAY, MONDAY + timedelta(days=7))
        assert [r.missao_id for r in records][:1] == ["m0"] and len(records) == 10
        by_id = {r.missao_id: r for r in records}
        assert by_id["m1"].feedback_usuario == "down" and by_id["m0"].query_followup
        assert analyse_missions(records).missions == 10
    finally:
        await store.close()


@pytest.mark.parametrize("arg", ["--since", "--until"])
def test_cli_writes_html_and_json(tmp_path: Path, arg: str) -> None:
    from typer.testing import CliRunner

    from switchboard.apps.finance.missions.cli import report_app

    out = tmp_path / "report.html"
    result = CliRunner().invoke(
        report_app, ["--db", "memory://", "--out", str(out), arg, "2026-11-23"]
    )
    assert result.exit_code == 0, result.output
    assert out.exists() and json.loads(out.with_suffix(".json").read_text())["missions"] == 0


async def test_followups_count_only_within_the_session() -> None:
    log = InMemoryMissionLog(ManualClock(wall_start=MONDAY))
    record = mission(0, session_id="s-a")
    await log.add(record)
    soon = record.timestamp_fim + timedelta(minutes=2)
    assert await log.note_user_message("u0", soon, "s-b") == 0  # another conversation
    assert await log.note_user_message("u0", soon, "s-a") == 1


def test_report_names_things_in_portuguese_and_counts_failures_honestly() -> None:
    records = [
        mission(0, tipo_pergunta="financiamento"),
        mission(1, tipo_pergunta="financiamento", status_final="falha", objetivo_alcancado=False),
        mission(2, tipo_pergunta="fora_do_catalogo", status_final="falha"),
    ]
    report = analyse_missions(records)
    kinds = report.coordinators["by_question_kind"]
    assert kinds["financiamento"]["failure_rate"] == 0.5
    assert kinds["fora_do_catalogo"]["success_rate"] == 0.0
    page = render_html(report)
    assert "Financiamento (PRICE e SAC)" in page and "Fora do catálogo" in page
    assert "Coordenador de " in page  # coordinators by their pt-BR titles
    table = page.split("<h2>2. Performance")[1].split("</table>")[0]
    assert "analise_financeira_pessoal" not in table and "planejamento_financeiro" not in table


def test_report_without_matplotlib_keeps_every_number_and_says_how_to_get_charts(
    monkeypatch,
) -> None:
    """matplotlib is the optional `charts` extra (issue 22): its absence costs the charts only."""
    records = [mission(0, tipo_pergunta="financiamento"), mission(1, status_final="falha")]
    with_charts = render_html(analyse_missions(records))
    assert "<svg" in with_charts and "Gráficos indisponíveis" not in with_charts
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib → ImportError
    page = render_html(analyse_missions(records))
    assert "<svg" not in page
    assert "Gráficos indisponíveis" in page and "switchboard[charts]" in page
    assert "Financiamento (PRICE e SAC)" in page and "2. Performance por coordenador" in page
