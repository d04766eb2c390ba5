import asyncio, cProfile, pstats, sys, os

sys.path.insert(0, "/work/wt-bench-seams/bench/core")
import bench_switchboard as sb, common


async def main(n, out):
    new_session, turn = await sb.build(0.0)
    for i in range(-50, 0):
        await common.run_session(new_session, turn, i)
    p = cProfile.Profile()
    p.enable()
    for i in range(n):
        await common.run_session(new_session, turn, i)
    p.disable()
    p.dump_stats(out)


asyncio.run(main(int(sys.argv[1]), sys.argv[2]))
