"""Checks one argv against its program's `ProgramRule`, parsing options the way the programs do.

GNU getopt_long and git's parse-options agree on what matters here: short options bundle
(`-rn`), a short option's value may be attached (`-k2`, `-ofile`) or the next argument, a long
option's value follows `=` or is the next argument, options may come after operands
(permutation), and `--` ends the options. Parsing the same way means a value is never mistaken
for an operand, nor an option hidden inside a bundle (`-ro/etc/x` is `-r -o /etc/x`).

Paths (operands of path-taking programs, values of path options) must stay inside the
workspace: no absolute path, no `~`, no `..` component, and — resolved on the host — no symlink
leading out. This is the second line: the sandbox is the first, and it holds even when a check
here is wrong (the tests run the attacks with this policy switched off too).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from switchboard.patterns.jobs.errors import ForbiddenCommandError, PathEscapeError
from switchboard.patterns.jobs.tools.command_rules import ProgramRule


def check_path(value: str, workspace: str) -> None:
    """A path argument stays inside `workspace` (lexically and after resolving symlinks)."""
    if value == "-":
        return
    if os.path.isabs(value) or value.startswith("~"):
        raise PathEscapeError(
            f"argumento '{value}' sai do diretório de trabalho (caminho absoluto)", argument=value
        )
    if ".." in value.replace("\\", "/").split("/"):
        raise PathEscapeError(
            f"argumento '{value}' sai do diretório de trabalho ('..')", argument=value
        )
    root = os.path.realpath(workspace)
    real = os.path.realpath(os.path.join(root, value))
    if os.path.commonpath([root, real]) != root:
        raise PathEscapeError(
            f"argumento '{value}' aponta para fora do diretório de trabalho (link simbólico)",
            argument=value,
        )


def check_arguments(program: str, args: list[str], rule: ProgramRule, workspace: str) -> None:
    """Every option allowed by `rule`, every path inside `workspace`; else a typed error."""
    if not rule.parse_options:
        return
    operands: list[str] = []
    pattern_given = False
    index = 0
    while index < len(args):
        arg = args[index]
        index += 1
        if arg == "--":
            operands.extend(args[index:])
            break
        if arg == "-" or not arg.startswith("-"):
            operands.append(arg)
            continue
        if arg.startswith("--"):
            name, has_value, value = arg.partition("=")
            option_takes_value = name in rule.values or name in rule.path_values
            if (name in rule.flags and not has_value) or name in rule.optional_values:
                continue
            if not option_takes_value:
                raise _unknown(program, name, rule)
            if not has_value:
                value, index = _next_value(program, name, args, index)
        else:
            if rule.numeric and arg[1:].isdigit():
                continue
            name, value, index = _short_cluster(program, arg, args, index, rule)
            if not name:
                continue
        pattern_given = pattern_given or name in rule.pattern_options
        if name in rule.path_values:
            check_path(value, workspace)
    _check_operands(program, operands, rule, workspace, pattern_given)


def _short_cluster(
    program: str, arg: str, args: list[str], index: int, rule: ProgramRule
) -> tuple[str, str, int]:
    """("-k", its value, next index) for the cluster's valued option, or ("", "", index)."""
    for position in range(1, len(arg)):
        name = f"-{arg[position]}"
        if name in rule.flags:
            continue
        if name in rule.values or name in rule.path_values:
            attached = arg[position + 1 :]
            if attached:
                return name, attached, index
            value, index = _next_value(program, name, args, index)
            return name, value, index
        raise _unknown(program, name, rule)
    return "", "", index


def _next_value(program: str, name: str, args: list[str], index: int) -> tuple[str, int]:
    if index >= len(args):
        raise ForbiddenCommandError(
            f"a opção '{name}' de '{program}' precisa de um valor", command=program, option=name
        )
    return args[index], index + 1


def _check_operands(
    program: str, operands: list[str], rule: ProgramRule, workspace: str, pattern_given: bool
) -> None:
    if rule.operands == "text":
        return
    if rule.operands == "none":
        if operands:
            raise ForbiddenCommandError(
                f"'{program}' não aceita argumentos além das opções", command=program
            )
        return
    paths = operands
    if rule.operands == "pattern_then_paths" and not pattern_given:
        paths = operands[1:]
    for path in paths:
        check_path(path, workspace)


def _unknown(program: str, option: str, rule: ProgramRule) -> ForbiddenCommandError:
    allowed = " ".join(sorted(rule.options)) or "nenhuma"
    return ForbiddenCommandError(
        f"opção '{option}' não permitida em '{program}'; permitidas: {allowed}",
        command=program,
        option=option,
    )


def check_git(args: list[str], rules: Mapping[str, ProgramRule], workspace: str) -> None:
    """`git <subcommand> ...`: the subcommand first (so no global option such as `-c`, `-C`,
    `--git-dir`, `--exec-path`), allowed, and its options allowed; `checkout` only as
    `checkout -b <new branch>`."""
    sub = args[0] if args else ""
    rule = rules.get(sub)
    if rule is None:
        raise ForbiddenCommandError(
            f"'git {sub}' não permitido; subcomandos permitidos: {', '.join(sorted(rules))} "
            "(checkout só como 'checkout -b')",
            command="git",
            subcommand=sub,
        )
    if sub == "checkout" and (len(args) != 3 or args[1] != "-b" or args[2].startswith("-")):
        raise ForbiddenCommandError(
            "use 'git checkout -b <branch>' (só criar um branch novo)", subcommand=sub
        )
    check_arguments(f"git {sub}", args[1:], rule, workspace)


__all__ = ["check_arguments", "check_git", "check_path"]
