"""schemathesis against `/openapi.json`: ≥ 1,000 generated requests, zero 5xx, and every response
conforms to the documented status codes, content types, headers and bodies."""

from __future__ import annotations

import copy
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import checks
from starlette.testclient import TestClient

from .conftest import make_server_app

APP, KEYS = make_server_app()
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)
CASES: dict[str, int] = {}
CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_schema_conformance,
    checks.response_headers_conformance,
    checks.positive_data_acceptance,
]


@schema.parametrize()
@settings(
    max_examples=110, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
def test_api_conforms_to_its_schema(case):
    key = f"{case.method} {case.path}"
    CASES[key] = CASES.get(key, 0) + 1
    headers = dict(KEYS.auth(KEYS.alice))
    headers.update(case.headers or {})
    case.call_and_validate(headers=headers, checks=CHECKS)


def test_zz_at_least_a_thousand_cases_ran_over_every_operation():
    documented = {
        f"{method.upper()} {path}"
        for path, operations in APP.openapi()["paths"].items()
        for method in operations
    }
    ran = {op: n for op, n in CASES.items() if op in documented}
    print("schemathesis cases:", sum(CASES.values()), "documented operations:", ran)
    assert set(ran) == documented
    assert sum(ran.values()) >= 1000, ran


def test_schema_documents_auth_errors_and_the_event_stream():
    spec = APP.openapi()
    assert spec["components"]["securitySchemes"]["ApiKey"] == {
        "type": "http",
        "scheme": "bearer",
        "description": spec["components"]["securitySchemes"]["ApiKey"]["description"],
    }
    chat = spec["paths"]["/chat"]["post"]
    assert set(chat["responses"]) >= {"200", "401", "404", "413", "422", "429"}
    assert chat["responses"]["429"]["headers"]["Retry-After"]["schema"] == {"type": "integer"}
    stream = chat["responses"]["200"]["content"]
    assert set(stream) == {"application/x-ndjson", "text/event-stream"}
    event = spec["components"]["schemas"]["StreamEvent"]
    assert set(event["discriminator"]["mapping"]) == {
        "text",
        "tool_start",
        "tool_end",
        "agent",
        "status",
        "error",
        "usage",
        "done",
        "ui",
    }
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            assert "200" in operation["responses"], (method, path)
            if path not in ("/health", "/ready", "/metrics"):
                assert {"401", "429"} <= set(operation["responses"]), (method, path)


# -- explicit negative cases: the text rule on every text field (issue 14, items 1, 2 and 7) ----

BAD = {"nul": "a\u0000b", "surrogate": "\ud800x", "low_surrogate": "x\udfff", "nonchar": "\uffff"}
VALID_BODIES: dict[tuple[str, str], list[dict[str, Any]]] = {
    ("POST", "/chat"): [{"chatInput": "oi", "sessionId": "neg", "app": "demo"}],
    ("POST", "/v1/chat/completions"): [
        {
            "model": "demo",
            "messages": [{"role": "user", "content": "oi", "name": "ana"}],
            "user": "neg-u",
        },
        {
            "model": "demo",
            "messages": [{"role": "user", "content": [{"type": "text", "text": "oi"}]}],
        },
    ],
    ("POST", "/sessions/{session_id}/agent"): [{"agent": "especialista_financeiro", "app": "demo"}],
    ("POST", "/messages/{message_id}/feedback"): [{"rating": "up", "comment": "bom"}],
    ("POST", "/jobs"): [
        {"persona": "relatorios", "request": "gere um relatório", "workspace": "/srv/app"}
    ],
    ("POST", "/jobs/{job_id}/approve"): [{"reason": "ok"}],
    ("POST", "/jobs/{job_id}/reject"): [{"reason": "não"}],
    ("PATCH", "/jobs/{job_id}"): [
        {
            "plan": {
                "steps": [{"id": "s1", "description": "passo"}],
                "sub_jobs": [
                    {
                        "ref": "a",
                        "request": "r",
                        "persona": "dev",
                        "queue": "dev",
                        "depends_on": ["b"],
                        "validation_criteria": [
                            {
                                "id": "c",
                                "description": "d",
                                "kind": "file_contains",
                                "path": "a.txt",
                                "text": "t",
                                "command": ["ls"],
                                "check": "x",
                            }
                        ],
                    }
                ],
            },
            "validation_criteria": [
                {
                    "id": "c1",
                    "description": "d",
                    "kind": "file_contains",
                    "path": "a.txt",
                    "text": "t",
                    "command": ["ls"],
                    "check": "c",
                }
            ],
        }
    ],
}
"""A valid body per operation with a body, with every optional text field present (one body per
shape where a field is a union of shapes)."""


def resolve(node: dict[str, Any]) -> dict[str, Any]:
    ref = node.get("$ref")
    if ref is None:
        return node
    found: dict[str, Any] = APP.openapi()
    for part in ref.removeprefix("#/").split("/"):
        found = found[part]
    return found


def text_leaves(
    node: dict[str, Any], path: tuple[str | int, ...] = ()
) -> list[tuple[tuple[str | int, ...], dict[str, Any]]]:
    """Every free-text string in a schema (enums and constants are not free text)."""
    node = resolve(node)
    leaves = []
    for branch in node.get("anyOf", []) + node.get("oneOf", []):
        leaves += text_leaves(branch, path)
    if node.get("type") == "string" and "enum" not in node and "const" not in node:
        leaves.append((path, node))
    if node.get("type") == "array":
        leaves += text_leaves(node["items"], (*path, 0))
    for name, prop in node.get("properties", {}).items():
        leaves += text_leaves(prop, (*path, name))
    return leaves


def with_value(body: Any, path: tuple[str | int, ...], value: str) -> Any | None:
    """A copy of `body` with `value` at `path`, or None if `body` lacks that shape."""
    body = copy.deepcopy(body)
    node = body
    for step in path[:-1]:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return None
        if not isinstance(node, dict | list):
            return None
    last = path[-1]
    if isinstance(node, list) and isinstance(last, int) and last < len(node):
        node[last] = value
        return body
    if not isinstance(node, dict) or last not in node:
        return None
    node[last] = value
    return body


def negative_cases() -> list[Any]:
    """(operation, where, field, bad value) for every text field of every operation: body
    fields with each bad text and the empty string; path and header parameters with NUL, the one
    bad character a URL or header can carry (surrogates and non-characters are not encodable)."""
    cases = []
    for path, operations in APP.openapi()["paths"].items():
        for method, operation in operations.items():
            key = (method.upper(), path)
            for param in operation.get("parameters", []):
                if not any(leaf == () for leaf, _ in text_leaves(param["schema"])):
                    continue
                label = f"{method} {path} {param['in']}.{param['name']} nul"
                cases.append(pytest.param(key, param["in"], param["name"], BAD["nul"], id=label))
            for leaf, _ in text_leaves(body_schema(key)):
                name = ".".join(str(p) for p in leaf)
                for label, value in [*BAD.items(), ("empty", "")]:
                    cases.append(
                        pytest.param(key, "body", leaf, value, id=f"{method} {path} {name} {label}")
                    )
    return cases


def body_schema(key: tuple[str, str]) -> dict[str, Any]:
    method, path = key
    operation = APP.openapi()["paths"][path][method.lower()]
    content = operation.get("requestBody", {}).get("content", {}).get("application/json")
    return content["schema"] if content else {}


def send(key: tuple[str, str], where: str, field: Any, value: str) -> Any:
    method, path = key
    path_parameters = {
        p: "neg"
        for p in ("session_id", "message_id", "job_id", "app", "file_path")
        if "{" + p + "}" in path
    }
    headers = dict(KEYS.auth(KEYS.alice))
    if where == "path":
        path_parameters[field] = value
    elif where == "header":
        headers[field] = value
    elif where != "query":
        assert where == "body", f"unexpected text parameter in {where}"
    kwargs: dict[str, Any] = {"path_parameters": path_parameters}
    if where == "query":
        kwargs["query"] = {field: value}
    if key in VALID_BODIES:
        body = None
        for base in VALID_BODIES[key]:
            body = with_value(base, field, value) if where == "body" else base
            if body is not None:
                break
        assert body is not None, f"no valid body of {method} {path} has the field {field}"
        kwargs.update(body=body, media_type="application/json")
    case = schema[path][method].Case(**kwargs)
    return case, case.call(headers=headers)


@pytest.mark.parametrize(("key", "where", "field", "value"), negative_cases())
def test_every_text_field_rejects_nul_surrogates_and_non_characters(key, where, field, value):
    case, response = send(key, where, field, value)
    leaf = dict(text_leaves(body_schema(key))).get(field, {})
    if value == "":
        assert response.status_code < 500, response.text
        if leaf.get("minLength", 0) >= 1:
            assert response.status_code == 422, response.text
    else:
        assert response.status_code == 422, response.text
        assert response.json()["error"]["code"] == "invalid_text", response.text
    case.validate_response(response, checks=CHECKS)


def test_negative_cases_cover_every_text_field():
    fields = {(c.values[0], c.values[2]) for c in negative_cases()}
    assert {key for key, _ in fields} >= set(VALID_BODIES)
    assert (("POST", "/chat"), ("chatInput",)) in fields
    assert (("POST", "/v1/chat/completions"), ("messages", 0, "content", 0, "text")) in fields
    assert (("POST", "/v1/chat/completions"), "x-session-id") in fields
    assert (("GET", "/sessions/{session_id}/messages"), "session_id") in fields
    assert (("POST", "/messages/{message_id}/feedback"), ("comment",)) in fields


def test_the_schema_says_an_empty_message_is_invalid_and_405_lists_every_method():
    chat = resolve(
        APP.openapi()["paths"]["/chat"]["post"]["requestBody"]["content"]["application/json"][
            "schema"
        ]
    )
    assert chat["properties"]["chatInput"]["minLength"] == 1
    assert "non-blank" in chat["properties"]["chatInput"]["description"]
    with TestClient(APP) as client:
        response = client.post("/sessions/x/messages", headers=KEYS.auth(KEYS.alice))
    assert response.status_code == 405
    assert response.headers["allow"] == "GET, DELETE"
