"""Right after a recording, the user may take it back or fix it (issue 19):

- "apaga esse", "lancei errado, apaga", "desfaz o último" → delete the last recording;
- "não, foi 45", "na verdade foi anteontem", "corrige pra 38,90", and their short forms
  ("na vdd foi 55", "pensando bem, foi 55", "errei, era 55", "foi 55 não 50"), a new
  number of instalments ("opa, foi em 10x, não 5x", "na verdade foram 12 parcelas"), or a new
  category ("coloca em saúde", "ops, foi num bar, coloca em Lazer", "errei a categoria, era
  lazer") → the last recording with the new amount / date / instalments / category (it is
  replaced, not added to);
- "hoje mais 60", "e mais 25 ontem" → one more of the same (its category and kind), with the
  new amount and date.

`read_followup(text)` says which one a message is (or None: a new message); `amend(draft,
text, today)` builds the replacement draft. Only short messages count: a correction is said
in a few words, a new transaction in a sentence of its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any, Literal

from .categories import INCOME_CATEGORY, CategoryMatch, find_category
from .dates import resolve_date
from .draft import TransactionDraft
from .extract import payment_of
from .instalments import find_instalments
from .money import AmountMatch, find_amounts
from .numwords import words_value
from .text import fold

__all__ = [
    "Followup",
    "amend",
    "corrects_the_draft",
    "deletes_the_entry",
    "denies_another_amount",
    "is_delete_request",
    "names_another_entry",
    "read_followup",
]

FollowupKind = Literal["apagar", "corrigir", "mais"]
MAX_WORDS = 9
MAX_RECATEGORISE_WORDS = 14
"""A category change may explain itself ("na verdade foi um perfume de presente, muda pra
Compras"): with an explicit order to move it, a longer message still counts."""

_DELETE = re.compile(
    r"\b(?:apag[ae]|apaga\s+(?:esse|essa|isso|o\s+ultimo|ai)|exclu[ia]|delet[ae]|remov[ae]"
    r"|desfa[zc]\w*|cancel[ae]\s+(?:esse|essa|isso|o\s+ultimo|o\s+lancamento))\b"
    r"|\b(?:lancei|registrei|anotei)\s+errado\b"
    r"|^\W*esquec[ea]\b|\b(?:duplicad[oa]|duplicou|em\s+duplicidade|em\s+dobro|repetid[oa]"
    r"|duas\s+vezes)\b"
)
_FIX = re.compile(
    r"^\W*(?:nao|(?:na\s+)?(?:verdade|vdd|vdade)|na\s+real|corrig\w*|corrij\w*|retific\w*"
    r"|errei|me\s+enganei|ops|opa|foi\s+mal|desculpa|pera|alias|quer\s+dizer|digo"
    r"|pensando\s+(?:bem|melhor))\b"
    r"|\b(?:na\s+verdade|na\s+(?:vdd|vdade)|vdd|na\s+real|alias|pensando\s+bem)\W*$"
    r"|^\W*(?:foi|era|eram)\s+(?:r\$\s*)?\d[\d.,]*\s*(?:reais\s+)?\W*(?:e\s+)?nao\s+(?:r\$\s*)?\d"
    r"|^\W*(?:foi|era|eram)\s+(?:ontem|anteontem|hoje|dia|no\s+dia|em|na|no|semana|pelo|pela"
    r"|via|com)\b"
    r"|^\W*(?:era|eram)\s+(?:r\$\s*)?\d"
    r"|\b(?:digitei|escrevi|coloquei|botei|lancei)\s+errado\b"
)
_RECATEGORISE = re.compile(
    r"^\W*(?:(?:e\s+)?(?:coloca|coloque|poe|ponha|bota|bote|muda|mude|troca|troque|joga|passa"
    r"|move|lanca|lance|classifica|classifique|categoriza|categorize)\s+"
    r"(?:(?:isso|esse|essa|ele|ela|o\s+ultimo|a\s+ultima|esse\s+gasto|essa\s+despesa)\s+)?"
    r"(?:em|na|no|pra|para|pro|como)\b|^\W*(?:categoria|e\s+de|era\s+de|foi\s+de)\s*:?\s)"
)
"""'coloca em saúde', 'muda pra lazer', 'categoria: transporte': only the category changes."""
_MOVE_TO = re.compile(
    r"\b(?:coloca|coloque|poe|ponha|bota|bote|muda|mude|troca|troque|joga|passa|move|lanca"
    r"|classifica|classifique|categoriza|categorize|corrige|corrija|altera|altere)\s+"
    r"(?:(?:isso|esse|essa|ele|ela|o\s+ultimo|a\s+ultima|esse\s+gasto|essa\s+despesa"
    r"|a\s+categoria|de\s+categoria|categoria)\s+)?(?:em|na|no|pra|para|pro|como)\s+(?=\S)"
    r"|\bcategoria\s*:?\s+(?:(?:e|eh|de|pra|para|certa\s+e)\s+)?(?=[a-z])"
)
"""An order to move the entry somewhere, anywhere in the message ("…, muda pra Compras"):
the category is read after it."""
_SAYS_WHAT_IT_WAS = re.compile(r"\b(?:foi|era|eram|categoria)\b")
_MORE = re.compile(r"^\W*(?:e\s+)?(?:(?:hoje|ontem|agora|anteontem)\s+)?(?:mais|\+)\s")


_NEGATED_BEFORE = re.compile(
    r"\bnao\s+(?:foi\s+|era\s+|eram\s+|gastei\s+|paguei\s+|custou\s+|deu\s+|recebi\s+)?"
    r"(?:r\$\s*)?$"
)


def _not_negated(text: str, amounts: list[AmountMatch]) -> list[AmountMatch]:
    """The amounts not denied in the message: in "foi 55 não 50" or "não foi 50, foi 55" the
    amount after "não" is the wrong one being corrected, never the new value."""
    folded = fold(text)
    return [a for a in amounts if not _NEGATED_BEFORE.search(folded[: a.span[0]])]


def denies_another_amount(text: str, recorded: Decimal | None) -> bool:
    """Whether the message denies an amount that is not the one just recorded ("não gastei 50,
    gastei 80 no mercado" after the shirts' 310): then it corrects nothing of that recording —
    it is a message of its own."""
    amounts = find_amounts(text)
    kept = _not_negated(text, amounts)
    denied = [a.value for a in amounts if a not in kept]
    return bool(denied) and recorded not in denied


@dataclass(frozen=True, slots=True)
class Followup:
    kind: FollowupKind


def _instalments_said(text: str) -> int | None:
    """The number of instalments `text` states and does not deny: 10 in "foi em 10x, não 5x"
    and 5 in "não foi 10x, foi 5x"."""
    folded = fold(text)
    found = find_instalments(folded, find_amounts(text))
    for start, end in found.spans:
        if _NEGATED_BEFORE.search(folded[:start]):
            continue
        token = folded[start:end]  # "em 10x", or the bare count of "parcelei em 6"
        count = int(token) if token.isdigit() else find_instalments(token, []).count
        count = count or words_value(token)
        if count is not None and count > 1:
            return count
    return None


def _amounts_said(text: str) -> list[AmountMatch]:
    """The amounts of `text` that are not its instalment count ("parcelei em 6")."""
    spans = find_instalments(fold(text), find_amounts(text)).spans
    return [a for a in find_amounts(text) if not any(s <= a.span[0] < e for s, e in spans)]


def _category_said(
    text: str, kind: Literal["receita", "despesa"] | None = None
) -> CategoryMatch | None:
    """The category a correction moves the entry to: the one named after an order to move it
    ("foi um perfume, muda pra Compras"), else the one the message names; a bare category
    takes the subcategory the message names for it ("foi num bar, coloca em Lazer": Bares)."""
    folded = fold(text)
    whole = find_category(text, kind)
    order = _MOVE_TO.search(folded)
    target = find_category(folded[order.end() :], kind) if order is not None else None
    if target is None:
        return whole
    if target.subcategoria is None and whole is not None and whole.categoria == target.categoria:
        return whole
    return target


def read_followup(text: str) -> Followup | None:
    """What a short message right after a recording does to it (module docstring)."""
    folded = fold(text)
    words = folded.split()
    if not words or len(words) > MAX_RECATEGORISE_WORDS or "?" in folded:
        return None
    amounts = _amounts_said(text)
    if len(words) > MAX_WORDS:
        moved = _MOVE_TO.search(folded) is not None and not amounts
        return Followup("corrigir") if moved and _category_said(text) is not None else None
    if _DELETE.search(folded) and not amounts:
        return Followup("apagar")
    changes = (
        bool(amounts)
        or resolve_date(text, date(2000, 1, 1)) is not None
        or payment_of(text) is not None
        or _instalments_said(text) is not None
    )
    if _FIX.search(folded) and changes:
        return Followup("corrigir")
    if not amounts and _category_said(text) is not None:
        if _RECATEGORISE.match(folded) or _MOVE_TO.search(folded):
            return Followup("corrigir")
        if _FIX.search(folded) and _SAYS_WHAT_IT_WAS.search(folded):
            return Followup("corrigir")  # "errei a categoria, era lazer", "ops, foi num bar"
    if _MORE.match(folded) and amounts and find_category(text) is None:
        return Followup("mais")
    return None


BARE_CORRECTION_WORDS = 3
"""An amount said in at most this many words ("60", "foi 60", "pode registrar 50") answers the
pending draft; a sentence of its own tells a new entry."""


def corrects_the_draft(text: str) -> bool:
    """Whether a message with an amount, said while a draft waits for "quer que eu registre?",
    corrects that draft ("não, foi 60", "60", "era 55,90 na verdade") rather than telling a new
    entry ("transferi 500 pra minha poupança" after "me empresta 50?" was recorded as the
    draft's "me empresta" with R$ 500)."""
    followup = read_followup(text)
    if followup is not None:
        return followup.kind == "corrigir"
    return len(fold(text).split()) <= BARE_CORRECTION_WORDS and find_category(text) is None


_DELETE_VERB = re.compile(r"\b(?:apag\w*|exclu\w*|delet\w*|remov\w*|desfa[zc]\w*)\b")
_FILLER_WORDS = (
    "apaga apague apagar apagou exclui exclua excluir deleta delete deletar remove remova remover"
    " desfaz desfaca desfazer lancei registrei anotei errado esse essa isso aquele aquela o a os"
    " as do da de dos das lancamento lancamentos gasto despesa entrada registro ai la por favor"
    " pfv pf me ja que eu foi ali tambem entao esquece esqueca esquecer duplicado duplicada"
    " duplicou duplicidade dobro repetido repetida repetiu duas vezes cancela cancele cancelar"
    " ops opa errei sem querer"
)
_DELETE_FILLER = frozenset(_FILLER_WORDS.split())
"""The words of a delete order that name no entry."""


def is_delete_request(text: str) -> bool:
    """An explicit order to delete ("apaga o uber", "exclui o último lançamento"), as opposed
    to a short follow-up that only sounds like one ("esquece", "lancei errado")."""
    return (
        (found := read_followup(text)) is not None
        and found.kind == "apagar"
        and bool(_DELETE_VERB.search(fold(text)))
    )


def deletes_the_entry(text: str, draft: TransactionDraft) -> bool:
    """Whether a delete request made some turns after the recording ("apaga o uber, lancei
    errado" after two questions) is about it: it names it (a word of its description,
    category or subcategory) or says "o último". "Apaga" alone, long after, is no clear order."""
    words = re.findall(r"[a-z0-9]+", fold(text))
    named = [w for w in words if w not in _DELETE_FILLER and len(w) >= 3]
    if any(w.startswith("ultim") for w in words) and all(w.startswith("ultim") for w in named):
        return True
    said = " ".join(filter(None, (draft.descricao, draft.categoria, draft.subcategoria)))
    entry = set(re.findall(r"[a-z0-9]+", fold(said)))
    return any(w in entry for w in named)


def names_another_entry(text: str, draft: TransactionDraft) -> bool:
    """Whether a delete order right after a recording names something else ("apaga o do
    aluguel" just after the market was recorded): deleting the last entry would delete the
    wrong one. A bare order ("apaga", "apaga esse") or one that names the entry — a word of it,
    or its category ("apaga a gasolina" after "50 no posto") — is about the last entry."""
    words = re.findall(r"[a-z0-9]+", fold(text))
    named = [w for w in words if w not in _DELETE_FILLER and len(w) >= 3]
    if not named or deletes_the_entry(text, draft):
        return False
    found = find_category(text)
    return found is None or (found.categoria, found.subcategoria) not in {
        (draft.categoria, draft.subcategoria),
        (draft.categoria, None),
    }


def amend(draft: TransactionDraft, text: str, today: date, *, more: bool) -> TransactionDraft:
    """The recorded `draft` with what `text` states (amount, date, category); for "mais", a new
    one of the same kind dated as said (else today)."""
    update: dict[str, Any] = {}
    amounts = _amounts_said(text)
    if amounts:
        stated = _not_negated(text, amounts) or amounts
        explicit = [a for a in stated if a.explicit] or stated
        update["valor"] = explicit[0].value
    when = resolve_date(text, today, future=draft.conta_futura)
    if when is not None:
        update["data"] = when
    elif more and not draft.conta_futura:
        update["data"] = today
    match = _category_said(text, draft.tipo)
    if match is not None and not more:
        update["categoria"], update["subcategoria"] = match.categoria, match.subcategoria
        if draft.tipo == "receita" and match.categoria != INCOME_CATEGORY:
            update.pop("categoria"), update.pop("subcategoria")
    if not more and (method := payment_of(text)) is not None:
        update["forma_pagamento"] = method
        update["cartao_credito"] = method == "credito"
        count = find_instalments(fold(text), amounts).count
        if count is not None and count > 1:
            update["parcelas"] = count
        elif method != "credito":
            update["parcelas"] = None
    elif not more and (count := _instalments_said(text)) is not None:
        update["parcelas"] = count
    if draft.parcelas and "valor" in update:
        update.setdefault("parcelas", draft.parcelas)
    return draft.model_copy(update=update)
