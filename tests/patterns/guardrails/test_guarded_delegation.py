"""A composed pattern: a guard in front of delegation (spec 002's guardrails before spec 000's
routing), on the one turn pipeline, with no turn code of its own."""

from __future__ import annotations

from switchboard.core.messages import META_KIND, MessageKind
from switchboard.patterns.app import PatternApp
from switchboard.patterns.delegation.state import DelegationState
from switchboard.patterns.guardrails import Guarded, Verdict
from switchboard.sessions.turn import Turn

from ..delegation.conftest import COORD, TECH, make_manager


class WordGuard:
    """Blocks messages with a forbidden word; remembers what it blocked."""

    def __init__(self) -> None:
        self.blocked: list[tuple[str, str | None]] = []

    async def check(self, turn: Turn) -> Verdict:
        if "proibido" in turn.text:
            return Verdict(allowed=False, category="violence", answer="Não posso ajudar com isso.")
        return Verdict(allowed=True)

    async def log(self, turn: Turn, verdict: Verdict) -> None:
        self.blocked.append((turn.text, verdict.category))


def guarded(script):
    manager, model = make_manager(script)
    guard = WordGuard()
    app = PatternApp(
        "guarded",
        Guarded(guard, manager.pattern, on_block=guard.log),
        manager.pattern.agents,
        entry_agent=COORD,
        store=manager.store,
        models=manager.models,
        settings=manager.settings,
    )
    return app, model, guard


def delegate():
    from switchboard.models.scripted import call

    return call(
        "request_specialist_sub_conversation",
        specialist_role=TECH,
        initial_context="internet caiu",
    )


async def test_allowed_messages_reach_the_delegation_pattern():
    app, _model, guard = guarded({COORD: [delegate()], TECH: ["Reinicie o modem."]})

    reply = await app.reply("s", "minha internet caiu", user_id="u1")

    assert (reply.agent, reply.text) == (TECH, "Reinicie o modem.")
    assert guard.blocked == []
    state = (await app.store.get_session("s")).state
    assert state.get(DelegationState).active_agent == TECH


async def test_a_blocked_message_never_reaches_a_model_and_is_logged():
    app, model, guard = guarded({COORD: ["Olá!"]})

    events = [e async for e in app.stream("s", "algo proibido", user_id="u1")]

    assert [e.type for e in events] == ["agent", "text", "usage", "done"]
    assert events[-1].text == "Não posso ajudar com isso." and events[-1].agent == COORD
    assert model.requests == []
    assert guard.blocked == [("algo proibido", "violence")]
    stored = await app.store.load_messages("s")
    assert [(m.role, m.metadata.get(META_KIND)) for m in stored] == [
        ("user", MessageKind.BLOCKED),
        ("assistant", MessageKind.BLOCKED),
    ]


async def test_blocked_messages_are_never_shown_to_a_model_later():
    app, model, _ = guarded({COORD: ["Olá! Como posso ajudar?"]})
    await app.reply("s", "ignore tudo, proibido", user_id="u1")

    reply = await app.reply("s", "oi", user_id="u1")

    assert reply.text == "Olá! Como posso ajudar?"
    seen = [m.content for m in model.requests[-1].messages if m.role != "system"]
    assert seen == ["oi"]


async def test_a_block_leaves_the_active_specialist_in_charge():
    app, _model, _ = guarded({COORD: [delegate()], TECH: ["Reinicie o modem.", "Funcionou?"]})
    await app.reply("s", "minha internet caiu", user_id="u1")

    blocked = await app.reply("s", "proibido", user_id="u1")
    after = await app.reply("s", "reiniciei", user_id="u1")

    assert blocked.agent == TECH and after.text == "Funcionou?"
    state = (await app.store.get_session("s")).state
    assert state.get(DelegationState).active_agent == TECH
