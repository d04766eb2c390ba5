"""Metric updates of the hot path are tallied in plain numbers and handed to prometheus_client
when the registry is collected (`server/metrics.py`, issue 22.4): whatever reads the registry
sees every update made before it, once."""

from __future__ import annotations

import pytest

from switchboard.server.metrics import Metrics, Tally


def sample(metrics: Metrics, name: str, **labels: str) -> float | None:
    return metrics.registry.get_sample_value(name, labels)


def test_every_update_is_in_the_next_collection_and_counted_once() -> None:
    metrics = Metrics()
    runs = metrics.child(metrics.runs, "support", "chat")
    latency = metrics.child(metrics.latency, "POST", "/chat")
    runs.inc()
    runs.inc(2)
    latency.observe(0.003)
    latency.observe(0.2)
    metrics.streams_opened()
    metrics.streams_opened()
    metrics.streams_closed()
    metrics.error("rate_limited")

    text = metrics.render().decode()
    assert 'switchboard_chat_runs_total{app="support",endpoint="chat"} 3.0' in text
    assert sample(metrics, "switchboard_chat_runs_total", app="support", endpoint="chat") == 3
    bucket = "switchboard_http_request_duration_seconds_bucket"
    assert sample(metrics, bucket, method="POST", route="/chat", le="0.005") == 1
    assert sample(metrics, bucket, method="POST", route="/chat", le="0.25") == 2
    assert sample(metrics, "switchboard_chat_active_streams") == 1
    assert sample(metrics, "switchboard_errors_total", code="rate_limited") == 1

    metrics.streams_closed()
    runs.inc()
    assert sample(metrics, "switchboard_chat_runs_total", app="support", endpoint="chat") == 4
    assert sample(metrics, "switchboard_chat_active_streams") == 0
    assert metrics.child(metrics.runs, "support", "chat") is runs


def test_a_tally_refuses_what_its_counter_refuses_and_bounds_what_it_holds(monkeypatch) -> None:
    metrics = Metrics()
    with pytest.raises(ValueError):
        metrics.child(metrics.runs, "a", "chat").inc(-1)
    from switchboard.server import metrics as module

    monkeypatch.setattr(module, "FLUSH_OBSERVATIONS", 3)
    first = metrics.child(metrics.first_event, "chat")
    assert isinstance(first, Tally)
    for _ in range(3):
        first.observe(0.01)
    assert first._observed == []  # handed over at the bound, without a collection
    count = "switchboard_chat_first_event_seconds_count"
    assert sample(metrics, count, endpoint="chat") == 3
