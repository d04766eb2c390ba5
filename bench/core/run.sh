#!/usr/bin/env bash
# Switchboard vs the peer frameworks, same harness, same run (see RESULTS_core.md).
#
#   bench/core/run.sh            peers + Switchboard at reduced sizes (what RESULTS_core.md reports)
#   SIZES=full bench/core/run.sh Switchboard only, at the peers' full sizes (2000/200, 1000×3, 10000)
#   bench/core/run.sh extras     bench_extras.py (CPU/call, bytes/idle session, import, SQLite, profile)
#
# Peer venvs: /tmp/peers/venv_<fw>, created by --setup from /work/shared/bench/peers/requirements-*.txt.
# The SQLite variant is added only if switchboard.store.sql.store.SqlStore imports.
set -euo pipefail
CORE=$(cd "$(dirname "$0")" && pwd)
SB_PY=${SB_PY:-/work/main/.venv/bin/python}
export VENVS=${VENVS:-/tmp/peers}
export PYTHONPATH=/work/shared/bench/peers

# VM speed reference, as in the peers' report (their VM: 19.5 µs): this host's speed drifts by up
# to 2x within minutes, so every run records it before and after.
calibrate() { echo "$(date -u +%FT%TZ) sum(range(1000)): $("$SB_PY" -m timeit -n 20000 -r 7 'sum(range(1000))')"; }

if [ "${1:-}" = extras ]; then
  calibrate
  "$SB_PY" "$CORE/bench_extras.py" all --out "${RESULTS_DIR:-$CORE/results/latest}"
  calibrate
  exit
fi

EXTRA="switchboard=$SB_PY:$CORE/bench_switchboard.py"
if "$SB_PY" -c "from switchboard.store.sql.store import SqlStore" 2>/dev/null; then
  EXTRA="$EXTRA switchboard_sqlite=$SB_PY:$CORE/bench_switchboard_sqlite.py"
else
  echo "!! SqlStore not importable yet: switchboard_sqlite skipped" >&2
fi
export EXTRA

if [ "${SIZES:-reduced}" = full ]; then
  export FRAMEWORKS="" RESULTS_DIR=${RESULTS_DIR:-/tmp/peers/results_core_full}
else
  export RESULTS_DIR=${RESULTS_DIR:-/tmp/peers/results_core}
  export ARGS_seq="--seq 500 --warm 50" ARGS_conc="--conc 1000 --reps 1" \
         ARGS_lat="--conc 1000 --reps 1" ARGS_mem="--mem 2000"
fi
mkdir -p "$RESULTS_DIR"
calibrate | tee "$RESULTS_DIR/calibration.txt"
"$CORE/run_all.sh" --setup
calibrate | tee -a "$RESULTS_DIR/calibration.txt"
