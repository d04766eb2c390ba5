"""`TfidfFeatures` must give exactly what the fitted scikit-learn vectorizers give.

The hand-written feature path (per-word n-gram cache for `char_wb` blocks) is only worth its
speed if the classifiers see the vectors they were trained on."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from sklearn.feature_extraction.text import TfidfVectorizer

from switchboard.models.embedded import tfidf
from switchboard.models.embedded.tfidf import TfidfFeatures, char_and_word_vectorizers

CORPUS = [
    "minha internet está caindo toda hora",
    "quero a segunda via da fatura, por favor",
    "a tv tá sem sinal desde ontem à noite",
    "gastei 42,90 no mercado",
    "é o q? vc viu  o   boleto\tde  ontem",
    "oi",
    "a é u",
]
PROBES = [*CORPUS, "", "x", "internet caindo caindo caindo", "  espaços\n\nvárias  linhas ", "ç"]


@pytest.mark.parametrize("ngram_range", [(2, 5), (1, 3), (3, 3)])
def test_char_wb_terms_match_scikit_learns_analyzer(ngram_range: tuple[int, int]) -> None:
    vectorizer = TfidfVectorizer(analyzer="char_wb", ngram_range=ngram_range, lowercase=False)
    vectorizer.fit(CORPUS)
    block = tfidf._Block(vectorizer, 0)
    analyze = vectorizer.build_analyzer()
    for text in PROBES + PROBES:  # twice: the second pass reads the word cache
        expected = Counter(
            vectorizer.vocabulary_[t] for t in analyze(text) if t in vectorizer.vocabulary_
        )
        assert block.counts(text) == expected, text


def test_sparse_features_equal_the_fitted_transform() -> None:
    vectorizers = char_and_word_vectorizers((2, 5))
    features, _ = TfidfFeatures.fit(vectorizers, CORPUS, weight=0.5**0.5)
    for text in PROBES:
        indices, values = features.sparse(text)
        dense = np.zeros(sum(len(v.vocabulary_) for v in vectorizers))
        dense[indices] = values
        offset = 0
        expected = []
        for vectorizer in vectorizers:
            expected.append(vectorizer.transform([text]).toarray()[0] * 0.5**0.5)
            offset += len(vectorizer.vocabulary_)
        assert np.allclose(dense, np.concatenate(expected)), text


def test_the_word_cache_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tfidf, "WORD_CACHE_MAX", 3)
    vectorizer = TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 3), lowercase=False)
    block = tfidf._Block(vectorizer.fit(CORPUS), 0)
    block.counts("um dois tres quatro cinco seis")
    assert block._words is not None and len(block._words) <= 3
