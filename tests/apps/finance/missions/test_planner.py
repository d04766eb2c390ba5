"""The planner's extractors: the substring prefilters change no result."""

from __future__ import annotations

from decimal import Decimal

from switchboard.apps.finance.market import companies
from switchboard.apps.finance.missions import planner
from switchboard.apps.finance.missions.catalogue.extract import objeto_of
from switchboard.apps.finance.missions.catalogue.quantities import scan
from switchboard.apps.finance.missions.planner import Facts, extract_facts
from switchboard.apps.finance.nlu import find_amounts
from switchboard.apps.finance.triage.data import packaged_examples
from switchboard.apps.finance.triage.text import fold


def _reference(text: str) -> Facts:
    """`extract_facts` without the prefilters: every pattern on every text."""
    folded = fold(text)
    tickers = [m.upper() for m in companies._TICKER.findall(folded)]
    for _name, pattern, ticker in companies._COMPANY_PATTERNS:
        if pattern.search(folded) and ticker not in tickers:
            tickers.append(ticker)
    facts = Facts(
        tickers=tickers,
        amounts=[a.value for a in find_amounts(text) if a.explicit],
        objeto=objeto_of(scan(text))[0],
    )
    if m := planner._MONTHS.search(folded):
        facts.months = int(m.group(1))
        said = planner._INSTALMENT.search(folded)
        if said is not None and int(said["n"]) == facts.months:
            facts.instalment = Decimal(said["v"].replace(".", "").replace(",", "."))
    elif m := planner._YEARS.search(folded):
        facts.months = int(m.group(1)) * 12
    if m := planner._AGE.search(folded):
        facts.age = int(m.group(1))
    if m := planner._DROP.search(folded):
        facts.drop_pct = Decimal(m.group(1).replace(",", "."))
    return facts


def test_extract_facts_matches_the_unfiltered_patterns() -> None:
    texts = [example.text for example in packaged_examples()] + [
        "A Petrobras caiu 3,5% ontem, vale a pena comprar PETR4 agora?",
        "Quero me aposentar aos 60 anos com renda de R$ 10.000 em 20 anos",
        "Financiar um carro de R$ 80.000 em 48x ou 36 meses? Tenho 20 mil guardados",
        "posso comprar 10 parcelas de 500 reais? a vale está caindo 2%",
    ]
    for text in texts:
        assert extract_facts(text) == _reference(text), text
    assert len(texts) > 100


def test_the_users_object_is_kept() -> None:
    assert extract_facts("Quero financiar a casa de 300 mil").objeto == "casa"
    assert extract_facts("Quero comprar um carro de R$ 80.000").objeto == "carro"
    assert extract_facts("Quanto rende a poupança?").objeto is None
