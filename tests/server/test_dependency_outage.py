"""An outage of the database or Redis is an outage, not a bug (issue 22): `/ready` says 503 and
names the dependency, and requests get a typed 503 (`unavailable`, `Retry-After`) instead of a
500. Real servers: Redis on a port where none listens; PostgreSQL behind a TCP gate the test
closes, as a network partition would."""

from __future__ import annotations

import asyncio
import contextlib

import httpx
from sqlalchemy.engine import make_url

from switchboard.server import ServerSettings, create_app
from tests.store.conftest import pg_url  # noqa: F401  (the PostgreSQL database fixture)

from .conftest import free_port, make_keys, make_server_app
from .demo import make_demo_manager

NOWHERE = f"redis://127.0.0.1:{free_port()}/0"
"""A Redis URL nothing listens on."""


class TcpGate:
    """Forwards a local port to `target` until `close()`: then every connection through it is
    cut and new ones are refused."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = 0
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()

    async def open(self) -> TcpGate:
        self._server = await asyncio.start_server(self._pipe, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(*self.target)
        self._writers |= {writer, up_writer}

        async def copy(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            with contextlib.suppress(ConnectionError):
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            dst.close()

        await asyncio.gather(copy(reader, up_writer), copy(up_reader, writer))

    async def close(self) -> None:
        assert self._server is not None
        self._server.close()
        for writer in self._writers:
            writer.transport.abort()
        await self._server.wait_closed()


async def test_redis_down_means_not_ready_and_typed_503s():
    app, keys = make_server_app(redis_url=NOWHERE)
    runtime = app.state.runtime
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://test"
    ) as client:
        await runtime.ready()
        ready = await client.get("/ready")
        assert ready.status_code == 503 and ready.headers["retry-after"] == "5"
        assert ready.json()["error"]["code"] == "unavailable"
        assert {d["name"]: d["ok"] for d in ready.json()["dependencies"]} == {
            "database": True,
            "redis": False,
        }
        response = await client.get("/sessions", headers=keys.auth(keys.alice))
        assert response.status_code == 503, response.text
        assert response.json()["error"]["code"] == "unavailable"
        assert response.headers["retry-after"] == "5"
        chat = await client.post(
            "/chat", json={"chatInput": "oi", "sessionId": "s"}, headers=keys.auth(keys.alice)
        )
        assert chat.status_code == 503 and chat.json()["error"]["code"] == "unavailable"
    await runtime.close()


async def test_ready_lists_its_dependencies_when_all_answer():
    app, _ = make_server_app()
    runtime = app.state.runtime
    await runtime.ready()
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://test"
    ) as client:
        ready = await client.get("/ready")
    assert ready.status_code == 200
    assert ready.json()["dependencies"] == [{"name": "database", "ok": True, "error": ""}]
    await runtime.close()


async def test_a_database_outage_means_not_ready_and_typed_503s(pg_url):  # noqa: F811
    url = make_url(pg_url)
    gate = await TcpGate((url.host or "127.0.0.1", url.port or 5432)).open()
    gated = url.set(port=gate.port).render_as_string(hide_password=False)
    keys = make_keys()
    app = create_app(
        ServerSettings(database_url="memory://", rate_limit_burst=1000),  # type: ignore[call-arg]
        apps={"demo": make_demo_manager(store=gated)},
        key_store=keys.store,
    )
    runtime = app.state.runtime
    auth = keys.auth(keys.alice)
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://test"
    ) as client:
        await runtime.ready()
        assert (await client.get("/ready")).status_code == 200
        first = await client.post("/chat", json={"chatInput": "oi", "sessionId": "s"}, headers=auth)
        assert first.status_code == 200
        await gate.close()
        await asyncio.sleep(1.1)  # past the probe's one-second memory of the last answer
        ready = await client.get("/ready")
        assert ready.status_code == 503
        assert {d["name"]: d["ok"] for d in ready.json()["dependencies"]} == {"database": False}
        for _ in range(2):  # the pool's cut connection first, then a refused new one
            chat = await client.post(
                "/chat", json={"chatInput": "oi", "sessionId": "s"}, headers=auth
            )
            assert chat.status_code == 503, chat.text
            assert chat.json()["error"]["code"] == "unavailable"
    await runtime.close()
