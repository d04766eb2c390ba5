"""Argument extractors for offline policies: `extract:<name>` in a policy action's `args`.

Each takes the user's text and returns a JSON-ready value, or None when the text has none.
Formats are Brazilian: `1.234,56` is one thousand two hundred and thirty-four and 56 cents,
dates are day/month/year.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from typing import Any

from switchboard.models.embedded.text import normalize

Extractor = Callable[[str], Any]

_NUMBER = re.compile(
    r"(?<![\w.,])-?(?:\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+,\d+|\d+\.\d+|\d+)(?![\w]|[.,]\d)"
)
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_CPF = re.compile(r"(?<!\d)(\d{3})\.?(\d{3})\.?(\d{3})[-.\s]?(\d{2})(?!\d)")
_DATE_BR = re.compile(r"(?<!\d)(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?!\d)")
_DATE_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
_ORDER_TAGGED = re.compile(
    r"(?:#\s*|\bpedido\s*(?:n(?:[º°o]|úmero|umero)?\.?\s*)?:?\s*)([A-Za-z]*-?\d[\w-]*)", re.I
)
_LONG_DIGITS = re.compile(r"(?<![\d.,/-])\d{5,}(?![\d.,/-])")
_PROTOCOL = re.compile(r"\b[A-Z]{2,3}-\d{4,}\b")
_WORD = re.compile(r"\w+")

STOP_WORDS = frozenset(
    [
        "a",
        "o",
        "as",
        "os",
        "um",
        "uma",
        "uns",
        "umas",
        "de",
        "do",
        "da",
        "dos",
        "das",
        "no",
        "na",
        "nos",
        "nas",
        "em",
        "ao",
        "aos",
        "à",
        "às",
        "pelo",
        "pela",
        "pelos",
        "pelas",
        "por",
        "para",
        "pra",
        "pro",
        "com",
        "sem",
        "sobre",
        "entre",
        "e",
        "ou",
        "mas",
        "que",
        "se",
        "como",
        "quando",
        "onde",
        "qual",
        "quais",
        "quem",
        "meu",
        "minha",
        "meus",
        "minhas",
        "seu",
        "sua",
        "seus",
        "suas",
        "nosso",
        "nossa",
        "eu",
        "voce",
        "voces",
        "vc",
        "vcs",
        "ele",
        "ela",
        "eles",
        "elas",
        "me",
        "te",
        "lhe",
        "nos",
        "isso",
        "isto",
        "esse",
        "essa",
        "este",
        "esta",
        "aquele",
        "aquela",
        "ja",
        "tambem",
        "muito",
        "mais",
        "menos",
        "ser",
        "estar",
        "esta",
        "estou",
        "sao",
        "foi",
        "tem",
        "tenho",
        "ter",
        "ha",
        "queria",
        "quero",
        "gostaria",
        "preciso",
        "saber",
        "sobre",
        "favor",
        "por",
        "oi",
        "ola",
        "bom",
        "dia",
        "boa",
        "tarde",
        "noite",
        "obrigado",
        "obrigada",
        "ai",
        "aqui",
        "la",
        "the",
    ]
)


def extract_message(text: str) -> str:
    return text.strip()


def extract_number(text: str) -> int | float | None:
    """First number: `"R$ 1.234,56"` → 1234.56, `"3 itens"` → 3, `"1,5"` → 1.5."""
    match = _NUMBER.search(text)
    if match is None:
        return None
    raw = match.group(0)
    if "," in raw:
        return float(raw.replace(".", "").replace(",", "."))
    if re.fullmatch(r"-?\d{1,3}(?:\.\d{3})+", raw):
        return int(raw.replace(".", ""))
    return float(raw) if "." in raw else int(raw)


def extract_email(text: str) -> str | None:
    match = _EMAIL.search(text)
    return match.group(0).rstrip(".").lower() if match else None


def extract_cpf(text: str) -> str | None:
    """The 11 digits of a CPF written `123.456.789-09` or `12345678909` (check digits not
    verified: a typo goes through, and the tool that uses it says so)."""
    match = _CPF.search(text)
    return "".join(match.groups()) if match else None


def extract_date(text: str) -> str | None:
    """`25/12/2024`, `25-12-24` or `2024-12-25` → `"2024-12-25"`; impossible dates → None."""
    iso = _DATE_ISO.search(text)
    if iso:
        year, month, day = (int(g) for g in iso.groups())
    else:
        br = _DATE_BR.search(text)
        if br is None:
            return None
        day, month, year = (int(g) for g in br.groups())
        if len(br.group(3)) == 2:
            year += 2000
    try:
        return date(year, month, day).isoformat()
    except ValueError:
        return None


def extract_order_id(text: str) -> str | None:
    """`#12345`, `pedido 12345`, `pedido nº A-981` or a lone number of 5+ digits."""
    tagged = _ORDER_TAGGED.search(text)
    if tagged:
        return tagged.group(1)
    long = _LONG_DIGITS.search(text)
    return long.group(0) if long else None


def extract_protocol(text: str) -> str | None:
    """A protocol or ticket number as systems print it: `CH-113121`, `RB-004512`."""
    found = _PROTOCOL.search(text)
    return found.group(0) if found else None


def extract_topic(text: str) -> str | None:
    """The text without stop words: `"Qual o horário de atendimento?"` → `"horario atendimento"`."""
    words = [w for w in _WORD.findall(normalize(text)) if w not in STOP_WORDS]
    return " ".join(words) or None


EXTRACTORS: dict[str, Extractor] = {
    "message": extract_message,
    "number": extract_number,
    "amount": extract_number,
    "email": extract_email,
    "cpf": extract_cpf,
    "date": extract_date,
    "order_id": extract_order_id,
    "protocol": extract_protocol,
    "topic": extract_topic,
}
"""Extractor name → function, as used in `extract:<name>`."""
