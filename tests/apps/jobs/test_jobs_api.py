"""`/jobs` over HTTP with the server's lifespan launching the engine (in-process worker):
create → plan awaiting approval → approve (twice) → completed tree; events as NDJSON;
another user's job is a 404; reject and cancel."""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from switchboard.apps.jobs.app import build
from switchboard.apps.jobs.runtime import jobs_setup
from switchboard.apps.jobs.spending import LedgerSpending
from switchboard.core.events import parse_event
from switchboard.server import ServerSettings, create_app
from switchboard.server.auth import InMemoryApiKeyStore

from .conftest import FAST, seeded_store


def _keys() -> tuple[InMemoryApiKeyStore, str, str]:
    import asyncio

    store = InMemoryApiKeyStore()

    async def setup() -> tuple[str, str]:
        await store.create_user("alice")
        await store.create_user("bob")
        return (await store.create_key("alice"))[0], (await store.create_key("bob"))[0]

    alice, bob = asyncio.run(setup())
    return store, alice, bob


@pytest.fixture
def served(
    tmp_path: Path, app_template_db: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[TestClient, dict[str, str], dict[str, str]]]:
    with serve(tmp_path, app_template_db, monkeypatch) as parts:
        yield parts


@contextmanager
def serve(
    tmp_path: Path, app_template_db: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[TestClient, dict[str, str], dict[str, str]]]:
    """The jobs app served with the engine launched by the lifespan (alice and bob's keys)."""
    shutil.copy(app_template_db, tmp_path / "jobs.db")
    monkeypatch.setenv("SWITCHBOARD_JOBS_DATABASE_URL", f"sqlite:///{tmp_path / 'jobs.db'}")
    import switchboard.patterns.jobs.worker as worker

    original = worker.build_engine

    def fast_engine(runtime: Any, **options: Any) -> Any:
        return original(runtime, **{**options, **FAST})

    monkeypatch.setattr(worker, "build_engine", fast_engine)
    settings = ServerSettings(database_url="memory://", rate_limit_burst=10_000)
    store = seeded_store()
    setup = jobs_setup(
        str(tmp_path / "work"), model="embedded", draft_first=False, spending=LedgerSpending(store)
    )
    app = build(settings=settings, jobs_setup=setup, store=store)
    keys, alice, bob = _keys()
    server = create_app(settings, apps={"jobs": app}, key_store=keys)
    with TestClient(server) as client:
        yield (
            client,
            {"Authorization": f"Bearer {alice}"},
            {"Authorization": f"Bearer {bob}"},
        )


def wait(client: TestClient, auth: dict[str, str], job_id: str, status: str) -> dict[str, Any]:
    deadline = time.monotonic() + 20
    while True:
        body: dict[str, Any] = client.get(f"/jobs/{job_id}", headers=auth).json()
        if body["status"] == status:
            return body
        assert time.monotonic() < deadline, body
        time.sleep(0.05)


def test_create_approve_and_follow_a_job(served: Any) -> None:
    client, alice, bob = served
    created = client.post(
        "/jobs", json={"persona": "relatorios", "request": "relatório de gastos"}, headers=alice
    )
    assert created.status_code == 200, created.text
    job_id = created.json()["id"]
    paused = wait(client, alice, job_id, "awaiting_approval")
    assert len(paused["validation_criteria"]) == 5 and len(paused["plan"]["sub_jobs"]) == 4

    # another user's job does not exist for them
    for method, path in [
        ("get", f"/jobs/{job_id}"),
        ("get", f"/jobs/{job_id}/events"),
        ("post", f"/jobs/{job_id}/approve"),
        ("post", f"/jobs/{job_id}/cancel"),
    ]:
        response = client.request(method.upper(), path, headers=bob)
        assert response.status_code == 404, (path, response.text)
        assert response.json()["error"]["code"] == "job_not_found"
    assert client.get("/jobs", headers=bob).json() == {"jobs": [], "next_cursor": None}

    assert paused["status_label"] == "aguardando aprovação" and not paused["decided"]
    approved = client.post(f"/jobs/{job_id}/approve", headers=alice)
    assert approved.status_code == 200
    # decided at once, though its run may not have applied the decision yet: no "Aprovar" again
    assert approved.json()["decided"] and approved.json()["status_label"] != "aguardando aprovação"
    assert client.post(f"/jobs/{job_id}/approve", headers=alice).status_code == 200  # once
    done = wait(client, alice, job_id, "completed")
    assert [j["status"] for j in done["tree"]] == ["completed"] * 4
    assert [j["id"] for j in client.get("/jobs", headers=alice).json()["jobs"]] == [job_id]
    # a different second decision is refused
    assert client.post(f"/jobs/{job_id}/reject", headers=alice).status_code == 409

    with client.stream("GET", f"/jobs/{job_id}/events", headers=alice) as stream:
        events = [parse_event(line) for line in stream.iter_lines() if line]
    kinds = [e.type for e in events]
    assert kinds[0] == "agent" and kinds[-1] == "done"
    assert "tool_start" in kinds and "tool_end" in kinds and "status" in kinds


def test_reject_and_cancel(served: Any) -> None:
    client, alice, _ = served
    ids = []
    for _ in range(2):
        body = {"persona": "relatorios", "request": "relatório de gastos"}
        ids.append(client.post("/jobs", json=body, headers=alice).json()["id"])
    for job_id in ids:
        wait(client, alice, job_id, "awaiting_approval")
    client.post(f"/jobs/{ids[0]}/reject", json={"reason": "não"}, headers=alice)
    assert wait(client, alice, ids[0], "cancelled")["error"].startswith("plano rejeitado")
    cancelled = client.post(f"/jobs/{ids[1]}/cancel", headers=alice).json()
    assert cancelled == {"cancelled": [ids[1]]}
    unknown = client.post("/jobs", json={"persona": "nada", "request": "x"}, headers=alice)
    assert unknown.status_code == 422 and unknown.json()["error"]["code"] == "unknown_queue"


def test_ready_says_whether_job_commands_can_be_sandboxed(served: Any) -> None:
    client, _, _ = served
    deadline = time.monotonic() + 20
    while (ready := client.get("/ready")).status_code != 200:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    sandbox = ready.json()["sandbox"]
    assert sandbox["available"] is True and sandbox["detail"].startswith("bubblewrap")


def test_openapi_names_the_served_personas_and_each_is_accepted(served: Any) -> None:
    """schemathesis ST202: a schema-valid persona was rejected (422 unknown_queue) because the
    schema said "any string". The schema now lists the served personas, and each one works."""
    client, alice, _ = served
    spec = client.get("/openapi.json").json()
    persona = spec["components"]["schemas"]["CreateJob"]["properties"]["persona"]
    assert persona["enum"] == ["dev", "relatorios"] and persona["type"] == "string"
    for name in persona["enum"]:
        body = {"persona": name, "request": "x", "requires_approval": True}
        created = client.post("/jobs", json=body, headers=alice)
        assert created.status_code == 200, created.text
        assert created.json()["persona"] == name
    refused = client.post("/jobs", json={"persona": "nada", "request": "x"}, headers=alice)
    assert refused.status_code == 422 and "persona desconhecida" in refused.text


def test_files_are_listed_and_downloaded_by_their_owner_only(served: Any) -> None:
    client, alice, bob = served
    body = {"persona": "relatorios", "request": "relatório de gastos", "requires_approval": False}
    job_id = client.post("/jobs", json=body, headers=alice).json()["id"]
    done = wait(client, alice, job_id, "completed")
    listed = client.get(f"/jobs/{job_id}/files", headers=alice)
    assert listed.status_code == 200, listed.text
    files = listed.json()["files"]
    paths = [f["path"] for f in files]
    assert paths == sorted(paths) and paths
    assert not any(p.startswith(".git/") or p == ".git" for p in paths)
    first = files[0]
    got = client.get(f"/jobs/{job_id}/files/{first['path']}", headers=alice)
    assert got.status_code == 200
    assert len(got.content) == first["size"]
    assert got.headers["content-type"] == "application/octet-stream"
    assert got.headers["content-disposition"].startswith("attachment;")
    assert got.headers["x-content-type-options"] == "nosniff"
    # a sub-job's files are its tree's
    sub = done["tree"][0]["id"]
    assert client.get(f"/jobs/{sub}/files", headers=alice).json()["files"] == files

    # bob: not found, for the list and every file, as for the job itself
    for path in (f"/jobs/{job_id}/files", f"/jobs/{job_id}/files/{first['path']}"):
        refused = client.get(path, headers=bob)
        assert refused.status_code == 404 and refused.json()["error"]["code"] == "job_not_found"
    # outside the workspace, the repository, a missing file
    for path, status in [
        ("..%2Fjobs.db", 403),
        ("%2Fetc%2Fpasswd", 403),
        (".git/config", 403),
        (".git/HEAD", 403),
        ("nada.txt", 404),
    ]:
        refused = client.get(f"/jobs/{job_id}/files/{path}", headers=alice)
        assert refused.status_code == status, (path, refused.text)
    assert client.get(f"/jobs/{job_id}/files/x", headers={}).status_code == 401


def test_job_list_pages_with_a_cursor(served: Any) -> None:
    client, alice, bob = served
    made = []
    for n in range(5):
        body = {"persona": "relatorios", "request": f"relatório de gastos {n}"}
        made.append(client.post("/jobs", json=body, headers=alice).json()["id"])
    client.post("/jobs", json={"persona": "dev", "request": "dev: x"}, headers=bob)
    seen: list[str] = []
    url = "/jobs?limit=2"
    while True:
        page = client.get(url, headers=alice).json()
        assert len(page["jobs"]) <= 2
        seen += [job["id"] for job in page["jobs"]]
        if page["next_cursor"] is None:
            break
        url = f"/jobs?limit=2&cursor={page['next_cursor']}"
    assert seen == list(reversed(made))
    bad = client.get("/jobs?cursor=nope", headers=alice)
    assert bad.status_code == 422 and bad.json()["error"]["code"] == "invalid_cursor"
    assert client.get("/jobs?limit=0", headers=alice).status_code == 422


def test_plan_and_criteria_are_edited_before_approval_and_never_after(served: Any) -> None:
    client, alice, bob = served
    body = {"persona": "relatorios", "request": "relatório de gastos"}
    job_id = client.post("/jobs", json=body, headers=alice).json()["id"]
    proposed = wait(client, alice, job_id, "awaiting_approval")
    edit = {
        "plan": {
            "steps": [{"id": "s1", "description": "gerar o relatório com meus ajustes"}],
            "sub_jobs": proposed["plan"]["sub_jobs"],
        },
        "validation_criteria": [
            {
                "id": "rel",
                "description": "relatorio.md existe",
                "kind": "file_exists",
                "path": "relatorio.md",
            },
            {
                "id": "csv",
                "description": "o CSV tem data",
                "kind": "file_contains",
                "path": "lancamentos.csv",
                "text": "data",
            },
        ],
    }
    assert client.patch(f"/jobs/{job_id}", json=edit, headers=bob).status_code == 404
    edited = client.patch(f"/jobs/{job_id}", json=edit, headers=alice)
    assert edited.status_code == 200, edited.text
    shown = edited.json()
    assert [s["description"] for s in shown["plan"]["steps"]] == [
        "gerar o relatório com meus ajustes"
    ]
    assert [c["id"] for c in shown["validation_criteria"]] == ["rel", "csv"]
    assert [c["judged_by"] for c in shown["validation_criteria"]] == ["engine", "engine"]
    assert shown["status"] == "awaiting_approval"
    assert "editados pelo usuário" in shown["history"][-1]["content"]

    empty = client.patch(f"/jobs/{job_id}", json={"plan": {}}, headers=alice)
    assert empty.status_code == 422 and empty.json()["error"]["code"] == "invalid_plan"
    broken = {"validation_criteria": [{"id": "x", "description": "y", "kind": "file_exists"}]}
    assert client.patch(f"/jobs/{job_id}", json=broken, headers=alice).status_code == 422
    assert client.patch(f"/jobs/{job_id}", json={}, headers=alice).status_code == 422

    assert client.post(f"/jobs/{job_id}/approve", headers=alice).status_code == 200
    late = client.patch(f"/jobs/{job_id}", json=edit, headers=alice)
    assert late.status_code == 409 and late.json()["error"]["code"] == "job_state"
    assert "já foi aprovado" in late.json()["error"]["message"]
    done = wait(client, alice, job_id, "completed")
    checked = {r["criterion_id"]: r for r in done["validation_result"]["results"]}
    assert set(checked) == {"rel", "csv"}  # the edited criteria, run by the engine
    assert all(r["passed"] and r["judged_by"] == "engine" for r in checked.values())
    assert client.patch(f"/jobs/{job_id}", json=edit, headers=alice).status_code == 409


def test_a_job_works_in_an_allowed_project_folder(
    tmp_path: Path, app_template_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`workspace` on `POST /jobs`: only inside the user's allowed roots; the job's files are
    the project's; another user neither reaches the folder nor sees the job."""
    projects = tmp_path / "projetos"
    (projects / "alice" / "app").mkdir(parents=True)
    (projects / "bob" / "app").mkdir(parents=True)
    (projects / "alice" / "app" / "README.md").write_text("# app da alice\n")
    monkeypatch.setenv("SWITCHBOARD_JOBS_WORKSPACE_ROOTS", str(projects / "{user}"))
    with serve(tmp_path, app_template_db, monkeypatch) as (client, alice, bob):
        mine = str(projects / "alice" / "app")
        ask = 'crie o arquivo novo.txt com o texto "oi"'
        body = {"persona": "dev", "request": ask, "workspace": mine}
        created = client.post("/jobs", json=body, headers=alice)
        assert created.status_code == 200, created.text
        job_id = created.json()["id"]
        wait(client, alice, job_id, "awaiting_approval")
        files = client.get(f"/jobs/{job_id}/files", headers=alice).json()["files"]
        assert "README.md" in [f["path"] for f in files]
        got = client.get(f"/jobs/{job_id}/files/README.md", headers=alice)
        assert got.content == b"# app da alice\n"
        assert client.get(f"/jobs/{job_id}/files", headers=bob).status_code == 404

        for folder in (str(projects / "bob" / "app"), str(tmp_path), "relativo", "/etc"):
            refused = client.post("/jobs", json={**body, "workspace": folder}, headers=alice)
            assert refused.status_code == 422, (folder, refused.text)
            assert refused.json()["error"]["code"] == "workspace_folder"
        theirs = {**body, "workspace": mine}
        stolen = client.post("/jobs", json=theirs, headers=bob)
        assert stolen.status_code == 422 and stolen.json()["error"]["code"] == "workspace_folder"
