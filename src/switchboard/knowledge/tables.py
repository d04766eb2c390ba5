"""SQL schema of the knowledge index (revisions `knowledge_0001`, `knowledge_0002`).

Two ordinary tables live on the store's `metadata`: documents (one row per ingested file, with
its content hash) and chunks (the passages, with item, section, pages and citation). The
full-text index is dialect-specific and therefore *not* on `metadata` (Alembic's autogenerate
cannot describe it): `knowledge_fts`, either an FTS5 virtual table over Portuguese stems
(SQLite) or a table of `tsvector`s with a GIN index (PostgreSQL), both keyed by chunk id. Its DDL
is below so the in-memory index builds exactly what the migration builds; the migration keeps
its own frozen copy, as migrations must.
"""

from __future__ import annotations

import sqlalchemy as sa

from switchboard.store.sql.tables import UtcDateTime, metadata

knowledge_documents = sa.Table(
    "knowledge_documents",
    metadata,
    sa.Column("id", sa.String(200), primary_key=True),
    sa.Column("collection", sa.String(40), nullable=False),
    sa.Column("title", sa.String(200), nullable=False),
    sa.Column("source", sa.String(300), nullable=False, server_default=""),
    sa.Column("content_hash", sa.String(64), nullable=False),
    sa.Column("chunk_count", sa.Integer, nullable=False),
    sa.Column("ingested_at", UtcDateTime, nullable=False),
    sa.Index("ix_knowledge_documents_collection", "collection"),
)

knowledge_chunks = sa.Table(
    "knowledge_chunks",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column(
        "document_id",
        sa.String(200),
        sa.ForeignKey("knowledge_documents.id", ondelete="CASCADE"),
        nullable=False,
    ),
    sa.Column("ordinal", sa.Integer, nullable=False),
    sa.Column("collection", sa.String(40), nullable=False),
    sa.Column("document", sa.String(200), nullable=False),
    sa.Column("item", sa.String(20), nullable=True),
    sa.Column("items", sa.JSON, nullable=False),
    sa.Column("section", sa.Text, nullable=False, server_default=""),
    sa.Column("page", sa.Integer, nullable=False),
    sa.Column("page_end", sa.Integer, nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("citation", sa.Text, nullable=False),
    sa.Column("path", sa.JSON, nullable=False, server_default="[]"),
    sa.Column("breaks", sa.JSON, nullable=False, server_default="[]"),
    sa.UniqueConstraint("document_id", "ordinal", name="uq_knowledge_chunks_document_id"),
    sa.Index("ix_knowledge_chunks_collection", "collection"),
)

FTS_TABLE = "knowledge_fts"
"""Name prefix of the dialect-specific full-text objects (FTS5 also creates `knowledge_fts_*`
shadow tables); schema comparisons against `metadata` must skip names starting with it."""

SQLITE_FTS_DDL = (
    "CREATE VIRTUAL TABLE IF NOT EXISTS knowledge_fts USING fts5("
    "heading, body, tokenize = 'unicode61 remove_diacritics 2')"
)
"""`heading` = stems of document title + section title, `body` = stems of the passage; rowid =
chunk id. `remove_diacritics 2` also folds accents the stemmer left (FTS5 ≥ 3.27)."""

PG_TS_CONFIG = "switchboard_pt"
"""`portuguese` with `unaccent` in front of the Snowball stemmer (created by `knowledge_0001`).
Since `knowledge_0002` the index holds Python stems under `simple` (the same terms as FTS5);
the configuration stays for databases migrated before."""


__all__ = [
    "FTS_TABLE",
    "PG_TS_CONFIG",
    "SQLITE_FTS_DDL",
    "knowledge_chunks",
    "knowledge_documents",
]
