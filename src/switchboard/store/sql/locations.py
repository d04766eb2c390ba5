"""Where migrations live: the platform's folder plus each `switchboard.migrations` entry point.

A new kind of record declares its tables in its own module and, when its revisions live outside
the platform (a team's distribution), their folder:

    [project.entry-points."switchboard.migrations"]
    tickets = "mypackage.records:MIGRATIONS"   # MigrationLocation("mypackage.records.tables",
                                               #                   versions=Path(...)/"versions")

An entry point may also name the tables module itself (`"switchboard.knowledge.tables"`): its
revisions are then in the platform's folder (Switchboard's own kinds of record). `SqlStore.init`
upgrades over every location's revisions (Alembic `version_locations`), and the schema test
imports every location's tables, so the migrations are compared with exactly the tables the
installed distributions declare — no hard-coded list to edit.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType

from switchboard.core.errors import ConfigurationError

MIGRATIONS_GROUP = "switchboard.migrations"
PLATFORM_VERSIONS = Path(__file__).with_name("migrations") / "versions"


@dataclass(frozen=True, slots=True)
class MigrationLocation:
    """One kind of record's schema: its tables and, if outside the platform, its revisions."""

    tables: str
    """Module defining the tables on `switchboard.store.sql.tables.metadata`."""
    versions: Path | None = None
    """Folder of its Alembic revisions (their own branch, `down_revision = "0002_identity"`);
    None: they are in the platform's folder."""


def migration_locations() -> dict[str, MigrationLocation]:
    """The `switchboard.migrations` entry points, by name (read on each call, so a
    distribution installed at run time is seen)."""
    found: dict[str, MigrationLocation] = {}
    for entry in entry_points(group=MIGRATIONS_GROUP):
        loaded = entry.load()
        if isinstance(loaded, ModuleType):
            loaded = MigrationLocation(tables=loaded.__name__)
        if not isinstance(loaded, MigrationLocation):
            raise ConfigurationError(
                f"entry point {entry.name!r} of {MIGRATIONS_GROUP} must name a MigrationLocation "
                f"or a tables module ({entry.value})",
                location=entry.name,
            )
        found[entry.name] = loaded
    return found


def version_locations(locations: dict[str, MigrationLocation] | None = None) -> list[Path]:
    """The platform's revisions folder, then every other location's (each once)."""
    locations = migration_locations() if locations is None else locations
    folders = [PLATFORM_VERSIONS]
    for location in locations.values():
        if location.versions is not None and location.versions not in folders:
            folders.append(location.versions)
    return folders


def import_tables(locations: dict[str, MigrationLocation] | None = None) -> list[str]:
    """Import every location's tables module (their tables join the shared metadata); returns
    the module names."""
    locations = migration_locations() if locations is None else locations
    names = [location.tables for location in locations.values()]
    for name in names:
        importlib.import_module(name)
    return names


__all__ = [
    "MIGRATIONS_GROUP",
    "PLATFORM_VERSIONS",
    "MigrationLocation",
    "import_tables",
    "migration_locations",
    "version_locations",
]
