"""One command for a local multi-process deployment: 2 × `switchboard serve` + 2 × `switchboard
worker` on one PostgreSQL database and one Redis, all on 127.0.0.1.

    .venv/bin/python deploy/run.py [--db NAME] [--apis 2] [--workers 2] [--keep-db]

Run with any other Python (`python3 deploy/run.py`), it starts itself again with the checkout's
`.venv` (made by `make run` / `make test`), where Switchboard and its dependencies are installed;
without one it says how to make it.

What it does, in order (the `Procfile` lists the same processes):
1. creates a fresh PostgreSQL database (`--db`, default `sb_deploy_<random>`) on
   127.0.0.1:5432 as user `postgres`, dropped again on exit unless `--keep-db`;
2. picks a Redis logical database nobody uses (`--redis-db`, default the first empty one of
   1..15) and a unique rate-limit key prefix. Session locks use a fixed key prefix
   (`sessions/redis_locks.py`), so a dedicated logical database is what isolates them;
3. creates user `load` and an API key (`switchboard users create` / `keys create`), which also
   runs the schema migrations once, before any server starts;
4. starts the API processes on free ports with `SWITCHBOARD_JOBS_WORKER=off` (they only enqueue
   jobs) and the worker processes (`switchboard worker`), each in its own process group;
5. waits for `GET /ready` on every API, prints the URLs and the key;
6. on Ctrl-C / SIGTERM sends SIGTERM to every process group, SIGKILL after a grace period.

`Deployment` is also the harness of `bench/deploy/load_test.py` and
`tests/deploy/test_multiprocess.py` (which kill processes with `kill(name)`).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

PG_HOST = "127.0.0.1"
PG_PORT = 5432
PG_USER = "postgres"
REDIS_HOST = "127.0.0.1"
REDIS_PORT = 6379
USER_ID = "load"
APPS = ("support", "jobs")
# Load tests send far more than a person does; the per-user bucket would answer 429.
RATE_LIMIT_PER_SECOND = "100000"
RATE_LIMIT_BURST = "100000"

# The Redis session lock lease (120 s in `sessions/redis_locks.py`) is what a turn on a killed
# process leaves behind: its session waits that long on another process. `--lock-lease` starts
# the processes through this shim, which lowers the default lease (chaos tests only: the lease is
# not renewed, so it must exceed the longest turn). See the report: the lease wants a setting.
_SHIM = (
    "import sys;"
    "from switchboard.sessions import redis_locks as m;"
    "lease = sys.argv.pop(1);"
    "lease and m.RedisSessionLocks.__init__.__kwdefaults__.update(lease_seconds=float(lease));"
    "from switchboard.cli.main import app;"
    "sys.argv[0] = 'switchboard';"
    "app()"
)
"""`python -c` rather than `python -m switchboard.cli.main`: run as `__main__`, that module is
not the `switchboard.cli.main` its sub-command modules register on."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def pg_url(database: str) -> str:
    return f"postgresql://{PG_USER}@{PG_HOST}:{PG_PORT}/{database}"


def _pg_admin(sql: str) -> None:
    import psycopg

    with psycopg.connect(pg_url("postgres"), autocommit=True) as conn:
        conn.execute(sql)  # a literal built from a checked name


def create_database(name: str) -> None:
    if not name.replace("_", "").isalnum():
        raise ValueError(f"database name must be [A-Za-z0-9_]: {name!r}")
    _pg_admin(f'CREATE DATABASE "{name}"')


def drop_database(name: str) -> None:
    _pg_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def empty_redis_db() -> int:
    """The first logical database of 1..15 without keys (0 is everybody's default)."""
    import redis

    for db in range(1, 16):
        client = redis.Redis(host=REDIS_HOST, port=REDIS_PORT, db=db)
        try:
            if client.dbsize() == 0:
                return db
        finally:
            client.close()
    raise RuntimeError("no empty Redis logical database in 1..15; pass --redis-db")


@dataclass(slots=True)
class Proc:
    name: str
    argv: list[str]
    popen: subprocess.Popen[bytes]
    url: str | None = None

    @property
    def alive(self) -> bool:
        return self.popen.poll() is None


@dataclass(slots=True)
class Deployment:
    """A running deployment (build it with `start`). Logs go to `log_dir/<name>.log`."""

    database: str
    redis_db: int
    log_dir: Path
    keep_db: bool = False
    lock_lease: float | None = None
    owns_redis_db: bool = False
    """True when `start` picked an empty logical db: `stop` then empties it again."""
    env: dict[str, str] = field(default_factory=dict)
    key: str = ""
    procs: dict[str, Proc] = field(default_factory=dict)

    @property
    def api_urls(self) -> list[str]:
        return [p.url for p in self.procs.values() if p.url is not None]

    def _command(self, *args: str) -> list[str]:
        lease = "" if self.lock_lease is None else str(self.lock_lease)
        return [sys.executable, "-c", _SHIM, lease, *args]

    def cli(self, *args: str) -> str:
        done = subprocess.run(
            self._command(*args), env=self.env, capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(f"switchboard {' '.join(args)} failed: {done.stderr[-2000:]}")
        return done.stdout.strip().splitlines()[-1]

    def spawn(
        self, name: str, args: list[str], *, extra_env: dict[str, str], url: str | None
    ) -> None:
        log = (self.log_dir / f"{name}.log").open("ab")
        popen = subprocess.Popen(
            self._command(*args),
            env={**self.env, **extra_env},
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: stopped/killed as a whole
        )
        log.close()
        self.procs[name] = Proc(name, args, popen, url)

    def kill(self, name: str, sig: signal.Signals = signal.SIGKILL) -> None:
        proc = self.procs[name]
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.popen.pid, sig)
        if sig == signal.SIGKILL:
            proc.popen.wait()

    def wait_ready(self, timeout: float = 90.0) -> None:
        deadline = time.monotonic() + timeout
        for proc in self.procs.values():
            if proc.url is None:
                continue
            while True:
                if not proc.alive:
                    raise RuntimeError(f"{proc.name} exited; see {self.log_dir}/{proc.name}.log")
                try:
                    with urllib.request.urlopen(proc.url + "/ready", timeout=2) as response:
                        if response.status == 200:
                            break
                except (urllib.error.URLError, OSError):
                    pass
                if time.monotonic() > deadline:
                    raise TimeoutError(f"{proc.name} not ready after {timeout:.0f} s")
                time.sleep(0.2)

    def stop(self, grace: float = 15.0) -> None:
        """SIGTERM every process group, SIGKILL what is left after `grace`; drop the database."""
        for proc in self.procs.values():
            if proc.alive:
                self.kill(proc.name, signal.SIGTERM)
        deadline = time.monotonic() + grace
        for proc in self.procs.values():
            try:
                proc.popen.wait(max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                self.kill(proc.name)
        if not self.keep_db:
            drop_database(self.database)
        if not self.keep_db and self.owns_redis_db:
            import redis

            redis.Redis(host=REDIS_HOST, port=REDIS_PORT, db=self.redis_db).flushdb()


def start(
    *,
    apis: int = 2,
    workers: int = 2,
    database: str | None = None,
    redis_db: int | None = None,
    log_dir: Path | None = None,
    keep_db: bool = False,
    lock_lease: float | None = None,
) -> Deployment:
    """Create the database, the user and key, start every process and wait until ready."""
    database = database or f"sb_deploy_{secrets.token_hex(4)}"
    owns_redis_db = redis_db is None
    redis_db = empty_redis_db() if redis_db is None else redis_db
    log_dir = log_dir or Path("var") / "deploy" / database
    log_dir.mkdir(parents=True, exist_ok=True)
    create_database(database)
    env = {
        **os.environ,
        "DATABASE_URL": pg_url(database),
        "REDIS_URL": f"redis://{REDIS_HOST}:{REDIS_PORT}/{redis_db}",
        "SWITCHBOARD_RATE_LIMIT_PREFIX": f"{database}:rl:",
        "SWITCHBOARD_RATE_LIMIT_PER_SECOND": RATE_LIMIT_PER_SECOND,
        "SWITCHBOARD_RATE_LIMIT_BURST": RATE_LIMIT_BURST,
        "SWITCHBOARD_MODEL": "embedded",
    }
    deployment = Deployment(database, redis_db, log_dir, keep_db, lock_lease, owns_redis_db, env)
    try:
        deployment.cli("users", "create", USER_ID)
        deployment.key = deployment.cli("keys", "create", USER_ID, "--label", "deploy")
        app_args = [arg for name in APPS for arg in ("--app", name)]
        for index in range(apis):
            port = free_port()
            deployment.spawn(
                f"api{index + 1}",
                ["serve", "--port", str(port), *app_args, "--log-level", "warning"],
                extra_env={"SWITCHBOARD_JOBS_WORKER": "off"},
                url=f"http://127.0.0.1:{port}",
            )
        for index in range(workers):
            deployment.spawn(f"worker{index + 1}", ["worker"], extra_env={}, url=None)
        deployment.wait_ready()
    except BaseException:
        deployment.stop(grace=5)
        raise
    return deployment


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", help="PostgreSQL database to create (default: generated)")
    parser.add_argument("--redis-db", type=int, help="Redis logical database (default: empty one)")
    parser.add_argument("--apis", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--keep-db", action="store_true", help="keep the database on exit")
    parser.add_argument("--lock-lease", type=float, help="session lock lease, s (chaos tests)")
    args = parser.parse_args(argv)
    deployment = start(
        apis=args.apis,
        workers=args.workers,
        database=args.db,
        redis_db=args.redis_db,
        keep_db=args.keep_db,
        lock_lease=args.lock_lease,
    )
    stop = False

    def on_signal(signum: int, frame: object) -> None:
        nonlocal stop
        stop = True

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    print(f"database  {pg_url(deployment.database)}")
    print(f"redis     {deployment.env['REDIS_URL']}")
    for proc in deployment.procs.values():
        print(f"{proc.name:<9} pid {proc.popen.pid:<7} {proc.url or 'jobs worker'}")
    print(f"api key   {deployment.key}   (user {USER_ID})")
    print(f"logs      {deployment.log_dir}/   Ctrl-C stops everything")
    sys.stdout.flush()
    try:
        while not stop:
            time.sleep(0.5)
            dead = [p.name for p in deployment.procs.values() if not p.alive]
            if dead:
                print(f"exited: {', '.join(dead)} (the others keep running)", file=sys.stderr)
                for name in dead:
                    deployment.procs[name].url = None
                    deployment.procs.pop(name)
    finally:
        deployment.stop()
    return 0


def _in_project_venv() -> None:
    """Re-run this script with the checkout's `.venv` when the current Python lacks the project
    (issue 22: `PYTHONPATH=src python deploy/run.py` failed outside an activated venv)."""
    try:
        import psycopg  # noqa: F401
        import redis  # noqa: F401

        import switchboard  # noqa: F401
    except ImportError as missing:
        venv_python = Path(__file__).resolve().parents[1] / ".venv" / "bin" / "python"
        if not venv_python.exists() or Path(sys.executable) == venv_python:
            sys.exit(f"deploy/run.py needs the project installed ({missing}); run `make test` or "
                     "`make run` once to create .venv, then `.venv/bin/python deploy/run.py`")
        os.execv(venv_python, [str(venv_python), __file__, *sys.argv[1:]])


if __name__ == "__main__":
    _in_project_venv()
    sys.exit(main())
