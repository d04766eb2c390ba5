"""The generic triage model and speller (patterns/triage) over an app's own classes."""

from __future__ import annotations

import pytest

from switchboard.patterns.triage import LinearTextModel, Speller

TEXTS = ["hello there", "hi friend", "buy milk", "buy bread", "weather today", "rain today"]
LABELS = ["greet", "greet", "shop", "shop", "weather", "weather"]


def test_scores_follow_the_apps_class_order() -> None:
    model = LinearTextModel(TEXTS, LABELS, ("weather", "greet", "shop"))
    scores = model.scores("buy eggs")
    assert model.classes == ("weather", "greet", "shop")
    assert max(range(3), key=scores.__getitem__) == 2 and sum(scores) == pytest.approx(1.0)


def test_every_class_needs_examples() -> None:
    with pytest.raises(ValueError, match="every class"):
        LinearTextModel(TEXTS, LABELS, ("greet", "shop", "weather", "sports"))


def test_the_speller_takes_the_apps_tokenizer() -> None:
    texts = ["weather today"] * 3
    assert Speller(texts).correct("wheather today") == "weather today"
    only_today = Speller(texts, tokenize=lambda t: [w for w in t.split() if w == "today"])
    assert only_today.correct("wheather todya") == "wheather today"
