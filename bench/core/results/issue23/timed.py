import json, os, subprocess, sys, time, timeit
PY = "/work/main/.venv/bin/python"
TREES = {"old": "/work/wt/old2f23", "new": "/work/wt/bench23"}
MODES = {
    "cpu": ["bench/core/bench_extras.py", "cpu"],
    "sqlite": ["bench/core/bench_extras.py", "sqlite"],
    "missions": ["bench/finance/bench_missions.py", "--missions", "200", "--latency", "0.02"],
}
rounds = int(sys.argv[1]); out = open(sys.argv[2], "a")
def ref():
    return min(timeit.repeat("sum(range(1000))", number=2000, repeat=5)) / 2000 * 1e6
for r in range(rounds):
    order = ["old", "new"] if r % 2 == 0 else ["new", "old"]
    for mode, args in MODES.items():
        for t in order:
            tree = TREES[t]
            env = dict(os.environ, PYTHONPATH=f"{tree}/src:/work/shared/bench/peers", PYTHONDONTWRITEBYTECODE="1")
            rf = ref(); l0 = os.getloadavg()[0]
            p = subprocess.run([PY, *args], cwd=tree, env=env, capture_output=True, text=True)
            rec = {"round": r, "tree": t, "mode": mode, "ref_us": rf, "load": l0, "time": time.strftime("%H:%M:%S", time.gmtime()), "rc": p.returncode, "out": p.stdout.strip()[-1500:], "err": p.stderr[-500:] if p.returncode else ""}
            out.write(json.dumps(rec) + "\n"); out.flush()
