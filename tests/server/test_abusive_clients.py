"""Issue 14, item 8: slow and abusive clients. A body that never arrives whole is a 408 within
`body_read_timeout_seconds` (raw socket against a live uvicorn); invalid keys are rate-limited per
client address before any key lookup; rate-limit buckets live in Redis when `REDIS_URL` is set
(shared by processes, kept across restarts)."""

from __future__ import annotations

import socket
import time

import httpx
import pytest

from switchboard.core.clock import ManualClock
from switchboard.server.auth import InMemoryApiKeyStore
from switchboard.server.errors import RateLimitedError
from switchboard.server.rate_limit import RateLimiter, RedisBuckets

from .conftest import REDIS_URL, Keys, live_server, make_server_app, run_now


def test_a_body_that_never_arrives_whole_is_cut_off_with_408():
    app, keys = make_server_app(body_read_timeout_seconds=0.5)
    with live_server(app) as url:
        port = int(url.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            head = (
                "POST /chat HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                f"Authorization: Bearer {keys.alice}\r\n"
                "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n"
            )
            partial = b'{"chatInput": "oi", "sessionId": "slo"'
            assert len(partial) == 38
            started = time.monotonic()
            sock.sendall(head.encode() + partial)
            received = b""
            while chunk := sock.recv(4096):  # until the server closes the connection
                received += chunk
            elapsed = time.monotonic() - started
    assert received.startswith(b"HTTP/1.1 408"), received
    assert b'"code":"request_timeout"' in received.replace(b" ", b"")
    assert 0.4 < elapsed < 5


class CountingKeyStore(InMemoryApiKeyStore):
    def __init__(self) -> None:
        super().__init__()
        self.lookups = 0

    async def authenticate(self, key: str) -> str | None:
        self.lookups += 1
        return await super().authenticate(key)


def counting_keys() -> Keys:
    store = CountingKeyStore()

    async def setup() -> tuple[str, str]:
        await store.create_user("alice")
        await store.create_user("bob")
        return (await store.create_key("alice"))[0], (await store.create_key("bob"))[0]

    alice, bob = run_now(setup())
    return Keys(store=store, alice=alice, bob=bob)


async def test_invalid_keys_are_rate_limited_per_address_and_a_valid_key_is_never_refused():
    """Issue 22: after 20 bad keys from an address, every user at that address was refused,
    valid keys included. Guesses are still refused without a lookup; real keys pass."""
    clock = ManualClock()
    keys = counting_keys()
    store = keys.store
    assert isinstance(store, CountingKeyStore)
    app, _ = make_server_app(
        clock=clock, keys=keys, auth_failure_burst=5, auth_failure_per_second=0.5
    )
    guesser = httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app, client=("203.0.113.7", 5000)), base_url="http://t"
    )
    other = httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app, client=("198.51.100.2", 5000)), base_url="http://t"
    )
    async with guesser, other:
        wrong = {"Authorization": "Bearer sb-guess"}
        first = [(await guesser.get("/sessions", headers=wrong)).status_code for _ in range(5)]
        assert first == [401] * 5 and store.lookups == 5
        for n in range(20):
            guess = {"Authorization": f"Bearer sb-guess-{n}"}
            limited = await guesser.get("/sessions", headers=guess)
            assert limited.status_code == 429
            assert limited.json()["error"]["code"] == "rate_limited"
        assert limited.headers["retry-after"] == "2"
        assert store.lookups == 5  # no lookup while refused
        # a real key from the same address is looked up and served, any number of times
        for _ in range(3):
            served = await guesser.get("/sessions", headers=keys.auth(keys.alice))
            assert served.status_code == 200
        assert (await other.get("/sessions", headers=keys.auth(keys.bob))).status_code == 200
        # a guess shaped like a real key's start costs one lookup, and is still refused
        lookalike = {"Authorization": "Bearer " + keys.alice[:7] + "x" * 40}
        assert (await guesser.get("/sessions", headers=lookalike)).status_code == 401
        await clock.advance(2)
        assert (await guesser.get("/sessions", headers=wrong)).status_code == 401
        assert (await guesser.get("/sessions", headers=wrong)).status_code == 429


async def test_a_key_created_elsewhere_is_known_at_once_to_an_exhausted_address():
    clock = ManualClock()
    keys = counting_keys()
    app, _ = make_server_app(
        clock=clock, keys=keys, auth_failure_burst=1, auth_failure_per_second=0.01
    )
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app, client=("203.0.113.8", 5000)), base_url="http://t"
    ) as client:
        assert (
            await client.get("/sessions", headers={"Authorization": "Bearer sb-x"})
        ).status_code == 401
        assert (
            await client.get("/sessions", headers={"Authorization": "Bearer sb-y"})
        ).status_code == 429
        new_key, _ = await keys.store.create_key("bob")  # e.g. by `switchboard keys create`
        await clock.advance(1)
        assert (await client.get("/sessions", headers=keys.auth(new_key))).status_code == 200


async def test_redis_buckets_are_shared_by_processes_and_survive_a_restart(redis_prefix):
    clock = ManualClock()

    def process() -> tuple[RedisBuckets, RateLimiter]:
        buckets = RedisBuckets.from_url(REDIS_URL, clock=clock, prefix=redis_prefix)
        return buckets, RateLimiter(buckets, per_second=0.5, burst=3, scope="user")

    (b1, one), (b2, two) = process(), process()
    await one.check("alice")
    await two.check("alice")
    await one.check("alice")
    with pytest.raises(RateLimitedError) as limited:
        await two.check("alice")
    assert limited.value.retry_after == 2
    await two.check("bob")  # per key
    await b1.aclose()
    await b2.aclose()

    restarted, limiter = process()
    with pytest.raises(RateLimitedError):
        await limiter.check("alice")
    await clock.advance(2)
    await limiter.check("alice")
    with pytest.raises(RateLimitedError):
        await limiter.check("alice")
    ttl = await restarted.redis.pttl(redis_prefix + "user:alice")
    assert 0 < ttl <= 7000  # an idle bucket expires once it would be full again
    await restarted.aclose()


async def test_the_server_uses_redis_buckets_when_redis_url_is_set(redis_prefix):
    keys = counting_keys()
    servers = [
        make_server_app(
            keys=keys,
            redis_url=REDIS_URL,
            rate_limit_prefix=redis_prefix,
            rate_limit_burst=2,
            rate_limit_per_second=0.01,
        )[0]
        for _ in range(2)
    ]
    statuses = []
    for app in (*servers, servers[0]):
        async with httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://t"
        ) as client:
            statuses.append(
                (await client.get("/sessions", headers=keys.auth(keys.alice))).status_code
            )
    assert statuses == [200, 200, 429]
    for app in servers:
        await app.state.runtime.buckets.aclose()
