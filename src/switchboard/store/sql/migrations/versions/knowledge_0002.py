"""Knowledge index: heading path and page breaks per chunk; one term space for both engines.

Revision ID: knowledge_0002
Revises: knowledge_0001
Create Date: 2026-11-26

- `knowledge_chunks.path` (the heading path, a JSON list) and `knowledge_chunks.breaks` (offsets
  in the text where each following page begins, a JSON list), so an answer cites the page of the
  sentence it quotes;
- PostgreSQL's `knowledge_fts.tsv` now holds the Python stems (the FTS5 terms) under the
  `simple` configuration instead of `switchboard_pt` over the raw text. Rows built the old way
  would not match the new queries, so the index is emptied: the packaged corpus is re-ingested
  at the next start (`ingest_packaged`), other ingested folders with `switchboard knowledge
  ingest` again.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "knowledge_0002"
down_revision: str | None = "knowledge_0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.execute("DELETE FROM knowledge_fts")
    op.execute("DELETE FROM knowledge_chunks")
    op.execute("DELETE FROM knowledge_documents")
    with op.batch_alter_table("knowledge_chunks") as batch:
        batch.add_column(sa.Column("path", sa.JSON, nullable=False, server_default="[]"))
        batch.add_column(sa.Column("breaks", sa.JSON, nullable=False, server_default="[]"))


def downgrade() -> None:
    op.execute("DELETE FROM knowledge_fts")
    op.execute("DELETE FROM knowledge_chunks")
    op.execute("DELETE FROM knowledge_documents")
    with op.batch_alter_table("knowledge_chunks") as batch:
        batch.drop_column("breaks")
        batch.drop_column("path")
