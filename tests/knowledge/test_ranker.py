"""The learned ranker: shipped weights that match the features, a conditional logit."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from switchboard.knowledge.features import FEATURES
from switchboard.knowledge.index import in_memory_index
from switchboard.knowledge.ingest import ingest_packaged
from switchboard.knowledge.query import analyse
from switchboard.knowledge.rank import Ranker, RankerError, packaged_ranker, rank


def test_the_packaged_weights_name_every_feature_in_order():
    data = json.loads(
        resources.files("switchboard.knowledge").joinpath("data", "ranker.json").read_text()
    )
    assert data["features"] == list(FEATURES)
    assert len(packaged_ranker().weights) == len(FEATURES)
    assert "cv" in data and data["cv"]["folds"] >= 5  # how the weights were validated


@pytest.mark.parametrize(
    "data",
    [
        {"features": ["bm25"], "weights": [1.0], "bias": 0.0},
        {"features": list(FEATURES), "weights": [1.0], "bias": 0.0},
        {"features": list(FEATURES), "weights": [0.0] * len(FEATURES), "bias": "x"},
    ],
)
def test_weights_that_do_not_match_the_features_are_an_error(data):
    with pytest.raises(RankerError):
        Ranker.parse(data)


async def test_ranking_is_by_the_model_and_probabilities_are_a_softmax():
    index = in_memory_index()
    await ingest_packaged(index)
    query = analyse("qual a nota mínima do enem no prouni?")
    hits, stats, _ = await index.candidates(query, collection="prouni")
    ranked = rank(query, hits, stats, 50)
    scores = [r.hit.score for r in ranked]
    assert scores == sorted(scores, reverse=True)
    assert 0.99 < sum(r.probability for r in rank(query, hits, stats, len(hits))) <= 1.0 + 1e-9
    # a model that only reads BM25 orders by BM25
    only_bm25 = Ranker(tuple(1.0 if n == "bm25" else 0.0 for n in FEATURES), 0.0)
    by_bm25 = rank(query, hits, stats, 5, only_bm25)
    bm25 = FEATURES.index("bm25")
    values = [r.features[bm25] for r in by_bm25]
    assert values == sorted(values, reverse=True) and values[0] == 1.0
