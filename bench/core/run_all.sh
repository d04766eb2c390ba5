#!/usr/bin/env bash
# Peer orchestration-overhead benchmark: runs every bench_<fw>.py mode in its own
# process and prints a markdown table (report.py).
#
#   ./run_all.sh [--setup] [--quick]
#     --setup  create missing venvs $VENVS/venv_<fw> from requirements-<fw>.txt
#     --quick  tiny sizes, to check the pipeline end to end (~4 min)
#
# Env: FRAMEWORKS (default "langgraph openai_agents adk"; "" = only EXTRA), VENVS (/tmp/peers),
#      RESULTS_DIR (/tmp/peers/results), PY_BASE (python3 used to make venvs),
#      MODES (default "imp seq conc lat mem"),
#      EXTRA="name=/path/to/python:/path/to/bench_x.py ..." to add a framework
#      (e.g. the new one) whose adapter imports this directory's common.py.
set -euo pipefail
# bench/core copy: only change = HERE points at the shared peers dir, and ARGS_<mode> may be
# overridden from the environment (the shared script hard-codes the sizes).
HERE=${PEERS_DIR:-/work/shared/bench/peers}
VENVS=${VENVS:-/tmp/peers}
export RESULTS_DIR=${RESULTS_DIR:-/tmp/peers/results}
export PYTHONPATH="$HERE${PYTHONPATH:+:$PYTHONPATH}"  # lets EXTRA adapters import common
FRAMEWORKS=${FRAMEWORKS-"langgraph openai_agents adk"}  # FRAMEWORKS="" runs only EXTRA
PY_BASE=${PY_BASE:-python3}
SETUP=0; QUICK=0
for a in "$@"; do case $a in --setup) SETUP=1;; --quick) QUICK=1;; *) echo "unknown $a"; exit 2;; esac; done

if [ $QUICK = 1 ]; then
  ARGS_seq="--seq 50 --warm 10"; ARGS_conc="--conc 50 --reps 1"; ARGS_lat="--conc 50 --reps 1"; ARGS_mem="--mem 200"
else
  ARGS_seq=${ARGS_seq:-"--seq 2000 --warm 200"}; ARGS_conc=${ARGS_conc:-"--conc 1000 --reps 3"}
  ARGS_lat=${ARGS_lat:-"--conc 1000 --reps 3"}; ARGS_mem=${ARGS_mem:-"--mem 10000"}
fi
ARGS_imp=${ARGS_imp:-""}

declare -A PY SCRIPT
for fw in $FRAMEWORKS; do
  PY[$fw]=$VENVS/venv_$fw/bin/python; SCRIPT[$fw]=$HERE/bench_$fw.py
  if [ ! -x "${PY[$fw]}" ]; then
    if [ $SETUP = 1 ]; then
      "$PY_BASE" -m venv "$VENVS/venv_$fw"
      "$VENVS/venv_$fw/bin/pip" install -q -r "$HERE/requirements-$fw.txt"
    else
      echo "missing ${PY[$fw]} (run with --setup)"; exit 1
    fi
  fi
done
for e in ${EXTRA:-}; do
  name=${e%%=*}; rest=${e#*=}; PY[$name]=${rest%%:*}; SCRIPT[$name]=${rest#*:}; FRAMEWORKS="$FRAMEWORKS $name"
done

mkdir -p "$RESULTS_DIR"
echo "# $(date -u +%FT%TZ)  $(nproc) cores  results -> $RESULTS_DIR" >&2
for fw in $FRAMEWORKS; do
  for mode in ${MODES:-imp seq conc lat mem}; do
    args=ARGS_$mode
    t0=$(date +%s)
    # shellcheck disable=SC2086
    if ! timeout 900 "${PY[$fw]}" "${SCRIPT[$fw]}" $mode ${!args} >"$RESULTS_DIR/${fw}_$mode.log" 2>&1; then
      echo "!! $fw $mode failed (see $RESULTS_DIR/${fw}_$mode.log)" >&2
    elif ! grep -q "\"framework\"" "$RESULTS_DIR/${fw}_$mode.log"; then
      echo "!! $fw $mode printed no result (does the script call common.main?)" >&2
    fi
    echo "   $fw $mode: $(( $(date +%s) - t0 )) s" >&2
  done
done
python3 "$HERE/report.py" "$RESULTS_DIR"
