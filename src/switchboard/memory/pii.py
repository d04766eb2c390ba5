"""PII redaction before anything enters summaries, working memory or the long-term profile.

`redact(text)` replaces personal identifiers and secrets with typed placeholders (`[CPF]`,
`[CNPJ]`, `[CARTAO]`, `[SENHA]`, `[PIN]`, `[CONTA]`, `[AGENCIA]`) and reports what it found.

What is redacted, and why this way:

- **CPF** — 11 digits, formatted (`123.456.789-09`, `123456789-09`) or bare, only when both check
  digits are valid and the digits are not all equal (`111.111.111-11` passes the arithmetic but
  is a placeholder everyone types). Check digits make a random 11-digit run a CPF only 1 time in
  100, which is what keeps ledger-like text clean.
- **CNPJ** — 14 digits, formatted (`12.345.678/0001-95`) or bare, with valid check digits, not all
  equal.
- **Card numbers** — 13 to 19 digits, bare or in the printed groups (4-4-4-4, 4-4-4-4-3, 4-6-5,
  4-4-4-1..4) with spaces or dashes, passing Luhn. Arbitrary separators are not accepted: in
  "2026 10 15 1234" the numbers are separate facts, not one card.
- **Secrets after a cue** — `senha`/`password` → `[SENHA]`; `pin`, `cvv`/`cvc`, `código de
  segurança` → `[PIN]`. A cue alone is not enough: "esqueci minha senha do banco" has no secret. The
  value must follow a connector (`é`, `:`, `=`, `era`…) or, with no connector, contain a digit
  ("senha 1234", "pin 0000").
- **Bank account / agency after a cue** — `agência`/`ag` → `[AGENCIA]`, `conta`/`cc`/`c/c`/`conta
  corrente`/`poupança` → `[CONTA]`. The number must look like one (≥ 4 digits or a check digit
  after a dash) and must not be an amount: "conta de luz 150", "conta 1500 reais" are kept.

What is never redacted (decisions):

- **Money** (`R$ 1.234,56`, `12.345.678,90 reais`), dates, times, percentages, instalments
  (`10x`), years, CEPs: none of them is a personal identifier, and the finance agents need them.
- **Phone numbers** are kept: they are contact data, not credentials, and the finance spec asks
  that phone-like amounts survive. A bare 11-digit run that passes the CPF check digits is
  redacted as a CPF (a mobile number does so 1 time in 100) unless a phone cue (`tel`, `celular`,
  `whats`, `fone`, `ligar`) sits just before it.
- **Order, protocol, boleto, invoice and tracking numbers** introduced by their cue (`protocolo`,
  `pedido`, `boleto`, `nota fiscal`, `NF`, `rastreio`, `código de barras`) are kept: they identify
  a transaction, not a person. Without a cue, a 13–19-digit run that passes Luhn is redacted as a
  card (1 in 10 random runs do): with no context, protecting a possible card wins.
- **CVV 188** — the Centro de Valorização da Vida hotline, not a card security code.

Redaction is idempotent: placeholders never match again, so `redact(redact(t).text)` changes
nothing. Spans in findings refer to the original text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

PiiKind = Literal["CPF", "CNPJ", "CARTAO", "SENHA", "PIN", "CONTA", "AGENCIA"]
"""The placeholder written for each kind is `[KIND]`."""

PII_KINDS: tuple[PiiKind, ...] = ("CPF", "CNPJ", "CARTAO", "SENHA", "PIN", "CONTA", "AGENCIA")


@dataclass(frozen=True, slots=True)
class PiiFinding:
    """One redacted value: its kind and its `[start, end)` span in the original text."""

    kind: PiiKind
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Redaction:
    """The redacted text and what was replaced, in text order."""

    text: str
    findings: tuple[PiiFinding, ...]

    @property
    def changed(self) -> bool:
        """Whether anything was redacted."""
        return bool(self.findings)


# --- check digits ---------------------------------------------------------------------------


def _digits(value: str) -> str:
    return "".join(c for c in value if c.isdigit())


def is_valid_cpf(value: str) -> bool:
    """CPF check digits (mod 11), all-equal digits rejected. Punctuation is ignored."""
    d = [int(c) for c in _digits(value)]
    if len(d) != 11 or len(set(d)) == 1:
        return False
    for size in (9, 10):
        total = sum(v * w for v, w in zip(d[:size], range(size + 1, 1, -1), strict=True))
        check = (total * 10) % 11 % 10
        if check != d[size]:
            return False
    return True


_CNPJ_WEIGHTS = (6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2)


def is_valid_cnpj(value: str) -> bool:
    """CNPJ check digits (mod 11), all-equal digits rejected. Punctuation is ignored."""
    d = [int(c) for c in _digits(value)]
    if len(d) != 14 or len(set(d)) == 1:
        return False
    for size in (12, 13):
        weights = _CNPJ_WEIGHTS[13 - size :]
        rest = sum(v * w for v, w in zip(d[:size], weights, strict=True)) % 11
        check = 0 if rest < 2 else 11 - rest
        if check != d[size]:
            return False
    return True


def luhn_ok(value: str) -> bool:
    """Luhn checksum over the digits of `value` (13–19 digits), all-equal digits rejected."""
    d = [int(c) for c in _digits(value)]
    if not 13 <= len(d) <= 19 or len(set(d)) == 1:
        return False
    total = 0
    for i, v in enumerate(reversed(d)):
        if i % 2 == 1:
            v *= 2
            if v > 9:
                v -= 9
        total += v
    return total % 10 == 0


# --- patterns -------------------------------------------------------------------------------

_NUM_LEFT = r"(?<![\d\w.,/$-])"
"""Not glued to another number, a word, or an amount's separator on the left."""
_NUM_RIGHT = r"(?![\d\w]|[.,/-]\d)"
"""Not continued by a digit, a letter or a decimal/thousands part on the right."""

_CPF = re.compile(_NUM_LEFT + r"(\d{3}\.\d{3}\.\d{3}-\d{2}|\d{9}-\d{2}|\d{11})" + _NUM_RIGHT)
_CNPJ = re.compile(_NUM_LEFT + r"(\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}|\d{14})" + _NUM_RIGHT)
_CARD = re.compile(
    _NUM_LEFT
    + r"(\d{13,19}"
    + r"|\d{4}([ -])\d{4}\2\d{4}\2\d{1,4}(?:\2\d{3})?"
    + r"|\d{4}([ -])\d{6}\3\d{4,5})"
    + _NUM_RIGHT
)

_CONNECTOR = (
    r"(?:\s*(?:[:=]|-(?=\s))\s*"
    r"|\s*,?\s+(?:(?:agora|atual|nova|antiga)\s+)?(?:é|eh|e|era|seria|ficou|virou)(?=[\s:=])"
    r"\s*[:=]?\s*)"
)
"""What links a cue to its value: "senha: X", "senha = X", "senha é X", "senha agora é X"."""
_SECRET_VALUE = r"(?P<value>[^\s\[\]\"'`,;]+(?<![.!?]))"
"""A secret is one token; it never starts a placeholder and loses trailing sentence punctuation."""
_QUALIFIER = r"(?:\s+(?:d[oae]s?|para\s+o|pro|da\s+minha|do\s+meu)\s+[\wçãéíóúâêô.-]+){0,2}"
"""Words between cue and value: "senha do banco", "senha do app do nubank" (≤ 2 hops)."""

_PASSWORD = re.compile(
    r"\b(?:senha|password|passwd)\b"
    + _QUALIFIER
    + r"(?:"
    + _CONNECTOR
    + _SECRET_VALUE
    + r"|\s+(?P<bare>(?=[^\s\[]*\d)[^\s\[\]\"'`,;]+(?<![.!?])))",
    re.IGNORECASE,
)
_PIN = re.compile(
    r"\b(?:pin|cvv|cvc|c[oó]digo\s+de\s+seguran[cç]a|c[oó]d\.?\s+de\s+seguran[cç]a)\b"
    + _QUALIFIER
    + r"(?:"
    + _CONNECTOR
    + r"|\s+)(?P<value>\d{3,8})(?!\d|[.,]\d)",
    re.IGNORECASE,
)
_AGENCY = re.compile(
    r"\b(?:ag[eê]ncia|agencia|ag\.?)(?:\s+(?:n[ºo°.]?|n[uú]mero|banc[aá]ria))?"
    + r"(?:"
    + _CONNECTOR
    + r"|\s+)(?P<value>\d{3,5}(?:-[\dxX])?)"
    + r"(?![\d\w]|[.,]\d|\s*(?:reais|real|conto|mil|%))",
    re.IGNORECASE,
)
_ACCOUNT = re.compile(
    r"(?:\b(?:conta(?:\s+(?:corrente|poupan[cç]a|banc[aá]ria|salario|salário))?|cc|c/c|poupan[cç]a)"
    + r"(?:\s+(?:n[ºo°.]?|n[uú]mero))?)"
    + r"(?:"
    + _CONNECTOR
    + r"|\s+)(?P<value>\d{4,13}(?:-[\dxX])?|\d{1,3}-[\dxX])"
    + r"(?![\d\w]|[.,]\d|\s*(?:reais|real|conto|mil|%))",
    re.IGNORECASE,
)

_PHONE_CUE = re.compile(
    r"\b(?:tel|telefone|fone|celular|cel|whats|whatsapp|zap|ligar|ligue|contato)\b\D{0,12}$",
    re.IGNORECASE,
)
_REFERENCE_CUE = re.compile(
    r"\b(?:protocolo|pedido|boleto|nota\s+fiscal|nf|nf-e|nfe|rastreio|rastreamento|"
    r"c[oó]digo\s+de\s+barras|linha\s+digit[aá]vel|transa[cç][aã]o|nsu|autoriza[cç][aã]o|"
    r"id|n[ºo°]\s*do\s+pedido)\b\D{0,12}$",
    re.IGNORECASE,
)
_MONEY_BEFORE = re.compile(r"(?:R\$|US\$|\$)\s*$", re.IGNORECASE)
_MONEY_AFTER = re.compile(r"^\s*(?:reais|real|conto|contos|pila|mil|%)\b", re.IGNORECASE)
_LOOKBEHIND = 24
"""Characters before a bare number inspected for a phone or reference cue."""
_NOT_SECRET = frozenset(
    {
        *("o", "a", "os", "as", "um", "uma", "meu", "minha", "seu", "sua", "do", "da", "de"),
        *("que", "nao", "não", "foi", "esta", "está", "tá", "ta", "ja", "já", "muito", "muita"),
        *("igual", "errada", "errado", "certa", "certo", "forte", "fraca", "nova", "antiga"),
        *("mesma", "mesmo"),
    }
)
"""Words that can follow "senha é"/"senha e" without being the secret ("minha senha é forte")."""


def _cue_before(pattern: re.Pattern[str], text: str, start: int) -> bool:
    return pattern.search(text[max(0, start - _LOOKBEHIND) : start]) is not None


_CUED: tuple[tuple[re.Pattern[str], PiiKind], ...] = (
    (_PASSWORD, "SENHA"),
    (_PIN, "PIN"),
    (_AGENCY, "AGENCIA"),
    (_ACCOUNT, "CONTA"),
)


def _is_amount_or_reference(text: str, start: int, end: int) -> bool:
    """A bare number that is money ("R$ 12345678909", "… reais") or a cued reference number."""
    head = text[max(0, start - _LOOKBEHIND) : start]
    return (
        _MONEY_BEFORE.search(head) is not None
        or _MONEY_AFTER.match(text[end : end + 12]) is not None
        or _REFERENCE_CUE.search(head) is not None
    )


def _find(text: str) -> list[PiiFinding]:
    """Candidate findings in priority order; overlaps are resolved by the caller."""
    found: list[PiiFinding] = []
    for pattern, kind in _CUED:
        for m in pattern.finditer(text):
            group = "value" if m.group("value") is not None else "bare"
            value = m.group(group)
            if value.lower() in _NOT_SECRET:
                continue
            if kind == "PIN" and value == "188" and m.group(0).lower().startswith("cvv"):
                continue  # the CVV suicide-prevention hotline, not a security code
            found.append(PiiFinding(kind, m.start(group), m.end(group)))
    for m in _CNPJ.finditer(text):
        if is_valid_cnpj(m.group(1)) and not _is_amount_or_reference(text, *m.span(1)):
            found.append(PiiFinding("CNPJ", m.start(1), m.end(1)))
    for m in _CPF.finditer(text):
        value = m.group(1)
        if not is_valid_cpf(value) or _is_amount_or_reference(text, *m.span(1)):
            continue
        if value.isdigit() and _cue_before(_PHONE_CUE, text, m.start(1)):
            continue
        found.append(PiiFinding("CPF", m.start(1), m.end(1)))
    for m in _CARD.finditer(text):
        if luhn_ok(m.group(1)) and not _is_amount_or_reference(text, *m.span(1)):
            found.append(PiiFinding("CARTAO", m.start(1), m.end(1)))
    return found


def redact(text: str) -> Redaction:
    """Replace PII in `text` with `[KIND]` placeholders; see the module docstring for the rules.

    Earlier candidates win overlaps (cue-based secrets and accounts, then CNPJ, CPF, card), so
    "conta 12345678909" is one `[CONTA]`, never a CPF inside an account.
    """
    chosen: list[PiiFinding] = []
    for finding in _find(text):
        if all(finding.end <= c.start or finding.start >= c.end for c in chosen):
            chosen.append(finding)
    if not chosen:
        return Redaction(text, ())
    chosen.sort(key=lambda f: f.start)
    parts: list[str] = []
    cursor = 0
    for f in chosen:
        parts.append(text[cursor : f.start])
        parts.append(f"[{f.kind}]")
        cursor = f.end
    parts.append(text[cursor:])
    return Redaction("".join(parts), tuple(chosen))
