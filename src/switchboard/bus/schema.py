"""A compact JSON Schema validator for contract operations, compiled once per schema.

Covers the subset contracts use: `type` (incl. lists of types), `required`, `properties`,
`additionalProperties` (bool or schema), `enum`, `const`, `items`, `minimum`/`maximum`,
`minLength`/`maxLength`, `minItems`/`maxItems`. Unknown keywords are ignored, as JSON Schema does.
Kept in-house to avoid a dependency. `compile_schema` turns a schema into a closure that only runs
the checks the schema has, because every request is validated on the bus's hot path; errors name
the JSON path so the sender can fix the call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, cast

Path = Any
"""A JSON path, built lazily: "$" or (parent path, key or index); formatted only for errors."""
Check = Callable[[Any, Path, list[str]], None]


def _fmt(path: Path) -> str:
    if isinstance(path, str):
        return path
    parent, key = path
    return f"{_fmt(parent)}[{key}]" if isinstance(key, int) else f"{_fmt(parent)}.{key}"


_TYPES: dict[str, tuple[type, ...]] = {
    "object": (dict,),
    "array": (list, tuple),
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "null": (type(None),),
}


def _type_test(names: list[str]) -> Callable[[Any], bool]:
    if len(names) > 1:
        tests = [_type_test([n]) for n in names]
        return lambda v: any(t(v) for t in tests)
    name = names[0]
    if name == "integer":
        return lambda v: (
            type(v) is int
            or (isinstance(v, float) and v.is_integer())
            or (isinstance(v, int) and not isinstance(v, bool))
        )
    if name == "number":
        return lambda v: (
            type(v) is int
            or type(v) is float
            or (isinstance(v, (int, float)) and not isinstance(v, bool))
        )
    types = _TYPES.get(name, (object,))
    return lambda v: isinstance(v, types)


class RequestValidator(Protocol):
    """A compiled schema: called, the violations of a value (empty list = valid); `accepts`, a
    yes-only shortcut that never accepts what the call would reject (True: valid; False: run the
    call to know)."""

    accepts: Callable[[Any], bool]

    def __call__(self, value: Any) -> list[str]: ...


def compile_schema(schema: dict[str, Any]) -> RequestValidator:
    """Return `validate(value) -> errors` for `schema` (empty list = valid), with its `accepts`
    shortcut (see `RequestValidator`)."""
    check = _compile(schema)

    def validate(value: Any) -> list[str]:
        errors: list[str] = []
        check(value, "$", errors)
        return errors

    compiled = cast(RequestValidator, validate)  # a plain function: the cheapest call
    compiled.accepts = _accepts(schema) or _unsure
    return compiled


def _unsure(value: Any) -> bool:
    return False


# `accepts(value)`: a precompiled yes-only test covering every keyword the full check knows.
# True means the full check would find nothing; False means "run the full check" (which then
# lists the violations, if any). It is stricter than the full check where that is cheaper (exact
# types: a whole float for "integer", a bool or a str subclass are left to the full check), never
# looser: a randomized test holds it to that. Unknown type names get no shortcut.
_FAST_TYPES: dict[str, Callable[[Any], bool]] = {
    "object": lambda v: type(v) is dict,
    "array": lambda v: type(v) is list or type(v) is tuple,
    "string": lambda v: type(v) is str,
    "integer": lambda v: type(v) is int,
    "number": lambda v: type(v) is int or type(v) is float,
    "boolean": lambda v: type(v) is bool,
    "null": lambda v: v is None,
}


def _accepts(schema: Any) -> Callable[[Any], bool] | None:
    if not isinstance(schema, dict):
        return None
    tests: list[Callable[[Any], bool]] = []
    expected = schema.get("type")
    if expected is not None:
        names = expected if isinstance(expected, list) else [expected]
        found = [_FAST_TYPES.get(n) for n in names]
        type_tests = [t for t in found if t is not None]
        if not type_tests or len(type_tests) < len(found):
            return None
        if len(type_tests) == 1:
            tests.append(type_tests[0])
        else:
            tests.append(lambda v: any(t(v) for t in type_tests))
    if "enum" in schema:
        allowed = schema["enum"]
        if all(type(a) is str for a in allowed):
            words = frozenset(allowed)
            tests.append(lambda v: type(v) is str and v in words)
        else:
            tests.append(lambda v: v in allowed)
    if "const" in schema:
        const = schema["const"]
        tests.append(lambda v: v == const)
    test = _bounds(schema)
    if test is not None:
        tests.append(test)
    test = _lengths(schema)
    if test is not None:
        tests.append(test)
    if any(k in schema for k in ("items", "minItems", "maxItems")):
        test = _array(schema)
        if test is None:
            return None
        tests.append(test)
    if any(k in schema for k in ("properties", "required", "additionalProperties")):
        test = _object(schema)
        if test is None:
            return None
        tests.append(test)
    if not tests:
        return lambda v: True
    if len(tests) == 1:
        return tests[0]
    if len(tests) == 2:
        first, second = tests
        return lambda v: first(v) and second(v)
    return lambda v: all(t(v) for t in tests)


def _bounds(schema: dict[str, Any]) -> Callable[[Any], bool] | None:
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is None and high is None:
        return None
    lo = float("-inf") if low is None else low
    hi = float("inf") if high is None else high

    def bounded(v: Any) -> bool:  # the full check bounds numbers only (not bools)
        t = type(v)
        if t is int or t is float:
            return bool(lo <= v <= hi)
        return t is bool or not isinstance(v, (int, float))  # a number subclass: unsure

    return bounded


def _lengths(schema: dict[str, Any]) -> Callable[[Any], bool] | None:
    low, high = schema.get("minLength"), schema.get("maxLength")
    if low is None and high is None:
        return None
    lo = 0 if low is None else low
    hi = float("inf") if high is None else high
    return lambda v: not isinstance(v, str) or lo <= len(v) <= hi


def _array(schema: dict[str, Any]) -> Callable[[Any], bool] | None:
    items = schema.get("items")
    item_ok = _accepts(items) if isinstance(items, dict) else None
    if isinstance(items, dict) and item_ok is None:
        return None
    lo = schema.get("minItems") or 0
    high = schema.get("maxItems")
    hi = float("inf") if high is None else high

    def array(v: Any) -> bool:
        if not isinstance(v, (list, tuple)):
            return True  # the full check applies these keywords to arrays only
        if not lo <= len(v) <= hi:
            return False
        return item_ok is None or all(item_ok(item) for item in v)

    return array


def _object(schema: dict[str, Any]) -> Callable[[Any], bool] | None:
    props: dict[str, Callable[[Any], bool]] = {}
    for name, sub in schema.get("properties", {}).items():
        test = _accepts(sub)
        if test is None:
            return None
        props[name] = test
    required = tuple(schema.get("required", ()))
    extra = schema.get("additionalProperties", True)
    extra_ok: Callable[[Any], bool] | None = None
    if isinstance(extra, dict):
        extra_ok = _accepts(extra)
        if extra_ok is None:
            return None
    closed = extra is False
    get = props.get

    def accepts(v: Any) -> bool:
        if type(v) is not dict:
            return not isinstance(v, dict)  # a dict subclass: the full check decides
        for name in required:
            if name not in v:
                return False
        for key, item in v.items():
            test = get(key)
            if test is None:
                if closed or (extra_ok is not None and not extra_ok(item)):
                    return False
            elif not test(item):
                return False
        return True

    return accepts


def validate(value: Any, schema: dict[str, Any]) -> list[str]:
    """One-off validation (compiles each time; prefer `compile_schema` on hot paths)."""
    return compile_schema(schema)(value)


def _compile(schema: dict[str, Any]) -> Check:
    checks: list[Check] = []
    expected = schema.get("type")
    check_type: Callable[[Any, Path, list[str]], bool] | None = None
    if expected is not None:
        names = expected if isinstance(expected, list) else [expected]
        test = _type_test(names)
        label = "/".join(names)

        def check_type(value: Any, path: Path, errors: list[str]) -> bool:
            if test(value):
                return True
            errors.append(f"{_fmt(path)}: expected {label}, got {type(value).__name__}")
            return False

    if "enum" in schema:
        allowed = schema["enum"]
        checks.append(
            lambda v, p, e: (
                None if v in allowed else e.append(f"{_fmt(p)}: {v!r} is not one of {allowed!r}")
            )
        )
    if "const" in schema:
        const = schema["const"]
        checks.append(
            lambda v, p, e: None if v == const else e.append(f"{_fmt(p)}: must be {const!r}")
        )
    bounds = [(k, schema[k]) for k in ("minimum", "maximum") if k in schema]
    if bounds:

        def check_bounds(v: Any, p: str, e: list[str]) -> None:
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                for key, limit in bounds:
                    if (v < limit) if key == "minimum" else (v > limit):
                        e.append(f"{_fmt(p)}: {v} {'<' if key == 'minimum' else '>'} {key} {limit}")

        checks.append(check_bounds)
    lengths = [(k, schema[k]) for k in ("minLength", "maxLength") if k in schema]
    if lengths:

        def check_length(v: Any, p: str, e: list[str]) -> None:
            if isinstance(v, str):
                for key, limit in lengths:
                    if (len(v) < limit) if key == "minLength" else (len(v) > limit):
                        e.append(
                            f"{_fmt(p)}: "
                            f"{'shorter' if key == 'minLength' else 'longer'} than {limit}"
                        )

        checks.append(check_length)
    if any(k in schema for k in ("properties", "required", "additionalProperties")):
        properties = {name: _compile(sub) for name, sub in schema.get("properties", {}).items()}
        required = list(schema.get("required", ()))
        extra = schema.get("additionalProperties", True)
        extra_check = _compile(extra) if isinstance(extra, dict) else None

        def check_object(v: Any, p: str, e: list[str]) -> None:
            if not isinstance(v, dict):
                return
            for name in required:
                if name not in v:
                    e.append(f"{_fmt(p)}: missing required property {name!r}")
            for key, item in v.items():
                sub = properties.get(key)
                if sub is not None:
                    sub(item, (p, key), e)
                elif extra is False:
                    e.append(f"{_fmt(p)}: unexpected property {key!r}")
                elif extra_check is not None:
                    extra_check(item, (p, key), e)

        checks.append(check_object)
    if any(k in schema for k in ("items", "minItems", "maxItems")):
        items = _compile(schema["items"]) if isinstance(schema.get("items"), dict) else None
        low, high = schema.get("minItems"), schema.get("maxItems")

        def check_array(v: Any, p: str, e: list[str]) -> None:
            if not isinstance(v, (list, tuple)):
                return
            if low is not None and len(v) < low:
                e.append(f"{_fmt(p)}: fewer than {low} items")
            if high is not None and len(v) > high:
                e.append(f"{_fmt(p)}: more than {high} items")
            if items is not None:
                for index, item in enumerate(v):
                    items(item, (p, index), e)

        checks.append(check_array)

    if check_type is None and not checks:
        return lambda v, p, e: None
    if check_type is not None and not checks:
        return check_type  # type: ignore[return-value]  # a Check's result is unused: bool is fine
    if check_type is not None and len(checks) == 1:
        only = checks[0]

        def typed(v: Any, p: Path, e: list[str]) -> None:
            if check_type(v, p, e):
                only(v, p, e)

        return typed

    def run(v: Any, p: str, e: list[str]) -> None:
        if check_type is not None and not check_type(v, p, e):
            return
        for c in checks:
            c(v, p, e)

    return run
