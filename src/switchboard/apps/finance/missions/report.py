"""The weekly offline analyses of spec 001 §10, as numbers (JSON) and one self-contained HTML
page with inline SVG charts (matplotlib).

1. Junior's precision: share of missions without override, override rate (> 30% → "Junior
   precisa de ajuste"), error patterns (Junior's suggestion → chosen coordinator, by domain).
2. Performance per coordinator: success rate (sucesso_completo), partial rate, failure rate
   (falha and timeout: a generic answer that missed what the question asked is a failure),
   mean duration, mean tokens and external calls; the most efficient coordinator per
   complexity (fewest mean tokens among its complete successes); the same rates per question
   kind of the catalogue (`tipo_pergunta`).
3. Resource efficiency: per complexity, mean share of the token and call budgets used; missions
   that exhausted a budget or timed out (timeout status or a timeout limitation); budgets that
   look oversized (median use < 30%).
4. Executor reliability: per agent, operations, success rate, fallback rate; the ones failing
   most (success < 90% with ≥ 5 calls) are review candidates.
5. Satisfaction: thumbs up/down on the missions' answers (the app's feedback hook writes them
   onto the mission), the correlation between tokens consumed and a thumbs up (Pearson over
   up=1/down=0, i.e. point-biserial; None with < 3 rated missions or no variance), domains with
   most thumbs down, follow-up rate (a message in the same session within 5 minutes).
6. Usage: missions per domain and complexity, per hour of day (São Paulo time), per day.

`matplotlib` renders with the non-interactive Agg backend into SVG text; nothing is written
but the output file. It is the optional `charts` extra: without it every number and table is
still on the page, and one notice says how to get the charts.
"""

from __future__ import annotations

import html
import io
import json
import re
import statistics
from collections import Counter, defaultdict
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from pydantic import BaseModel

from switchboard.apps.finance.missions.catalogue.kinds import OUT_OF_CATALOGUE
from switchboard.apps.finance.missions.catalogue.kinds import TITLES as KINDS
from switchboard.apps.finance.missions.contracts import TITLES as AGENTS
from switchboard.patterns import MissionTelemetry

SAO_PAULO = ZoneInfo("America/Sao_Paulo")
OVERRIDE_ALERT = 0.30
"""§10 Análise 1: above this override rate, Junior needs adjusting."""
UNDERUSED_BUDGET = 0.30
RELIABILITY_REVIEW = 0.90
MIN_CALLS_FOR_REVIEW = 5

DOMAINS = {
    "educacao_financeira": "Educação financeira",
    "diagnostico_financeiro": "Diagnóstico financeiro",
    "comportamento_financeiro": "Comportamento financeiro",
    "orcamento_estrategico": "Orçamento estratégico",
    "planejamento_financeiro": "Planejamento financeiro",
    "investimentos_fundamentos": "Investimentos (fundamentos)",
    "investimentos_estrategia": "Investimentos (estratégia)",
}
COMPLEXITIES = {
    "comparativa": "Comparativa",
    "profunda": "Profunda",
    "analise_investimento": "Análise/investimento",
}
"""pt-BR display names for people reading the report (the JSON keeps the identifiers)."""


_IDENTIFIER = re.compile(r"[a-z]+(?:_[a-z]+)+|\b(?:investimentos|planejamento)\b")


def display(name: str | None) -> str:
    """The pt-BR name of a coordinator, executor, domain, complexity or question kind."""
    if name is None:
        return "—"
    kinds = {k.value: v for k, v in KINDS.items()}
    kinds[OUT_OF_CATALOGUE] = "Fora do catálogo"
    for table in (AGENTS, DOMAINS, COMPLEXITIES, kinds):
        if name in table:
            return table[name]
    return name


class WeeklyReport(BaseModel):
    since: datetime | None
    until: datetime | None
    missions: int
    junior: dict[str, Any]
    coordinators: dict[str, Any]
    resources: dict[str, Any]
    executors: dict[str, Any]
    satisfaction: dict[str, Any]
    usage: dict[str, Any]


def _mean(values: list[float]) -> float | None:
    return round(statistics.fmean(values), 2) if values else None


def _rate(part: int, total: int) -> float | None:
    return round(part / total, 4) if total else None


def analyse_missions(
    records: list[MissionTelemetry],
    *,
    since: datetime | None = None,
    until: datetime | None = None,
) -> WeeklyReport:
    n = len(records)
    # 1. Junior
    overrides = [r for r in records if r.houve_override]
    patterns = Counter(
        f"{r.coordenador_sugerido_junior} → {r.coordenador_escolhido_orquestrador} "
        f"({r.dominio_classificado})"
        for r in overrides
    )
    override_rate = _rate(len(overrides), n)
    junior = {
        "precision": _rate(n - len(overrides), n),
        "override_rate": override_rate,
        "needs_adjustment": override_rate is not None and override_rate > OVERRIDE_ALERT,
        "error_patterns": dict(patterns.most_common(10)),
    }
    # 2. coordinators
    by_coord: dict[str, list[MissionTelemetry]] = defaultdict(list)
    for r in records:
        by_coord[r.coordenador_escolhido_orquestrador].append(r)
    coordinators: dict[str, Any] = {}
    for name, items in sorted(by_coord.items()):
        coordinators[name] = {
            "missions": len(items),
            **_outcome_rates(items),
            "mean_duration_s": _mean([r.duracao_total for r in items]),
            "mean_tokens": _mean([r.orcamento_tokens_consumido for r in items]),
            "mean_api_calls": _mean([r.orcamento_api_consumido for r in items]),
        }
    by_kind: dict[str, list[MissionTelemetry]] = defaultdict(list)
    for r in records:
        by_kind[r.tipo_pergunta or "outras"].append(r)
    kinds = {
        kind: {
            "missions": len(items),
            **_outcome_rates(items),
        }
        for kind, items in sorted(by_kind.items())
    }
    best: dict[str, str] = {}
    for complexity in sorted({r.complexidade for r in records}):
        means = {
            name: statistics.fmean([float(r.orcamento_tokens_consumido) for r in items])
            for name, all_items in by_coord.items()
            if (
                items := [
                    r
                    for r in all_items
                    if r.complexidade == complexity and r.status_final == "sucesso_completo"
                ]
            )
        }
        if means:
            best[complexity] = min(means, key=lambda k: (means[k], k))
    # 3. resources
    by_complexity: dict[str, list[MissionTelemetry]] = defaultdict(list)
    for r in records:
        by_complexity[r.complexidade].append(r)
    resources: dict[str, Any] = {"by_complexity": {}}
    for complexity, items in sorted(by_complexity.items()):
        token_use = [
            r.orcamento_tokens_consumido / r.orcamento_tokens_alocado
            for r in items
            if r.orcamento_tokens_alocado
        ]
        call_use = [
            r.orcamento_api_consumido / r.orcamento_api_alocado
            for r in items
            if r.orcamento_api_alocado
        ]
        median_use = max(
            statistics.median(token_use) if token_use else 0.0,
            statistics.median(call_use) if call_use else 0.0,
        )
        resources["by_complexity"][complexity] = {
            "missions": len(items),
            "mean_token_use": _mean(token_use),
            "mean_call_use": _mean(call_use),
            "budget_exhausted": sum(
                r.orcamento_tokens_consumido >= r.orcamento_tokens_alocado > 0
                or r.orcamento_api_consumido >= r.orcamento_api_alocado > 0
                for r in items
            ),
            "timeouts": sum(
                r.status_final == "timeout"
                or any(lim.startswith("timeout") for lim in r.limitacoes_encontradas)
                for r in items
            ),
            "budget_looks_oversized": median_use < UNDERUSED_BUDGET,
        }
    resources["always_exhausting_queries"] = sorted(
        {
            r.query_original
            for r in records
            if r.orcamento_tokens_consumido >= r.orcamento_tokens_alocado > 0
            or r.orcamento_api_consumido >= r.orcamento_api_alocado > 0
        }
    )
    # 4. executors
    calls: dict[str, list[tuple[bool, bool]]] = defaultdict(list)
    for r in records:
        for call in r.executores:
            calls[call.agente].append((call.sucesso, call.fallback is not None))
    executors: dict[str, Any] = {}
    for agent, outcomes in sorted(calls.items()):
        executors[agent] = {
            "calls": len(outcomes),
            "success_rate": _rate(sum(ok for ok, _ in outcomes), len(outcomes)),
            "fallback_rate": _rate(sum(fb for _, fb in outcomes), len(outcomes)),
        }
    review = [
        a
        for a, s in executors.items()
        if s["calls"] >= MIN_CALLS_FOR_REVIEW and (s["success_rate"] or 0) < RELIABILITY_REVIEW
    ]
    # 5. satisfaction
    rated = [r for r in records if r.feedback_usuario is not None]
    up = sum(r.feedback_usuario == "up" for r in rated)
    correlation: float | None = None
    if len(rated) >= 3:
        xs = [float(r.orcamento_tokens_consumido + 100 * r.orcamento_api_consumido) for r in rated]
        ys = [1.0 if r.feedback_usuario == "up" else 0.0 for r in rated]
        try:
            correlation = round(statistics.correlation(xs, ys), 3)
        except statistics.StatisticsError:
            correlation = None
    down_by_domain = Counter(r.dominio_classificado for r in rated if r.feedback_usuario == "down")
    satisfaction = {
        "rated": len(rated),
        "thumbs_up": up,
        "thumbs_down": len(rated) - up,
        "approval": _rate(up, len(rated)),
        "resources_vs_approval_correlation": correlation,
        "thumbs_down_by_domain": dict(down_by_domain.most_common()),
        "followup_rate": _rate(sum(r.query_followup for r in records), n),
        "followup_by_domain": dict(
            Counter(r.dominio_classificado for r in records if r.query_followup).most_common()
        ),
    }
    # 6. usage
    hours = Counter(r.timestamp_inicio.astimezone(SAO_PAULO).hour for r in records)
    days = Counter(r.timestamp_inicio.astimezone(SAO_PAULO).date().isoformat() for r in records)
    usage = {
        "by_domain": dict(Counter(r.dominio_classificado for r in records).most_common()),
        "by_complexity": dict(Counter(r.complexidade for r in records).most_common()),
        "by_hour": {h: hours.get(h, 0) for h in range(24)},
        "peak_hour": max(hours, key=lambda h: (hours[h], -h)) if hours else None,
        "by_day": dict(sorted(days.items())),
    }
    return WeeklyReport(
        since=since,
        until=until,
        missions=n,
        junior=junior,
        coordinators={
            "per_coordinator": coordinators,
            "most_efficient_by_complexity": best,
            "by_question_kind": kinds,
        },
        resources=resources,
        executors={"per_agent": executors, "review_candidates": review},
        satisfaction=satisfaction,
        usage=usage,
    )


# ---------------------------------------------------------------- HTML


CHARTS_MISSING_NOTICE = (
    "Gráficos indisponíveis: instale o extra de gráficos "
    "(<code>pip install 'switchboard[charts]'</code>). Os números abaixo estão completos."
)


def charts_available() -> bool:
    """Whether matplotlib (the `charts` extra) can be imported."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def _svg(draw: Any, *, width: float = 6.0, height: float = 2.8) -> str:
    if not charts_available():
        return ""
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text: smaller, faster, selectable
    matplotlib.rcParams["font.size"] = 9
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(width, height))
    try:
        draw(ax)
        ax.spines[["top", "right"]].set_visible(False)
        fig.tight_layout()
        buffer = io.StringIO()
        fig.savefig(buffer, format="svg")
    finally:
        plt.close(fig)
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def _bars(
    labels: list[str], values: list[float], *, color: str = "#2f6fba", percent: bool = False
) -> Any:
    def draw(ax: Any) -> None:
        ax.barh(labels, values, color=color)
        ax.invert_yaxis()
        for i, v in enumerate(values):
            ax.text(v, i, f" {v:.0%}" if percent else f" {v:g}", va="center", fontsize=8)
        if percent:
            ax.set_xlim(0, max(1.0, max(values, default=0) * 1.15))
            ax.xaxis.set_major_formatter(lambda x, _: f"{x:.0%}")

    return draw


def render_html(report: WeeklyReport) -> str:
    """One self-contained page: every chart is inline SVG, no script, no external file."""
    coords = report.coordinators["per_coordinator"]
    execs = report.executors["per_agent"]
    sections: list[str] = []

    def section(title: str, body: str, chart: str = "") -> None:
        sections.append(f"<section><h2>{html.escape(title)}</h2>{body}{chart}</section>")

    j = report.junior
    alert = " <b class='alert'>acima de 30%: ajustar o Junior</b>" if j["needs_adjustment"] else ""
    patterns = (
        "".join(
            f"<li>{html.escape(_IDENTIFIER.sub(lambda m: display(m.group()), k))}: {v}</li>"
            for k, v in j["error_patterns"].items()
        )
        or "<li>nenhum override</li>"
    )
    section(
        "1. Precisão do Junior",
        f"<p>Precisão (sem override): <b>{_pct(j['precision'])}</b> · taxa de override: "
        f"<b>{_pct(j['override_rate'])}</b>{alert}</p><p>Padrões de erro:</p><ul>{patterns}</ul>",
    )
    rows = "".join(
        f"<tr><td>{html.escape(display(name))}</td><td>{c['missions']}</td>"
        f"<td>{_pct(c['success_rate'])}</td><td>{_pct(c['partial_rate'])}</td>"
        f"<td>{_pct(c.get('failure_rate'))}</td><td>{_num(c['mean_duration_s'])}</td>"
        f"<td>{_num(c['mean_tokens'])}</td><td>{_num(c['mean_api_calls'])}</td></tr>"
        for name, c in coords.items()
    )
    best = ", ".join(
        f"{display(k)}: {display(v)}"
        for k, v in report.coordinators["most_efficient_by_complexity"].items()
    )
    kind_rows = "".join(
        f"<tr><td>{html.escape(display(k) if k != 'outras' else 'Outras')}</td>"
        f"<td>{v['missions']}</td><td>{_pct(v['success_rate'])}</td>"
        f"<td>{_pct(v['partial_rate'])}</td><td>{_pct(v['failure_rate'])}</td></tr>"
        for k, v in report.coordinators.get("by_question_kind", {}).items()
    )
    section(
        "2. Performance por coordenador",
        "<table><tr><th>coordenador</th><th>missões</th><th>sucesso</th><th>parcial</th>"
        "<th>falha</th><th>duração média (s)</th><th>tokens</th><th>chamadas API</th></tr>"
        f"{rows}</table>"
        f"<p>Mais eficiente por complexidade: {html.escape(best) or '—'}</p>"
        "<p>Por tipo de pergunta (falha inclui respostas genéricas, que não cobriram a "
        "pergunta):</p><table><tr><th>tipo</th><th>missões</th><th>sucesso</th><th>parcial</th>"
        f"<th>falha</th></tr>{kind_rows}</table>",
        _svg(
            _bars(
                [display(name) for name in coords],
                [c["success_rate"] or 0 for c in coords.values()],
                percent=True,
            ),
            height=_bar_height(len(coords)),
        )
        if coords
        else "",
    )
    res = report.resources["by_complexity"]
    rows = "".join(
        f"<tr><td>{display(k)}</td><td>{v['missions']}</td><td>{_pct(v['mean_token_use'])}</td>"
        f"<td>{_pct(v['mean_call_use'])}</td><td>{v['budget_exhausted']}</td>"
        f"<td>{v['timeouts']}</td><td>{'sim' if v['budget_looks_oversized'] else 'não'}</td></tr>"
        for k, v in res.items()
    )

    def resource_chart(ax: Any) -> None:
        names = list(res)
        xs = range(len(names))
        ax.bar(
            [x - 0.2 for x in xs],
            [res[k]["mean_token_use"] or 0 for k in names],
            0.4,
            label="tokens",
            color="#2f6fba",
        )
        ax.bar(
            [x + 0.2 for x in xs],
            [res[k]["mean_call_use"] or 0 for k in names],
            0.4,
            label="chamadas API",
            color="#e08a2c",
        )
        ax.set_xticks(list(xs), [display(n) for n in names])
        ax.yaxis.set_major_formatter(lambda y, _: f"{y:.0%}")
        ax.legend(frameon=False, fontsize=8)
        ax.set_title("uso médio do orçamento", fontsize=9)

    section(
        "3. Eficiência de recursos",
        "<table><tr><th>complexidade</th><th>missões</th><th>uso tokens</th><th>uso chamadas</th>"
        "<th>orçamento esgotado</th><th>timeouts</th><th>orçamento folgado</th></tr>"
        f"{rows}</table>",
        _svg(resource_chart) if res else "",
    )
    rows = "".join(
        f"<tr><td>{html.escape(display(a))}</td><td>{s['calls']}</td>"
        f"<td>{_pct(s['success_rate'])}</td>"
        f"<td>{_pct(s['fallback_rate'])}</td></tr>"
        for a, s in execs.items()
    )
    review = ", ".join(display(a) for a in report.executors["review_candidates"]) or "nenhum"
    section(
        "4. Confiabilidade dos agentes",
        "<table><tr><th>agente</th><th>chamadas</th><th>sucesso</th><th>fallback</th></tr>"
        f"{rows}</table><p>Candidatos a revisão: {html.escape(review)}</p>",
        _svg(
            _bars(
                [display(a) for a in execs],
                [s["success_rate"] or 0 for s in execs.values()],
                color="#3a9a5b",
                percent=True,
            )
        )
        if execs
        else "",
    )
    s = report.satisfaction
    downs = (
        ", ".join(f"{display(k)} ({v})" for k, v in s["thumbs_down_by_domain"].items()) or "nenhum"
    )
    section(
        "5. Satisfação do usuário",
        f"<p>Avaliadas: {s['rated']} · positivas {s['thumbs_up']} · negativas "
        f"{s['thumbs_down']} · aprovação "
        f"<b>{_pct(s['approval'])}</b></p><p>Correlação recursos × aprovação: "
        f"<b>{_corr(s['resources_vs_approval_correlation'])}</b>"
        f"</p><p>Negativas por domínio: {html.escape(downs)}</p><p>Follow-up na mesma conversa "
        "em até 5 min: "
        f"{_pct(s['followup_rate'])}</p>",
    )
    u = report.usage

    def hours_chart(ax: Any) -> None:
        from matplotlib.ticker import MaxNLocator

        hours = u["by_hour"]
        ax.bar(list(hours), list(hours.values()), color="#7a5fb0")
        ax.set_xticks(range(0, 24, 3))
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_title("missões por hora (São Paulo)", fontsize=9)

    def days_chart(ax: Any) -> None:
        from matplotlib.ticker import MaxNLocator

        days = u["by_day"]
        labels = [f"{d[8:10]}/{d[5:7]}" for d in days]
        ax.plot(labels, list(days.values()), marker="o", color="#2f6fba")
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_title("missões por dia", fontsize=9)
        ax.set_ylim(bottom=0)

    domains = ", ".join(f"{display(k)} ({v})" for k, v in u["by_domain"].items())
    section(
        "6. Padrões de uso",
        f"<p>Por domínio: {html.escape(domains) or '—'} · pico: {u['peak_hour']}h</p>",
        (_svg(hours_chart) + _svg(days_chart)) if report.missions else "",
    )
    period = " a ".join(
        d.strftime("%d/%m/%Y") for d in (report.since, report.until) if d is not None
    )
    data = report.model_dump_json().replace("</", "<\\/")  # JSON inside <script>: no "</"
    return f"""<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Relatório semanal de missões</title>
<style>
body{{font-family:system-ui,sans-serif;max-width:980px;margin:2em auto;color:#222;padding:0 1em}}
h1{{font-size:1.5em}} h2{{font-size:1.15em;border-bottom:1px solid #ddd;padding-bottom:.2em}}
table{{border-collapse:collapse;font-size:.9em;margin:.5em 0}}
td,th{{border:1px solid #ddd;padding:.3em .6em;text-align:right}}
td:first-child,th:first-child{{text-align:left}} th{{background:#f4f6f8}}
.alert{{color:#b3261e}} svg{{max-width:100%;height:auto;display:block}}
section{{margin-bottom:1.5em}}
</style></head><body>
<h1>Relatório semanal de missões</h1>
<p>{html.escape(period) or "Todo o período"} · {report.missions} missões</p>
{"" if charts_available() else f"<p class='alert'>{CHARTS_MISSING_NOTICE}</p>"}
{"".join(sections)}
<script type="application/json" id="dados">{data}</script>
</body></html>
"""


def _outcome_rates(items: list[MissionTelemetry]) -> dict[str, float | None]:
    """Success, partial and failure rates of missions (timeouts are failures)."""
    return {
        "success_rate": _rate(sum(r.status_final == "sucesso_completo" for r in items), len(items)),
        "partial_rate": _rate(sum(r.status_final == "sucesso_parcial" for r in items), len(items)),
        "failure_rate": _rate(
            sum(r.status_final in ("falha", "timeout") for r in items), len(items)
        ),
    }


def _corr(value: float | None) -> str:
    return "—" if value is None else f"{value:+.2f}".replace(".", ",")


def _bar_height(bars: int) -> float:
    return 0.8 + 0.4 * max(1, bars)


def _num(value: float | None) -> str:
    if value is None:
        return "—"
    return f"{value:,.0f}".replace(",", ".") if value >= 100 else f"{value:.1f}".replace(".", ",")


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"


def report_json(report: WeeklyReport) -> str:
    return json.dumps(report.model_dump(mode="json"), ensure_ascii=False, indent=2)


__all__ = ["WeeklyReport", "analyse_missions", "render_html", "report_json"]
