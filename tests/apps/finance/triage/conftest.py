"""Shared fixtures: the packaged triage (trained once per test process) and the data paths."""

from __future__ import annotations

from pathlib import Path

import pytest

from switchboard.apps.finance.triage import ContinuityCheck, Triage

ROOT = Path(__file__).resolve().parents[4]
BENCH = ROOT / "bench" / "finance"
SEEDS = BENCH / "triage_seed.jsonl"
TEST_SPLIT = BENCH / "triage_test.jsonl"
CONTINUITY_TEST = BENCH / "continuity_test.jsonl"


@pytest.fixture(scope="session")
def triage() -> Triage:
    return Triage.default()


@pytest.fixture(scope="session")
def continuity() -> ContinuityCheck:
    return ContinuityCheck.default()
