"""Switchboard-only measurements beyond the peer harness (same scenario, same fake model).

  python bench_extras.py all [--out DIR]   every mode below, each in its own process -> DIR/extras.json
  python bench_extras.py lat      1,000 concurrent sessions at 0 / 50 ms: wall and process CPU (3 reps)
  python bench_extras.py cpu      CPU per model call: process_time over a sequential run / model calls
  python bench_extras.py cpu_churn  the same while every new session compacts an idle one (vs no LRU)
  python bench_extras.py mem      bytes per session (RSS delta over 10,000 sessions, in-memory store) with
                                  the message log kept; with the store's hot-session LRU, also the marginal
                                  RSS per session once the LRU is full (= cost of one idle, compacted session)
  python bench_extras.py mem_nolog  the same after dropping each session's message log
  python bench_extras.py imp      `import switchboard` and `from switchboard import RoutingChatManager`
                                  (median of 7 subprocess runs minus the bare interpreter) + -X importtime top
  python bench_extras.py sqlite   median turn time with the SQLite store minus the in-memory store
  python bench_extras.py profile  cProfile of the sequential in-memory run -> profile.txt (top 20)

Needs PYTHONPATH=/work/shared/bench/peers (for common.py), as run.sh sets.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import io
import json
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import common  # noqa: E402
import bench_switchboard as sb  # noqa: E402


async def _sessions(turn, new_session, n, start, times=None):
    for i in range(start, start + n):
        await common.run_session(new_session, turn, i, times=times)


# ------------------------------------------------------------------ cpu
async def cpu(n=2000, warm=200):
    new_session, turn = await sb.build(0.0)
    await _sessions(turn, new_session, warm, -warm - 1)
    times = ([], [], [])
    before = common.MODEL_CALLS
    t0, c0 = time.perf_counter(), time.process_time()
    await _sessions(turn, new_session, n, 0, times)
    wall, cpu_s = time.perf_counter() - t0, time.process_time() - c0
    calls = common.MODEL_CALLS - before
    assert calls == n * common.CALLS_PER_SESSION, calls
    allt = sorted(times[0] + times[1] + times[2])
    return {
        "sessions": n,
        "warmup": warm,
        "model_calls": calls,
        "cpu_ms_per_model_call": cpu_s / calls * 1000,
        "wall_ms_per_model_call": wall / calls * 1000,
        "cpu_ms_per_turn": cpu_s / (n * 3) * 1000,
        "turn_us_median": statistics.median(allt),
        "turn_us_median_by_turn": [statistics.median(t) for t in times],
    }


async def cpu_churn(n=5000, warm=2200):
    """CPU per model call when every new session pushes an older one out of the in-memory store's
    hot-session LRU (compaction on the hot path), against the same run with no LRU limit."""
    from switchboard.store.in_memory import InMemoryStore

    out = {}
    order = (("default_lru", "default"), ("no_lru", None))
    for label, hot in order[::-1] if os.environ.get("CHURN_REVERSED") else order:
        store = InMemoryStore() if hot == "default" else InMemoryStore(hot_sessions=hot)
        manager = sb.make_manager(0.0, store=store)

        async def new_session(i, _p=label):
            return f"{_p}{i}"

        async def turn(sid, text, _m=manager):
            r = await _m.process_message(sid, text, user_id="u")
            return r.agent, r.text

        await _sessions(turn, new_session, warm, -warm - 1)
        before, idle0 = common.MODEL_CALLS, len(getattr(store, "_cold", ()))
        c0 = time.process_time()
        await _sessions(turn, new_session, n, 0)
        cpu_s = time.process_time() - c0
        calls = common.MODEL_CALLS - before
        out[label] = {
            "sessions": n,
            "warmup": warm,
            "model_calls": calls,
            "sessions_compacted": len(getattr(store, "_cold", ())) - idle0,
            "cpu_ms_per_model_call": cpu_s / calls * 1000,
        }
        del manager, store
        gc.collect()
    return out


# ------------------------------------------------------------------ lat
async def lat(n=1000, reps=3):
    """1,000 concurrent sessions, 0 ms and 50 ms model: wall AND process CPU, so a run on a shared
    (contended) VM can be told apart from framework cost: wall ~= max(CPU, ideal) when quiet."""
    out = {}
    for latency in (0.0, common.LATENCY):
        runs = []
        for _ in range(reps):
            new_session, turn = await sb.build(latency)
            gc.collect()
            before = common.MODEL_CALLS
            t0, c0 = time.perf_counter(), time.process_time()
            await asyncio.gather(*(common.run_session(new_session, turn, i) for i in range(n)))
            runs.append((time.perf_counter() - t0, time.process_time() - c0))
            assert common.MODEL_CALLS - before == n * common.CALLS_PER_SESSION
        walls = sorted(w for w, _ in runs)
        cpus = sorted(c for _, c in runs)
        out[f"{int(latency * 1000)}ms"] = {
            "sessions": n,
            "wall_s": [round(w, 3) for w, _ in runs],
            "cpu_s": [round(c, 3) for _, c in runs],
            "wall_s_median": statistics.median(walls),
            "cpu_s_median": statistics.median(cpus),
            "cpu_ms_per_model_call": statistics.median(cpus)
            / (n * common.CALLS_PER_SESSION)
            * 1000,
            "cpu_over_wall": statistics.median(cpus) / statistics.median(walls),
        }
    return out


# ------------------------------------------------------------------ mem
def _deep_size(obj, seen=None):
    """Rough recursive sys.getsizeof (dicts, lists, pydantic models via __dict__ + extras,
    slots dataclasses via their slots)."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, dict):
        size += sum(_deep_size(k, seen) + _deep_size(v, seen) for k, v in obj.items())
    elif isinstance(obj, (list, tuple, set)):
        size += sum(_deep_size(v, seen) for v in obj)
    elif hasattr(obj, "__dict__"):
        size += _deep_size(obj.__dict__, seen)
        for attr in ("__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__"):
            if hasattr(obj, attr):
                size += _deep_size(getattr(obj, attr), seen)
    else:  # slots objects (the message dataclasses)
        for klass in type(obj).__mro__:
            for attr in getattr(klass, "__slots__", ()):
                if hasattr(obj, attr):
                    size += _deep_size(getattr(obj, attr), seen)
    return size


async def _mem_run(n, warm, keep_log, trace):
    import tracemalloc

    manager = sb.make_manager(0.0)
    store = manager.store

    async def new_session(i):
        return f"m{i}"

    async def turn(sid, text):
        r = await manager.process_message(sid, text, user_id="u")
        return r.agent, r.text

    async def one(i):
        await common.run_session(new_session, turn, i)
        if not keep_log:  # idle session = session record + routing state only
            await store.clear_messages(f"m{i}")

    for i in range(-warm - 1, -1):
        await one(i)
    r0 = common.rss_bytes()
    if trace:
        tracemalloc.start()
        t0 = tracemalloc.get_traced_memory()[0]
    hot = getattr(store, "_max_hot", None) or 0  # sessions kept as parsed objects (LRU)
    r_mid, i_mid = None, None
    for i in range(n):
        await one(i)
        if hot and r_mid is None and i + warm + 1 >= hot:  # LRU full: each new session idles one
            r_mid, i_mid = common.rss_bytes(), i
    traced = (tracemalloc.get_traced_memory()[0] - t0) / n if trace else None
    if trace:
        tracemalloc.stop()
    r1 = common.rss_bytes()
    out = {
        "sessions": n,
        "keep_log": keep_log,
        "rss_before_mb": r0 / 2**20,
        "rss_after_mb": r1 / 2**20,
        "bytes_per_session_rss": (r1 - r0) / n,
        "bytes_per_session_tracemalloc": traced,
        "live_locks": len(manager._locks._locks),
    }
    if hasattr(store, "_cold"):  # InMemoryStore with an LRU of hot sessions, idle ones compacted
        from switchboard.store import compact

        out.update(
            hot_sessions=len(store._hot),
            idle_sessions=len(store._cold),
            idle_blob_bytes_mean=statistics.mean(len(b) for b in store._cold.values()),
        )
        if r_mid is not None and n - 1 > i_mid:
            out["bytes_per_idle_session_rss_marginal"] = (r1 - r_mid) / (n - 1 - i_mid)
            out["marginal_over_sessions"] = n - 1 - i_mid
        log0 = compact.unpack(store._cold["m0"])[1] if "m0" in store._cold else []
        if log0:  # get_message on an idle session: id-prefix scan + re-inflation
            target = log0[-1].id
            t0 = time.perf_counter()
            found = await store.get_message(target)
            out["get_message_idle_ms"] = (time.perf_counter() - t0) * 1000
            assert found is not None and found.id == target and "m0" in store._hot
            t0 = time.perf_counter()
            assert await store.get_message("f" * 32) is None
            out["get_message_unknown_id_ms"] = (time.perf_counter() - t0) * 1000
        store._get("m0")  # hot again, for the figures below
    if keep_log:
        msgs = store._hot["m0"].log if hasattr(store, "_hot") else store._messages["m0"]
        from pydantic import TypeAdapter
        from switchboard.store.base import StoredMessage

        as_json = TypeAdapter(StoredMessage).dump_json
        out.update(
            messages_per_session=len(msgs),
            message_log_json_bytes=sum(len(as_json(m)) for m in msgs),
            deep_getsizeof_message_log=_deep_size(list(msgs)),
        )
    rec = store._hot["m0"].record if hasattr(store, "_hot") else store._sessions["m0"]
    out["deep_getsizeof_session_record"] = _deep_size(rec)
    out["session_record_json_bytes"] = len(rec.model_dump_json())
    return out


async def mem(n=10000, warm=100):
    """In-memory store, message log kept (it is the persisted state of the session)."""
    return await _mem_run(n, warm, keep_log=True, trace=False)


async def mem_nolog(n=10000, warm=100):
    """Same, but each session's message log is cleared after its 3 turns: what an idle session costs
    beyond its history (SessionRecord + RoutingState + store dict slots)."""
    return await _mem_run(n, warm, keep_log=False, trace=False)


async def mem_trace(n=2000, warm=100):
    """tracemalloc cross-check (exact Python allocations, no allocator fragmentation)."""
    return {
        "with_log": await _mem_run(n, warm, keep_log=True, trace=True),
        "without_log": await _mem_run(n, warm, keep_log=False, trace=True),
    }


# ------------------------------------------------------------------ imp
def imp(runs=7):
    py = sys.executable
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}

    def once(code):
        t0 = time.perf_counter()
        subprocess.run([py, "-c", code], check=True, env=env)
        return time.perf_counter() - t0

    out = {}
    once("import switchboard; from switchboard import RoutingChatManager")  # warm pyc/page cache
    base = statistics.median(once("pass") for _ in range(runs))
    out["interp_ms"] = base * 1000
    for key, stmt in (
        ("import_switchboard_ms", "import switchboard"),
        (
            "from_switchboard_import_RoutingChatManager_ms",
            "from switchboard import RoutingChatManager",
        ),
    ):
        out[key] = (statistics.median(once(stmt) for _ in range(runs)) - base) * 1000
    # -X importtime: biggest cumulative top-level packages for RoutingChatManager
    p = subprocess.run(
        [py, "-X", "importtime", "-c", "from switchboard import RoutingChatManager"],
        capture_output=True,
        text=True,
        env=env,
    )
    rows = []
    for line in p.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        self_us, cum_us, name = line[len("import time:") :].split("|")
        depth = (len(name) - len(name.lstrip()) - 1) // 2
        rows.append((int(cum_us), int(self_us), depth, name.strip()))
    out["importtime_top_ms"] = [
        (name, depth, round(cum / 1000, 1))
        for cum, _, depth, name in sorted(rows, reverse=True)[:15]
    ]
    out["importtime_top_self_ms"] = [
        (name, round(self_us / 1000, 1))
        for _, self_us, _, name in sorted(rows, key=lambda r: -r[1])[:15]
    ]
    out["importtime_modules_loaded"] = len(rows)
    return out


# ------------------------------------------------------------------ sqlite
async def sqlite(n=300, warm=30, blocks=3):
    try:
        from switchboard.store.sql.store import SqlStore  # noqa: F401
    except Exception as exc:  # the SQL store is being written by someone else
        return {"available": False, "error": f"{type(exc).__name__}: {exc}"}
    db_dir = tempfile.mkdtemp(prefix="sb_extras_")
    url = f"sqlite:///{os.path.join(db_dir, 'bench.db')}"
    mem_build = await sb.build(0.0)
    sql_build = await sb.build(0.0, store=url)
    tm, ts = ([], [], []), ([], [], [])
    await _sessions(mem_build[1], mem_build[0], warm, 10_000_000)
    await _sessions(sql_build[1], sql_build[0], warm, 10_000_000)
    c = {"memory": 0.0, "sqlite": 0.0}
    for b in range(blocks):  # interleave blocks so drift hits both alike
        for key, (new_session, turn), times in (
            ("memory", mem_build, tm),
            ("sqlite", sql_build, ts),
        ):
            c0 = time.process_time()
            await _sessions(turn, new_session, n // blocks, b * n, times)
            c[key] += time.process_time() - c0
    med = lambda t: statistics.median(t[0] + t[1] + t[2])
    return {
        "available": True,
        "url": url,
        "sessions_each": n,
        "turn_us_median_memory": med(tm),
        "turn_us_median_sqlite": med(ts),
        "added_us_per_turn_median": med(ts) - med(tm),
        "by_turn_memory": [statistics.median(t) for t in tm],
        "by_turn_sqlite": [statistics.median(t) for t in ts],
        "cpu_ms_per_turn_memory": c["memory"] / (n * 3) * 1000,
        "cpu_ms_per_turn_sqlite": c["sqlite"] / (n * 3) * 1000,
    }


# ------------------------------------------------------------------ profile
async def profile(n=1000, warm=100, path=os.path.join(HERE, "profile.txt")):
    new_session, turn = await sb.build(0.0)
    await _sessions(turn, new_session, warm, -warm - 1)
    before = common.MODEL_CALLS
    prof = cProfile.Profile()
    prof.enable()
    await _sessions(turn, new_session, n, 0)
    prof.disable()
    calls = common.MODEL_CALLS - before
    buf = io.StringIO()
    buf.write(
        f"cProfile, sequential in-memory run: {n} sessions ({calls} model calls) after {warm} "
        f"warm-up; {sys.version.split()[0]}\n\n=== top 20 by tottime ===\n"
    )
    st = pstats.Stats(prof, stream=buf)
    st.sort_stats("tottime").print_stats(20)
    buf.write("\n=== top 20 by cumulative ===\n")
    st.sort_stats("cumulative").print_stats(20)
    with open(path, "w") as f:
        f.write(buf.getvalue())
    return {"path": path, "sessions": n, "model_calls": calls}


# ------------------------------------------------------------------ driver
MODES = {
    "cpu": cpu,
    "cpu_churn": cpu_churn,
    "lat": lat,
    "mem": mem,
    "mem_nolog": mem_nolog,
    "mem_trace": mem_trace,
    "imp": imp,
    "sqlite": sqlite,
    "profile": profile,
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode", choices=[*MODES, "all"])
    ap.add_argument("--out", default=os.path.join(HERE, "results"))
    a = ap.parse_args()
    if a.mode == "all":
        res = {
            "loadavg1_per_mode": {},
            "date": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
            "python": sys.version.split()[0],
            "loadavg1_start": os.getloadavg()[0],
        }
        for mode in MODES:
            p = subprocess.run([sys.executable, __file__, mode], capture_output=True, text=True)
            if p.returncode:
                res[mode] = {"error": p.stderr[-2000:]}
            else:
                res[mode] = json.loads(p.stdout.strip().splitlines()[-1])
            res["loadavg1_per_mode"][mode] = os.getloadavg()[0]
            print(mode, json.dumps(res[mode]), file=sys.stderr)
        res["loadavg1_end"] = os.getloadavg()[0]
        os.makedirs(a.out, exist_ok=True)
        with open(os.path.join(a.out, "extras.json"), "w") as f:
            json.dump(res, f, indent=1, ensure_ascii=False)
        return
    fn = MODES[a.mode]
    r = asyncio.run(fn()) if asyncio.iscoroutinefunction(fn) else fn()
    print(json.dumps(r, ensure_ascii=False))


if __name__ == "__main__":
    main()
