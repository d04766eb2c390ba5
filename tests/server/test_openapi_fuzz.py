"""schemathesis against `/openapi.json`: ≥ 1,000 generated requests, zero 5xx, and every response
conforms to the documented status codes, content types, headers and bodies."""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis import checks

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
    }
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            assert "200" in operation["responses"], (method, path)
            if path not in ("/health", "/ready", "/metrics"):
                assert {"401", "429"} <= set(operation["responses"]), (method, path)
