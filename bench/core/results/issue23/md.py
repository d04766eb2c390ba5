import json, collections, statistics
cg = {}
for line in open("/tmp/b23/cg.txt"):
    p = line.split()
    if "Collected" in line: continue
    i = next(j for j in range(2, len(p)) if p[j].isdigit() and len(p[j]) > 6)
    cg[(p[0], " ".join(p[1:i]))] = int(p[i])
def per(script, a, b, div):
    r = {}
    for t in ("old", "new"):
        ka, kb = (t, f"{script} {a}"), (t, f"{script} {b}")
        if ka in cg and kb in cg: r[t] = (cg[kb] - cg[ka]) / div
    return r
B = "bench/bus/bench_instructions.py"; S = "bench/core/seams_callgrind.py"; M = "bench/finance/bench_missions.py"
rows = [
 ("Framework instructions per model call, in memory (`seams_callgrind.py`, (Ir(200)−Ir(50))/750)", per(S, "50 memory", "200 memory", 750), "k"),
 ("Instructions per model call, SQLite store ((Ir(100)−Ir(25))/375)", per(S, "25 sqlite", "100 sqlite", 375), "k"),
 ("Bus `request()` instructions per op (`bench_instructions.py`, (Ir(2000)−Ir(0))/2000)", per(B, "request 0", "request 2000", 2000), "k"),
 ("Bus `request_soon()` (waves of 8) instructions per op", per(B, "soon 0", "soon 2000", 2000), "k"),
 ("Bus one-way `send()` instructions per op", per(B, "oneway 0", "oneway 2000", 2000), "k"),
 ("Mission instructions, hosted coordinator (`bench_missions.py --callgrind`, (Ir(5)−Ir(0))/5)", per(M, "--callgrind 0", "--callgrind 5", 5), "M"),
]
out = []
for name, r, unit in rows:
    o, n = r.get("old"), r.get("new")
    f = (lambda x: f"{x/1e3:,.1f}k") if unit == "k" else (lambda x: f"{x/1e6:,.2f}M")
    if o and n: out.append(f"| {name} | {f(o)} | {f(n)} | {(n/o-1)*100:+.1f}% |")
    else: out.append(f"| {name} | {f(o) if o else 'not finished'} | {f(n) if n else 'not finished'} | — |")
tm = collections.defaultdict(list)
for line in open("/tmp/b23/timed.jsonl"):
    r = json.loads(line)
    if r["rc"]: continue
    t = r["tree"]
    if r["mode"] == "cpu":
        j = json.loads(r["out"].splitlines()[-1]); tm[("cpu", t)].append(j["cpu_ms_per_model_call"] * 1000)
    elif r["mode"] == "sqlite":
        j = json.loads(r["out"].splitlines()[-1])
        tm[("sqlm", t)].append(j["cpu_ms_per_turn_memory"] * 1000); tm[("sqls", t)].append(j["cpu_ms_per_turn_sqlite"] * 1000)
        tm[("sqla", t)].append(j["added_us_per_turn_median"])
    else:
        for l in r["out"].splitlines():
            if l.startswith("hosted"): tm[("mh", t)].append(float(l.split("calls: ")[1].split(" ms")[0]))
            if l.startswith("offline"): tm[("mo", t)].append(float(l.split("operations: ")[1].split(" ms")[0]))
            if l.startswith("critical") or "wall" in l: tm[("ml", t)].append(l)
    tm[("ref", t)].append(r["ref_us"]); tm[("load", t)].append(r["load"])
names = [("cpu", "Framework CPU per model call, µs (`bench_extras.py cpu`, 2,000 sessions after 200)"),
         ("sqlm", "CPU per turn, in-memory store, µs (`bench_extras.py sqlite`, 3 interleaved blocks)"),
         ("sqls", "CPU per turn, SQLite store, µs (same run)"),
         ("sqla", "SQLite added per turn, median wall µs (same run)"),
         ("mh", "Mission CPU, hosted coordinator, ms (`bench_missions.py`, min of 5 × 200 per run)"),
         ("mo", "Mission CPU, offline planner, ms (same run)")]
for k, name in names:
    o, n = tm[(k, "old")], tm[(k, "new")]
    fmt = (lambda x: f"{x:.2f}") if k in ("mh", "mo") else (lambda x: f"{x:.0f}")
    f = lambda xs: f"**{fmt(min(xs))}** ({' · '.join(fmt(x) for x in xs)})"
    out.append(f"| {name}: min (runs in order) | {f(o)} | {f(n)} | {(min(n)/min(o)-1)*100:+.1f}% |")
print("\n".join(out))
print()
for t in ("old", "new"):
    print(t, "ref", f"{min(tm[('ref',t)]):.1f}–{max(tm[('ref',t)]):.1f}", "load", f"{min(tm[('load',t)]):.1f}–{max(tm[('load',t)]):.1f}")
print(open("/tmp/b23/timed.jsonl").readline()[:0])
