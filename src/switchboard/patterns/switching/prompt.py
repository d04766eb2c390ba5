"""The prompt for an agent's model call, with the "hard reset" right after a switch (spec 003).

Normal prompt: the agent's own prompt, then the user, team and platform context, in that order.
Reset prompt (first model call after a switch only): the model's strategy template, filled with the
previous and new agent and the override worded for the strategy's assertiveness, the carried
conversation its `contextual_memory` asks for, then the same three contexts, then (under
`repeat_identity_at_end`) the identity reminder. Special handlings are described in `strategy.py`.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass

from switchboard.core.agent_spec import AgentSpec
from switchboard.core.messages import Message
from switchboard.patterns.switching.history import (
    display_name,
    previous_agent_id,
    previous_agent_name,
    reset_due,
)
from switchboard.patterns.switching.state import SwitchingState
from switchboard.patterns.switching.strategy import (
    Strategy,
    StrategyBook,
    SwitchTemplate,
    load_strategies,
)

log = logging.getLogger(__name__)

UNKNOWN_PREVIOUS = "o assistente anterior"
"""How the reset names the previous agent when nothing says who it was."""
MASKED_PERSONA = "[assistente anterior]"
"""What `strip_previous_persona_mentions` puts where the carried memory named the previous agent."""
SUMMARY_MAX_REQUESTS = 5
"""`summary` memory: how many of the user's latest messages it lists."""
SUMMARY_CLIP_CHARS = 160
"""`summary` memory: each listed message is cut to this many characters."""
SUMMARY_HEADING = "Pedidos recentes do usuário:"
SPEAKERS = {"user": "Usuário", "assistant": "Assistente"}
"""Line labels of `recent_<n>` memory."""

_CONTEXT_SECTIONS = (
    # (heading, xml tag)
    ("CONTEXTO DO USUÁRIO", "contexto_usuario"),
    ("CONTEXTO DO TIME", "contexto_time"),
    ("CONTEXTO DA PLATAFORMA", "contexto_plataforma"),
)


@dataclass(frozen=True, slots=True, kw_only=True)
class PromptPlan:
    """What to send the model for one call. A slots dataclass, not a pydantic model: it is read
    (`is_reset`, `apply`) on every model call, and a pydantic instance's attribute reads cost
    several times as much (its `__getattr__` hook keeps them off the interpreter's fast path)."""

    system: str
    """The system message ("" under `no_system_role`)."""
    user_prefix: str | None = None
    """Under `no_system_role`: the prompt, to put before the user message of this call."""
    is_reset: bool
    """True for the hard-reset prompt: call `consume_reset` once the model call is made."""
    strategy: str
    """`Strategy.type` that shaped the prompt (for logs and telemetry)."""

    def apply(self, messages: Sequence[Message]) -> list[Message]:
        """`messages` as the model should see them: the system message first, or the prefix
        joined to the last user message (a user message of its own if there is none)."""
        result = list(messages)
        if self.user_prefix:
            for index in range(len(result) - 1, -1, -1):
                if result[index].role == "user":
                    message = result[index]
                    result[index] = message.replace(
                        content=f"{self.user_prefix}\n\n{message.content}"
                    )
                    break
            else:
                result.append(Message.user(self.user_prefix))
        if self.system:
            result.insert(0, _system_message(self.system))
        return result


@functools.lru_cache(maxsize=1024)
def _system_message(text: str) -> Message:
    """Shared, like the history's messages: nothing changes a message once it is built."""
    return Message.system(text)


def build_system_prompt(
    agent: AgentSpec,
    state: SwitchingState,
    model_id: str,
    *,
    previous_agent: AgentSpec | None = None,
    user_context: str = "",
    team_context: str = "",
    platform_context: str = "",
    recent_messages: Sequence[Message] = (),
    strategies: StrategyBook | None = None,
) -> PromptPlan:
    """The prompt for `agent`'s next call on `model_id`.

    `previous_agent` is the spec of `previous_agent_id(state)` when the caller has it; otherwise the
    name recorded in the history is used. `recent_messages` is the conversation so far (oldest
    first), the source of the contextual memory carried into a reset.
    """
    book = strategies or load_strategies()
    strategy = book.for_model(model_id)
    previous_id = previous_agent.name if previous_agent is not None else previous_agent_id(state)
    if not reset_due(state, agent.name, previous_id):
        return _steady_plan(
            agent.system_prompt(), strategy, user_context, team_context, platform_context
        )
    contexts = _contexts(strategy, (user_context, team_context, platform_context))
    previous = _previous_name(state, previous_agent, previous_id)
    prompt = _reset_prompt(
        agent,
        previous,
        previous_agent,
        strategy,
        book.template(strategy),
        recent_messages,
        contexts,
    )
    log.info(
        "agent switch reset prompt for %s (previous %s, model %s, strategy %s)",
        agent.name,
        previous_id,
        model_id,
        strategy.type,
    )
    return _plan(prompt, strategy, is_reset=True)


def _steady_plan(
    agent_prompt: str,
    strategy: Strategy,
    user_context: str,
    team_context: str,
    platform_context: str,
) -> PromptPlan:
    """The prompt of every call that is not a reset: it only changes with the session's memory
    or the sub-conversation's briefing (a routing pattern may memoize it on those)."""
    contexts = _contexts(strategy, (user_context, team_context, platform_context))
    return _plan(_join([agent_prompt, *contexts]), strategy, is_reset=False)


def _plan(prompt: str, strategy: Strategy, *, is_reset: bool) -> PromptPlan:
    if strategy.handles("no_system_role"):
        return PromptPlan(system="", user_prefix=prompt, is_reset=is_reset, strategy=strategy.type)
    return PromptPlan(system=prompt, is_reset=is_reset, strategy=strategy.type)


def _reset_prompt(
    agent: AgentSpec,
    previous: str,
    previous_agent: AgentSpec | None,
    strategy: Strategy,
    template: SwitchTemplate,
    recent_messages: Sequence[Message],
    contexts: list[str],
) -> str:
    names = {"agent_name": display_name(agent), "previous_agent": previous}
    excerpt = _memory_excerpt(strategy, recent_messages)
    if excerpt and strategy.handles("strip_previous_persona_mentions"):
        excerpt = _mask(excerpt, _persona_names(previous, previous_agent))
    memory = template.memory.format(excerpt=excerpt, **names) if excerpt else ""
    override = template.override[strategy.assertiveness].format(**names)
    block = template.reset.format(
        override=override, agent_prompt=agent.system_prompt(), memory=memory, **names
    )
    parts = [re.sub(r"\n{3,}", "\n\n", block).strip(), *contexts]
    if strategy.handles("repeat_identity_at_end"):
        parts.append(template.identity_reminder.format(**names))
    return _join(parts)


def _memory_excerpt(strategy: Strategy, messages: Sequence[Message]) -> str:
    turns = [m for m in messages if m.role in SPEAKERS and m.content.strip()]
    if strategy.memory_mode == "summary":
        requests = [m.content.strip() for m in turns if m.role == "user"][-SUMMARY_MAX_REQUESTS:]
        if not requests:
            return ""
        return "\n".join([SUMMARY_HEADING, *(f"- {_clip(text)}" for text in requests)])
    if strategy.memory_mode == "recent":
        return "\n".join(
            f"{SPEAKERS[m.role]}: {m.content.strip()}" for m in turns[-strategy.recent_count :]
        )
    return ""


def _contexts(strategy: Strategy, texts: Sequence[str]) -> list[str]:
    sections = []
    for (heading, tag), text in zip(_CONTEXT_SECTIONS, texts, strict=True):
        if not text.strip():
            continue
        if strategy.handles("xml_tags"):
            sections.append(f"<{tag}>\n{text.strip()}\n</{tag}>")
        else:
            sections.append(f"{heading}:\n{text.strip()}")
    return sections


def _previous_name(
    state: SwitchingState, previous_agent: AgentSpec | None, previous_id: str | None
) -> str:
    if previous_agent is not None:
        return display_name(previous_agent)
    return previous_agent_name(state, previous_id) or previous_id or UNKNOWN_PREVIOUS


def _persona_names(previous: str, previous_agent: AgentSpec | None) -> list[str]:
    names = {previous, previous.replace("_", " ")}
    if previous_agent is not None:
        names |= {previous_agent.name, previous_agent.name.replace("_", " "), previous_agent.role}
    names.discard(UNKNOWN_PREVIOUS)
    return sorted((name for name in names if name.strip()), key=len, reverse=True)


def _mask(text: str, names: Sequence[str]) -> str:
    if not names:
        return text
    pattern = re.compile("|".join(re.escape(name) for name in names), re.IGNORECASE)
    return pattern.sub(MASKED_PERSONA, text)


def _clip(text: str) -> str:
    text = " ".join(text.split())
    if len(text) <= SUMMARY_CLIP_CHARS:
        return text
    return text[: SUMMARY_CLIP_CHARS - 1].rstrip() + "…"


def _join(parts: Sequence[str]) -> str:
    return "\n\n".join(part for part in parts if part)
