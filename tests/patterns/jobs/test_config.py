"""Engine options from the environment and the command line: the dead-worker timeout in
seconds (not a hard 30 s), the planning timeout, and nonsense refused with a clear message."""

from __future__ import annotations

from pathlib import Path

import pytest

from switchboard.core.errors import ConfigurationError
from switchboard.patterns.jobs.config import (
    EngineConfig,
    dead_worker_options,
    options_from_env,
)
from switchboard.patterns.jobs.host import JobRuntime
from switchboard.patterns.jobs.queues import QueueSpec
from switchboard.patterns.jobs.worker import build_engine


def test_options_come_from_the_environment_in_seconds() -> None:
    env = {"SWITCHBOARD_JOBS_DEAD_AFTER_S": "8", "SWITCHBOARD_JOBS_PLAN_TIMEOUT_S": "45.5"}
    assert options_from_env(env) == {
        "dead_after_s": 8.0,
        "heartbeat_s": 2.0,  # a quarter of the timeout: at least three beats fit in it
        "plan_timeout_s": 45.5,
    }
    assert options_from_env({"SWITCHBOARD_JOBS_DEAD_AFTER_S": "120"})["heartbeat_s"] == 5.0
    assert dead_worker_options(12, {}) == {"dead_after_s": 12, "heartbeat_s": 3.0}
    both = {"SWITCHBOARD_JOBS_HEARTBEAT_S": "1"}
    assert dead_worker_options(12, both) == {"dead_after_s": 12, "heartbeat_s": 1.0}
    for bad in ("abc", "-3", "0"):
        with pytest.raises(ConfigurationError):
            options_from_env({"SWITCHBOARD_JOBS_DEAD_AFTER_S": bad})


def test_a_timeout_shorter_than_two_heartbeats_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigurationError, match="two heartbeats"):
        EngineConfig(
            database_url="sqlite://",
            queues=(QueueSpec("dev"),),
            workdir_root=str(tmp_path),
            heartbeat_s=5,
            dead_after_s=8,
        )


def test_build_engine_takes_the_environment_and_explicit_options_win(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SWITCHBOARD_JOBS_DEAD_AFTER_S", "9")
    runtime = JobRuntime(
        queues=(QueueSpec("dev"),),
        executor_for=lambda job: None,  # type: ignore[arg-type,return-value]
        tools_for=lambda job: None,  # type: ignore[arg-type,return-value]
        workdir_root=str(tmp_path / "work"),
        personas={"programador": "dev"},
    )
    url = f"sqlite:///{tmp_path / 'jobs.db'}"
    engine = build_engine(runtime, database_url=url)
    try:
        assert engine.config.dead_after_s == 9.0 and engine.config.heartbeat_s == 2.25
        assert engine.config.queue_of("programador") == "dev"
    finally:
        engine.store.dispose()
    engine = build_engine(runtime, database_url=url, dead_after_s=4.0, heartbeat_s=1.0)
    try:
        assert engine.config.dead_after_s == 4.0
    finally:
        engine.store.dispose()
