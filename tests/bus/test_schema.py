"""The compact JSON-schema validator used for contract operations."""

from __future__ import annotations

from switchboard.bus.schema import compile_schema, validate

SCHEMA = {
    "type": "object", "required": ["kind", "items"], "additionalProperties": False,
    "properties": {
        "kind": {"enum": ["a", "b"]},
        "items": {"type": "array", "minItems": 1, "items": {"type": "integer", "minimum": 0}},
        "name": {"type": ["string", "null"], "maxLength": 3},
        "ratio": {"type": "number", "maximum": 1},
        "meta": {"type": "object", "additionalProperties": {"type": "string"}},
    },
}


def test_valid_document_has_no_errors():
    assert validate({"kind": "a", "items": [0, 2], "name": None, "ratio": 0.5, "meta": {"x": "y"}}, SCHEMA) == []


def test_every_violation_is_reported_with_its_json_path():
    errors = compile_schema(SCHEMA)({"kind": "c", "items": [1, -1, "2"], "name": "long", "ratio": 2,
                                     "meta": {"x": 1}, "extra": True})
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
