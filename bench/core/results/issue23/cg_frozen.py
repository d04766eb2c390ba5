"""Mission instructions with the catalogue's reading of the (constant) question memoised, so only
the framework (orchestrator, bus, coordinator runtime, validation) is counted. Usage: TREE N"""
import asyncio, functools, importlib.util, sys
tree, n = sys.argv[1], int(sys.argv[2])
spec = importlib.util.spec_from_file_location("bm", f"{tree}/bench/finance/bench_missions.py")
bm = importlib.util.module_from_spec(spec); spec.loader.exec_module(bm)
import switchboard.apps.finance.missions.planner as planner
for name in ("extract", "out_of_scope", "objeto_of", "two_parts", "unsupported_topic", "scan", "extract_facts"):
    f = getattr(planner, name, None)
    if f is not None:
        setattr(planner, name, functools.lru_cache(maxsize=None)(f))
async def main():
    bus, data = await bm.build(0.0, True)
    models = bm.MissionModels(synthesis=bm.ScriptedModel(lambda r: bm.ANSWER))
    for _ in range(30): await bm.one(bus, data, models)
    for _ in range(n): await bm.one(bus, data, models)
    await bus.close()
asyncio.run(main())
