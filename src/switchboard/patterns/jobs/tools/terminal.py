"""Terminal tool: an allow-listed command as an argv list, run in the job's sandbox.

Two lines of defence, the first one sufficient on its own:
1. the sandbox (`patterns/jobs/sandbox`): bubblewrap namespaces with only the job's workspace
   writable, no network, a fresh PID namespace, an environment built from nothing, resource
   limits; where no sandbox works, the tool refuses every command (`SandboxUnavailableError`)
   instead of running it unconfined;
2. this policy: the program must be allow-listed, with only the options its `ProgramRule`
   lists (`command_rules.py`), and every path it names must stay in the workspace
   (`command_policy.py`); `git` only with an allow-listed subcommand first. Never a shell:
   the argv the model gave is exec'd as is, so `;`, `|`, `$()` and globs are plain characters.

A timeout kills the whole sandbox; output is capped.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field

from switchboard.patterns.jobs.errors import CommandTimeoutError, ForbiddenCommandError
from switchboard.patterns.jobs.sandbox import CommandResult, Sandbox
from switchboard.patterns.jobs.tools.command_policy import check_arguments, check_git
from switchboard.patterns.jobs.tools.command_rules import GIT_RULES, PROGRAM_RULES, ProgramRule
from switchboard.patterns.jobs.tools.context import workdir
from switchboard.tools.tool import Tool, ToolContext

DEFAULT_COMMANDS = frozenset({*PROGRAM_RULES, "git"})
DEFAULT_GIT_SUBCOMMANDS = frozenset(GIT_RULES)
"""`checkout` only as `checkout -b <branch>`."""


@dataclass(frozen=True, slots=True)
class TerminalPolicy:
    rules: Mapping[str, ProgramRule] = field(default_factory=lambda: PROGRAM_RULES)
    """Allowed programs (besides git) and their options."""
    git_rules: Mapping[str, ProgramRule] = field(default_factory=lambda: GIT_RULES)
    """Allowed git subcommands and their options; empty: no git."""
    timeout_s: float = 30.0
    output_cap: int = 20_000
    """Bytes of combined stdout+stderr kept; the rest is drained and dropped."""
    extra_env: Mapping[str, str] = field(default_factory=dict)
    """Added to the sandbox's environment (operator configuration, never the model's)."""

    @property
    def commands(self) -> frozenset[str]:
        return frozenset({*self.rules, *(["git"] if self.git_rules else [])})

    def check(self, argv: list[str], workspace: str) -> list[str]:
        """The argv to run, or a typed error saying (in pt-BR) what is not allowed."""
        if (
            not isinstance(argv, list)
            or not argv
            or not all(isinstance(a, str) and "\x00" not in a for a in argv)
        ):
            raise ForbiddenCommandError(
                "informe o comando como lista não vazia de argumentos de texto (sem NUL)"
            )
        program, *args = argv
        if "/" in program or program not in self.commands:
            raise ForbiddenCommandError(
                f"comando '{program}' não permitido; permitidos: "
                f"{', '.join(sorted(self.commands))}",
                command=program,
            )
        if program == "git":
            check_git(args, self.git_rules, workspace)
        else:
            check_arguments(program, args, self.rules[program], workspace)
        return list(argv)


async def run_command(
    argv: list[str], cwd: str, policy: TerminalPolicy, sandbox: Sandbox | None = None
) -> CommandResult:
    """Check `argv` against `policy`, then run it in the sandbox of workspace `cwd`."""
    command = policy.check(argv, cwd)
    result = await (sandbox or Sandbox()).run(
        command,
        workspace=cwd,
        timeout_s=policy.timeout_s,
        env=policy.extra_env,
        output_bytes=policy.output_cap,
    )
    if result.timed_out:
        raise CommandTimeoutError(
            f"o comando excedeu {policy.timeout_s:g}s e foi encerrado", command=argv[0]
        )
    return result


def terminal_tool(policy: TerminalPolicy | None = None, sandbox: Sandbox | None = None) -> Tool:
    """The `terminal` tool with this policy (the registry timeout leaves room for the kill)."""
    rules = policy or TerminalPolicy()
    runner = sandbox or Sandbox()

    async def terminal(command: list[str], context: ToolContext) -> str:
        result = await run_command(command, workdir(context), rules, runner)
        body: dict[str, object] = {
            "exit_code": result.exit_code,
            "output": result.output,
            "truncated": result.truncated,
        }
        if result.output_exceeded:
            body["killed"] = "saída grande demais: o comando foi encerrado"
        return json.dumps(body, ensure_ascii=False)

    git = ", ".join(sorted(rules.git_rules)) or "não"
    terminal.__doc__ = (
        "Executa um comando permitido no diretório de trabalho do job, isolado numa sandbox "
        "(sem rede, só o diretório do job gravável). Passe o comando como lista de argumentos, "
        'sem shell (ex.: ["git", "status"]). Permitidos: '
        f"{', '.join(sorted(rules.rules))}; git: {git} (checkout só como 'checkout -b')."
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
