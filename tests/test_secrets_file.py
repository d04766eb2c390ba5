"""Issue 21, point 1: secrets out of the worker's environment where possible — read from
`SWITCHBOARD_SECRETS_FILE` at start-up, so `/proc/<pid>/environ` never shows them, and never
passed to a sandboxed command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import pytest

from switchboard.core.errors import ConfigurationError
from switchboard.secrets_file import SECRETS_FILE_ENV, load_secrets, read_secrets_file

CANARY = f"canary-{uuid.uuid4().hex}"


@pytest.fixture
def secrets(tmp_path: Path) -> Path:
    path = tmp_path / "secrets"
    path.write_text(
        f"# produção\nDATABASE_URL=postgresql://u:{CANARY}@db/x\n"
        f'OPENAI_API_KEY="sk-{CANARY}"\nREDIS_URL=redis://cache:6379\n'
    )
    path.chmod(0o600)
    return path


def test_the_file_fills_what_the_environment_does_not_set(secrets: Path) -> None:
    environ = {SECRETS_FILE_ENV: str(secrets), "REDIS_URL": "redis://explicit:6379"}
    assert load_secrets(environ) == ["DATABASE_URL", "OPENAI_API_KEY"]
    assert environ["OPENAI_API_KEY"] == f"sk-{CANARY}"
    assert environ["REDIS_URL"] == "redis://explicit:6379", "the environment wins"
    assert load_secrets({}) == []


def test_a_file_others_can_read_is_refused(secrets: Path, tmp_path: Path) -> None:
    secrets.chmod(0o644)
    with pytest.raises(ConfigurationError, match="chmod 600"):
        read_secrets_file(str(secrets))
    with pytest.raises(ConfigurationError, match="cannot be read"):
        read_secrets_file(str(tmp_path / "missing"))


WORKER = textwrap.dedent(
    """
    import asyncio, json, os, sys, tempfile
    from switchboard.secrets_file import load_secrets
    from switchboard.patterns.jobs.sandbox import Sandbox

    load_secrets()
    canary = sys.argv[1]
    ws = tempfile.mkdtemp()
    seen = asyncio.run(Sandbox().run(
        ["sh", "-c", "env; cat /proc/1/environ /proc/self/environ"], workspace=ws
    ))
    print(json.dumps({
        "loaded": canary in os.environ["DATABASE_URL"],
        "proc_environ": canary in open("/proc/self/environ", errors="replace").read(),
        "sandbox": canary in seen.output,
    }))
    """
)


def test_a_worker_using_the_file_shows_no_secret(secrets: Path) -> None:
    env = {"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/tmp")}
    done = subprocess.run(
        [sys.executable, "-c", WORKER, CANARY],
        env={**env, SECRETS_FILE_ENV: str(secrets)},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert json.loads(done.stdout.splitlines()[-1]) == {
        "loaded": True,
        "proc_environ": False,
        "sandbox": False,
    }


def test_the_cli_loads_the_file_before_any_command(secrets: Path) -> None:
    secrets.chmod(0o644)
    env = {"PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/tmp")}
    done = subprocess.run(
        [str(Path(sys.executable).parent / "switchboard"), "worker", "--help"],
        env={**env, SECRETS_FILE_ENV: str(secrets)},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode != 0 and "chmod 600" in done.stderr
