"""The SQL store: SQLAlchemy 2 Core on SQLite (embedded default) or PostgreSQL (scale-out)."""
