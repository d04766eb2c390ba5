"""Switchboard adapter for the peer harness (/work/shared/bench/peers/common.py).

RoutingChatManager(coordinator, {"tech": ...}) with one fake `Model` that follows common.decide():
  handoff to tech  -> request_specialist_sub_conversation(specialist_role="tech", ...)
  handoff back     -> end_specialist_sub_conversation(status="completed", ...) with NO text, so the
                      coordinator answers the same user message in the same turn (t3: 2 calls)
  text             -> plain answer.
Session state lives in the manager's store (in-memory here; see bench_switchboard_sqlite.py);
the handle is just the session id. Run with PYTHONPATH=/work/shared/bench/peers (run_all.sh does).
"""

import asyncio
import itertools
import os
import sys

import common
from switchboard import AgentSpec, Model, ModelResponse, RoutingChatManager
from switchboard.models.scripted import call

NAME = "switchboard"
PACKAGES = ["switchboard", "pydantic", "pydantic-settings"]
IMPORT_STMT = "from switchboard import RoutingChatManager"
STORE = "memory://"

REQUEST = "request_specialist_sub_conversation"
END = "end_specialist_sub_conversation"
NOTE_END = "]\n\n"


class FakeModel(Model):
    model_id = "fake"

    def __init__(self, latency):
        self.latency = latency

    async def complete(self, request):
        if self.latency:
            await asyncio.sleep(self.latency)
        text = request.last_user_text()
        if text.startswith("[SYSTEM_NOTE:"):  # coordinator sees the specialist's result first
            text = text.split(NOTE_END, 1)[-1]
        target, reply = common.decide(request.agent, text)
        if target == common.TECH:
            return call(REQUEST, specialist_role=common.TECH, initial_context=text)
        if target == common.COORD:
            return call(
                END, status="completed", final_result={"resolved": True}, last_user_message=text
            )
        return ModelResponse(text=reply)


def make_manager(latency, store=None):
    coordinator = AgentSpec(name=common.COORD, instructions="You are the coordinator agent.")
    tech = AgentSpec(
        name=common.TECH, instructions="You are the tech agent.", description="technical support"
    )
    return RoutingChatManager(
        coordinator, {common.TECH: tech}, model=FakeModel(latency), store=store or STORE
    )


_build_ids = itertools.count()


async def build(latency, store=None):
    manager = make_manager(latency, store)
    prefix = f"s{os.getpid()}-{next(_build_ids)}-"

    async def new_session(i):
        return prefix + str(i)

    async def turn(session_id, text):
        reply = await manager.process_message(session_id, text, user_id="u")
        return reply.agent, reply.text

    return new_session, turn


if __name__ == "__main__":
    common.main(sys.modules[__name__])
