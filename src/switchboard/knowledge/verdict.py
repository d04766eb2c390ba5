"""The verdict of a yes/no question, read from the passages quoted for it: "Sim" or "Não".

A student who asks "o MEC pode mudar as datas do Sisu depois?" or "a faculdade tem que me dar
comprovante?" asks for a verdict; quoting the item alone leaves them to infer it. The verdict
is read, never guessed, from the quoted *sentences* (list entries with their lead-ins) that
say at least half of the question's concepts, the one that says most first (`sentences`):

- **permission** ("pode", "posso", "consigo", "dá pra"): a sentence that permits ("poderá",
  "é facultado", "será aceito") is "Sim", one that forbids ("não poderá", "vedada", "não será
  permitido") is "Não";
- **obligation** ("tem que", "precisa", "é obrigatório"): a sentence that obliges ("deverá",
  "obrigatoriamente", "compete a") is "Sim", one that denies ("não haverá cobrança",
  "dispensado", "não deverá") is "Não";
- **fact** ("tem cota…?", "vale como…?", "a nota de corte garante…?"): a negated statement
  ("não constitui garantia", "não se responsabilizará", "estão excluídos") is "Não"; a sentence
  that says everything the question names (the "vale/serve/conta/entra" frame aside) and
  denies or restricts nothing is "Sim".

A "Sim" comes only from the sentence that says most; a "Não" may sit in a later entry ("II - o
candidato não poderá optar…"). A list's lead-in ("Estão excluídos do cálculo…", "somente um dos
seguintes comprovantes") rules only on the entries that name the question's subject, and an
entry with its own condition ("exclusivamente no caso de…") gets no verdict.

No verdict for an open "e se…?", alternatives ("bruta ou líquida?"), "que documento…?", a rule
with a condition ("somente", "apenas", "exceto"), a number the sentence does not say ("3
cursos?" against "até 2"), a message without "?", or a sentence that rules on nothing: the
quote speaks for itself. Checked by hand on every yes/no dev question of the editais suites
(bench/scholarships/RESULTS.md).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Literal

from switchboard.knowledge.analysis import fold, stem, stems
from switchboard.knowledge.features import COUNT_TOLD, LIMIT_ONE, years
from switchboard.knowledge.notfound import EDITIONS_LISTED, asked_years
from switchboard.knowledge.query import Query

Verdict = Literal["Sim", "Não"]

_PERMISSION_Q = re.compile(
    r"\b(?:pode|podem|posso|podemos|poderia|poderiam|consigo|consegue|da pra|da para"
    r"|e possivel|e permitido|tem como)\b"
)
_OBLIGATION_Q = re.compile(
    r"\b(?:tem que|tem de|tenho que|tenho de|precisa|precisam|preciso|e obrigatori\w*|devo|deve"
    r"|devem|exige\w*|e necessari\w*)\b"
)
_OPEN = re.compile(r"^(?:e |mas |entao )?(?:o que acontece|e ai|e agora)\b|\be agora\b")
"""An open question ("e se descobrirem…?", "o que acontece se…?") asks for a consequence, not
a yes or no."""
_IF = re.compile(r"^(?:e |mas |entao )?(?:e )?se\b")
_MAIN = re.compile(r",\s*(?!(?:o que|e ai|e agora|como|qual|quais|quando|onde|quem)\b)\w")
"""A question that opens with a condition ("e se eu perder o prazo?") is open, unless a main
clause after it asks a yes or no ("se eu tenho a nota e a renda, a bolsa tá garantida?")."""
_PERMITS = re.compile(
    r"\b(?:podera|poderao|pode|podem|facultad[oa]s?|faculta|permitid[oa]s?|admitid[oa]s?"
    r"|aceit[oa]s?|aceita)\b"
)
_OBLIGES = re.compile(
    r"\b(?:devera|deverao|deve|devem|obrigatori\w*|obrigad[oa]s?|exigid[oa]s?|exigira"
    r"|compete|competira|cabe|cabera)\b"
)
_DENIED_MODAL = re.compile(
    r"\bnao (?:podera|poderao|pode|podem|devera|deverao|deve|devem|e obrigatori\w*)\b"
)
_DENIED_RULE = re.compile(r"\b(?:vedad[oa]s?|proibid[oa]s?|dispensad[oa]s?|facultativ[oa]s?)\b")
MODAL_SCOPE = 6
"""A negated modal rules on what follows it: one of the question's concepts must be among the
next words ("as instituições … *não poderão* ser mais rigorosos" forbids nothing a "a faculdade
pode cobrar taxa?" asks about; "o candidato *não poderá* alterar sua opção" answers "posso
alterar…?")."""
_DENIED = re.compile(
    r"\bnao (?:se )?(?:havera|ha|sera|serao|constitui\w*|garant\w*|assegura"
    r"|implica|cabe|cabera|se responsabiliz\w*|se aplica\w*)\b"
    r"|\b(?:excluid[oa]s?|desconsiderad[oa]s?)\b"
    r"|\b(?:apenas|somente|mera|unicamente) (?:a )?expectativa\b"
)
"""A sentence that rules *no*: a negated modal or statement ("não poderá", "não haverá", "não
constitui garantia", "não se responsabilizará"), a word that forbids or waives, or a right
only expected ("asseguram *apenas a expectativa* de direito à bolsa": not a guarantee). A
negation in a condition ("nos casos em que o candidato não puder…", "que não tenha obtido nota
zero") is not one."""
_NOT_ALLOWED = re.compile(r"\bnao (?:sera|serao) (?:permitid|aceit|admitid|possivel)\w*")
"""What answers a "posso…?" beside a forbidding modal; "não se responsabilizará" does not."""
_RESTRICTS = re.compile(
    r"\b(?:somente|apenas|exclusivamente|exceto|excecao|salvo|desde que|unicamente)\b"
)
"""A sentence that permits or obliges only under a condition ("poderá se inscrever *apenas* a
bolsas de licenciatura", "*somente* poderão se inscrever os que…"): whether the student's case
meets it is not for a verdict to guess — the quote says it."""
_GUARANTEE_Q = re.compile(
    r"\b(?:garantid[oa]s?|garante|garantia|assegurad[oa]s?|certeza|comemor\w*)\b"
)
_CONDITIONED = re.compile(
    r"\bcondicionad[oa]s?\b|\bexpectativa de direito\b|\bapenas (?:criterios|requisitos)\b"
)
"""Asked whether something is guaranteed ("a vaga tá garantida?", "tenho certeza da bolsa?"), a
sentence that makes it depend on something else ("a concessão da bolsa … *condicionada* à
classificação", "asseguram *apenas a expectativa de direito*") answers no."""
_IN_PERSON = re.compile(r"\b(?:pessoalmente|presencial\w*|comparec\w*|fisicamente|ir (?:la|ate))\b")
_REMOTE = re.compile(
    r"\b(?:online|on line|internet|virtual\w*|eletronic[oa]s?|e ?mail|correios?|site)\b"
)
"""The two ways of doing a thing: in person or remotely. Asked "tenho que ir *pessoalmente*?",
a sentence that permits either ("poderá ser realizada por *comparecimento* … ou por meio
*virtual/eletrônico*") answers no: the student may choose."""
_EITHER = re.compile(r"\bou\b")
"""A question offering alternatives ("bruta ou líquida?", "integral ou parcial?") asks which,
not whether."""
_WHICH = re.compile(
    r"\bque (?:documento|documentos|papel|papeis|comprovante|comprovantes|tipo|dia|data|horas?"
    r"|curso|cursos|nota|valor|ano|edicao)\b"
)
""""Que documento…?" asks which, not whether."""
LIGHT = frozenset(
    stem(w) for w in ("vale", "valem", "serve", "servem", "conta", "contam", "entra", "entram")
)
"""The verb of "X vale/serve/conta/entra como Y?": the question's frame, not a thing the
sentence must say."""
_NUMBER = re.compile(r"\d+")
_LEAD_IN = re.compile(r"[:…]\s*$|\b(?:seguintes?|abaixo)\b")
"""A first unit that introduces a list ("Estão excluídos do cálculo…", "as seguintes regras:")."""
_SENTENCE = re.compile(r"(?<=[.;:!?…])(?<!\d\.)\s+|\s+(?=\d+\.\s)|\s*\n\s*")
"""Sentences, list entries ("7. Boleto…", "II - …" after a colon) and the cuts of a quote ("…")."""


_REQUIRED_NOT = re.compile(
    r"\bnao (?:tenha|tenham|seja|sejam|possua|possuam|esteja|estejam|tiver|tiverem)\b"
)
"""A condition the rule requires *not* to hold ("as edições do Enem em que o CANDIDATO *não
tenha participado* na condição de treineiro")…"""
_LEFT_OUT = re.compile(
    r"\b(?:desconsiderando|excluindo|exceto|salvo|ressalvad[oa]s) (?:aquel[ae]s?|os|as) em que\b"
)
"""…or a rule that leaves a case out in so many words ("desconsiderando *aquelas em que* o
CANDIDATO tenha participado como treineiro"), restricting or not…"""
_CLAUSE_END = re.compile(r"[;:]|\.(?:\s|$)")
"""… whose scope runs to the end of its clause or entry."""


def excludes_told(query: Query, folded: str) -> bool:
    """The sentence (folded) names a concept the student tells of themselves *only* inside a
    case it leaves out: a condition that must not hold in a rule that restricts (`_REQUIRED_NOT`
    with `_RESTRICTS`: "serão consideradas, exclusivamente, as edições do Enem em que o
    CANDIDATO não tenha participado na condição de “treineiro”") or a case left out in so many
    words (`_LEFT_OUT`: "desconsiderando aquelas em que o CANDIDATO tenha participado como
    treineiro") — "fiz o enem de treineiro, vale?" is a "Não". A question that negates anything
    itself ("não fiz como treineiro…") gets no such reading."""
    if re.search(r"\bnao\b", fold(query.normalized)):
        return False
    openers = [*(_REQUIRED_NOT.finditer(folded) if _RESTRICTS.search(folded) else ())]
    openers += _LEFT_OUT.finditer(folded)
    scopes: list[tuple[int, int]] = []
    for m in openers:
        end = _CLAUSE_END.search(folded, m.end())
        scopes.append((m.end(), end.start() if end else len(folded)))
    if not scopes:
        return False
    for concept in query.concepts:
        if set(concept.origin) <= LIGHT or len(concept.origin) != 1 or concept.numeric:
            continue
        # the student's own word, not a synonym: the eligibility frame ("requisitos",
        # "condições") is no told case, though "na *condição* de treineiro" says one of its ways
        told = concept.origin[0]
        at = [m.start() for m in re.finditer(r"\w+", folded) if stem(m.group(0)) == told]
        if at and all(any(a <= i < b for a, b in scopes) for i in at):
            return True
    return False


_ZERO_TOLD = re.compile(r"\b(?:zero|zerei|zerou|zerad[oa]s?|zeraram|nota 0)\b")
_ABOVE_ZERO = re.compile(r"\b(?:acima|superior|maior) (?:de |a |que )?zero\b")
"""A zero told ("zerei a redação", "tirou zero na redação") against a rule that requires a
redação score *above* zero ("nota acima de zero na prova de redação")."""
_SCORE_TOLD = re.compile(r"(?<![\d.,])(\d{3})(?:,\d+)?(?![\d.,]*\d)")
_SCORE_WORDS = re.compile(r"\b(?:media|nota|notas|pontos?|pontuacao|tirei|tirou|fiz|fez|enem)\b")
_MONEY_WORDS = re.compile(
    r"\b(?:reais|r\$|salario\w*|renda|ganh\w*|mil|recebo|recebe|pessoas?|anos?)\b|r\$"
)
_REDACAO_AFTER = re.compile(r"^\s*(?:\S+\s+){0,2}(?:n[ao]|de)?\s*redacao\b")
_MINIMUM = re.compile(r"\b(?:igual ou superior a|no minimo|pelo menos|minim[oa] de) (\d{3})\b")
"""A score told ("tirei 430 de média") below the minimum a rule on the média states ("nota igual
ou superior a 450 … pontos na média"); a number near money, people or age words, or a redação
score, is no média."""


def told_score(folded: str) -> int | None:
    """The one Enem score (100–1000) the question (folded) tells, not a redação score; None when
    it tells none, several, or the message speaks of money, people or age."""
    if _MONEY_WORDS.search(folded) or not _SCORE_WORDS.search(folded):
        return None
    found = [m for m in _SCORE_TOLD.finditer(folded) if 100 <= int(m.group(1)) <= 1000]
    if len(found) != 1 or _REDACAO_AFTER.search(folded[found[0].end() :]):
        return None
    return int(found[0].group(1))


def outside_rule(query: Query, folded: str) -> bool:
    """The told fact is one the restriction (a sentence with "somente", "exclusivamente"…,
    folded) excludes by its own list, so "posso…?" is a "Não" whatever else the rule asks:
    every Enem year told is outside the editions it names (at least `EDITIONS_LISTED`: "edição
    de 2024 ou de 2025" against "enem de 2023"); a zero told in the redação where it requires
    a score above zero; a média told below the minimum it states. A question that negates
    anything itself ("não zerei…") gets no such reading."""
    question = fold(query.normalized)
    if not _RESTRICTS.search(folded) or re.search(r"\bnao\b", question):
        return False
    named = years(question)  # "enem 2023 e 2024": every year named, not only the first
    asked = asked_years(query)  # the years tied to "enem"; with them, every year named
    told_years = asked | named if asked else set()
    listed = years(folded)
    if told_years and len(listed) >= EDITIONS_LISTED and not told_years & listed:
        return True
    if (
        len(named) < EDITIONS_LISTED  # "zerei em 2024 mas em 2025 fui bem": one counts
        and _ZERO_TOLD.search(question)
        and "redacao" in question
        and _ABOVE_ZERO.search(folded)
        and "redacao" in folded
    ):
        return True
    score = told_score(question)
    minimum = _MINIMUM.search(folded)
    return (
        score is not None
        and minimum is not None
        and "media" in folded
        and score < int(minimum.group(1))
    )


_WHO_TOLD = re.compile(r"^quem (?!(?:pode|podem|tem|nao)\b)\w+ .*\b(?:pode|podem|consegue)\b")
""""Quem zerou a redação pode…?" names a case and asks whether it may; "quem pode se
inscrever?" asks who."""


def asks_whether(query: Query) -> bool:
    """A yes/no question on whether the student may (or whether a thing counts), including the
    eligibility form "quem tirou zero na redação pode se inscrever…?": what `outside_rule`
    answers. Never an obligation ("preciso ter feito o enem de 2025?")."""
    kind = kind_of(query)
    if kind is not None:
        return kind != "obligation"
    folded = fold(query.normalized)
    return (
        ("eligible" in query.asks or ("who" in query.asks and bool(_WHO_TOLD.search(folded))))
        and "?" in query.text
        and bool(_PERMISSION_Q.search(folded))
        and not (_IF.search(folded) and not _MAIN.search(folded))
        and not (_OPEN.search(folded) or _EITHER.search(folded) or _WHICH.search(folded))
        and not _OBLIGATION_Q.search(folded)
    )


def kind_of(query: Query) -> Literal["permission", "obligation", "fact"] | None:
    """What the yes/no question asks to rule on; None when it asks no yes or no."""
    if "yesno" not in query.asks or query.kind != "other" or "?" not in query.text:
        return None
    folded = fold(query.normalized)
    if _IF.search(folded) and not _MAIN.search(folded):
        return None
    if _OPEN.search(folded) or _EITHER.search(folded) or _WHICH.search(folded):
        return None
    if _OBLIGATION_Q.search(folded):
        return "obligation"
    if _PERMISSION_Q.search(folded):
        return "permission"
    return "fact"


def said(query: Query, sentence: str) -> int:
    """How many of the question's concepts the sentence says (any of their ways)."""
    have = set(stems(sentence))
    return sum(1 for c in query.concepts if any(s <= have for s in c.sets))


def sentences(query: Query, passages: Sequence[str]) -> list[tuple[int, str, str, str]]:
    """The sentences (or list entries) of the quoted passages with how many of the question's
    concepts each says, most first; an entry keeps its list's lead-in ("Estão excluídos do
    cálculo … II - os rendimentos … Bolsa Família": the entry alone does not say they are
    excluded)."""
    found: list[tuple[int, str, str, str]] = []
    for passage in passages:
        parts = [p for p in _SENTENCE.split(passage) if p.strip()]
        for i, part in enumerate(parts):
            if len(parts) > 1 and part.rstrip().endswith((":", "…")):
                continue  # a lead-in rules with its entries, never alone
            top = parts[0] if i and _LEAD_IN.search(parts[0]) else ""
            nested = next((p for p in reversed(parts[1:i]) if p.rstrip().endswith(":")), "")
            # the passage's lead-in and the nearest nested one ("II - … referentes: … b) …")
            own = " ".join(x for x in (nested, part) if x)
            unit = " ".join(x for x in (top, own) if x)
            found.append((said(query, unit), unit, own, part))
    return sorted(found, key=lambda x: (-x[0], -said(query, x[2])))


def verdict(query: Query, passages: Sequence[str]) -> Verdict | None:
    """ "Sim" / "Não" from the quoted sentence that says most of the question and rules on it
    (at least half its concepts), else None (see the module docstring)."""
    if not query.concepts:
        return None
    # the "vale/conta/serve/entra" frame is no concept a sentence must say
    framed = [c for c in query.concepts if not set(c.origin) <= LIGHT]
    enough = max(1, math.ceil(len(framed or query.concepts) / 2))
    subject = query.concepts[0]
    found = sentences(query, passages)
    # the told year or score is what the rule leaves out: the sentence need not say it
    told = [c for c in framed or query.concepts if not c.numeric]
    enough_told = max(1, math.ceil(len(told) / 2))
    if asks_whether(query) and any(
        covered >= enough_told and outside_rule(query, fold(sentence))
        for covered, sentence, _, _ in found
    ):
        return "Não"  # "posso usar o enem de 2023?" of "somente … 2024 ou de 2025"
    asked = kind_of(query)
    if asked is None:
        return None
    if COUNT_TOLD.search(fold(query.normalized)) and any(
        covered >= enough and LIMIT_ONE.search(sentence) for covered, sentence, _, _ in found
    ):
        return None  # "posso marcar duas…?" of "no máximo, uma … e uma …": the limit answers
    if asked != "obligation" and any(
        covered >= enough and excludes_told(query, fold(sentence))
        for covered, sentence, _, _ in found
    ):
        return "Não"  # the told case is what a rule leaves out, with its lead-in's
        # "exclusivamente" (before any number check: "treineiro em 2024, vale?"), whatever
        # another sentence that says as much affirms ("a seleção das edições do Enem…")
    for rank, (covered, sentence, own, entry) in enumerate(found, 1):
        if covered < enough:
            return None  # no sentence says what was asked: no ruling on it
        if own != sentence and not any(alt <= set(stems(entry)) for alt in subject.sets):
            # a list's lead-in rules only on the entries that name the subject ("Estão
            # excluídos … e) Auxílio Emergencial" says nothing of "a pensão entra no cálculo?")
            ruled = ruling(query, asked, own, said(query, own), own)
        else:
            ruled = ruling(query, asked, sentence, covered, own)
        if ruled == "Não" or (ruled == "Sim" and rank == 1):
            return ruled  # a "Sim" only from the sentence that says most; a rule that forbids
            # may sit in a later entry ("II - o candidato não poderá optar…")
    return None


def ruling(
    query: Query,
    asked: Literal["permission", "obligation", "fact"],
    sentence: str,
    covered: int,
    own: str | None = None,
) -> Verdict | None:
    """What one sentence rules on the question, if anything. `own` is the sentence without its
    passage's lead-in: a list's "somente um dos seguintes comprovantes" restricts how many, not
    whether an entry of it counts; its "Estão excluídos…" still denies."""
    folded = fold(sentence)
    restricted = bool(_RESTRICTS.search(fold(own if own is not None else sentence)))
    numbers = set(_NUMBER.findall(fold(query.normalized)))
    if numbers and not numbers & set(_NUMBER.findall(folded)):
        return None  # "3 cursos?" against "até 2 (duas) opções": the quote gives the number
    if restricted and own is not None and own != sentence:
        return None  # "Estão excluídos … III - a pensão paga, *exclusivamente* no caso de…"
    denied = {
        "permission": _DENIED_RULE.search(folded)
        or modal_denies(query, folded)
        or _NOT_ALLOWED.search(folded),
        "obligation": _DENIED_RULE.search(folded)
        or modal_denies(query, folded)
        or _DENIED.search(folded),
        "fact": _DENIED.search(folded),
    }[asked]
    if denied:  # a rule that forbids answers "posso…?"/"preciso…?", not "a vaga é minha?"
        return "Não"
    if _GUARANTEE_Q.search(fold(query.normalized)) and (
        _CONDITIONED.search(folded) or (asked != "fact" and _DENIED.search(folded))
    ):
        return "Não"  # "tá garantida?" against "condicionada à classificação"; "já posso
        # comemorar?" against "não constituindo qualquer garantia de seleção"
    if restricted:
        return None
    affirmed = _DENIED_MODAL.sub(" ", folded)  # "não poderão ser…" permits nothing
    if asked == "obligation" and either_way(fold(query.normalized), affirmed):
        return "Não"  # "tenho que ir pessoalmente?" against "por comparecimento … ou virtual"
    if asked == "permission":
        return "Sim" if _PERMITS.search(affirmed) else None
    if asked == "obligation":
        return "Sim" if _OBLIGES.search(affirmed) else None
    if re.search(r"\bnao\b", folded):
        return None  # a negation the rules above do not read: no guess
    needed = [c for c in query.concepts if not set(c.origin) <= LIGHT]
    return "Sim" if covered >= max(2, len(needed)) else None


def either_way(question: str, sentence: str) -> bool:
    """The question asks whether one way (in person, remotely) is required and the sentence
    permits both (`_IN_PERSON`, `_REMOTE`); both folded."""
    asks_one = bool(_IN_PERSON.search(question)) != bool(_REMOTE.search(question))
    return (
        asks_one
        and bool(_PERMITS.search(sentence) and _EITHER.search(sentence))
        and not _OBLIGES.search(sentence)
        and bool(_IN_PERSON.search(sentence) and _REMOTE.search(sentence))
    )


def modal_denies(query: Query, folded: str) -> bool:
    """A negated modal ("não poderá", "não deve") whose next `MODAL_SCOPE` words say one of the
    question's concepts: the forbidden act is the one asked (`MODAL_SCOPE`)."""
    for m in _DENIED_MODAL.finditer(folded):
        after = set(stems(" ".join(folded[m.end() :].split()[:MODAL_SCOPE])))
        if any(alt <= after for c in query.concepts for alt in c.sets):
            return True
    return False


_FRAME = re.compile(
    r"\b(vale|valem|conta|contam|serve|servem|entra|entram|cobra|cobram)\b"
    r"(?! (?:de|do|da|gov|bancaria|corrente|poupanca|transporte|alimentacao|refeicao|gas"
    r"|cultura)\b)"
)
"""The verb of a "X vale/conta/serve/entra/cobra?" question, not the noun ("conta de luz",
"vale transporte")."""


_MUST = re.compile(
    r"\b(?:tem|tenho|temos|terei|teria|vou ter) (?:que|de) (\w*(?:ar|er|ir|or))\b"
    r"|\b(?:preciso|precisa|precisamos|precisarei|precisaria) (\w*(?:ar|er|ir|or))\b"
)
"""An obligation asked ("tem que *pagar* boleto…?", "preciso *levar*…?"): its verb is said back
("Não, não precisa pagar.") — "Não." alone could read as "no, you may not"."""


def said_back(query: Query, found: Verdict) -> str:
    """The verdict with the question's own verb when it asks whether something counts: "Não, não
    vale." for "fiz o enem de treineiro, vale?" (a bare "Não." leaves the student to work out
    what is denied), "Sim, conta." for "hora extra conta?"; or whether one must do something
    (`_MUST`): "Não, não precisa pagar."; the bare verdict otherwise."""
    kind = kind_of(query)
    folded = fold(query.normalized)
    verbs = _FRAME.findall(folded) if kind == "fact" else []
    must = _MUST.search(folded) if kind in ("obligation", "fact") else None
    if must is not None and not verbs:
        act = must.group(1) or must.group(2)
        return f"Não, não precisa {act}." if found == "Não" else f"Sim, precisa {act}."
    if not verbs:
        return f"{found}."
    verb = verbs[-1]
    return f"Não, não {verb}." if found == "Não" else f"Sim, {verb}."


def with_verdict(query: Query, passages: Sequence[str], text: str) -> str:
    """`text` (the rendered answer) led by the verdict, when the quoted passages give one."""
    found = verdict(query, passages)
    return f"{said_back(query, found)} {text}" if found else text


__all__ = [
    "Verdict",
    "asks_whether",
    "excludes_told",
    "kind_of",
    "outside_rule",
    "ruling",
    "said_back",
    "sentences",
    "verdict",
    "with_verdict",
]
