"""Per-model "hard reset" strategies (spec 003, "Sistema de Configuração por Modelo").

`strategies/<provider>.json` maps model ids to a `Strategy`; `templates/<name>.yaml` holds the
pt-BR prompt text a strategy's `switch_template` names. Both are validated together at start-up by
`load_strategies()`: unknown fields, unknown special handlings, missing templates, bad placeholders
and model ids without a price in `PRICES` all raise one `ConfigurationError` listing every problem.

Lookup (`StrategyBook.for_model`): the model's own strategy; else its provider's default (provider
= the part of the id before ':'); else the global default in `strategies/default.json`.
"""

from __future__ import annotations

import functools
import json
import string
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from switchboard.core.errors import ConfigurationError
from switchboard.models.prices import PRICES

PACKAGE_DIR = Path(__file__).parent
"""Holds `strategies/` and `templates/`."""
GLOBAL_DEFAULT = "default"
"""Provider name (and file stem) of the strategy used for unknown providers."""

Assertiveness = Literal["low", "medium", "high"]
"""How hard the override is worded: picks the template's `override` text for that level."""
SpecialHandling = Literal[
    "xml_tags",
    "no_system_role",
    "repeat_identity_at_end",
    "strip_previous_persona_mentions",
]
"""Named behaviours (see `prompt.py`):
- `xml_tags`: user/team/platform context sections delimited by XML tags instead of headings;
- `no_system_role`: the whole prompt goes before the user message, none in a system message;
- `repeat_identity_at_end`: the template's identity reminder closes the reset prompt;
- `strip_previous_persona_mentions`: the previous agent's names are masked in the carried memory.
"""
MemoryMode = Literal["none", "summary", "recent"]

_MEMORY_PATTERN = r"^(none|summary|recent_[1-9][0-9]*)$"


class Strategy(BaseModel):
    """One provider family's prompt strategy (spec 003): reset prompt, memory and format."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    type: str = Field(min_length=1)
    """Strategy family label (`claude-advanced`, `gpt-standard`, …); reported in `PromptPlan`."""
    switch_template: str = Field(min_length=1)
    """Name of a file `templates/<name>.yaml`."""
    assertiveness: Assertiveness
    contextual_memory: str = Field(pattern=_MEMORY_PATTERN)
    """`none` (full reset), `summary` (the user's latest requests) or `recent_<n>` (last n
    turns)."""
    special_handling: tuple[SpecialHandling, ...] = ()

    @field_validator("special_handling")
    @classmethod
    def _no_repeats(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        if len(set(value)) != len(value):
            raise ValueError(f"special_handling lists a behaviour twice: {list(value)}")
        return value

    @property
    def memory_mode(self) -> MemoryMode:
        mode = self.contextual_memory.split("_", 1)[0]
        return mode  # type: ignore[return-value]  # the field pattern guarantees it

    @property
    def recent_count(self) -> int:
        """How many turns `recent_<n>` carries (0 for the other modes)."""
        if self.memory_mode != "recent":
            return 0
        return int(self.contextual_memory.split("_", 1)[1])

    def handles(self, behaviour: SpecialHandling) -> bool:
        return behaviour in self.special_handling


class ModelStrategy(BaseModel):
    model_config = ConfigDict(extra="forbid")

    model_id: str = Field(min_length=1)
    """Identical to the model's key in `PRICES` (spec 003: the two files stay in sync)."""
    strategy: Strategy


class ProviderStrategies(BaseModel):
    """One `strategies/<provider>.json` file."""

    model_config = ConfigDict(extra="forbid")

    provider: str = Field(min_length=1)
    default: Strategy
    """For this provider's models that have no entry of their own."""
    models: list[ModelStrategy] = Field(default_factory=list)


_RESET_FIELDS = {"agent_name", "previous_agent", "agent_prompt", "override", "memory"}
_PLACEHOLDERS: dict[str, tuple[set[str], set[str]]] = {
    # field: (allowed, required)
    "reset": (_RESET_FIELDS, {"override", "agent_prompt", "memory"}),
    "override": ({"agent_name", "previous_agent"}, {"agent_name", "previous_agent"}),
    "memory": ({"excerpt", "agent_name", "previous_agent"}, {"excerpt"}),
    "identity_reminder": ({"agent_name", "previous_agent"}, {"agent_name"}),
}


class SwitchTemplate(BaseModel):
    """The pt-BR text of one reset style; `{placeholders}` are filled by `prompt.py`."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    reset: str
    """The reset block: `{override}`, the new agent's `{agent_prompt}` and the `{memory}` section,
    and optionally `{agent_name}` / `{previous_agent}`."""
    override: dict[Assertiveness, str]
    """The identity-override sentence(s) for each assertiveness level (all three required)."""
    memory: str
    """Wraps the carried conversation `{excerpt}`; left out when there is nothing to carry."""
    identity_reminder: str
    """Closes the prompt under `repeat_identity_at_end`."""

    @model_validator(mode="after")
    def _check_placeholders(self) -> SwitchTemplate:
        missing_levels = {"low", "medium", "high"} - set(self.override)
        if missing_levels:
            raise ValueError(f"override has no text for {sorted(missing_levels)}")
        texts = [
            ("reset", self.reset),
            ("memory", self.memory),
            ("identity_reminder", self.identity_reminder),
        ]
        texts += [("override", text) for text in self.override.values()]
        for field, text in texts:
            allowed, required = _PLACEHOLDERS[field]
            try:
                used = {
                    name for _, name, _, _ in string.Formatter().parse(text) if name is not None
                }
            except ValueError as exc:
                raise ValueError(f"{field}: malformed braces ({exc})") from None
            if used - allowed:
                raise ValueError(
                    f"{field} uses unknown placeholders {sorted(used - allowed)}; "
                    f"allowed: {sorted(allowed)}"
                )
            if required - used:
                raise ValueError(f"{field} lacks required placeholders {sorted(required - used)}")
        return self


@dataclass(frozen=True)
class StrategyBook:
    """Validated strategies and templates; build with `load_strategies()`."""

    providers: Mapping[str, ProviderStrategies]
    templates: Mapping[str, SwitchTemplate]
    by_model: Mapping[str, Strategy]

    def for_model(self, model_id: str) -> Strategy:
        strategy = self.by_model.get(model_id)
        if strategy is not None:
            return strategy
        provider = self.providers.get(provider_of(model_id)) or self.providers[GLOBAL_DEFAULT]
        return provider.default

    def template(self, strategy: Strategy) -> SwitchTemplate:
        return self.templates[strategy.switch_template]


def provider_of(model_id: str) -> str:
    """`openai:gpt-4o` → `openai`; an id without ':' (`embedded`) is its own provider."""
    return model_id.split(":", 1)[0]


@functools.cache
def load_strategies(root: Path = PACKAGE_DIR) -> StrategyBook:
    """Read and validate `root/strategies/*.json` and `root/templates/*.yaml` (cached per root).

    Raises `ConfigurationError` naming every file and entry at fault."""
    problems: list[str] = []
    broken: set[str] = set()
    templates = _read_templates(root / "templates", problems, broken)
    providers = _read_providers(root / "strategies", problems)
    by_model: dict[str, Strategy] = {}
    for provider in providers.values():
        where = f"strategies/{provider.provider}.json"
        entries = [(f"{where} default", provider.default)]
        entries += [(f"{where} model {item.model_id!r}", item.strategy) for item in provider.models]
        for label, strategy in entries:
            if strategy.switch_template not in templates.keys() | broken:
                problems.append(
                    f"{label}: strategy {strategy.type!r} uses template "
                    f"{strategy.switch_template!r}, but there is no "
                    f"templates/{strategy.switch_template}.yaml "
                    f"(known: {sorted(templates)})"
                )
        for item in provider.models:
            problems.extend(_check_model(where, provider.provider, item.model_id, by_model))
            by_model[item.model_id] = item.strategy
    if GLOBAL_DEFAULT not in providers and (root / "strategies").is_dir():
        problems.append(
            f"strategies/{GLOBAL_DEFAULT}.json is missing: it holds the strategy "
            f"for unknown providers"
        )
    if problems:
        raise ConfigurationError(
            f"invalid agent-switching strategies in {root}:\n- " + "\n- ".join(problems),
            root=str(root),
        )
    return StrategyBook(providers=providers, templates=templates, by_model=by_model)


def _check_model(
    where: str, provider: str, model_id: str, seen: Mapping[str, Strategy]
) -> list[str]:
    problems = []
    if model_id in seen:
        problems.append(f"{where}: model {model_id!r} is listed twice")
    if provider_of(model_id) != provider:
        problems.append(f"{where}: model {model_id!r} does not belong to provider {provider!r}")
    if model_id not in PRICES:
        problems.append(
            f"{where}: model {model_id!r} has no price in "
            f"switchboard.models.prices.PRICES (both must name the same model ids)"
        )
    return problems


def _read_templates(
    directory: Path, problems: list[str], broken: set[str]
) -> dict[str, SwitchTemplate]:
    """Valid templates by name; the names of invalid ones go to `broken` (already reported)."""
    templates: dict[str, SwitchTemplate] = {}
    if not directory.is_dir():
        problems.append(f"template directory {directory} does not exist")
        return templates
    for path in sorted(directory.glob("*.yaml")):
        label = f"templates/{path.name}"
        try:
            templates[path.stem] = SwitchTemplate.model_validate(
                yaml.safe_load(path.read_text(encoding="utf-8"))
            )
        except yaml.YAMLError as exc:
            problems.append(f"{label}: invalid YAML: {exc}")
            broken.add(path.stem)
        except ValidationError as exc:
            problems.append(f"{label}: {_errors(exc)}")
            broken.add(path.stem)
    return templates


def _read_providers(directory: Path, problems: list[str]) -> dict[str, ProviderStrategies]:
    providers: dict[str, ProviderStrategies] = {}
    if not directory.is_dir():
        problems.append(f"strategy directory {directory} does not exist")
        return providers
    for path in sorted(directory.glob("*.json")):
        label = f"strategies/{path.name}"
        try:
            provider = ProviderStrategies.model_validate(
                json.loads(path.read_text(encoding="utf-8"))
            )
        except json.JSONDecodeError as exc:
            problems.append(f"{label}: invalid JSON: {exc}")
            continue
        except ValidationError as exc:
            problems.append(f"{label}: {_errors(exc)}")
            continue
        if provider.provider != path.stem:
            problems.append(
                f"{label}: declares provider {provider.provider!r}; the file must be "
                f"named after its provider"
            )
            continue
        providers[provider.provider] = provider
    return providers


def _errors(exc: ValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(part) for part in error['loc']) or '(file)'}: {error['msg']}"
        for error in exc.errors()
    )
