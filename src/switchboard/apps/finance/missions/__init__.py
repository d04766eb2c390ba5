"""Finance missions (spec 001 §3–§10): orchestrator, coordinators on the bus, executors, final
answer, telemetry and weekly analyses. See README.md in this package."""

from switchboard.apps.finance.data_access import (
    DataAccess,
    Debt,
    Holding,
    InMemoryDataAccess,
    MonthlyFlow,
    NetWorth,
    UserFinances,
    UserProfile,
)
from switchboard.apps.finance.missions.contracts import (
    contracts_document,
    contracts_json,
    finance_contracts,
)
from switchboard.apps.finance.missions.mission import (
    MissionLog,
    MissionModels,
    register_finance_agents,
    run_mission,
)
from switchboard.patterns import (
    Consolidation,
    FinalAnswer,
    MissionPackage,
    MissionSettings,
    MissionTelemetry,
    final_answer,
    validate_answer,
)

__all__ = [
    "Consolidation",
    "DataAccess",
    "Debt",
    "FinalAnswer",
    "Holding",
    "InMemoryDataAccess",
    "MissionLog",
    "MissionModels",
    "MissionPackage",
    "MissionSettings",
    "MissionTelemetry",
    "MonthlyFlow",
    "NetWorth",
    "UserFinances",
    "UserProfile",
    "contracts_document",
    "contracts_json",
    "final_answer",
    "finance_contracts",
    "register_finance_agents",
    "run_mission",
    "validate_answer",
]
