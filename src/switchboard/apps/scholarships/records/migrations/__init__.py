"""Alembic revisions of this kind of record (its own branch; see `tables.py`'s `MIGRATIONS`)."""
