"""Spec 001 flows 4–7 with the offline planners (no model anywhere)."""

from __future__ import annotations

from switchboard.apps.finance.missions import run_mission
from switchboard.apps.finance.triage.analysis import analyse
from switchboard.sessions.progress import Progress

from .conftest import System, drive

FLOW4 = "A Petrobras caiu 3% ontem, vale a pena comprar agora?"


async def test_flow4_investment_analysis(system: System) -> None:
    progress = Progress()
    answer = await drive(
        system.clock,
        run_mission(
            analyse(FLOW4),
            user_id="ana",
            bus=system.bus,
            progress=progress,
            clock=system.clock,
            models=None,
            data_access=system.data,
        ),
    )
    print(answer.resposta_ao_usuario)
    print(progress.lines)
    print(answer.consolidacao.model_dump_json(indent=1))
    assert answer.status == "sucesso_completo"
