"""The support app's offline NLU on a labelled suite: routing, "não entendi", per-intent precision
and recall, confusions, calibration, and cost (training, per decision, per turn).

  python bench_support.py report SUITE.jsonl        this tree: the tables of RESULTS.md
  python bench_support.py measure SUITE.jsonl       this tree: one JSON line (used by compare)
  python bench_support.py compare SUITE.jsonl --before DIR
      before/after side by side in one run: DIR holds the old tree's `src/` (e.g. from
      `git archive main src`), run with this interpreter and PYTHONPATH=DIR/src; the two trees
      alternate, twice each

Only public API is used (`load_app`, `reply`, the embedded model's classifier), so `measure` also
runs on trees older than this bench. The suite format is `switchboard eval`'s (v1); suite.py is a
small runner of the checks the support suites use.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import suite  # noqa: E402

AGENTS = ["assistente_virtual", "especialista_tecnico", "especialista_financeiro"]
SHORT = {
    "assistente_virtual": "assist.",
    "especialista_tecnico": "técnico",
    "especialista_financeiro": "financ.",
}
SUITE_TO_INVENTORY = {"latencia": "velocidade_baixa", "fora_faq": "outros_assuntos"}
"""The suite's intent labels that the app's inventory names otherwise."""


def _app() -> Any:
    from switchboard.apps import load_app

    return load_app("support", model="embedded", store="memory://")


async def _e2e(path: str) -> tuple[list[suite.TurnResult], float]:
    app = _app()
    started = time.perf_counter()
    await app.start()
    start_s = time.perf_counter() - started
    results = await suite.run(app, suite.load([path]))
    return results, start_s


def _training_ms() -> float:
    """Median time to train the coordinator's classifier (imports done first, no sharing)."""
    from switchboard.apps.support.app import load_specs
    from switchboard.models.embedded import IntentClassifier

    coordinator, _ = load_specs()
    policy = coordinator.policy
    assert policy is not None
    synonyms = getattr(policy, "synonyms", None)
    times = []
    for _ in range(3):
        started = time.perf_counter()
        if synonyms is None:
            IntentClassifier(policy.intents)
        else:
            IntentClassifier(policy.intents, synonyms=synonyms)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def _decision_us(texts: list[str]) -> float:
    """Mean time of one decision of the coordinator's embedded model (classify + act)."""
    from switchboard.apps.support.app import load_specs
    from switchboard.core.messages import Message
    from switchboard.models.base import ModelRequest, ToolSchema
    from switchboard.models.embedded import EmbeddedModel

    coordinator, _ = load_specs()
    assert coordinator.policy is not None
    model = EmbeddedModel(coordinator.policy)
    tools = [ToolSchema(name=t) for t in coordinator.tools]
    tools.append(ToolSchema(name="request_specialist_sub_conversation"))
    requests = [ModelRequest(messages=[Message.user(t)], tools=tools) for t in texts]
    for request in requests:
        model.respond(request)
    rounds = 5
    started = time.perf_counter()
    for _ in range(rounds):
        for request in requests:
            model.respond(request)
    return (time.perf_counter() - started) / (rounds * len(requests)) * 1e6


def measure(path: str) -> dict[str, Any]:
    import sklearn  # noqa: F401  (imports are not training)

    results, start_s = asyncio.run(_e2e(path))
    n = len(results)
    texts = [r.user for r in results]
    turn_ms = sorted(r.ms for r in results)
    return {
        "turns": n,
        "pass": sum(r.ok for r in results) / n,
        "agent": sum("agent" not in r.failures for r in results) / n,
        "no_nao_entendi": sum("not_contains" not in r.failures for r in results) / n,
        "agent_and_no_nao_entendi": sum(
            "agent" not in r.failures and "not_contains" not in r.failures for r in results
        )
        / n,
        "contains_any": _share(results, "contains_any"),
        "app_start_s": start_s,
        "train_ms": _training_ms(),
        "decision_us": _decision_us(texts),
        "turn_ms_mean": statistics.fmean(turn_ms),
        "turn_ms_p50": turn_ms[n // 2],
        "turn_ms_p99": turn_ms[min(n - 1, int(n * 0.99))],
        "calls_per_turn": sum(r.calls for r in results) / n,
        "ms_per_model_call": sum(r.ms for r in results) / max(1, sum(r.calls for r in results)),
    }


def _share(results: list[suite.TurnResult], check: str) -> float | None:
    graded = [r for r in results if check in r.checked]
    return sum(check not in r.failures for r in graded) / len(graded) if graded else None


# -- report ---------------------------------------------------------------------------------


def report(path: str, show: bool) -> None:
    results, _ = asyncio.run(_e2e(path))
    cases = suite.load([path])
    n = len(results)
    print(f"## End to end on `{Path(path).name}` ({len(cases)} cases, {n} graded turns)\n")
    rows = [
        ("turns passing every check", sum(r.ok for r in results)),
        ("right agent", sum("agent" not in r.failures for r in results)),
        ('no "não entendi"', sum("not_contains" not in r.failures for r in results)),
        (
            'right agent and no "não entendi"',
            sum("agent" not in r.failures and "not_contains" not in r.failures for r in results),
        ),
    ]
    print("| measure | turns | share |\n|---|---:|---:|")
    for name, count in rows:
        print(f"| {name} | {count}/{n} | {count / n:.1%} |")
    graded = [r for r in results if "contains_any" in r.checked]
    if graded:
        ok = sum("contains_any" not in r.failures for r in graded)
        print(
            f"| out-of-FAQ turns offering a ticket (`contains_any`) | {ok}/{len(graded)} | "
            f"{ok / len(graded):.1%} |"
        )
    print()

    print("### Agent confusion (turns with one expected agent; rows expected, columns answered)\n")
    matrix: Counter[tuple[str, str]] = Counter()
    for r in results:
        if len(r.expected) == 1:
            matrix[(r.expected[0], r.agent)] += 1
    print("| expected \\ answered | " + " | ".join(SHORT[a] for a in AGENTS) + " | recall |")
    print("|---|" + "---:|" * (len(AGENTS) + 1))
    for expected in AGENTS:
        counts = [matrix[(expected, got)] for got in AGENTS]
        total = sum(counts)
        recall = matrix[(expected, expected)] / total if total else 0.0
        print(f"| {SHORT[expected]} | " + " | ".join(map(str, counts)) + f" | {recall:.1%} |")
    precisions = []
    for got in AGENTS:
        column = sum(matrix[(e, got)] for e in AGENTS)
        precisions.append(f"{matrix[(got, got)] / column:.1%}" if column else "–")
    print("| precision | " + " | ".join(precisions) + " | |\n")

    print('### Per suite intent (every graded turn: right agent and no "não entendi")\n')
    by_intent: dict[str, list[suite.TurnResult]] = defaultdict(list)
    for r in results:
        by_intent[r.intent].append(r)
    print("| intent | turns | right | share | answered instead |\n|---|---:|---:|---:|---|")
    for intent, items in sorted(by_intent.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        right = [r for r in items if "agent" not in r.failures and "not_contains" not in r.failures]
        wrong = Counter(SHORT.get(r.agent, r.agent) for r in items if r not in right)
        instead = ", ".join(f"{a} ×{k}" for a, k in wrong.most_common()) or ""
        print(
            f"| {intent} | {len(items)} | {len(right)} | {len(right) / len(items):.0%} | "
            f"{instead} |"
        )
    print()
    _classifier_report(cases)
    failures = [r for r in results if not r.ok]
    print(f"### Failing turns ({len(failures)})\n")
    print("| case | turn | intent | expected | answered | checks |\n|---|---:|---|---|---|---|")
    for r in failures:
        print(
            f"| {r.case} | {r.index} | {r.intent} | {'/'.join(SHORT[a] for a in r.expected)} | "
            f"{SHORT.get(r.agent, r.agent)} | {', '.join(r.failures)} |"
        )
        if show:
            print(f"|  | | `{r.user}` → {r.text[:140]!r} | | | |")
    print()


def _classifier_report(cases: list[dict[str, Any]]) -> None:
    """The coordinator's classifier alone on single-turn cases: per-intent precision and recall
    against the suite's intent labels, the most frequent confusions, and calibration."""
    from switchboard.apps.support.app import load_specs
    from switchboard.models.embedded import EmbeddedModel

    coordinator, _ = load_specs()
    assert coordinator.policy is not None
    model = EmbeddedModel(coordinator.policy)
    policy = coordinator.policy
    known = {i.name for i in policy.intents}
    destination = {
        i.name: (
            i.action.delegate or ("faq" if i.action.tool == "buscar_faq" else f"intent:{i.name}")
        )
        for i in policy.intents
    }
    pairs: list[tuple[str, str]] = []
    confidences: list[tuple[float, bool]] = []
    unmapped: Counter[str] = Counter()
    for case in cases:
        if len(case["turns"]) != 1:
            continue
        turn = case["turns"][0]
        gold = SUITE_TO_INVENTORY.get(turn["intent"], turn["intent"])
        if gold not in known:
            unmapped[turn["intent"]] += 1
            continue
        groups = model._groups(model.classifier.predict(turn["user"]))
        best, probability, _ = groups[0]
        predicted = best if probability >= policy.threshold else "(clarify/fallback)"
        pairs.append((gold, predicted))
        confidences.append((probability, destination[best] == destination[gold]))
    print(
        f"### Coordinator classifier, single-turn cases ({len(pairs)} messages; "
        f"threshold {policy.threshold})\n"
    )
    labels = sorted({g for g, _ in pairs})
    print("| intent | support | precision | recall | most often confused with |")
    print("|---|---:|---:|---:|---|")
    for label in labels:
        tp = sum(1 for g, p in pairs if g == label and p == label)
        fn = sum(1 for g, p in pairs if g == label and p != label)
        fp = sum(1 for g, p in pairs if g != label and p == label)
        confused = Counter(p for g, p in pairs if g == label and p != label).most_common(2)
        precision = f"{tp / (tp + fp):.0%}" if tp + fp else "–"
        print(
            f"| {label} | {tp + fn} | {precision} | {tp / (tp + fn):.0%} | "
            f"{', '.join(f'{p} ×{k}' for p, k in confused)} |"
        )
    exact = sum(g == p for g, p in pairs) / len(pairs)
    print(
        f"\nExact intent: {exact:.1%}. Unmapped suite labels (no intent of that name): "
        f"{dict(unmapped) or 'none'}.\n"
    )
    print(
        "Calibration of the top destination's probability (right destination = the same "
        "specialist, or the same FAQ/intent):\n"
    )
    print("| confidence | messages | right | mean confidence |\n|---|---:|---:|---:|")
    bins = [(0.0, 0.45), (0.45, 0.7), (0.7, 0.9), (0.9, 0.99), (0.99, 1.0001)]
    ece = 0.0
    for low, high in bins:
        items = [(c, ok) for c, ok in confidences if low <= c < high]
        if not items:
            continue
        accuracy = sum(ok for _, ok in items) / len(items)
        mean = statistics.fmean(c for c, _ in items)
        ece += len(items) / len(confidences) * abs(accuracy - mean)
        print(f"| [{low:.2f}, {min(high, 1):.2f}) | {len(items)} | {accuracy:.1%} | {mean:.3f} |")
    print(f"\nExpected calibration error (these bins): {ece:.3f}.\n")


# -- compare --------------------------------------------------------------------------------


def compare(path: str, before: str, rounds: int) -> None:
    runs: dict[str, list[dict[str, Any]]] = {"before": [], "after": []}
    for _ in range(rounds):
        for name in ("before", "after"):
            env = dict(os.environ)
            if name == "before":
                env["PYTHONPATH"] = str(Path(before) / "src")
            out = subprocess.run(
                [sys.executable, __file__, "measure", path],
                env=env,
                capture_output=True,
                text=True,
                check=True,
            )
            runs[name].append(json.loads(out.stdout.strip().splitlines()[-1]))
    print(
        f"Host: {platform.node()} ({os.cpu_count()} CPUs), Python {platform.python_version()}, "
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {rounds} runs per tree, "
        "alternating; medians.\n"
    )
    print("| measure | before | after |\n|---|---:|---:|")
    fields = [
        ("pass", "turns passing every check", "{:.1%}"),
        ("agent", "right agent", "{:.1%}"),
        ("no_nao_entendi", 'no "não entendi"', "{:.1%}"),
        ("agent_and_no_nao_entendi", 'right agent and no "não entendi"', "{:.1%}"),
        ("train_ms", "training, coordinator classifier (ms)", "{:.0f}"),
        ("app_start_s", "app start incl. imports and all agents' training (s)", "{:.2f}"),
        ("decision_us", "one embedded decision, coordinator (µs)", "{:.0f}"),
        ("turn_ms_mean", "offline turn, mean (ms)", "{:.2f}"),
        ("turn_ms_p50", "offline turn, p50 (ms)", "{:.2f}"),
        ("turn_ms_p99", "offline turn, p99 (ms)", "{:.2f}"),
        ("calls_per_turn", "model calls per turn (every agent, every step)", "{:.2f}"),
        ("ms_per_model_call", "offline turn time per model call (ms)", "{:.2f}"),
    ]
    for key, label, fmt in fields:
        cells = []
        for name in ("before", "after"):
            values = [r[key] for r in runs[name] if r.get(key) is not None]
            cells.append(fmt.format(statistics.median(values)) if values else "–")
        print(f"| {label} | {cells[0]} | {cells[1]} |")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["report", "measure", "compare"])
    parser.add_argument("suite")
    parser.add_argument("--before", help="a tree holding src/ (compare)")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--show", action="store_true", help="report: print failing texts too")
    args = parser.parse_args()
    if args.mode == "measure":
        print(json.dumps(measure(args.suite)))
    elif args.mode == "report":
        report(args.suite, args.show)
    else:
        if not args.before:
            parser.error("compare needs --before")
        compare(args.suite, args.before, args.rounds)


if __name__ == "__main__":
    main()
