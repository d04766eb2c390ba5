"""Which `Model` serves which agent.

One hosted model usually serves every agent; the embedded offline model is built per agent from
its policy. An agent's own `model` id overrides the default.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from switchboard.core.agent_spec import AgentSpec
from switchboard.core.errors import ConfigurationError
from switchboard.models.base import Model
from switchboard.models.registry import default_model_id, resolve_model

ModelChoice = str | Model | Callable[[AgentSpec], Model] | None
"""How callers name a model: an id (`embedded`, `gpt-4o-mini`…), a `Model`, a function of the
agent, or None for the configured default."""
ModelWrapper = Callable[[AgentSpec, Model], Model]


def is_offline_id(model_id: str) -> bool:
    """Ids that name no hosted model: `embedded`, and `scripted…` (a scripted model is passed as
    an instance, never built from an id)."""
    model_id = model_id.strip()
    return model_id == "embedded" or model_id.startswith("scripted")


class ModelSource:
    """Builds and caches each agent's model from one choice: an id, a `Model`, a per-agent
    callable, or None (`SWITCHBOARD_MODEL`, else a hosted model whose key is set, else embedded).
    """

    def __init__(self, choice: ModelChoice = None) -> None:
        self._choice = choice
        self._by_id: dict[str, Model] = {}
        self._by_agent: dict[str, Model] = {}
        self._wrapped: dict[str, Model] = {}
        self._wrappers: dict[str, ModelWrapper] = {}

    @property
    def choice(self) -> ModelChoice:
        """What the source was built from (for a fresh source with the same choice)."""
        return self._choice

    @property
    def offline(self) -> bool:
        """The one definition of "offline" every app uses: True when agents without their own
        `model` run on no hosted model — the choice (or, with None, the environment's default) is
        `embedded` or `scripted…`, or an `EmbeddedModel` instance. Any other `Model` instance (a
        test's `ScriptedModel` included) and a per-agent callable count as hosted: they answer
        like one, so the app takes its hosted path."""
        choice = self._choice
        if isinstance(choice, Model):
            from switchboard.models.embedded import EmbeddedModel

            return isinstance(choice, EmbeddedModel)
        if callable(choice):
            return False
        return is_offline_id(choice or default_model_id())

    def for_agent(self, agent: AgentSpec) -> Model:
        cached = self._wrapped.get(agent.name)
        if cached is not None:
            return cached
        model = self._by_agent.get(agent.name)
        if model is None:
            model = self._by_agent[agent.name] = self._build(agent)
        for wrapper in self._wrappers.values():
            model = wrapper(agent, model)
        self._wrapped[agent.name] = model
        return model

    async def warm(self, agents: Iterable[AgentSpec]) -> None:
        """Build every agent's model and warm it (`Model.warm`), so the first turn trains and
        loads nothing. Warms the unwrapped models: wrappers (metering) add no start-up work."""
        seen: set[int] = set()
        for agent in agents:
            self.for_agent(agent)
            model = self._by_agent[agent.name]
            if id(model) not in seen:
                seen.add(id(model))
                await model.warm()

    def set_wrapper(self, name: str, wrapper: ModelWrapper) -> None:
        """Wrap every agent's model (metering, tracing); a wrapper of the same name is replaced."""
        self._wrappers[name] = wrapper
        self._wrapped.clear()

    def _build(self, agent: AgentSpec) -> Model:
        choice = self._choice
        if isinstance(choice, Model) and agent.model is None:
            return choice
        if callable(choice) and not isinstance(choice, Model) and agent.model is None:
            return choice(agent)
        model_id = (
            agent.model or (choice if isinstance(choice, str) else None) or default_model_id()
        )
        if model_id == "embedded":
            return _embedded_for(agent)
        if model_id not in self._by_id:
            self._by_id[model_id] = resolve_model(model_id)
        return self._by_id[model_id]

    async def aclose(self) -> None:
        seen: set[int] = set()
        for model in [*self._by_id.values(), *self._by_agent.values()]:
            if id(model) not in seen:
                seen.add(id(model))
                await model.aclose()


def as_source(choice: ModelChoice | ModelSource) -> ModelSource:
    """`choice` as a source: a source is used as is (an app shares the one it was given)."""
    return choice if isinstance(choice, ModelSource) else ModelSource(choice)


def _embedded_for(agent: AgentSpec) -> Model:
    if agent.policy is None:
        raise ConfigurationError(
            f"agent {agent.name!r} has no offline policy, so it cannot run on the embedded model; "
            "configure a hosted model (e.g. OPENAI_API_KEY) or add a `policy` to its spec",
            agent=agent.name,
        )
    from switchboard.models.embedded import EmbeddedModel

    return EmbeddedModel(agent.policy)
