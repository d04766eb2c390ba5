"""Ingest extracted editais into a knowledge index, idempotently.

A document's id is "<collection>/<file stem>" and its `content_hash` is the SHA-256 of its raw
text plus `PIPELINE_VERSION`: re-ingesting an unchanged file does nothing; a changed file (or a
new cleaning/chunking pipeline) replaces all of its chunks in one transaction. `prune=True` also
removes the collection's documents whose files are gone.

The shipped corpus (`data/editais.jsonl`, built by `python -m switchboard.knowledge.build_data
DIR`) holds the cleaned and chunked documents, one JSON object per chunk, so an app can fill its
index at start-up (`ingest_packaged`) without the source directory.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from importlib import resources
from pathlib import Path

from switchboard.core.clock import SYSTEM_CLOCK, Clock
from switchboard.knowledge.chunk import Chunk, chunk_document
from switchboard.knowledge.clean import clean_document
from switchboard.knowledge.index import KnowledgeIndex
from switchboard.knowledge.models import DocumentInfo, IngestError, check_collection

PIPELINE_VERSION = "4"
"""Bump when cleaning or chunking changes, so existing indexes re-ingest on the next run."""
PACKAGED = "editais.jsonl"

COLLECTION_TITLES = {"sisu": "Sisu", "prouni": "Prouni"}
KIND_TITLES = {"edital": "Edital", "documentacao": "Documentação"}


@dataclass(frozen=True, slots=True)
class SourceDocument:
    """A document ready to store: its record and its chunks."""

    info: DocumentInfo
    chunks: tuple[Chunk, ...]


@dataclass(slots=True)
class IngestReport:
    """What an ingestion did, per document id."""

    added: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    chunks: int = 0
    """Chunks written (unchanged documents write none)."""

    @property
    def counts(self) -> dict[str, int]:
        return {
            "added": len(self.added),
            "replaced": len(self.replaced),
            "unchanged": len(self.unchanged),
            "removed": len(self.removed),
            "chunks": self.chunks,
        }


def document_title(stem: str, collection: str) -> str:
    """ "prouni_edital_2026" → "Edital Prouni 2026"; "sisu_documentacao" → "Documentação Sisu".

    The file naming of the corpus is `<collection>_<kind>[_<year>]`; unknown kinds are
    title-cased."""
    words = stem.split("_")
    if words and words[0].lower() == collection:
        words = words[1:]
    program = COLLECTION_TITLES.get(collection, collection.capitalize())
    kind = KIND_TITLES.get(words[0].lower(), words[0].capitalize()) if words else "Documento"
    rest = [w if w.isdigit() else w.capitalize() for w in words[1:]]
    return " ".join([kind, program, *rest])


def content_hash(raw: str) -> str:
    return hashlib.sha256(f"{PIPELINE_VERSION}\n{raw}".encode()).hexdigest()


def prepare(
    raw: str, *, collection: str, stem: str, title: str | None = None, clock: Clock = SYSTEM_CLOCK
) -> SourceDocument:
    """Clean and chunk one extracted document."""
    collection = check_collection(collection)
    title = title or document_title(stem, collection)
    cleaned = clean_document(raw)
    chunks = tuple(chunk_document(cleaned, collection=collection, title=title))
    info = DocumentInfo(
        id=f"{collection}/{stem}",
        collection=collection,
        title=title,
        source=cleaned.source,
        content_hash=content_hash(raw),
        chunk_count=len(chunks),
        ingested_at=clock.now(),
    )
    return SourceDocument(info=info, chunks=chunks)


async def store_documents(
    index: KnowledgeIndex,
    documents: Iterable[SourceDocument],
    *,
    collection: str | None = None,
    prune: bool = False,
) -> IngestReport:
    """Write the documents whose hash changed; with `prune`, drop the collection's others."""
    report = IngestReport()
    existing = {d.id: d for d in await index.documents(collection)}
    seen: set[str] = set()
    for document in documents:
        info = document.info
        seen.add(info.id)
        old = existing.get(info.id)
        if old is not None and old.content_hash == info.content_hash:
            report.unchanged.append(info.id)
            continue
        await index.replace_document(info, document.chunks)
        (report.added if old is None else report.replaced).append(info.id)
        report.chunks += len(document.chunks)
    if prune:
        for stale in sorted(set(existing) - seen):
            await index.delete_document(stale)
            report.removed.append(stale)
    return report


def collection_files(path: Path, collection: str, pattern: str | None) -> list[Path]:
    if not path.is_dir():
        raise IngestError(f"not a directory: {path}", path=str(path))
    files = sorted(p for p in path.glob(pattern or f"{collection}_*.txt") if p.is_file())
    if not files:
        raise IngestError(
            f"no files for collection {collection!r} in {path}", path=str(path), pattern=pattern
        )
    return files


async def ingest_dir(
    index: KnowledgeIndex,
    path: str | Path,
    *,
    collection: str,
    pattern: str | None = None,
    prune: bool = False,
    clock: Clock = SYSTEM_CLOCK,
) -> IngestReport:
    """Ingest the extracted texts of `collection` found in `path`.

    By default the files are `<collection>_*.txt` (the layout of the shared corpus, where the
    Sisu and Prouni files sit in one directory); pass `pattern="*.txt"` for a directory that
    holds one collection only. Idempotent: see the module docstring."""
    collection = check_collection(collection)
    documents = []
    for file in collection_files(Path(path), collection, pattern):
        try:
            raw = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise IngestError(f"cannot read {file}: {exc}", path=str(file)) from exc
        documents.append(prepare(raw, collection=collection, stem=file.stem, clock=clock))
    return await store_documents(index, documents, collection=collection, prune=prune)


# the shipped corpus ----------------------------------------------------------------------------
def dump_corpus(documents: Sequence[SourceDocument]) -> str:
    """JSON lines, one per chunk, each carrying its document's record (the hash included)."""
    lines = []
    for document in documents:
        info = document.info
        head = {
            "document_id": info.id,
            "title": info.title,
            "source": info.source,
            "content_hash": info.content_hash,
        }
        for chunk in document.chunks:
            row = {**head, **asdict(chunk)}
            lines.append(json.dumps(row, ensure_ascii=False, sort_keys=True))
    return "\n".join(lines) + "\n"


def load_corpus(text: str | None = None, *, clock: Clock = SYSTEM_CLOCK) -> list[SourceDocument]:
    """The documents of a corpus dump (default: the packaged `data/editais.jsonl`)."""
    if text is None:
        text = (
            resources.files("switchboard.knowledge")
            .joinpath("data", PACKAGED)
            .read_text(encoding="utf-8")
        )
    grouped: dict[str, tuple[dict[str, str], list[Chunk]]] = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        head = {k: row.pop(k) for k in ("document_id", "title", "source", "content_hash")}
        for key in ("items", "path", "breaks"):
            row[key] = tuple(row.get(key, ()))
        grouped.setdefault(head["document_id"], (head, []))[1].append(Chunk(**row))
    documents = []
    for head, chunks in grouped.values():
        info = DocumentInfo(
            id=head["document_id"],
            collection=chunks[0].collection,
            title=head["title"],
            source=head["source"],
            content_hash=head["content_hash"],
            chunk_count=len(chunks),
            ingested_at=clock.now(),
        )
        documents.append(SourceDocument(info=info, chunks=tuple(chunks)))
    return documents


async def ingest_packaged(index: KnowledgeIndex, *, clock: Clock = SYSTEM_CLOCK) -> IngestReport:
    """Fill `index` with the shipped Sisu/Prouni corpus (a no-op when it is already there)."""
    return await store_documents(index, load_corpus(clock=clock))


__all__ = [
    "PIPELINE_VERSION",
    "IngestReport",
    "SourceDocument",
    "document_title",
    "dump_corpus",
    "ingest_dir",
    "ingest_packaged",
    "load_corpus",
    "prepare",
    "store_documents",
]
