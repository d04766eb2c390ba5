"""Reciprocal-rank fusion (the seam for an optional dense retriever)."""

from __future__ import annotations

from switchboard.knowledge.chunk import Chunk
from switchboard.knowledge.models import Hit
from switchboard.knowledge.retrieval import rrf


def hit(ordinal: int, text: str = "texto", score: float = 1.0) -> Hit:
    chunk = Chunk(
        collection="sisu",
        document="Edital Sisu 2026",
        ordinal=ordinal,
        item=str(ordinal),
        items=(str(ordinal),),
        section="",
        page=1,
        page_end=1,
        text=text,
        citation=f"Edital Sisu 2026, item {ordinal}",
    )
    return Hit(chunk=chunk, score=score, document_id="sisu/edital")


def test_rrf_rewards_agreement_between_rankings():
    lexical = [hit(1), hit(2), hit(3)]
    dense = [hit(3), hit(2), hit(4)]
    fused = rrf([lexical, dense])
    # 3 (ranks 3 and 1) edges out 2 (ranks 2 and 2); both beat hits only one ranking found.
    assert [h.chunk.ordinal for h in fused] == [3, 2, 1, 4]
    assert fused[0].score == 1 / 63 + 1 / 61
    assert [h.chunk.ordinal for h in rrf([lexical, dense], limit=2)] == [3, 2]
