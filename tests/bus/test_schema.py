"""The compact JSON-schema validator used for contract operations."""

from __future__ import annotations

from switchboard.bus.schema import compile_schema, validate

SCHEMA = {
    "type": "object",
    "required": ["kind", "items"],
    "additionalProperties": False,
    "properties": {
        "kind": {"enum": ["a", "b"]},
        "items": {"type": "array", "minItems": 1, "items": {"type": "integer", "minimum": 0}},
        "name": {"type": ["string", "null"], "maxLength": 3},
        "ratio": {"type": "number", "maximum": 1},
        "meta": {"type": "object", "additionalProperties": {"type": "string"}},
    },
}


def test_valid_document_has_no_errors():
    assert (
        validate(
            {"kind": "a", "items": [0, 2], "name": None, "ratio": 0.5, "meta": {"x": "y"}}, SCHEMA
        )
        == []
    )


def test_every_violation_is_reported_with_its_json_path():
    errors = compile_schema(SCHEMA)(
        {
            "kind": "c",
            "items": [1, -1, "2"],
            "name": "long",
            "ratio": 2,
            "meta": {"x": 1},
            "extra": True,
        }
    )
    assert errors == [
        "$.kind: 'c' is not one of ['a', 'b']",
        "$.items[1]: -1 < minimum 0",
        "$.items[2]: expected integer, got str",
        "$.name: longer than 3",
        "$.ratio: 2 > maximum 1",
        "$.meta.x: expected string, got int",
        "$: unexpected property 'extra'",
    ]


def test_booleans_are_not_numbers_and_whole_floats_are_integers():
    assert validate(True, {"type": "integer"}) == ["$: expected integer, got bool"]
    assert validate(2.0, {"type": "integer"}) == []
    assert validate([], {"type": "array", "minItems": 1}) == ["$: fewer than 1 items"]


def test_precompiled_shortcut_never_accepts_what_the_full_check_rejects():
    import random

    schemas = [
        {"type": "object", "required": ["i"], "properties": {"i": {"type": "integer"}}},
        {
            "type": "object",
            "required": ["a", "b"],
            "additionalProperties": False,
            "properties": {
                "a": {"type": "number"},
                "b": {"type": ["string", "null"]},
                "c": {"type": "boolean"},
                "d": {"type": "array"},
                "e": {"type": "object", "properties": {"x": {"type": "string"}}},
            },
        },
        {
            "type": "object",
            "properties": {"n": {"type": "integer", "minimum": 0}},
        },
        {
            "type": "object",
            "additionalProperties": {"type": "string"},
        },
        SCHEMA,
        {
            "type": "object",
            "properties": {
                "i": {"enum": [0, "s", None, True]},
                "n": {"minimum": 0, "maximum": 2},
                "s": {"minLength": 1, "maxLength": 1},
                "a": {"items": {"enum": [1]}, "maxItems": 1},
                "c": {"const": "s"},
            },
        },
        {"type": "object"},
        {},
    ]
    pool = [0, 1, -3, 2.0, 2.5, True, False, None, "", "s", "a", "long", [], [1], [0, 2]]
    pool += [[1, -1], [1, 1], {}, {"x": "y"}, {"x": 1}]
    rng = random.Random(7)
    for schema in schemas:
        check = compile_schema(schema)
        names = ["i", "a", "b", "c", "d", "e", "n", "s", "z", "kind", "items", "name", "meta"]
        for _ in range(3000):
            value = {name: rng.choice(pool) for name in rng.sample(names, rng.randint(0, 4))}
            if rng.random() < 0.05:
                value = rng.choice(pool)
            errors = check(value)
            if check.accepts(value):
                assert errors == [], (schema, value, errors)
    accepts = compile_schema(schemas[0]).accepts
    assert accepts({"i": 1}) and not accepts({"i": True}) and not accepts({})
    # enum, bounds, lengths and items have a shortcut too (the finance contracts use them)
    valid = {"kind": "a", "items": [0, 2], "name": None, "ratio": 0.5, "meta": {"x": "y"}}
    assert compile_schema(SCHEMA).accepts(valid)
