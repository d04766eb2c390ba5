"""The knowledge index as a store repository: SQLite FTS5 or PostgreSQL full-text search.

    KNOWLEDGE = Repository("knowledge", memory=..., sql=...)
    index = store.repository(KNOWLEDGE)
    hits = await index.search("quando abrem as inscrições?", collection="prouni", k=3)

One implementation, `SqlKnowledgeIndex`, serves all three backends, because even the in-memory
store indexes with a real full-text engine: it gets a private in-memory SQLite database with the
same tables and the same FTS5 table as the migration creates (no hand-written inverted index
anywhere). Each method is one unit of work (a plain function on a sync `Connection`, as in
`store/sql/operations.py`), statements are built once per dialect, and every value — the MATCH
expression included — travels as a bound parameter.

Finding and ranking are split (`rank.py`): the engine finds the candidates — every passage with
one of the question's stems, `CANDIDATES` at most, in the engine's own order — and returns only
their ids; the passages themselves, their stems and the corpus statistics are read once per
collection and kept in this process, and the ranking runs in Python over them. Both engines
index the *same* terms — the Python stems of `analysis.stems` (accents restored, Snowball,
folded) — so they find the same candidates, and the same Python ranker orders them: SQLite and
PostgreSQL answer identically.
- SQLite: FTS5 over two columns, `heading` (the heading path) weighted `HEADING_WEIGHT` and
  `body`; the query is the OR of the question's terms (`analysis.fts5_query`), ordered by
  `bm25()`.
- PostgreSQL: a `tsvector` of those stems under the `simple` configuration (no second
  stemming), heading weight A and body weight B, queried with `to_tsquery` of the terms joined
  by `|`, ordered by `ts_rank`.

The chunks and corpus statistics (document frequencies for the coverage signal and the
not-found decision) are read once per collection and kept until this index writes; a document
is ingested at start-up by every process (`ingest_packaged`, idempotent), so no process keeps
stale statistics.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Row, make_url

from switchboard.core.clock import Clock
from switchboard.knowledge.analysis import fts5_query, stemmed_text
from switchboard.knowledge.chunk import Chunk
from switchboard.knowledge.models import (
    DocumentInfo,
    Hit,
    KnowledgeQueryError,
    UnknownCollectionError,
    check_collection,
)
from switchboard.knowledge.query import Query, analyse
from switchboard.knowledge.rank import CorpusStats, Ranked, rank
from switchboard.knowledge.tables import (
    SQLITE_FTS_DDL,
    knowledge_chunks,
    knowledge_documents,
)
from switchboard.store.repository import Dialect, Repository, SqlContext
from switchboard.store.sql.engine import create_sqlite_engine
from switchboard.store.sql.runner import Runner, SqliteRunner

HEADING_WEIGHT = 2.5
"""BM25 weight of the titles column relative to the body (1.0): a section title ("DA LISTA DE
ESPERA DO PROUNI", "ASSALARIADOS") says what every passage under it is about, often in words the
passage itself no longer repeats. 2.5 was best of 0.3–6 on the dev question split
(bench/knowledge; hit@3 flat from 1.0 to 2.5, MRR best at 2.5)."""
MAX_K = 50
CANDIDATES = 120
"""Full-text candidates (ids) fetched before the ranker picks the best `k`: more than any question
of the shipped editais matches (at most 96 passages per program), so both engines hand the
ranker the same set; with a larger corpus, the engine's own first 120."""
PG_RANK_NORMALIZATION = 1
"""`ts_rank` normalisation: divide by 1 + log(length), the closest to BM25's length term."""

C = knowledge_chunks.c
D = knowledge_documents.c


class KnowledgeIndex(Protocol):
    """Ingested documents and full-text search over their chunks."""

    async def search(self, query: str, *, collection: str | None = None, k: int = 5) -> list[Hit]:
        """The `k` best chunks for `query`, best first, only from `collection` when given.

        Raises `KnowledgeQueryError` for an empty query or bad `k`/collection name and
        `UnknownCollectionError` for a collection with no documents."""
        ...

    async def ranked(
        self, query: Query, *, collection: str | None = None, k: int = 5
    ) -> RankedSearch:
        """`search` for an analysed question, with both signals and the corpus statistics
        (what the answer's not-found decision reads). Same errors as `search`."""
        ...

    async def candidates(
        self, query: Query, *, collection: str | None = None
    ) -> tuple[list[Hit], CorpusStats, str | None]:
        """Every passage the full-text engine finds for `query`, unranked (the engine's order),
        with the statistics of the collection searched and its normalised name: what the
        ranker and its training read. Same errors as `search`."""
        ...

    async def passages(self, collection: str) -> list[Chunk]:
        """Every passage of `collection`, in document order (read once, kept until a write):
        the preamble, the lists of a section. Raises `UnknownCollectionError` when empty."""
        ...

    async def replace_document(self, info: DocumentInfo, chunks: Sequence[Chunk]) -> None:
        """Store `info` and its chunks, replacing whatever the document had (one transaction)."""
        ...

    async def delete_document(self, document_id: str) -> bool: ...

    async def documents(self, collection: str | None = None) -> list[DocumentInfo]: ...

    async def collections(self) -> list[str]: ...


@dataclass(frozen=True, slots=True)
class RankedSearch:
    """The outcome of `KnowledgeIndex.ranked`."""

    query: Query
    ranked: list[Ranked]
    stats: CorpusStats
    collection: str | None

    @property
    def hits(self) -> list[Hit]:
        return [r.hit for r in self.ranked]


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The chunks of one collection (or all) as this process last read them, and their
    statistics: what the Python ranker needs besides the engine's candidate ids."""

    stats: CorpusStats
    chunks: dict[int, tuple[str, Chunk]]
    """chunk id → (document id, chunk)."""
    by_key: dict[tuple[str, int], tuple[str, Chunk]] = field(default_factory=dict)
    """(document title, ordinal) → (document id, chunk): the chunks a student question finds."""


@dataclass(frozen=True)
class Statements:
    dialect: Dialect
    search_all: Any
    search_in: Any
    chunk_ids: Any
    fts_delete: Any
    fts_insert: Any
    all_chunks: Any

    @classmethod
    def for_dialect(cls, dialect: Dialect) -> Statements:
        doc: sa.BindParameter[str] = sa.bindparam("b_doc")
        chunk_ids = sa.select(C.id, C.ordinal).where(C.document_id == doc)
        if dialect == "sqlite":
            fts = sa.table("knowledge_fts", sa.column("rowid"))
            table: sa.ColumnElement[Any] = sa.literal_column("knowledge_fts")
            score = sa.func.bm25(table, sa.literal(HEADING_WEIGHT), sa.literal(1.0))
            base = (
                sa.select(C.id, (-score).label("score"))
                .select_from(fts.join(knowledge_chunks, C.id == fts.c.rowid))
                .where(table.op("MATCH")(sa.bindparam("b_q", type_=sa.String)))
                .order_by(score, C.id)
                .limit(sa.bindparam("b_k", type_=sa.Integer))
            )
            fts_delete = sa.text(
                "DELETE FROM knowledge_fts WHERE rowid IN "
                "(SELECT id FROM knowledge_chunks WHERE document_id = :b_doc)"
            )
            fts_insert = sa.text(
                "INSERT INTO knowledge_fts (rowid, heading, body) VALUES (:id, :heading, :body)"
            )
        else:
            fts = sa.table("knowledge_fts", sa.column("chunk_id"), sa.column("tsv"))
            config: sa.ColumnElement[Any] = sa.literal_column("'simple'::regconfig")
            tsquery = sa.func.to_tsquery(config, sa.bindparam("b_q", type_=sa.String))
            ts_rank = sa.func.ts_rank(fts.c.tsv, tsquery, sa.literal(PG_RANK_NORMALIZATION))
            base = (
                sa.select(C.id, ts_rank.label("score"))
                .select_from(fts.join(knowledge_chunks, C.id == fts.c.chunk_id))
                .where(fts.c.tsv.op("@@")(tsquery))
                .order_by(ts_rank.desc(), C.id)
                .limit(sa.bindparam("b_k", type_=sa.Integer))
            )
            fts_delete = None  # ON DELETE CASCADE from knowledge_chunks
            fts_insert = sa.text(
                "INSERT INTO knowledge_fts (chunk_id, tsv) VALUES (:id, "
                "setweight(to_tsvector('simple', :heading), 'A') || "
                "setweight(to_tsvector('simple', :body), 'B'))"
            )
        return cls(
            dialect=dialect,
            search_all=base,
            search_in=base.where(C.collection == sa.bindparam("b_coll", type_=sa.String)),
            chunk_ids=chunk_ids,
            fts_delete=fts_delete,
            fts_insert=fts_insert,
            all_chunks=sa.select(knowledge_chunks).order_by(C.document_id, C.ordinal),
        )


# units of work ---------------------------------------------------------------------------------
def _chunk(row: Row[Any]) -> Chunk:
    return Chunk(
        collection=row.collection,
        document=row.document,
        ordinal=row.ordinal,
        item=row.item,
        items=tuple(row.items),
        section=row.section,
        page=row.page,
        page_end=row.page_end,
        text=row.text,
        citation=row.citation,
        path=tuple(row.path or ()),
        breaks=tuple(row.breaks or ()),
    )


def _info(row: Row[Any]) -> DocumentInfo:
    return DocumentInfo(
        id=row.id,
        collection=row.collection,
        title=row.title,
        source=row.source,
        content_hash=row.content_hash,
        chunk_count=row.chunk_count,
        ingested_at=row.ingested_at,
    )


def search_unit(
    conn: Connection, st: Statements, query: str, collection: str | None, k: int
) -> list[tuple[int, float]]:
    """(chunk id, engine score) of the matching chunks, the engine's best first."""
    params: dict[str, Any] = {"b_q": query, "b_k": k}
    statement = st.search_all
    if collection is not None:
        statement, params["b_coll"] = st.search_in, collection
    return [(int(row.id), float(row.score)) for row in conn.execute(statement, params)]


def replace_unit(
    conn: Connection, st: Statements, info: DocumentInfo, chunks: Sequence[Chunk]
) -> None:
    if st.fts_delete is not None:
        conn.execute(st.fts_delete, {"b_doc": info.id})
    conn.execute(sa.delete(knowledge_documents).where(D.id == info.id))
    conn.execute(
        knowledge_documents.insert(),
        {
            "id": info.id,
            "collection": info.collection,
            "title": info.title,
            "source": info.source,
            "content_hash": info.content_hash,
            "chunk_count": info.chunk_count,
            "ingested_at": info.ingested_at,
        },
    )
    if not chunks:
        return
    conn.execute(
        knowledge_chunks.insert(),
        [
            {
                "document_id": info.id,
                "ordinal": c.ordinal,
                "collection": c.collection,
                "document": c.document,
                "item": c.item,
                "items": list(c.items),
                "section": c.section,
                "page": c.page,
                "page_end": c.page_end,
                "text": c.text,
                "citation": c.citation,
                "path": list(c.path),
                "breaks": list(c.breaks),
            }
            for c in chunks
        ],
    )
    ids = {ordinal: id_ for id_, ordinal in conn.execute(st.chunk_ids, {"b_doc": info.id})}
    conn.execute(
        st.fts_insert,
        [
            {
                "id": ids[c.ordinal],
                "heading": stemmed_text(" ".join(c.path)),
                "body": stemmed_text(c.text),
            }
            for c in chunks
        ],
    )


def delete_unit(conn: Connection, st: Statements, document_id: str) -> bool:
    if st.fts_delete is not None:
        conn.execute(st.fts_delete, {"b_doc": document_id})
    result = conn.execute(sa.delete(knowledge_documents).where(D.id == document_id))
    return bool(result.rowcount)


def documents_unit(conn: Connection, collection: str | None) -> list[DocumentInfo]:
    statement = sa.select(knowledge_documents).order_by(D.id)
    if collection is not None:
        statement = statement.where(D.collection == collection)
    return [_info(row) for row in conn.execute(statement)]


def chunks_unit(
    conn: Connection, st: Statements, collection: str | None
) -> list[tuple[int, str, Chunk]]:
    """(chunk id, document id, chunk) of every chunk of `collection` (all when None)."""
    statement = st.all_chunks
    if collection is not None:
        statement = statement.where(C.collection == collection)
    return [(int(row.id), row.document_id, _chunk(row)) for row in conn.execute(statement)]


def collections_unit(conn: Connection) -> list[str]:
    statement = sa.select(D.collection).distinct().order_by(D.collection)
    return [row[0] for row in conn.execute(statement)]


# the repository --------------------------------------------------------------------------------
class SqlKnowledgeIndex:
    """`KnowledgeIndex` on a store's database (or on a private in-memory SQLite database)."""

    def __init__(self, runner: Runner, dialect: Dialect) -> None:
        self._runner = runner
        self._st = Statements.for_dialect(dialect)
        self._snapshots: dict[str | None, Snapshot] = {}

    async def search(self, query: str, *, collection: str | None = None, k: int = 5) -> list[Hit]:
        if not query or not query.strip():
            raise KnowledgeQueryError("empty knowledge query")
        return (await self.ranked(analyse(query), collection=collection, k=k)).hits

    async def ranked(
        self, query: Query, *, collection: str | None = None, k: int = 5
    ) -> RankedSearch:
        if not 1 <= k <= MAX_K:
            raise KnowledgeQueryError(f"k must be between 1 and {MAX_K}", k=k)
        hits, stats, name = await self.candidates(query, collection=collection)
        return RankedSearch(query, rank(query, hits, stats, k), stats, name)

    async def candidates(
        self, query: Query, *, collection: str | None = None
    ) -> tuple[list[Hit], CorpusStats, str | None]:
        """Every passage the engine finds for `query` (`CANDIDATES` at most, in the engine's
        order, with its score), the statistics of the collection searched, and its name."""
        if not query.text.strip():
            raise KnowledgeQueryError("empty knowledge query")
        name = check_collection(collection) if collection is not None else None
        snapshot = await self.snapshot(name)
        if name is not None and not snapshot.stats.n:
            raise UnknownCollectionError(f"unknown collection {name!r}", collection=name)
        if query.empty:
            return [], snapshot.stats, name
        if self._st.dialect == "sqlite":
            match = fts5_query(list(query.terms))
        else:
            match = " | ".join(f"'{t}'" for t in query.terms)
        found = await self._runner.read(search_unit, self._st, match, name, CANDIDATES)
        hits = []
        for chunk_id, score in found:
            known = snapshot.chunks.get(chunk_id)
            if known is not None:  # written by another process: seen after its re-ingest
                hits.append(Hit(chunk=known[1], score=score, document_id=known[0]))
        return [*hits, *asked_hits(query, snapshot, hits)], snapshot.stats, name

    async def stats(self, collection: str | None = None) -> CorpusStats:
        """Document frequencies of `collection` (all when None), cached until a write."""
        return (await self.snapshot(collection)).stats

    async def passages(self, collection: str) -> list[Chunk]:
        name = check_collection(collection)
        snapshot = await self.snapshot(name)
        if not snapshot.stats.n:
            raise UnknownCollectionError(f"unknown collection {name!r}", collection=name)
        return [chunk for _, chunk in snapshot.chunks.values()]

    async def snapshot(self, collection: str | None = None) -> Snapshot:
        """The chunks and statistics of `collection` (all when None), cached until a write."""
        cached = self._snapshots.get(collection)
        if cached is None:
            rows = await self._runner.read(chunks_unit, self._st, collection)
            stats = CorpusStats.of([c for _, _, c in rows], [d for _, d, _ in rows])
            chunks = {chunk_id: (doc, chunk) for chunk_id, doc, chunk in rows}
            by_key = {(chunk.document, chunk.ordinal): (doc, chunk) for _, doc, chunk in rows}
            cached = self._snapshots[collection] = Snapshot(stats, chunks, by_key)
        return cached

    async def replace_document(self, info: DocumentInfo, chunks: Sequence[Chunk]) -> None:
        self._snapshots.clear()
        await self._runner.write(replace_unit, self._st, info, list(chunks))

    async def delete_document(self, document_id: str) -> bool:
        self._snapshots.clear()
        return await self._runner.write(delete_unit, self._st, document_id)

    async def documents(self, collection: str | None = None) -> list[DocumentInfo]:
        return await self._runner.read(documents_unit, collection)

    async def collections(self) -> list[str]:
        return await self._runner.read(collections_unit)


ASKED_CANDIDATES = 5
ASKED_MIN = 0.3
"""The chunks whose student questions are closest to the question (`student_questions`) are
candidates too, the first `ASKED_CANDIDATES` with a similarity of at least `ASKED_MIN`, when the
engine did not find them (a question in words the passage does not use)."""


def asked_hits(query: Query, snapshot: Snapshot, found: Sequence[Hit]) -> list[Hit]:
    """The chunks the student questions add to the engine's `found` (see `ASKED_CANDIDATES`)."""
    matcher = snapshot.stats.asked
    if matcher is None:
        return []
    seen = {(h.chunk.document, h.chunk.ordinal) for h in found}
    matches = matcher.match(query.text, query.asking)
    best = sorted(
        (key for key, m in matches.items() if m.similarity >= ASKED_MIN and key in snapshot.by_key),
        key=lambda key: -matches[key].similarity,
    )[:ASKED_CANDIDATES]
    return [
        Hit(chunk=snapshot.by_key[key][1], score=0.0, document_id=snapshot.by_key[key][0])
        for key in best
        if key not in seen
    ]


def in_memory_index(_clock: Clock | None = None) -> SqlKnowledgeIndex:
    """The in-memory store's index: a private in-memory SQLite database with the migration's
    tables and FTS5 table (SQLite's FTS5 is in every CPython build)."""
    engine = create_sqlite_engine(make_url("sqlite://"))
    with engine.begin() as conn:
        knowledge_documents.create(conn)
        knowledge_chunks.create(conn)
        conn.exec_driver_sql(SQLITE_FTS_DDL)
    return SqlKnowledgeIndex(SqliteRunner(engine, None), "sqlite")


def sql_index(context: SqlContext) -> SqlKnowledgeIndex:
    return SqlKnowledgeIndex(context.runner, context.dialect)


KNOWLEDGE: Repository[SqlKnowledgeIndex] = Repository(
    "knowledge", memory=in_memory_index, sql=sql_index
)
"""The knowledge index of a store: `store.repository(KNOWLEDGE)`."""


__all__ = [
    "HEADING_WEIGHT",
    "KNOWLEDGE",
    "KnowledgeIndex",
    "RankedSearch",
    "SqlKnowledgeIndex",
    "in_memory_index",
]
