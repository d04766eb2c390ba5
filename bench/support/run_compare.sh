#!/usr/bin/env bash
# Before/after in one run: the support NLU on the dev suite, and bench/core's framework CPU per
# model call, for the tree at $BEFORE_REF (default main) and this tree, alternating.
#
#   bench/support/run_compare.sh [SUITE]      (default /work/data/dev/support_messages.jsonl)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
PY=${PY:-$ROOT/.venv/bin/python}
SUITE=${1:-/work/data/dev/support_messages.jsonl}
BEFORE=$(mktemp -d)
trap 'rm -rf "$BEFORE"' EXIT
git -C "$ROOT" archive "${BEFORE_REF:-main}" src | tar -x -C "$BEFORE"
calibrate() { echo "$(date -u +%FT%TZ) sum(range(1000)): $("$PY" -m timeit -n 20000 -r 7 'sum(range(1000))')"; }
calibrate
"$PY" "$HERE/bench_support.py" compare "$SUITE" --before "$BEFORE" --rounds 2
echo
echo "bench/core CPU per model call (bench_extras.py cpu, 2000 sessions), alternating:"
echo
echo "| run | tree | cpu ms / model call | wall ms / model call |"
echo "|---|---|---:|---:|"
for round in 1 2; do
  for tree in before after; do
    if [ "$tree" = before ]; then path="/work/shared/bench/peers:$BEFORE/src"; else path=/work/shared/bench/peers; fi
    PYTHONPATH=$path "$PY" - "$ROOT/bench/core" <<'PYEOF' | sed "s/^/| $round | $tree | /"
import asyncio, sys
sys.path.insert(0, sys.argv[1])
import bench_extras
r = asyncio.run(bench_extras.cpu())
print(f"{r['cpu_ms_per_model_call']:.4f} | {r['wall_ms_per_model_call']:.4f} |")
PYEOF
  done
done
calibrate
