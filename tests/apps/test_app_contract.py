"""The app contract: every registered app is an `AppFactory` built from one frozen `AppOptions`,
and "offline" means one thing (`ModelSource.offline`) for all of them."""

from __future__ import annotations

import dataclasses
import tomllib
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from switchboard import apps as registry
from switchboard.apps.finance.app import is_hosted
from switchboard.apps.jobs.runtime import is_offline as jobs_offline
from switchboard.apps.scholarships.app import is_offline as scholarships_offline
from switchboard.config import Settings
from switchboard.core.clock import ManualClock
from switchboard.models.embedded import EmbeddedModel
from switchboard.models.scripted import ScriptedModel
from switchboard.models.source import ModelSource
from switchboard.patterns.app import PatternApp
from switchboard.sessions.options import AppFactory, AppOptions

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"
OWN = ("support", "finance", "scholarships", "jobs")


def own_entry_points() -> dict[str, EntryPoint]:
    """The entry points as `pyproject.toml` declares them (the installed metadata may be older)."""
    table = tomllib.loads(PYPROJECT.read_text())["project"]["entry-points"][
        registry.ENTRY_POINT_GROUP
    ]
    return {
        name: EntryPoint(name, value, registry.ENTRY_POINT_GROUP) for name, value in table.items()
    }


@pytest.fixture
def declared(monkeypatch: pytest.MonkeyPatch) -> dict[str, EntryPoint]:
    entries = own_entry_points()
    monkeypatch.setattr(registry, "_registered", lambda: entries)
    return entries


def options(model: object = "embedded") -> AppOptions:
    return AppOptions.create(
        store="memory://",
        settings=Settings(database_url="memory://"),
        clock=ManualClock(),
        model=model,  # type: ignore[arg-type]  # the test passes every kind of choice
    )


def test_every_own_app_is_an_app_factory(declared: dict[str, EntryPoint]) -> None:
    assert tuple(declared) == OWN
    for entry in declared.values():
        assert isinstance(entry.load(), AppFactory), entry.value


def test_options_are_frozen_and_say_offline_once() -> None:
    opts = options()
    with pytest.raises(dataclasses.FrozenInstanceError):
        opts.clock = ManualClock()  # type: ignore[misc]  # the point: it is frozen
    assert opts.offline and opts.models.offline
    assert not options(ScriptedModel([])).offline


@pytest.mark.parametrize(
    ("choice", "offline"),
    [
        ("embedded", True),
        ("scripted", True),
        ("openai:gpt-4o-mini", False),
        (ScriptedModel([]), False),
        (lambda agent: ScriptedModel([]), False),
    ],
)
def test_the_apps_agree_on_offline(choice: object, offline: bool) -> None:
    source = ModelSource(choice)  # type: ignore[arg-type]  # every kind of choice
    assert source.offline is offline
    assert (
        jobs_offline(source) is scholarships_offline(source) is (not is_hosted(source)) is offline
    )


def test_an_embedded_model_instance_is_offline() -> None:
    from switchboard.core.policy import OfflinePolicy

    policy = OfflinePolicy.model_validate(
        {"intents": [{"name": "oi", "examples": ["oi"], "action": {"reply": "Oi!"}}]}
    )
    assert ModelSource(EmbeddedModel(policy)).offline


def test_no_choice_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("SWITCHBOARD_MODEL", "OPENAI_API_KEY", "ANTHROPIC_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    assert ModelSource(None).offline
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    assert not ModelSource(None).offline


async def test_build_apps_builds_every_app_from_one_options(
    declared: dict[str, EntryPoint],
) -> None:
    opts = options()
    built = registry.build_apps(opts)
    assert list(built) == list(OWN)
    for name, app in built.items():
        assert isinstance(app, PatternApp) and app.name == name
        assert app.store is opts.store
        assert app.models is not opts.models and app.models.offline  # a source per app


def test_keywords_still_build_an_app_factory(declared: dict[str, EntryPoint]) -> None:
    app = registry.load_app("support", store="memory://", model="embedded")
    assert app.name == "support"
    with pytest.raises(TypeError, match="unexpected options"):
        registry.load_app("support", store="memory://", hosted=True)
