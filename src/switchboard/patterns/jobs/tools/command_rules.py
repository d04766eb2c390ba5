"""Per-program option allow-lists of the terminal tool (defence in depth behind the sandbox).

Each allowed program (and each allowed git subcommand) lists the options it may take, exactly
as written, and whether each takes a value, a path value (which must stay inside the
workspace) or none. Anything else is refused, including abbreviations GNU getopt and git would
accept (`--compress-prog`, `--out`): only exact names match. Left out on purpose:
- options that write or read files named in their value outside the operands (`sort -o`,
  `--files0-from`, `-T`, `--random-source`, `wc --files0-from`, `diff --from-file` to a path
  outside, `git diff --output`, `git commit -F` outside, `--pathspec-from-file`);
- options that run programs (`sort --compress-program`, `git --ext-diff`, `--textconv`,
  `git init --template`, `--separate-git-dir`, any git global option such as `-c`/`-C`);
- options that never end or wait for a terminal (`tail -f`, `git add -p`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

Operands = Literal["paths", "text", "none", "pattern_then_paths"]
"""How non-option arguments are checked: paths inside the workspace, free text (echo), none
(pwd), or grep's "a pattern, then paths" (unless the pattern came with `-e`/`-f`)."""


@dataclass(frozen=True, slots=True)
class ProgramRule:
    flags: frozenset[str] = frozenset()
    """Options without a value: "-n", "--number" (short ones may be bundled: "-rn")."""
    values: frozenset[str] = frozenset()
    """Options with a required plain value: "-k 2", "-k2", "--key=2", "--key 2"."""
    path_values: frozenset[str] = frozenset()
    """Options whose value is a path (checked like a path operand)."""
    optional_values: frozenset[str] = frozenset()
    """Long options alone or with "=value" ("--color", "--color=never")."""
    pattern_options: frozenset[str] = frozenset()
    """Options that carry the pattern (then every operand is a path)."""
    operands: Operands = "paths"
    numeric: bool = False
    """Accepts "-5" (head, tail, git log)."""
    parse_options: bool = True
    """False: every argument is text (echo prints what it is given)."""

    @property
    def options(self) -> frozenset[str]:
        return self.flags | self.values | self.path_values | self.optional_values


def rule(
    flags: str = "",
    values: str = "",
    paths: str = "",
    optional: str = "",
    patterns: str = "",
    *,
    operands: Operands = "paths",
    numeric: bool = False,
    parse_options: bool = True,
) -> ProgramRule:
    """A `ProgramRule` from space-separated option lists (readable tables)."""
    return ProgramRule(
        flags=frozenset(flags.split()),
        values=frozenset(values.split()),
        path_values=frozenset(paths.split()),
        optional_values=frozenset(optional.split()),
        pattern_options=frozenset(patterns.split()),
        operands=operands,
        numeric=numeric,
        parse_options=parse_options,
    )


_HEAD_TAIL = rule(
    "-q -v -z --quiet --silent --verbose --zero-terminated",
    "-n -c --lines --bytes",
    numeric=True,
)

PROGRAM_RULES: Mapping[str, ProgramRule] = MappingProxyType(
    {
        "ls": rule(
            "-a -A -l -h -R -1 -s -S -t -r -d -F -p -i -n -g -o -G -U -X -v -c -u -m -x -C -Q "
            "--all --almost-all --human-readable --recursive --reverse --directory --classify "
            "--numeric-uid-gid --size --full-time --no-group --literal --quote-name "
            "--group-directories-first",
            "-I -w --ignore --hide --sort --format --width --time-style --block-size "
            "--indicator-style --time",
            optional="--color",
        ),
        "cat": rule(
            "-n -b -s -E -T -A -v -e -t -u --number --number-nonblank --squeeze-blank "
            "--show-ends --show-tabs --show-all --show-nonprinting"
        ),
        "head": _HEAD_TAIL,
        "tail": _HEAD_TAIL,
        "wc": rule("-c -m -l -L -w --bytes --chars --lines --max-line-length --words", "--total"),
        "grep": rule(
            "-i -y -v -w -x -c -l -L -n -h -H -o -q -s -r -E -F -G -a -I -z -Z -b -T "
            "--ignore-case --no-ignore-case --invert-match --word-regexp --line-regexp --count "
            "--files-with-matches --files-without-match --line-number --no-filename "
            "--with-filename --only-matching --quiet --silent --no-messages --recursive "
            "--extended-regexp --fixed-strings --basic-regexp --text --null --null-data "
            "--byte-offset --initial-tab",
            "-e -m -A -B -C --regexp --max-count --after-context --before-context --context "
            "--include --exclude --exclude-dir --binary-files --label",
            "-f --file --exclude-from",
            "--color --colour",
            "-e -f --regexp --file",
            operands="pattern_then_paths",
        ),
        "echo": rule(operands="text", parse_options=False),
        "pwd": rule("-L -P", operands="none"),
        "diff": rule(
            "-u -c -q -r -N -i -w -b -B -a -s -y -t -p -E -Z -d "
            "--brief --recursive --new-file --unidirectional-new-file --ignore-case "
            "--ignore-all-space --ignore-space-change --ignore-blank-lines --ignore-tab-expansion "
            "--ignore-trailing-space --text --report-identical-files --side-by-side "
            "--expand-tabs --show-c-function --minimal --strip-trailing-cr --suppress-common-lines "
            "--left-column --initial-tab --suppress-blank-empty --no-dereference --normal",
            "-U -C -W -x -I -F --unified --context --width --exclude --ignore-matching-lines "
            "--label --show-function-line --tabsize",
            "-X --exclude-from --from-file --to-file",
            "--color",
        ),
        "sort": rule(
            "-b -d -f -g -i -M -h -n -R -r -V -c -C -m -s -u -z "
            "--ignore-leading-blanks --dictionary-order --ignore-case --general-numeric-sort "
            "--ignore-nonprinting --month-sort --human-numeric-sort --numeric-sort "
            "--random-sort --reverse --version-sort --merge --stable --unique --zero-terminated",
            "-k -t --key --field-separator --sort --parallel",
            optional="--check --debug",
        ),
    }
)
"""Every program the terminal tool may run, besides git."""

_LOG_SHOW_FLAGS = (
    "--oneline --graph --all --decorate --no-decorate -p --patch --stat --shortstat "
    "--numstat --name-only --name-status --reverse --no-merges --merges --first-parent "
    "--abbrev-commit --no-color -s --no-patch --follow --date-order --topo-order --raw "
    "--no-ext-diff --no-textconv --summary"
)
_LOG_SHOW_VALUES = (
    "-n --max-count --skip --since --after --until --before --author --committer --grep "
    "--format --date --diff-filter -U --unified"
)

GIT_RULES: Mapping[str, ProgramRule] = MappingProxyType(
    {
        "status": rule(
            "-s --short -b --branch --long -v --verbose -z --no-renames --renames "
            "--ahead-behind --no-ahead-behind --show-stash -u",
            optional="--porcelain --untracked-files --ignored --column --no-column",
        ),
        "diff": rule(
            "--cached --staged --numstat --shortstat --name-only --name-status --summary "
            "--quiet --exit-code --no-color --no-ext-diff --no-textconv -w --ignore-all-space "
            "-b --ignore-space-change --ignore-blank-lines --check -p --patch -s --no-patch -R "
            "--raw --minimal --patience --histogram --no-index -a --text --no-renames -M",
            "-U --unified --diff-filter",
            optional="--color --stat --word-diff --find-renames",
        ),
        "add": rule(
            "-A --all -u --update -v --verbose -n --dry-run -f --force -N --intent-to-add "
            "--ignore-errors --ignore-missing --no-all --renormalize"
        ),
        "commit": rule(
            "-q --quiet -v --verbose -a --all --amend --allow-empty --allow-empty-message "
            "--no-edit --no-verify -n -s --signoff --no-gpg-sign --dry-run --short --porcelain "
            "--reset-author",
            "-m --message --author --date -C --reuse-message --fixup",
            "-F --file",
        ),
        "log": rule(
            _LOG_SHOW_FLAGS,
            _LOG_SHOW_VALUES,
            optional="--color --pretty --abbrev",
            numeric=True,
        ),
        "show": rule(
            _LOG_SHOW_FLAGS,
            _LOG_SHOW_VALUES,
            optional="--color --pretty --abbrev",
        ),
        "init": rule("-q --quiet", "-b --initial-branch"),
        "checkout": rule("-b", operands="text"),
        # only as `checkout -b <new branch>`: `terminal_policy.check_git` enforces the shape
    }
)
"""git subcommands and their options (no global options: the subcommand comes first)."""

__all__ = ["GIT_RULES", "PROGRAM_RULES", "Operands", "ProgramRule", "rule"]
