"""Knowledge index: documents, chunks and the dialect's full-text index.

Revision ID: knowledge_0001
Revises: 0002_identity
Create Date: 2026-11-23

A branch of its own (label "knowledge"), so the index migrates independently of other kinds.
`knowledge_fts` is dialect-specific and outside `metadata`:
- SQLite: an FTS5 virtual table over Portuguese stems (`unicode61 remove_diacritics 2`), rowid =
  chunk id, kept in sync by the repository's units of work;
- PostgreSQL: `knowledge_fts(chunk_id, tsv)` with a GIN index, filled from the chunks with the
  `switchboard_pt` text search configuration (a copy of `portuguese` with `unaccent` before the
  Snowball stemmer; `unaccent` is a trusted extension, so a database owner may create it).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "knowledge_0001"
down_revision: str | None = "0002_identity"
branch_labels: str | Sequence[str] | None = ("knowledge",)
depends_on: str | Sequence[str] | None = None

TS = sa.DateTime(timezone=True)

PG_CONFIG = """
DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'switchboard_pt') THEN
        CREATE TEXT SEARCH CONFIGURATION switchboard_pt (COPY = portuguese);
        ALTER TEXT SEARCH CONFIGURATION switchboard_pt
            ALTER MAPPING FOR hword, hword_part, word WITH unaccent, portuguese_stem;
    END IF;
END
$$
"""


def upgrade() -> None:
    op.create_table(
        "knowledge_documents",
        sa.Column("id", sa.String(200), nullable=False),
        sa.Column("collection", sa.String(40), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("source", sa.String(300), nullable=False, server_default=""),
        sa.Column("content_hash", sa.String(64), nullable=False),
        sa.Column("chunk_count", sa.Integer, nullable=False),
        sa.Column("ingested_at", TS, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_knowledge_documents"),
    )
    op.create_index("ix_knowledge_documents_collection", "knowledge_documents", ["collection"])
    op.create_table(
        "knowledge_chunks",
        sa.Column("id", sa.Integer, autoincrement=True, nullable=False),
        sa.Column("document_id", sa.String(200), nullable=False),
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
        sa.PrimaryKeyConstraint("id", name="pk_knowledge_chunks"),
        sa.ForeignKeyConstraint(
            ["document_id"],
            ["knowledge_documents.id"],
            ondelete="CASCADE",
            name="fk_knowledge_chunks_document_id_knowledge_documents",
        ),
        sa.UniqueConstraint("document_id", "ordinal", name="uq_knowledge_chunks_document_id"),
    )
    op.create_index("ix_knowledge_chunks_collection", "knowledge_chunks", ["collection"])

    if op.get_bind().dialect.name == "sqlite":
        op.execute(
            "CREATE VIRTUAL TABLE IF NOT EXISTS knowledge_fts USING fts5("
            "heading, body, tokenize = 'unicode61 remove_diacritics 2')"
        )
        return
    op.execute("CREATE EXTENSION IF NOT EXISTS unaccent")
    op.execute(PG_CONFIG)
    op.execute(
        "CREATE TABLE knowledge_fts ("
        " chunk_id integer PRIMARY KEY"
        " REFERENCES knowledge_chunks (id) ON DELETE CASCADE,"
        " tsv tsvector NOT NULL)"
    )
    op.execute("CREATE INDEX ix_knowledge_fts_tsv ON knowledge_fts USING gin (tsv)")


def downgrade() -> None:
    op.execute("DROP TABLE IF EXISTS knowledge_fts")
    op.drop_index("ix_knowledge_chunks_collection", table_name="knowledge_chunks")
    op.drop_table("knowledge_chunks")
    op.drop_index("ix_knowledge_documents_collection", table_name="knowledge_documents")
    op.drop_table("knowledge_documents")
    if op.get_bind().dialect.name != "sqlite":
        op.execute("DROP TEXT SEARCH CONFIGURATION IF EXISTS switchboard_pt")
