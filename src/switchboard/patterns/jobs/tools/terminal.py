"""Terminal tool: an allow-listed command as an argv list, in the job's working directory.

Never a shell: `asyncio.create_subprocess_exec` with the argv the model gave, so `;`, `|`, `$()`
and globs are plain characters. Further guards, since this is a guard rail and not a sandbox:
- the program must be on the allow-list; `git` only with an allow-listed subcommand as its first
  argument (no global options such as `-c` or `-C`, which can run commands or leave the
  directory), and Switchboard adds `-c core.hooksPath=/dev/null` so no repository hook runs;
- arguments that are absolute paths or contain `..` are refused (stay in the working directory);
- the environment is built from scratch (PATH, HOME = working dir, locale, git identity): no
  variable of the worker's environment — API keys, database URLs — reaches the command;
- a timeout kills the whole process group (children included), and output is capped.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
from collections.abc import Mapping
from dataclasses import dataclass, field

from switchboard.patterns.jobs.errors import (
    CommandTimeoutError,
    ForbiddenCommandError,
    PathEscapeError,
)
from switchboard.patterns.jobs.tools.context import workdir
from switchboard.tools.tool import Tool, ToolContext

DEFAULT_COMMANDS = frozenset(
    {"ls", "cat", "head", "tail", "wc", "grep", "echo", "pwd", "diff", "sort", "git"}
)
DEFAULT_GIT_SUBCOMMANDS = frozenset(
    {"status", "diff", "add", "commit", "log", "init", "show", "checkout"}
)
"""`checkout` only as `checkout -b <branch>` (see `TerminalPolicy.check`)."""
SAFE_PATH = "/usr/local/bin:/usr/bin:/bin"


@dataclass(frozen=True, slots=True)
class TerminalPolicy:
    commands: frozenset[str] = DEFAULT_COMMANDS
    git_subcommands: frozenset[str] = DEFAULT_GIT_SUBCOMMANDS
    timeout_s: float = 30.0
    output_cap: int = 20_000
    """Bytes of combined stdout+stderr kept; the rest is drained and dropped."""
    extra_env: Mapping[str, str] = field(default_factory=dict)

    def check(self, argv: list[str]) -> list[str]:
        """The argv to run (git gets its safety options), or a typed error."""
        if not argv or not all(isinstance(a, str) for a in argv):
            raise ForbiddenCommandError("informe o comando como lista de argumentos não vazia")
        program, *args = argv
        if "/" in program or program not in self.commands:
            raise ForbiddenCommandError(
                f"comando '{program}' não permitido; permitidos: "
                f"{', '.join(sorted(self.commands))}",
                command=program,
            )
        for arg in args:
            if "\x00" in arg:
                raise ForbiddenCommandError("argumento inválido (contém NUL)")
            if os.path.isabs(arg) or ".." in arg.replace("\\", "/").split("/"):
                raise PathEscapeError(
                    f"argumento '{arg}' sai do diretório de trabalho (caminho absoluto ou '..')",
                    argument=arg,
                )
        if program != "git":
            return list(argv)
        sub = args[0] if args else ""
        if sub not in self.git_subcommands:
            raise ForbiddenCommandError(
                f"'git {sub}' não permitido; subcomandos permitidos: "
                f"{', '.join(sorted(self.git_subcommands))} (checkout só como 'checkout -b')",
                command="git",
                subcommand=sub,
            )
        if sub == "checkout" and (len(args) != 3 or args[1] != "-b"):
            raise ForbiddenCommandError(
                "use 'git checkout -b <branch>' (só criar um branch novo)", subcommand=sub
            )
        return ["git", "-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", *args]

    def environment(self, cwd: str) -> dict[str, str]:
        env = {
            "PATH": SAFE_PATH,
            "HOME": cwd,
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "TERM": "dumb",
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CONFIG_GLOBAL": os.devnull,
            "GIT_TERMINAL_PROMPT": "0",
            "GIT_AUTHOR_NAME": "Switchboard",
            "GIT_AUTHOR_EMAIL": "agent@switchboard.local",
            "GIT_COMMITTER_NAME": "Switchboard",
            "GIT_COMMITTER_EMAIL": "agent@switchboard.local",
            "GIT_PAGER": "cat",
            "PAGER": "cat",
        }
        env.update(self.extra_env)
        return env


@dataclass(frozen=True, slots=True)
class CommandResult:
    exit_code: int
    output: str
    truncated: bool


async def run_command(argv: list[str], cwd: str, policy: TerminalPolicy) -> CommandResult:
    command = policy.check(argv)
    process = await asyncio.create_subprocess_exec(
        *command,
        cwd=cwd,
        env=policy.environment(cwd),
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        output, truncated = await asyncio.wait_for(
            _read_capped(process, policy.output_cap), policy.timeout_s
        )
        code = await asyncio.wait_for(process.wait(), policy.timeout_s)
    except (TimeoutError, asyncio.CancelledError) as exc:
        _kill_group(process.pid)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(process.wait(), 2.0)
        if isinstance(exc, asyncio.CancelledError):
            raise
        raise CommandTimeoutError(
            f"o comando excedeu {policy.timeout_s:g}s e foi encerrado", command=argv[0]
        ) from None
    return CommandResult(code, output.decode("utf-8", errors="replace"), truncated)


async def _read_capped(process: asyncio.subprocess.Process, cap: int) -> tuple[bytes, bool]:
    assert process.stdout is not None
    kept = bytearray()
    truncated = False
    while chunk := await process.stdout.read(65_536):
        room = cap - len(kept)
        if room > 0:
            kept += chunk[:room]
        truncated = truncated or len(chunk) > room
    return bytes(kept), truncated


def _kill_group(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


def terminal_tool(policy: TerminalPolicy | None = None) -> Tool:
    """The `terminal` tool with this policy (the registry timeout leaves room for the kill)."""
    rules = policy or TerminalPolicy()

    async def terminal(command: list[str], context: ToolContext) -> str:
        result = await run_command(command, workdir(context), rules)
        return json.dumps(
            {"exit_code": result.exit_code, "output": result.output, "truncated": result.truncated},
            ensure_ascii=False,
        )

    terminal.__doc__ = (
        "Executa um comando permitido no diretório de trabalho do job. Passe o comando como lista "
        'de argumentos, sem shell (ex.: ["git", "status"]). Permitidos: '
        f"{', '.join(sorted(rules.commands))}; git: {', '.join(sorted(rules.git_subcommands))}."
    )
    return Tool(
        terminal, name="terminal", timeout=rules.timeout_s + 5, status="Executando comando..."
    )


__all__ = [
    "DEFAULT_COMMANDS",
    "DEFAULT_GIT_SUBCOMMANDS",
    "CommandResult",
    "TerminalPolicy",
    "run_command",
    "terminal_tool",
]
