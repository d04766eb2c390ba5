"""Apps import only public faces: the rule, a scanner that lists what breaks it, and a codemod.

The rule (issue 23). A *face* is the `__init__` of a package one level below `switchboard`
(`switchboard.store`, `switchboard.patterns`, …) or of one app (`switchboard.apps.finance`), and
`switchboard` itself. Code under `src/switchboard/apps/` may import:

- `switchboard` and `switchboard.<x>` — a face, or a top-level module such as `switchboard.config`
  (taking only public names: those in its `__all__`, or not starting with `_` when it has none);
- anything inside its own app (`from .x import y`, `switchboard.apps.finance.nlu.text` from
  finance): that is the app's own code;
- another app's face, `switchboard.apps.<other>` — never what lies below it;
- `switchboard.apps` (the registry).

Anything deeper (`switchboard.store.sql.operations`, `switchboard.patterns.workflows`) is a
violation: subpackages such as `switchboard.patterns.workflows` are not faces;
`switchboard.patterns`
re-exports what apps take from them.

    python -m switchboard.testing.public_faces            # list the violations (exit 1 if any)
    python -m switchboard.testing.public_faces --write    # rewrite them to faces, then ruff

The rewrite is idempotent: it touches only violating statements, so it can be re-run after other
branches that edit apps are merged. Each name goes to `switchboard` when the top level exports that
same object, else to the face of the package it came from; a name the face lacks is left alone and
reported, with the line that adds it to the face (`--extend-faces` writes those lines).
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from types import ModuleType

from switchboard._faces import read_exports

ROOT = "switchboard"
APPS = "switchboard.apps"
SRC = Path(__file__).resolve().parents[2]
"""The `src` directory this package was imported from."""


@dataclass(frozen=True, slots=True)
class Site:
    """One import statement under `apps/`, with its module made absolute."""

    path: Path
    line: int
    end_line: int
    module: str
    names: tuple[tuple[str, str | None], ...]
    """(name, alias) pairs; empty for `import module`."""
    app: str | None
    """The app the importing file belongs to; None for `switchboard/apps/__init__.py`."""
    node: ast.Import | ast.ImportFrom = field(compare=False, repr=False)


def module_name(path: Path, src: Path = SRC) -> str:
    """`switchboard.apps.finance.app` for `src/switchboard/apps/finance/app.py`."""
    parts = path.relative_to(src).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def app_of(module: str) -> str | None:
    """The app a module belongs to (`finance` for `switchboard.apps.finance.nlu`), or None."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and module.startswith(APPS + ".") else None


def scan(src: Path = SRC) -> Iterator[Site]:
    """Every import of a `switchboard` module in the files under `src/switchboard/apps`, wherever
    it sits (module level, function, `if TYPE_CHECKING:`)."""
    for path in sorted((src / "switchboard" / "apps").rglob("*.py")):
        name = module_name(path, src)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        app = app_of(name)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.ImportFrom):
                module = _absolute(node, package)
                if _is_ours(module):
                    names = tuple((a.name, a.asname) for a in node.names)
                    yield Site(path, node.lineno, _end(node), module, names, app, node)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if _is_ours(alias.name):
                        yield Site(path, node.lineno, _end(node), alias.name, (), app, node)


def _absolute(node: ast.ImportFrom, package: str) -> str:
    if not node.level:
        return node.module or ""
    base = package.split(".")[: len(package.split(".")) - node.level + 1]
    return ".".join([*base, node.module] if node.module else base)


def _end(node: ast.stmt) -> int:
    return node.end_lineno or node.lineno


def _is_ours(module: str) -> bool:
    return module == ROOT or module.startswith(ROOT + ".")


def face_of(module: str) -> str:
    """The face that answers for `module`: `switchboard.store` for `switchboard.store.sql.x`,
    `switchboard.apps.finance` for `switchboard.apps.finance.ledger`."""
    parts = module.split(".")
    return ".".join(parts[:3] if module.startswith(APPS + ".") else parts[:2])


def allowed(module: str, app: str | None) -> bool:
    """Whether code of `app` may import `module` (the rule in this module's docstring)."""
    if app is not None and app_of(module) == app:
        return True
    return module == face_of(module) or module == APPS


def violations(src: Path = SRC) -> list[Site]:
    """The imports under `apps/` that reach below a face."""
    return [site for site in scan(src) if not allowed(site.module, site.app)]


def public_names(face: ModuleType) -> set[str] | None:
    """A face's public names: its `__all__`; None (any name not starting with `_`) without one."""
    names = getattr(face, "__all__", None)
    return None if names is None else set(names)


def foreign_names(src: Path = SRC) -> list[tuple[Site, str]]:
    """Names imported from a face that the face does not export (a private helper, a name it
    only imports, a submodule taken as a name)."""
    found: list[tuple[Site, str]] = []
    for site in scan(src):
        if not site.names or site.module != face_of(site.module) or site.app == app_of(site.module):
            continue
        face = import_module(site.module)
        exported = public_names(face)
        for name, _ in site.names:
            is_face = f"{site.module}.{name}" == face_of(f"{site.module}.{name}") and isinstance(
                getattr(face, name, None), ModuleType
            )
            ok = name.startswith("_") is False if exported is None else name in exported
            if not (ok or is_face):
                found.append((site, name))
    return found


@dataclass(slots=True)
class Rewrite:
    """What the codemod did: statements rewritten, names it could not place."""

    rewritten: int = 0
    names: int = 0
    missing: list[tuple[Site, str, str]] = field(default_factory=list)
    """(site, name, the face line that would export it)."""
    unhandled: list[Site] = field(default_factory=list)
    """`import switchboard.x.y` and statements that share a line: for a person."""
    files: set[Path] = field(default_factory=set)


def _target(name: str, module: str) -> tuple[str | None, str, str]:
    """(the face to import `name` from or None, the name the face exports it under, the line
    that would add it to its face).

    A face may export an object under another name when two of its subpackages use one name
    (`MissionPlan` for `switchboard.patterns.missions.plan.Plan`, beside the jobs' `Plan`): the
    alias is bound in the defining module, and the face re-exports it as `MissionPlan as
    MissionPlan`, the only spelling mypy takes as a re-export."""
    value = getattr(import_module(module), name)
    top = import_module(ROOT)
    if name in top.__all__ and getattr(top, name) is value:
        return ROOT, name, ""
    face_name = face_of(module)
    face = import_module(face_name)
    origin = _origin(value, name, module, face_name)
    line = f"    from {origin} import {name} as {name}"
    exported = public_names(face)
    if exported is not None and name in exported and getattr(face, name) is value:
        return face_name, name, line
    for other in _aliases(face, origin, value):
        return face_name, other, line
    return None, name, line


def _aliases(face: ModuleType, origin: str, value: object) -> list[str]:
    """Names under which `face` exports `value`, found among the names it loads from `origin`."""
    path = face.__file__
    if path is None:
        return []
    exports = read_exports(face.__name__, Path(path).read_text(encoding="utf-8"))
    candidates = [n for n, m in exports.lazy.items() if m == origin] + exports.eager
    return [n for n in candidates if getattr(face, n, None) is value]


def _origin(value: object, name: str, module: str, face: str) -> str:
    """Where a face should load `name` from: the module of the face's package that defines it
    (its `__module__`, or for a constant or an alias the end of the chain of `from … import`),
    so that loading it runs the same code as before; else the module the app imported it from."""
    defined = getattr(value, "__module__", None)
    if isinstance(defined, str) and defined.startswith(face + "."):
        home = sys.modules.get(defined) or import_module(defined)
        if getattr(home, name, None) is value:
            return defined
    seen = module
    while (source := imported_from(seen, name)) and source.startswith(face + "."):
        seen = source
    return seen


def imported_from(module: str, name: str) -> str | None:
    """The module `module` imports `name` from (`from m import name`), if it does."""
    spec = import_module(module).__spec__
    origin = spec.origin if spec else None
    if not origin or not origin.endswith(".py"):
        return None
    package = module if origin.endswith("__init__.py") else module.rpartition(".")[0]
    for node in ast.parse(Path(origin).read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and any(
            a.name == name and a.asname in (None, name) for a in node.names
        ):
            return _absolute(node, package)
    return None


def rewrite(src: Path = SRC, *, write: bool = False) -> Rewrite:
    """Rewrite every violating `from switchboard.x.y import …` under `apps/` to face imports."""
    result = Rewrite()
    by_file: dict[Path, list[Site]] = {}
    for site in violations(src):
        by_file.setdefault(site.path, []).append(site)
    for path, sites in by_file.items():
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        for site in sorted(sites, key=lambda s: s.line, reverse=True):
            replacement = _replacement(site, lines, result)
            if replacement is None:
                continue
            lines[site.line - 1 : site.end_line] = replacement
            result.rewritten += 1
            result.files.add(path)
        if write and path in result.files:
            path.write_text("".join(lines), encoding="utf-8")
    return result


def _replacement(site: Site, lines: list[str], result: Rewrite) -> list[str] | None:
    node = site.node
    first, last = lines[site.line - 1], lines[site.end_line - 1]
    indent = first[: node.col_offset]
    whole = not indent.strip() and not last[node.end_col_offset or 0 :].strip()
    if isinstance(node, ast.Import) or not whole:
        result.unhandled.append(site)
        return None
    groups: dict[str, list[str]] = {}
    for name, alias in site.names:
        face, exported, line = _target(name, site.module)
        local = alias or name
        spelled = exported if exported == local else f"{exported} as {local}"
        if face is None:
            result.missing.append((site, name, line))
            groups.setdefault(site.module, []).append(spelled)
        else:
            groups.setdefault(face, []).append(spelled)
            result.names += 1
    if list(groups) == [site.module]:
        return None  # nothing could move
    return [
        f"{indent}from {module} import {', '.join(names)}\n" for module, names in groups.items()
    ]


def extend_faces(missing: list[tuple[Site, str, str]], src: Path = SRC) -> set[Path]:
    """Add each missing name to its face's `if TYPE_CHECKING:` block (lazy); ruff sorts them.
    Its docstring is for a person to check: `tests/test_public_api.py` requires one."""
    changed: set[Path] = set()
    for site, name, line in missing:
        face = face_of(site.module)
        path = src / Path(*face.split(".")) / "__init__.py"
        text = path.read_text(encoding="utf-8")
        if line.strip() in text:
            continue
        if re.search(rf"\b{name} as {name}\b", text):
            print(f"{path}: exports another {name!r}; {site.path}:{site.line} needs a choice")
            continue
        marker = "if TYPE_CHECKING:\n"
        if marker not in text:
            print(f"{path}: no `if TYPE_CHECKING:` block; add by hand: {line.strip()}")
            continue
        path.write_text(text.replace(marker, marker + line + "\n", 1), encoding="utf-8")
        changed.add(path)
    return changed


def _ruff(paths: set[Path]) -> None:
    files = [str(p) for p in sorted(paths)]
    subprocess.run(
        [sys.executable, "-m", "ruff", "check", "-q", "--fix", "--select", "I,F401", *files],
        check=False,
    )
    subprocess.run([sys.executable, "-m", "ruff", "format", "-q", *files], check=False)


def main(argv: list[str] | None = None) -> int:
    """List the violations, or rewrite them (`--write`), optionally extending faces."""
    parser = argparse.ArgumentParser(prog="python -m switchboard.testing.public_faces")
    parser.add_argument("--write", action="store_true", help="rewrite apps' imports to faces")
    parser.add_argument(
        "--extend-faces", action="store_true", help="add names the faces lack, then rewrite"
    )
    args = parser.parse_args(argv)
    if args.extend_faces:
        added = extend_faces(rewrite().missing)
        if added:
            _ruff(added)
            print(f"faces extended: {', '.join(str(p) for p in sorted(added))}")
            # the faces changed on disk: a fresh interpreter reads them
            return subprocess.run(
                [sys.executable, "-m", "switchboard.testing.public_faces", "--write"], check=False
            ).returncode
    if args.write or args.extend_faces:
        result = rewrite(write=True)
        if result.files:
            _ruff(result.files)
        print(
            f"rewrote {result.rewritten} statements ({result.names} names) in "
            f"{len(result.files)} files"
        )
        for site, name, line in result.missing:
            print(
                f"{site.path}:{site.line}: {name} is not in {face_of(site.module)}: {line.strip()}"
            )
        for site in result.unhandled:
            print(f"{site.path}:{site.line}: rewrite by hand ({site.module})")
    left = violations()
    counted = sum(max(len(site.names), 1) for site in left)
    for site in left if not args.write else []:
        names = ", ".join(name for name, _ in site.names)
        print(f"{site.path.relative_to(SRC)}:{site.line}: {site.module} [{names}]")
    for site, name in foreign_names():
        print(f"{site.path.relative_to(SRC)}:{site.line}: {name} is not exported by {site.module}")
    print(f"{len(left)} statements importing {counted} names below a face")
    return 1 if left else 0


if __name__ == "__main__":
    raise SystemExit(main())
