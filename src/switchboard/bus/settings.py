"""Every threshold of the bus, named and documented, with the defaults of spec 001 (§4, §7).

Environment variables override them with the `SWITCHBOARD_BUS_` prefix
(e.g. `SWITCHBOARD_BUS_THROTTLE_MAX_RATE=50`). Durations are seconds on the injected clock.
"""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class BusSettings(BaseSettings):
    """The bus's limits from `SWITCHBOARD_BUS_*` variables: timeouts, retries, budgets and the
    safety systems' thresholds."""

    model_config = SettingsConfigDict(env_prefix="SWITCHBOARD_BUS_", frozen=True)

    # --- per-message timeouts (§4 "Sistema de Timeout", §7 "Timeout por Mensagem Individual")
    executor_timeout: float = Field(
        60.0, gt=0, description="Default timeout of a message to an executor."
    )
    coordinator_timeout: float = Field(
        90.0, gt=0, description="Default timeout of a message to a coordinator."
    )
    executor_deadline_ratio: float = Field(
        0.8,
        gt=0,
        le=1,
        description="Internal deadline of a handler as a fraction of the message timeout "
        "(§7 'Timeout Interno de Agente Executor'): leaves margin to answer before the sender "
        "gives up.",
    )
    default_retries: int = Field(
        2, ge=0, description="tentativas_restantes when the sender does not say."
    )
    retry_backoff_base: float = Field(1.0, ge=0, description="First retry waits this long.")
    retry_backoff_factor: float = Field(
        2.0, ge=1, description="Each further retry waits this many times longer."
    )
    retry_backoff_max: float = Field(30.0, ge=0, description="Cap of one backoff wait.")

    # --- budgets (§4 "Controle de Orçamento Distribuído", §7 Camada 2)
    budget_high_ratio: float = Field(
        0.8, description="Flag `budget_high` on new messages from here."
    )
    budget_critical_ratio: float = Field(
        0.9, description="Flag `budget_critical` on new messages from here."
    )
    budget_exhausted_ratio: float = Field(
        1.0, description="Refuse NORMAL/LOW and tell the lead to finish."
    )

    # --- loops (§4 "Detecção de Loops Circulares")
    loop_max_occurrences: int = Field(
        3, ge=1, description="An agent may appear at most this often in a call path."
    )
    loop_max_depth: int = Field(8, ge=1, description="Deepest allowed call depth.")

    # --- message explosion (§4 "Detecção de Explosão de Mensagens")
    throttle_max_rate: float = Field(
        20.0,
        gt=0,
        description="Messages per second (per mission) above which NORMAL and LOW are delayed.",
    )
    throttle_window: float = Field(
        10.0, gt=0, description="Sliding window over which the rate is measured."
    )
    throttle_buckets: int = Field(
        10, ge=1, description="The window is counted in this many buckets."
    )
    throttle_retry_interval: float = Field(
        1.0, gt=0, description="A delayed message re-checks the rate this often."
    )

    # --- no progress (§4 "Ausência de Progresso")
    progress_alert_after: float = Field(30.0, gt=0, description="Idle mission → internal alert.")
    progress_timeout_after: float = Field(
        60.0, gt=0, description="Idle mission → global timeout forced."
    )
    consolidation_grace: float = Field(
        10.0, ge=0, description="Time the lead has to consolidate (§7 Camada 1)."
    )

    # --- circuit breaker (§4, §7 Camada 4)
    breaker_consecutive_failures: int = Field(
        5, ge=1, description="Open after this many failures in a row."
    )
    breaker_window: int = Field(10, ge=1, description="Attempts considered for the failure ratio.")
    breaker_failure_ratio: float = Field(
        0.5, description="Open when failures/attempts in the window exceed this."
    )
    breaker_cooldown: float = Field(
        90.0, ge=0, description="OPEN lasts this long, then HALF-OPEN allows one try."
    )

    # --- starvation (§4 "Detecção de Starvation")
    starvation_critical: float = Field(
        20.0, description="A CRITICAL message waiting longer runs at once."
    )
    starvation_high: float = Field(45.0, description="A HIGH message waiting longer runs at once.")
    starvation_any: float = Field(
        120.0,
        description="Any message waiting longer runs at once, or fails with "
        "`message_starved` if its sender already timed out.",
    )
    starvation_check_interval: float = Field(
        1.0, gt=0, description="How often a saturated mailbox is scanned."
    )

    # --- passive health (§7 Camada 6)
    health_window: int = Field(
        100, ge=1, description="Executions kept per agent for latency/success rate."
    )

    # --- boundaries and capacity (not in the spec; protect the bus)
    max_payload_bytes: int = Field(
        256 * 1024, ge=1, description="Largest JSON size of parameters+context."
    )
    default_concurrency: int = Field(
        8, ge=1, description="Handlers of one agent running at once in a process."
    )
    idempotency_ttl: float = Field(
        3600.0, gt=0, description="How long a finished request's response is kept."
    )
    idempotency_cache_size: int = Field(
        10_000, ge=1, description="In-memory backend: responses kept."
    )

    # --- Redis Streams I/O knobs (real time: Redis measures idleness itself)
    redis_block_ms: int = Field(200, ge=1, description="XREADGROUP/XREAD block time.")
    redis_read_count: int = Field(128, ge=1, description="Entries fetched per read.")
    redis_reclaim_idle_ms: int = Field(
        30_000, ge=1, description="Pending longer than this → reclaimable."
    )
    redis_reclaim_interval: float = Field(
        5.0, gt=0, description="How often XAUTOCLAIM runs (real seconds)."
    )
