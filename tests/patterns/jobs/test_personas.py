"""Persona templates from YAML: queue defaults to the role, agent spec, queue specs."""

from __future__ import annotations

from switchboard.patterns.jobs.personas import load_personas, queue_specs

YAML = """
personas:
  - name: relatorios
    role: Analista de Relatórios
    goal: Produzir o relatório semanal
    backstory: Você conhece o app de finanças.
    tools: [fs_read, fs_write]
  - name: dev
    role: Desenvolvedor
    queue: dev
    concurrency: 2
    model: openai:gpt-4o-mini
"""


def test_personas_load_with_default_queue_and_become_agent_specs() -> None:
    personas = load_personas(YAML)
    assert personas["relatorios"].queue == "analista_de_relatorios"
    spec = personas["relatorios"].agent_spec()
    assert spec.name == "relatorios" and spec.tools == ["fs_read", "fs_write"]
    assert "Analista de Relatórios" in spec.system_prompt()
    assert "critérios de pronto" in spec.system_prompt()
    assert personas["dev"].agent_spec().model == "openai:gpt-4o-mini"
    queues = {q.name: q.worker_concurrency for q in queue_specs(personas)}
    assert queues == {"analista_de_relatorios": 4, "dev": 2}
