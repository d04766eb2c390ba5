"""The public API is a contract. `switchboard` and each package's face (`switchboard.store`,
`switchboard.patterns`, …) list their exports once, as re-export imports (`switchboard._faces`);
apps import only from those faces (the rule: `switchboard.testing.public_faces`), and every name a
face exports says what it is for."""

from __future__ import annotations

import ast
import inspect
import subprocess
import sys
from importlib import import_module
from pathlib import Path
from types import FunctionType, ModuleType

import pytest

import switchboard
from switchboard._faces import read_exports
from switchboard.testing import public_faces
from switchboard.testing.public_faces import SRC, allowed, foreign_names, imported_from, violations

PUBLIC = [
    "AgentCard",
    "AgentEvent",
    "AgentHandler",
    "AgentRouting",
    "AgentSpec",
    "AppFactory",
    "AppOptions",
    "BuilderFactory",
    "ChatApp",
    "Clock",
    "ConfigurationError",
    "DelegationPattern",
    "DoneEvent",
    "EmptyMessageError",
    "ErrorEvent",
    "Event",
    "Guard",
    "Guarded",
    "Intent",
    "InvalidMessageError",
    "ManualClock",
    "Message",
    "MessageBus",
    "MessageKind",
    "MessageTooLargeError",
    "MigrationLocation",
    "Model",
    "ModelCall",
    "ModelDriven",
    "ModelError",
    "ModelRequest",
    "ModelResponse",
    "ModelResponseError",
    "ModelTimeoutError",
    "OfflinePolicy",
    "Pattern",
    "PatternApp",
    "PatternState",
    "PolicyAction",
    "Progress",
    "Provider",
    "Reply",
    "Repository",
    "RoutingChatManager",
    "RoutingState",
    "ScriptedModel",
    "SessionNotFoundError",
    "Settings",
    "SqlContext",
    "StatusEvent",
    "StepLimitError",
    "Store",
    "SwitchboardError",
    "SystemClock",
    "TextEvent",
    "Tool",
    "ToolContext",
    "ToolEndEvent",
    "ToolRegistry",
    "ToolStartEvent",
    "Turn",
    "TurnPipeline",
    "UiEvent",
    "UnknownAgentError",
    "UnknownAppError",
    "UsageEvent",
    "Verdict",
    "available_apps",
    "load_agents",
    "load_app",
    "open_store",
    "parse_event",
    "tool",
]


def _faces() -> list[str]:
    """`switchboard`, each package right below it, each app, and every deeper package whose
    `__init__` derives its exports with `attach`: every face there is."""
    root = SRC / "switchboard"
    below = sorted(p.parent for p in root.glob("*/__init__.py"))
    apps = sorted(p.parent for p in (root / "apps").glob("*/__init__.py"))
    deeper = sorted(
        p.parent
        for p in root.glob("*/*/__init__.py")
        if p.parent.parent.name != "apps" and "attach(__name__)" in p.read_text(encoding="utf-8")
    )
    return ["switchboard"] + [
        public_faces.module_name(p / "__init__.py") for p in below + apps + deeper
    ]


FACES = _faces()


def _static_exports(face: str) -> dict[str, str]:
    """name → module of every `from m import X as X` in the face, read with `ast`."""
    path = SRC / Path(*face.split(".")) / "__init__.py"
    found: dict[str, str] = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            module = public_faces._absolute(node, face)
            found.update({a.name: module for a in node.names if a.asname == a.name})
    return found


def test_the_public_api_is_exactly_this_list():
    assert switchboard.__all__ == PUBLIC


def test_every_public_name_resolves():
    for name in PUBLIC:
        assert getattr(switchboard, name) is not None, name


def test_importing_switchboard_stays_cheap():
    """Names load on first use: a bare import pulls in no provider SDK, database or web stack,
    and neither do the faces apps take their names from most (patterns, core)."""
    code = (
        "import sys, switchboard, switchboard.patterns, switchboard.core; "
        "print(sorted(m for m in ('openai', 'anthropic', 'sqlalchemy', 'fastapi', 'sklearn', "
        "'redis', 'dbos', 'pydantic') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("face", FACES)
def test_all_is_the_faces_own_list(face):
    """`__all__` is what the face re-exports — read at run time by a regular expression and here
    by `ast`, so a line the cheap reader would miss fails — and each name resolves."""
    module = import_module(face)
    static = _static_exports(face)
    source = (SRC / Path(*face.split(".")) / "__init__.py").read_text(encoding="utf-8")
    assert read_exports(face, source).names == sorted(static)
    if static:
        assert module.__all__ == sorted(static)
    for name in static:
        assert getattr(module, name) is not None, f"{face}.{name}"


@pytest.mark.parametrize("face", FACES)
def test_a_lazy_name_is_no_submodule(face):
    """A submodule import would overwrite a lazy name of the same spelling with the module
    (`switchboard.tools.tool`); such a name has to be imported eagerly."""
    exports = read_exports(face, (SRC / Path(*face.split(".")) / "__init__.py").read_text())
    folder = SRC / Path(*face.split("."))
    clashes = [n for n in exports.lazy if (folder / f"{n}.py").exists() or (folder / n).is_dir()]
    assert clashes == []


def _own_doc(value: object) -> str | None:
    """The docstring written for `value` itself, not one it inherits or a generated one
    (a dataclass's or a named tuple's signature)."""
    if isinstance(value, ModuleType | FunctionType):
        return value.__doc__
    if isinstance(value, type):
        doc = value.__dict__.get("__doc__")
        generated = isinstance(doc, str) and doc.startswith(f"{value.__name__}(")
        return None if generated or doc in {"An enumeration."} else doc
    if callable(value) and not isinstance(value, type) and hasattr(value, "__wrapped__"):
        return inspect.getdoc(value)
    return None


def _attribute_doc(name: str, module: str) -> str | None:
    """The string right after `name = …` at module level (an attribute docstring): how a
    constant, an alias or a shared instance is documented."""
    while (source := imported_from(module, name)) is not None:
        module = source
    path = import_module(module).__file__
    assert path is not None
    body = ast.parse(Path(path).read_text(encoding="utf-8")).body
    for node, after in zip(body, [*body[1:], None], strict=True):
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        if not any(isinstance(t, ast.Name) and t.id == name for t in targets):
            continue
        if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
            return str(after.value.value)
    return None


@pytest.mark.parametrize("face", FACES)
def test_every_export_says_what_it_is_for(face):
    module = import_module(face)
    undocumented = []
    for name, origin in _static_exports(face).items():
        value = getattr(module, name)
        doc = _own_doc(value) or _attribute_doc(name, origin)
        if not (doc and doc.strip()):
            undocumented.append(name)
    assert undocumented == []


def test_apps_import_only_faces():
    """Nothing under `src/switchboard/apps` imports below a face — `switchboard.store.sql.x`,
    `switchboard.patterns.workflows`, another app's modules — and what it takes from a face is
    in that face's `__all__`. `python -m switchboard.testing.public_faces --write` fixes most."""
    assert [f"{s.path.relative_to(SRC)}:{s.line} {s.module}" for s in violations()] == []
    assert [f"{s.path.relative_to(SRC)}:{s.line} {n}" for s, n in foreign_names()] == []


@pytest.mark.parametrize(
    ("module", "app", "ok"),
    [
        ("switchboard", "finance", True),
        ("switchboard.store", "finance", True),
        ("switchboard.config", "finance", True),
        ("switchboard.apps", None, True),
        ("switchboard.store.sql", "finance", False),
        ("switchboard.patterns.workflows", "finance", False),
        ("switchboard.store.sql.operations", None, False),
        ("switchboard.apps.finance.nlu.text", "finance", True),
        ("switchboard.apps.finance", "jobs", True),
        ("switchboard.apps.finance.nlu.text", "jobs", False),
        ("switchboard.apps.finance.nlu", None, False),
    ],
)
def test_the_rule(module, app, ok):
    assert allowed(module, app) is ok


def test_the_scanner_finds_every_spelling(tmp_path):
    """`import a.b.c`, relative imports that leave the app, imports inside functions and
    `TYPE_CHECKING` blocks: the test above would be blind to a spelling this one misses."""
    apps = tmp_path / "switchboard" / "apps"
    (apps / "jobs").mkdir(parents=True)
    (apps / "__init__.py").write_text("")
    (apps / "jobs" / "__init__.py").write_text("")
    (apps / "jobs" / "x.py").write_text(
        "import switchboard.store.sql.operations\n"
        "from ...patterns.workflows import Say\n"
        "from ..finance.nlu import text\n"
        "from .y import own\n"
        "from switchboard.apps.jobs.y import own_too\n"
        "from switchboard import Store\n"
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from switchboard.core.state import PatternState\n"
        "def f():\n"
        "    from switchboard.bus.bus import MessageBus\n"
    )
    found = sorted((s.line, s.module) for s in violations(tmp_path))
    assert found == [
        (1, "switchboard.store.sql.operations"),
        (2, "switchboard.patterns.workflows"),
        (3, "switchboard.apps.finance.nlu"),
        (9, "switchboard.core.state"),
        (11, "switchboard.bus.bus"),
    ]


def test_the_codemod_moves_names_to_faces_once(tmp_path):
    """Each name goes to `switchboard` when the top level exports it, else to its package's
    face; a name no face exports stays where it was and is reported; a second run changes
    nothing (the lead re-runs it after merging branches that edit apps)."""
    app = tmp_path / "switchboard" / "apps" / "demo"
    app.mkdir(parents=True)
    (app.parent / "__init__.py").write_text("")
    (app / "__init__.py").write_text("")
    module = app / "x.py"
    module.write_text(
        "from switchboard.core.errors import ConfigurationError\n"
        "from switchboard.store.sql.tables import NAMING, metadata as tables\n"
        "\n"
        "def f():\n"
        "    from switchboard.patterns.workflows import Say as S\n"
        "    return S\n"
    )
    first = public_faces.rewrite(tmp_path, write=True)
    assert module.read_text() == (
        "from switchboard import ConfigurationError\n"
        "from switchboard.store.sql.tables import NAMING\n"
        "from switchboard.store import metadata as tables\n"
        "\n"
        "def f():\n"
        "    from switchboard.patterns import Say as S\n"
        "    return S\n"
    )
    assert (first.rewritten, first.names) == (3, 3)
    assert [(name, line.strip()) for _, name, line in first.missing] == [
        ("NAMING", "from switchboard.store.sql.tables import NAMING as NAMING")
    ]
    again = public_faces.rewrite(tmp_path, write=True)
    assert again.rewritten == 0
    assert [site.module for site in violations(tmp_path)] == ["switchboard.store.sql.tables"]


def test_the_face_reader_sees_each_spelling():
    source = (
        "from __future__ import annotations\n"
        "from typing import TYPE_CHECKING\n"
        "from switchboard._faces import attach as _attach\n"
        "from .tool import tool as tool, helper\n"
        "if TYPE_CHECKING:\n"
        "    from ..core.clock import Clock as Clock\n"
        "    from switchboard.store.repository import (\n"
        "        Repository as Repository,\n"
        "        SqlContext as SqlContext,\n"
        "    )\n"
        "    from switchboard.store.base import Store as StoreAlias\n"
    )
    exports = read_exports("switchboard.tools", source)
    assert exports.eager == ["tool"]
    assert exports.lazy == {
        "Clock": "switchboard.core.clock",
        "Repository": "switchboard.store.repository",
        "SqlContext": "switchboard.store.repository",
    }
    assert exports.names == ["Clock", "Repository", "SqlContext", "tool"]
