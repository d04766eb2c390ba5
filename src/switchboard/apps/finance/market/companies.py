"""The listed companies users name by name ("ações da Petrobras", "investir na Vale") and their
B3 tickers: one vocabulary for the mission planner (which analyses a company) and Junior's
quick answers (a quote asked). Offline, the quotes themselves are `static.py`'s."""

from __future__ import annotations

import re

_COMPANIES = {
    "petrobras": "PETR4",
    "vale": "VALE3",
    "itau": "ITUB4",
    "banco do brasil": "BBAS3",
    "weg": "WEGE3",
    "magazine luiza": "MGLU3",
    "magalu": "MGLU3",
}
_NAMES = {
    "PETR4": "Petrobras",
    "VALE3": "Vale",
    "ITUB4": "Itaú",
    "BBAS3": "Banco do Brasil",
    "WEGE3": "WEG",
    "MGLU3": "Magazine Luiza",
}


def company_name(ticker: str) -> str:
    """'Magazine Luiza (MGLU3)' for known tickers, else the ticker."""
    name = _NAMES.get(ticker)
    return f"{name} ({ticker})" if name else ticker


_NOT_THE_COMPANY = {
    # "vale a pena", "vale mais pegar um seminovo…", "vale o preço": the verb, not Vale S.A.
    "vale": r"(?!\s+(?:a|mais|mesmo|menos|muito|mto|nada|o|os|as|ter|comprar|pegar|investir"
    r"|trocar|esperar|guardar|financiar|alugar|pagar|isso|tudo)\b)",
}
_SAID_AS_A_COMPANY = {
    # "vale" is mostly the verb ("quanto ele vale", "o meu vale 40 mil"): the company only
    # where a company is named ("ações da Vale", "investir na Vale", "comprar Vale")
    "vale": r"\b(?:da|na|a|pela|e a|comprar|compro|vender|vendo|acoes|acao|papeis|papel|"
    r"investir na|invisto na)\s+",
}
_COMPANY_PATTERNS = [
    (
        name,
        re.compile(
            rf"{_SAID_AS_A_COMPANY.get(name, '')}\b{name}\b(?! a pena)"
            rf"{_NOT_THE_COMPANY.get(name, '')}"
        ),
        ticker,
    )
    for name, ticker in _COMPANIES.items()
]
"""Compiled once: `re.search` with a pattern string pays the regex cache look-up every call."""
_TICKER = re.compile(r"\b([a-z]{4}\d{1,2})\b")


def tickers_in(folded: str, *, digits: bool = True) -> list[str]:
    """The tickers a folded message names, as tickers ("petr4") or by company name, in order;
    `digits=False` (the message has no digit) skips the ticker scan."""
    tickers = [m.upper() for m in _TICKER.findall(folded)] if digits else []
    for name, pattern, ticker in _COMPANY_PATTERNS:
        if name in folded and pattern.search(folded) and ticker not in tickers:
            tickers.append(ticker)
    return tickers


__all__ = ["company_name", "tickers_in"]
