#!/bin/bash
# usage: cg.sh tree label outname cmd...
tree=$1; label=$2; shift 2
cd $tree
out=$( { PYTHONHASHSEED=0 PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=$tree/src:/work/shared/bench/peers valgrind --tool=callgrind --callgrind-out-file=/dev/null /work/main/.venv/bin/python "$@" >/dev/null; } 2>&1 | grep -o 'Collected : [0-9]*' | awk '{print $3}')
echo "$label $* $out $(date -u +%T) load=$(cut -d' ' -f1 /proc/loadavg)" >> /tmp/b23/cg.txt
