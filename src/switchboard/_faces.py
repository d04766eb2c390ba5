"""Public faces: a package's `__init__` names each export once, as a re-export import, and
`attach` derives `__all__`, `__dir__` and a lazy `__getattr__` from those same lines.

Why one list in this shape: mypy (strict, no implicit re-export) sees only names imported
statically as `from m import X as X`, so those imports have to be written anyway; a literal
`__all__` and a name → module table beside them were two more copies to keep in step. A face
writes its exports under `if TYPE_CHECKING:` — loaded on first attribute access, so importing a
face (or any module below it, which runs the face first) drags in no SQLAlchemy, scikit-learn or
DBOS — or at module level when the name is light or shares its name with a submodule (the
import system would otherwise leave the submodule in that attribute: `switchboard.tools.tool`).
This is Scientific Python's SPEC 1 (`lazy_loader.attach_stub`, which reads a `.pyi` stub); here
the face is its own stub.

The lines are read with a regular expression, not `ast`: importing `ast` costs more than all of
`import switchboard`. `tests/test_public_api.py` parses every face with `ast` and checks that both
readings agree, so a line this reader would miss fails there.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from importlib import import_module
from typing import Any, NamedTuple

_IMPORT = re.compile(
    r"^(?P<indent>[ \t]*)from[ \t]+(?P<module>\.*[\w.]*)[ \t]+import[ \t]+"
    r"(?P<names>\([^)]*\)|[^\n]*)",
    re.MULTILINE,
)
_REEXPORT = re.compile(r"\b(\w+)\s+as\s+\1\b")


class Exports(NamedTuple):
    """What a face re-exports: names loaded on first use (→ their module) and names bound at
    import time."""

    lazy: dict[str, str]
    eager: list[str]

    @property
    def names(self) -> list[str]:
        """The face's `__all__`: every re-exported name, sorted."""
        return sorted([*self.lazy, *self.eager])


def read_exports(package: str, source: str) -> Exports:
    """The re-exports (`from m import X as X`) in the source of face `package`: indented ones
    (under `if TYPE_CHECKING:`) are lazy, module-level ones eager."""
    lazy: dict[str, str] = {}
    eager: list[str] = []
    for found in _IMPORT.finditer(source):
        names = _REEXPORT.findall(found["names"])
        if not names:
            continue
        module = _absolute(found["module"], package)
        if found["indent"]:
            lazy.update(dict.fromkeys(names, module))
        else:
            eager.extend(names)
    return Exports(lazy, eager)


def _absolute(module: str, package: str) -> str:
    level = len(module) - len(module.lstrip("."))
    if not level:
        return module
    base = package.split(".")[: len(package.split(".")) - level + 1]
    return ".".join([*base, module[level:]] if module[level:] else base)


def attach(package: str) -> tuple[Callable[[str], Any], Callable[[], list[str]], list[str]]:
    """`__getattr__`, `__dir__` and `__all__` for face `package`, read from its own source.

    Called from the face's body (`__getattr__, __dir__, __all__ = attach(__name__)`), when the
    module is already in `sys.modules`. A lazy name, once loaded, is stored in the face's
    namespace, so `__getattr__` runs once per name."""
    face = sys.modules[package]
    path = face.__file__
    if path is None:  # a namespace package has no source to read
        raise ImportError(f"face {package!r} has no source file", name=package)
    with open(path, encoding="utf-8") as file:
        exports = read_exports(package, file.read())
    names = exports.names

    def __getattr__(name: str) -> Any:
        module = exports.lazy.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module), name)
        setattr(face, name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*face.__dict__, *exports.lazy})

    return __getattr__, __dir__, names
