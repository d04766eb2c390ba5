"""A tool: a Python function with a JSON schema derived from its type hints.

A parameter annotated `ToolContext` is filled by the runtime (session, authenticated user) and never
appears in the schema, so a model can never supply `user_id` itself.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, get_args, get_type_hints, overload

from pydantic import BaseModel, ConfigDict, ValidationError, create_model

from switchboard.core.clock import SYSTEM_CLOCK, Clock


@dataclass(frozen=True, slots=True)
class ToolContext:
    """What the runtime knows about the call; `user_id` comes from authentication."""

    session_id: str
    user_id: str
    agent: str
    clock: Clock = SYSTEM_CLOCK
    extras: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class ToolResult:
    """One tool call's outcome, on its way into a `tool` message and a `tool_end` event."""

    ok: bool
    output: str
    """What the model reads: the tool's JSON/text output, or a pt-BR error explanation."""
    ms: float = 0.0
    cached: bool = False
    via_fallback: str | None = None


class ToolArgumentsError(ValueError):
    """The model's arguments are not valid JSON or do not match the schema."""


class Tool:
    """A function an agent can call: name, description, JSON schema from its type hints,
    timeout, cache and fallbacks (usually made with `@tool`)."""

    def __init__(
        self,
        fn: Callable[..., Any],
        *,
        name: str | None = None,
        description: str | None = None,
        timeout: float | None = 30.0,
        cache_ttl: float | None = None,
        fallbacks: list[str] | None = None,
        status: str | None = None,
        arguments: type[BaseModel] | None = None,
    ) -> None:
        """`arguments`: a pydantic model to validate the model's arguments with, instead of one
        derived from `fn`'s parameters (its fields arrive as keyword arguments, its schema is
        what the model sees): one typed model can then serve a tool, a bus contract and a
        planner at once, enums and normalising validators included."""
        self.fn = fn
        self.name = name or fn.__name__
        self.description = (description or inspect.getdoc(fn) or "").strip()
        self.timeout = timeout
        self.cache_ttl = cache_ttl
        self.fallbacks = list(fallbacks or [])
        self.status = status
        """pt-BR progress line shown while the tool runs, e.g. "Consultando seu perfil..."."""
        self.is_async = inspect.iscoroutinefunction(fn)
        if arguments is not None:
            self._context_param, self.args_model = _context_parameter(fn), arguments
        else:
            self._context_param, self.args_model = _arguments_model(fn, self.name)
        self.parameters = _clean_schema(self.args_model.model_json_schema())

    @property
    def reads_context(self) -> bool:
        """Whether the tool receives the `ToolContext` (the user, the session, extras): its
        output may then depend on who calls it, so a cache must key on the context too."""
        return self._context_param is not None

    def parse_arguments(self, raw: str | dict[str, Any]) -> dict[str, Any]:
        if isinstance(raw, str):
            try:
                raw = json.loads(raw) if raw.strip() else {}
            except json.JSONDecodeError as exc:
                raise ToolArgumentsError(f"os argumentos não são JSON válido ({exc.msg})") from exc
        if not isinstance(raw, dict):
            raise ToolArgumentsError("os argumentos devem ser um objeto JSON")
        try:
            validated = self.args_model.model_validate(raw)
        except ValidationError as exc:
            repaired = _decode_nested_json(raw, exc)
            if repaired is None:
                raise ToolArgumentsError(_problems(exc)) from exc
            try:
                validated = self.args_model.model_validate(repaired)
            except ValidationError as still:
                raise ToolArgumentsError(_problems(still)) from still
        return {name: getattr(validated, name) for name in self.args_model.model_fields}

    async def invoke(self, arguments: dict[str, Any], context: ToolContext) -> Any:
        kwargs = dict(arguments)
        if self._context_param:
            kwargs[self._context_param] = context
        if self.is_async:
            return await self.fn(**kwargs)
        return self.fn(**kwargs)


@overload
def tool(fn: Callable[..., Any], /) -> Tool: ...


@overload
def tool(
    *,
    name: str | None = None,
    description: str | None = None,
    timeout: float | None = 30.0,
    cache_ttl: float | None = None,
    fallbacks: list[str] | None = None,
    status: str | None = None,
) -> Callable[[Callable[..., Any]], Tool]: ...


def tool(
    fn: Callable[..., Any] | None = None,
    *,
    name: str | None = None,
    description: str | None = None,
    timeout: float | None = 30.0,
    cache_ttl: float | None = None,
    fallbacks: list[str] | None = None,
    status: str | None = None,
) -> Tool | Callable[[Callable[..., Any]], Tool]:
    """Decorator: `@tool` or `@tool(timeout=5, cache_ttl=60, fallbacks=["other"])`."""

    def wrap(f: Callable[..., Any]) -> Tool:
        return Tool(
            f,
            name=name,
            description=description,
            timeout=timeout,
            cache_ttl=cache_ttl,
            fallbacks=fallbacks,
            status=status,
        )

    return wrap(fn) if fn is not None else wrap


def _arguments_model(fn: Callable[..., Any], name: str) -> tuple[str | None, type[BaseModel]]:
    hints = get_type_hints(fn)
    fields: dict[str, Any] = {}
    context_param = None
    for param in inspect.signature(fn).parameters.values():
        annotation = hints.get(param.name, Any)
        if _is_context(annotation):
            context_param = param.name
            continue
        default = ... if param.default is inspect.Parameter.empty else param.default
        fields[param.name] = (annotation, default)
    model = create_model(f"{name}_arguments", __config__=ConfigDict(extra="forbid"), **fields)
    return context_param, model


def _context_parameter(fn: Callable[..., Any]) -> str | None:
    hints = get_type_hints(fn)
    return next((name for name, hint in hints.items() if _is_context(hint)), None)


def _problems(error: ValidationError) -> str:
    details = "; ".join(
        f"{'.'.join(str(p) for p in err['loc']) or 'argumentos'}: {err['msg']}"
        for err in error.errors()
    )
    return f"argumentos inválidos: {details}"


def _decode_nested_json(raw: dict[str, Any], error: ValidationError) -> dict[str, Any] | None:
    """`raw` with every failing top-level argument that is a JSON object or array *encoded as a
    string* decoded, or None when there is none. Models often send `"params": "{\"a\": 1}"`
    for an object parameter (measured with hosted coordinators); decoding it is a repair, not a
    guess: the text is the value, only double-encoded. Anything else keeps failing."""
    failing = {str(err["loc"][0]) for err in error.errors() if err["loc"]}
    repaired = dict(raw)
    changed = False
    for name in failing:
        value = raw.get(name)
        if not isinstance(value, str) or value.lstrip()[:1] not in ("{", "["):
            continue
        try:
            decoded = json.loads(value)
        except json.JSONDecodeError:
            continue
        if isinstance(decoded, dict | list):
            repaired[name] = decoded
            changed = True
    return repaired if changed else None


def _is_context(annotation: Any) -> bool:
    """`ToolContext`, or an Optional of it."""
    return annotation is ToolContext or ToolContext in get_args(annotation)


def _clean_schema(schema: dict[str, Any]) -> dict[str, Any]:
    schema.pop("title", None)
    for prop in schema.get("properties", {}).values():
        if isinstance(prop, dict):
            prop.pop("title", None)
    schema.setdefault("properties", {})
    return schema
