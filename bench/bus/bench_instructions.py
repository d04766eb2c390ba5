"""Instructions per bus operation under callgrind (load-independent, unlike the wall clock).

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        python bench/bus/bench_instructions.py KIND 0      # then KIND 2000

KIND: `request` (sequential `request()`), `soon` (`request_soon()` in waves of 8) or `oneway`
(`send()`); in-process bus, in-memory state, inside a mission. Instructions per operation =
(total with 2000 - total with 0) / 2000; run the 0 first so both runs find the bytecode cache.
"""

import asyncio
import sys

from switchboard.bus import AgentContract, AgentKind, BusSettings, MessageBus, Operation

SCHEMA = {"type": "object", "required": ["i"], "properties": {"i": {"type": "integer"}}}
FAST = BusSettings(throttle_max_rate=1e12)


def contract(name):
    return AgentContract(
        name=name, kind=AgentKind.EXECUTOR, operations=[Operation(name="op", request_schema=SCHEMA)]
    )


async def main(kind, n):
    bus = MessageBus(settings=FAST)
    done = 0

    async def handler(ctx):
        nonlocal done
        done += 1
        return ctx.parameters["i"]

    await bus.register(contract("echo"), handler)
    await bus.open_mission("m", "lead", token_budget=10**9, api_call_budget=10**9)
    # warm-up
    for i in range(200):
        await bus.request("lead", "echo", "op", {"i": i}, mission_id="m")
        await bus.send("lead", "echo", "op", {"i": i}, mission_id="m")
    await asyncio.gather(
        *[bus.request_soon("lead", "echo", "op", {"i": 1}, retries=0) for _ in range(8)]
    )
    while done < 408:
        await asyncio.sleep(0)
    done = 0
    if kind == "oneway":
        for i in range(n):
            await bus.send("lead", "echo", "op", {"i": i}, mission_id="m")
            if i & 255 == 0:
                await asyncio.sleep(0)
        while done < n:
            await asyncio.sleep(0)
    elif kind == "request":
        for i in range(n):
            await bus.request("lead", "echo", "op", {"i": i}, mission_id="m")
    elif kind == "soon":
        for i in range(0, n, 8):
            await asyncio.gather(
                *[
                    bus.request_soon("lead", "echo", "op", {"i": i}, mission_id="m", retries=0)
                    for _ in range(8)
                ]
            )
    await bus.close()


asyncio.run(main(sys.argv[1], int(sys.argv[2])))
