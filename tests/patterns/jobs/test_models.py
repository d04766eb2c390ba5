"""Job model, backoff schedule, dependency cycles, plan checks."""

from __future__ import annotations

import random

import pytest

from switchboard.patterns.jobs.backoff import next_delay, schedule, seeded_rng
from switchboard.patterns.jobs.errors import DependencyCycleError, InvalidPlanError
from switchboard.patterns.jobs.graph import find_cycle, topological_order
from switchboard.patterns.jobs.models import Job, JobStatus, Plan, SubJobSpec
from switchboard.patterns.jobs.plan import check_plan


class Fixed:
    def __init__(self, value: float) -> None:
        self.value = value

    def random(self) -> float:
        return self.value


def test_backoff_grows_exponentially_within_jitter_bounds() -> None:
    low = [next_delay(n, 1.0, 1000.0, Fixed(0.0)) for n in range(1, 6)]
    high = [next_delay(n, 1.0, 1000.0, Fixed(0.999999)) for n in range(1, 6)]
    assert low == [0.5, 1.0, 2.0, 4.0, 8.0]
    assert high == pytest.approx([1.0, 2.0, 4.0, 8.0, 16.0], rel=1e-5)


def test_backoff_is_capped_even_for_huge_attempts() -> None:
    rng = random.Random(7)
    for attempt in (10, 100, 10_000):
        delay = next_delay(attempt, 2.0, 60.0, rng)
        assert 30.0 <= delay <= 60.0


def test_backoff_jitter_is_deterministic_per_job_and_attempt() -> None:
    assert schedule(4, 2.0, 300.0, "job-a") == schedule(4, 2.0, 300.0, "job-a")
    assert schedule(4, 2.0, 300.0, "job-a") != schedule(4, 2.0, 300.0, "job-b")
    assert seeded_rng("j", 1).random() == seeded_rng("j", 1).random()


@pytest.mark.parametrize(("attempt", "base", "cap"), [(0, 1.0, 1.0), (1, 0.0, 1.0), (1, 1, -1)])
def test_backoff_rejects_bad_arguments(attempt: int, base: float, cap: float) -> None:
    with pytest.raises(ValueError):
        next_delay(attempt, base, cap, Fixed(0.5))


def test_find_cycle_reports_the_path() -> None:
    assert find_cycle({"a": ["b"], "b": ["c"], "c": []}) is None
    assert find_cycle({"a": ["b"], "b": ["c"], "c": ["a"]}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": ["a"]}) == ["a", "a"]
    # dependencies outside the graph are leaves
    assert find_cycle({"a": ["existing-job"], "b": ["a"]}) is None
    # a cycle not reachable from the first root
    assert find_cycle({"x": [], "a": ["b"], "b": ["a"]}) == ["a", "b", "a"]


def test_find_cycle_handles_long_chains_without_recursion() -> None:
    chain = {str(i): [str(i + 1)] for i in range(5000)}
    assert find_cycle(chain) is None
    chain["5000"] = ["0"]
    cycle = find_cycle(chain)
    assert cycle is not None and cycle[0] == cycle[-1] and len(cycle) == 5002


def test_topological_order_puts_dependencies_first() -> None:
    order = topological_order({"render": ["compute"], "compute": ["collect"], "collect": []})
    assert order == ["collect", "compute", "render"]
    with pytest.raises(ValueError):
        topological_order({"a": ["b"], "b": ["a"]})


def _plan(*subs: tuple[str, list[str]]) -> Plan:
    return Plan(sub_jobs=[SubJobSpec(ref=r, request=f"faça {r}", depends_on=d) for r, d in subs])


def test_check_plan_accepts_a_dag() -> None:
    check_plan(_plan(("collect", []), ("compute", ["collect"]), ("render", ["compute"])))


def test_check_plan_rejects_cycles_unknown_refs_and_duplicates() -> None:
    with pytest.raises(DependencyCycleError) as cycle:
        check_plan(_plan(("a", ["b"]), ("b", ["a"])))
    assert cycle.value.code == "dependency_cycle"
    with pytest.raises(InvalidPlanError, match="inexistentes: z"):
        check_plan(_plan(("a", ["z"])))
    with pytest.raises(InvalidPlanError, match="repete"):
        check_plan(_plan(("a", []), ("a", [])))


def test_job_status_terminal_and_round_trip() -> None:
    job = Job(id="j1", user_id="u1", queue="dev", persona="dev", request="faça")
    assert job.status is JobStatus.WAITING and not job.status.terminal
    assert (
        JobStatus.CANCELLED.terminal and JobStatus("awaiting_approval").value == "awaiting_approval"
    )
    assert Job.model_validate_json(job.model_dump_json()) == job
