"""Junior's offline triage (spec 001 §2): seeds, categories, history, margin check."""

from __future__ import annotations

import pytest

from switchboard.apps.finance.triage import PreviousTurn, Triage, TriageResult
from switchboard.apps.finance.triage.classifier import MARGIN
from switchboard.apps.finance.triage.data import load_examples
from switchboard.core.errors import EmptyMessageError
from switchboard.patterns.triage.speller import Speller

from .conftest import SEEDS


def test_the_39_seed_examples_are_classified_as_labelled(triage: Triage) -> None:
    seeds = load_examples(SEEDS)
    assert len(seeds) == 39
    wrong = [(s.text, s.label, triage.classify(s.text).categoria) for s in seeds]
    assert [w for w in wrong if w[1] != w[2]] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Oi, tudo bem?", "trivial"),  # flow 1
        ("Gastei R$ 150 no supermercado hoje", "lancamento"),  # flow 2
        ("Quanto gastei esse mês?", "simplista"),  # flow 3
        ("A Petrobras caiu 3% ontem, vale a pena comprar agora?", "complexa"),  # flow 4
        ("qto gastei c/ uber esse mes", "simplista"),
        ("200 conto no mercado", "lancamento"),
        ("2k de bonus caiu hj", "lancamento"),
        ("200 reais", "lancamento"),
        ("no mercado", "lancamento"),
        ("uber", "lancamento"),
        ("dolar hj", "trivial"),
        ("quanto ta a selic?", "trivial"),
        ("o ibovespa fechou em alta?", "trivial"),
        ("vlw, ajudou mt", "trivial"),
        ("o que vc sabe fazer?", "trivial"),
        ("Quanto tenho investido no total?", "simplista"),
        ("Quanto eu deveria ter de reserva?", "complexa"),
        ("recebi 5 mil de bônus, onde devo investir?", "complexa"),
        ("faz sentido financiar ou juntar pra comprar um carro?", "complexa"),
        ("150 reais para o mercado", "lancamento"),
        ("qunato gastie hj", "simplista"),
        ("👍", "trivial"),
        # spending listed as the context of a "where do I cut" question: an analysis
        ("onde eu corto? gastei 800 de ifood e 400 de uber", "complexa"),
        ("gastei 1200 de mercado e 600 de restaurante esse mes, onde eu economizo?", "complexa"),
        # "a meta" inside a question is not a spending limit stated for the month
        (
            "gasto 3 mil por mes, quero 6 meses de reserva. qual a meta e em quantos meses chego?",
            "complexa",
        ),
        ("fiquei com 300 na conta depois de pagar o aluguel", "trivial"),
    ],
)
def test_categories(triage: Triage, text: str, expected: str) -> None:
    assert triage.classify(text).categoria == expected


def test_result_shape(triage: Triage) -> None:
    result = triage.classify("gastei 450 reais")
    assert isinstance(result, TriageResult)
    assert result.source == "rules" and result.rule == "transaction"
    assert 0 <= result.confianca <= 1 and result.ms >= 0


def test_empty_message_is_a_typed_error(triage: Triage) -> None:
    with pytest.raises(EmptyMessageError):
        triage.classify("   ")


def test_a_very_long_message_is_classified_by_its_beginning(triage: Triage) -> None:
    text = "vale a pena investir em CDB? " + "blá " * 5000
    assert triage.classify(text).categoria == "complexa"


# History: the original classified every message alone.


def test_elliptical_follow_up_of_a_simplista_answer_is_simplista(triage: Triage) -> None:
    previous = PreviousTurn("simplista", "Quanto gastei com alimentação esse mês?")
    for text in ("e no mês passado?", "e com transporte?", "e em março", "e no mercado?"):
        result = triage.classify(text, previous=previous)
        assert (result.categoria, result.source) == ("simplista", "history"), text


def test_what_if_after_a_complexa_answer_is_complexa(triage: Triage) -> None:
    previous = PreviousTurn("complexa", "Como me aposentar aos 55 anos?")
    result = triage.classify("e se eu investir 500 por mês?", previous=previous)
    assert result.categoria == "complexa"
    result = triage.classify("e com transporte?", previous=previous)
    assert (result.categoria, result.source) == ("complexa", "history")


def test_what_if_after_a_simplista_answer_escalates(triage: Triage) -> None:
    previous = PreviousTurn("simplista", "Quanto gastei com uber?")
    assert triage.classify("e se eu cortar o uber?", previous=previous).categoria == "complexa"


def test_a_yield_asked_after_a_balance_is_a_computation(triage: Triage) -> None:
    previous = PreviousTurn("trivial", "tenho 20 mil na poupanca")
    result = triage.classify("quanto isso rende por mes?", previous=previous)
    assert (result.categoria, result.rule) == ("complexa", "balance_follow_up")
    assert triage.classify("quanto gastei esse mes?", previous=previous).categoria == "simplista"
    alone = triage.classify("quanto gastei esse mes?", previous=PreviousTurn("trivial", "oi"))
    assert alone.categoria == "simplista"


def test_a_self_contained_follow_up_keeps_its_own_category(triage: Triage) -> None:
    previous = PreviousTurn("complexa", "Estou gastando muito com alimentação?")
    result = triage.classify("e quanto gastei com uber?", previous=previous)
    assert result.categoria == "simplista" and result.source == "rules"
    assert triage.classify("e o dólar hoje?", previous=previous).categoria == "trivial"


def test_no_inheritance_from_trivial_or_lancamento_or_for_a_long_message(triage: Triage) -> None:
    assert triage.classify("e no mês passado?", previous=PreviousTurn("trivial", "oi")).source != (
        "history"
    )
    long = "e no mês passado, será que eu gastei muito mais do que deveria com tudo isso aí?"
    previous = PreviousTurn("simplista", "Quanto gastei?")
    assert triage.classify(long, previous=previous).source != "history"


# Margin check with a stub model, so the scores are exactly known.


class _StubModel:
    def __init__(self, scores: list[float]) -> None:
        self._scores = scores

    def scores(self, text: str) -> list[float]:
        return self._scores


def _stub_triage(scores: list[float]) -> Triage:
    return Triage(_StubModel(scores), Speller([]))  # type: ignore[arg-type]


def test_a_clear_model_decision_is_kept() -> None:
    result = _stub_triage([0.1, 0.7, 0.1, 0.1]).classify("xyzzy plugh")
    assert (result.categoria, result.source, result.rule) == ("lancamento", "model", None)
    assert result.confianca == pytest.approx(0.7)


def test_a_close_call_goes_to_the_more_capable_category() -> None:
    gap = MARGIN / 2
    result = _stub_triage([0.0, 0.5, 0.5 - gap, 0.0]).classify("xyzzy plugh")
    assert (result.categoria, result.rule) == ("simplista", "tie_break")
    result = _stub_triage([0.0, 0.0, 0.5, 0.5 - gap]).classify("xyzzy plugh")
    assert (result.categoria, result.rule) == ("complexa", "tie_break")
    result = _stub_triage([0.0, 0.0, 0.5 - gap, 0.5]).classify("xyzzy plugh")
    assert (result.categoria, result.rule) == ("complexa", "tie_break")


def test_the_soft_query_rule_yields_to_a_confident_model() -> None:
    text = "quanto gastei esse mês?"
    assert _stub_triage([0.1, 0.1, 0.5, 0.3]).classify(text).categoria == "simplista"
    result = _stub_triage([0.0, 0.0, 0.05, 0.95]).classify(text)
    assert (result.categoria, result.rule) == ("complexa", "over_query")


def test_training_needs_every_category() -> None:
    from switchboard.apps.finance.triage.data import TriageExample

    with pytest.raises(ValueError):
        Triage.train([TriageExample(text="oi", label="trivial")])
