"""Where migrations live: the platform's folder plus each `switchboard.migrations` entry point.

A kind of record declares its tables in its own module and its Alembic revisions in its own
folder (its own branch, `down_revision = "0002_identity"`), and registers both:

    [project.entry-points."switchboard.migrations"]
    tickets = "mypackage.records:MIGRATIONS"   # MigrationLocation("mypackage.records",
                                               #                   versions=Path(...)/"versions")

An entry point may also name the tables module itself (`"switchboard.knowledge.tables"`): the
module's own `MIGRATIONS` location when it declares one (the reference apps' tables modules do:
their revisions live in the app's package, e.g. `apps/finance/ledger/migrations/`), else its
revisions are in the platform's folder (the platform's own kinds: knowledge, jobs, the OpenAI
conversations). `SqlStore.init` upgrades over every location's revisions (Alembic
`version_locations`); Alembic records applied revisions by id in `alembic_version`, never by
file, so moving a revision between folders leaves existing databases as they are. The schema
test imports every location's tables and `location_tables` lists them, so the migrations are
compared with — and tests empty — exactly the tables the installed distributions declare: no
hard-coded list to edit.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType

import sqlalchemy as sa

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
            loaded = _of_module(loaded)
        if not isinstance(loaded, MigrationLocation):
            raise ConfigurationError(
                f"entry point {entry.name!r} of {MIGRATIONS_GROUP} must name a MigrationLocation "
                f"or a tables module ({entry.value})",
                location=entry.name,
            )
        found[entry.name] = loaded
    return found


def _of_module(module: ModuleType) -> MigrationLocation:
    """A tables module's own `MIGRATIONS`, else its tables with the platform's folder."""
    declared = getattr(module, "MIGRATIONS", None)
    if isinstance(declared, MigrationLocation):
        return declared
    return MigrationLocation(tables=module.__name__)


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


def location_tables(
    locations: dict[str, MigrationLocation] | None = None,
) -> dict[str, tuple[sa.Table, ...]]:
    """Each location's tables (those its tables module defines on the shared metadata), by
    location name: what anything that enumerates tables (emptying a test database, a reset)
    derives its list from."""
    from switchboard.store.sql.tables import metadata

    locations = migration_locations() if locations is None else locations
    found: dict[str, tuple[sa.Table, ...]] = {}
    for name, location in locations.items():
        module = importlib.import_module(location.tables)
        tables = {
            value.name: value
            for value in vars(module).values()
            if isinstance(value, sa.Table) and value.metadata is metadata
        }
        found[name] = tuple(tables.values())
    return found


__all__ = [
    "MIGRATIONS_GROUP",
    "PLATFORM_VERSIONS",
    "MigrationLocation",
    "import_tables",
    "location_tables",
    "migration_locations",
    "version_locations",
]
