"""Who lives in the house, read from a student's answer to the income question (`income.py`).

An explicit count wins ("somos 4", "família de 5", "nós três", "casal com 2 filhos"; a later
count that corrects, never one that was: "éramos 5"); otherwise the household the message
describes: the list after "sou eu", "aqui é eu", "em casa:", or ending "… e eu", counted with its
pronouns; else the student plus each relative named (plurals count two, "2 irmãos" two, "tia-avó"
one) — leaving out the relatives who do not live there: a parent who pays pensão or lives
elsewhere, a brother who moved out, someone who died ("pensão por morte do meu avô"). Split from
the income reader, which classifies the numbers; this module only counts people.
"""

from __future__ import annotations

import re
from itertools import pairwise

from switchboard.apps.scholarships.income_mentions import SELF_CORRECTION, Mention
from switchboard.patterns import NUMBER_WORD, words_value

PEOPLE_AFTER = re.compile(
    r"\s*(?:pessoas?|integrantes?|membros?|moradores?|em casa\b|aqui(?! e)\b|contando\b|na casa\b)"
)
"""A count of people right after the number ("4 pessoas", "3 em casa")."""

_RELATIVES: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"\b(?:meus|os|nossos) pais\b"), ("pai", "mae")),
    (re.compile(r"\b(?:meus|os|nossos) avos\b"), ("avo", "avo2")),
    (re.compile(r"\b(?:mae|mamae|mainha)\b|\bminha (?:coroa|veia|velha)\b"), ("mae",)),
    (re.compile(r"\b(?:pai|papai|painho)\b|\bmeu (?:coroa|veio|velho)\b"), ("pai",)),
    (re.compile(r"\bmadrasta\b"), ("madrasta",)),
    (re.compile(r"\bpadrasto\b"), ("padrasto",)),
    # "avô" and "avó" fold alike: the possessive tells a grandfather from a grandmother
    (re.compile(r"\b(?:meu|o|seu) (?:avo|vo|vovo|vozinho)\b"), ("avo",)),
    (re.compile(r"\b(?:minha|a|sua) (?:avo|vo|vovo|vozinha)\b"), ("avo2",)),
    (
        re.compile(
            r"(?<!meu )(?<!minha )(?<!o )(?<!a )(?<!seu )(?<!sua )\b(?:avo|vo|vovo|vozinh[oa])\b"
        ),
        ("avo",),
    ),
    (re.compile(r"\birma\b"), ("irma",)),
    (re.compile(r"\birmao\b"), ("irmao",)),
    (re.compile(r"\btia\b"), ("tia",)),
    (re.compile(r"\btio\b"), ("tio",)),
    (re.compile(r"\bprima\b"), ("prima",)),
    (re.compile(r"\bprimo\b"), ("primo",)),
    (re.compile(r"\bsobrinh[oa]\b"), ("sobrinho",)),
    (re.compile(r"\bmadrinha\b"), ("madrinha",)),
    (re.compile(r"\bpadrinho\b"), ("padrinho",)),
    (re.compile(r"\bsogra\b"), ("sogra",)),
    (re.compile(r"\bsogro\b"), ("sogro",)),
    (re.compile(r"\bcunhada\b"), ("cunhada",)),
    (re.compile(r"\bcunhado\b"), ("cunhado",)),
    (re.compile(r"\bbisav[oa]\b"), ("bisavo",)),
    (re.compile(r"\bfilh(?:inh)?a\b"), ("filha",)),
    (re.compile(r"\bfilh(?:inh)?o\b"), ("filho",)),
    (re.compile(r"\b(?:bebe|nenem)\b"), ("bebe",)),
    (re.compile(r"\bentead[oa]\b"), ("enteado",)),
    (
        re.compile(
            r"\b(?:esposa|esposo|marido|companheir[oa]|namorad[oa]|minha (?:mulher|mina))\b"
        ),
        ("parceiro",),
    ),
)
_PLURAL = re.compile(
    r"\b(?:meus|minhas|os|as|nossos|nossas) (?P<kind>(?:irmaos|irmas|filhos|filhas|tios|tias|primos"
    r"|primas|sobrinhos|sobrinhas|netos|netas|enteados|enteadas))\b"
)
"""A plural relative with a possessive and no number is two people ("minhas irmãs gêmeas",
"meus sobrinhos"); "meus 3 irmãos" is `_COUNTED`."""
_COUNTED = re.compile(
    r"\b(\d{1,2}|um|uma|dois|duas|tres|quatro)\s+(irmaos?|irmas?|filhos?|filhas?|primos?|primas?"
    r"|netos?|netas?|sobrinhos?|sobrinhas?|tios|tias|enteados?|enteadas?)\b"
)


_DESCRIBED = re.compile(
    r"\b(sobrinh[oa]s?|irmaos?|irmas?|filh[oa]s?|prim[oa]s?|net[oa]s?|enteado|enteada)"
    r" (?:bebe|nenem|recem[- ]nascid[oa]|pequen[oa]|pequenininh[oa]|mais nov[oa]|mais velh[oa]"
    r"|cacula)\b"
)
"""A relative described by age ("meu sobrinho bebê", "minha irmã caçula") is one person, not a
relative and a baby."""


_ONLY_CHILD = re.compile(
    r"\b(?:sou|eu sou) (?:o |a )?filh[oa] unic[oa]\b|\b(?:meus|os) pais (?:sao |estao )?separados\b"
)
_AWAY = (
    r"(?:mora|vive) (?:em(?! casa\b)|fora|longe|la\b(?! com| em casa)|com outra|com outro"
    r"|com a esposa|com o marido|com a (?:outra )?familia)|nao mora|foi morar|se mudou|morreu"
    r"|faleceu|casou"
)
_ABSENT = re.compile(
    r"(?P<who>\b(?:meu|minha|o|a) (?P<noun>pai|mae|irmao|irma|padrasto|madrasta|avo|vo|tio|tia"
    r"|marido|esposa|esposo)(?P<which> (?:dele|dela|mais velh[oa]|mais nov[oa]))?)\b"
    r"(?=(?:(?!\b(?:meu|minha) )[^.;!?]){0,40}\b(?:paga (?:\d+ de )?pensao"
    rf"|manda (?:\d+ de )?pensao|{_AWAY})"
    rf"|(?:(?!\b(?:meu|minha) )[^.;!?]){{0,80}}\b(?:ele|ela),? (?:ja )?(?:{_AWAY}))"
    r"|(?:morte|falecimento|pensao(?: alimenticia)?) d(?:o|a) (?P<who2>(?:meu |minha )?"
    r"(?:pai|mae|avo|vo|marido))\b"
)
"""Relatives named who do not live in the house: a parent who pays pensão or lives elsewhere,
a brother who moved out ("meu irmão ganha 4 mil, mas ele mora em Curitiba"), someone who died
("pensão por morte do meu avô"). Another relative named between the two is the one the verb is
about ("minha mãe ganha 1.500, meu pai mora em SP")."""


_PAYS = re.compile(r"\s*(?:paga|manda)\b")


def absent_relatives(folded: str, payers: bool = True) -> str:
    """`folded` with every mention of a relative who does not live in the house blanked out
    ("meu pai ganha 2.200 — na verdade meu pai não mora mais com a gente": both); with
    `payers` false, one who pays the house a pensão is kept (that pensão is income)."""

    def blank(match: re.Match[str]) -> str:
        return " " * len(match.group(0))

    for absent in list(_ABSENT.finditer(folded)):
        if not payers and absent["who"] and _PAYS.match(folded, absent.end()):
            continue
        if absent["who2"]:  # "pensão por morte do meu avô" (not "minha avó")
            folded = re.sub(rf"\b{absent['who2']}\b", blank, folded)
        elif absent["which"]:  # "minha irmã mais velha casou": only that sister
            folded = folded.replace(absent["who"], " " * len(absent["who"]))
        else:  # "avô" and "avó" fold alike: the article tells them apart
            male = absent["who"].split()[0] in ("meu", "o")
            article = "meu|o|do|seu" if male else "minha|a|da|sua"
            folded = re.sub(
                rf"\b(?:(?:{article}) )?{absent['noun']}\b(?! (?:dele|dela|mais velh|mais nov))",
                blank,
                folded,
            )
    return folded


_WRITER = re.compile(
    r"\b(?:sou|eu sou|aqui e|quem (?:ta|esta) escrevendo e) (?:a|o) (?P<who>mae|pai|avo|vo|tia|tio"
    r"|madrinha|padrinho|responsavel)(?: d(?:ele|ela|o|a)\b[^.;!?,]{0,20})?\b"
)
"""A relative who writes for the student ("sou a mãe dele"): the one counted as "eu", not a
relative on top of the student (whose siblings are then the writer's children)."""
_KIN_OF_KIN = re.compile(
    r"\b(?:a|o) (?:mae|pai|avo|vo)"
    r" (?:dele|dela|do (?:meu|seu) \w+|da (?:minha|sua) \w+|do \w+|da \w+)\b"
)
"""A relative's relative ("a mãe do meu padrasto", "o pai dela") is someone else than the
student's own mother or father: one more person."""
_UNBORN = re.compile(
    r"\b(?:bebe|nenem|filh[oa]|menin[oa])\b[^.;!?]{0,25}\b(?:(?:ainda )?nao nasceu|vai nascer"
    r"|(?:ta|esta) (?:a|pra|para) (?:caminho|nascer)|nasce (?:em|no|mes|semana))"
)
"""A baby not yet born ("estou grávida mas o bebê ainda não nasceu") is not in the house
yet (the Prouni counts who lives there now)."""
_APPOSITION = re.compile(
    r"(?<=[a-z]) ?\((?:filh|irm|sobrinh|net|entead|mae|pai|primo|prima)[^)]*\)"
)
"""A relative described in parentheses ("o enteado (filho dele de 10 anos)"): one person."""


def _relatives(folded: str) -> int:
    """People named in a description of the household (the student not included)."""
    folded = _DESCRIBED.sub(r"\1", _ONLY_CHILD.sub(" ", folded))
    folded = _UNBORN.sub(" ", _APPOSITION.sub(" ", folded))
    folded = absent_relatives(folded)  # "meu pai paga pensão", "o irmão mora em Curitiba"
    if writer := _WRITER.search(folded):  # "sou a mãe dele: temos dois filhos" (one is the student)
        folded = folded.replace(writer.group(0), " ")
        folded = re.sub(rf"\b(?:minha|meu|a|o) {writer['who']}\b", " ", folded)
    # "a mãe do meu padrasto … a mãe dele": said twice, one person
    kin_of_kin = len({m.split()[1] for m in _KIN_OF_KIN.findall(folded)})
    folded = _KIN_OF_KIN.sub(" ", folded)
    folded = re.sub(r"\b(ti[oa])[- ](?:avo|vo)\b", r"\1", folded)  # "tia-avó" is one person
    folded = re.sub(r"\b(?:meio|meia)[- ](irm)", r"\1", folded)  # "meus dois meio-irmãos"
    people: set[str] = set()
    for pattern, keys in _RELATIVES:
        if pattern.search(folded):
            people.update(keys)
    for plural in _PLURAL.finditer(folded):
        kind = plural["kind"][:4]
        people.update((f"{kind}{plural.start()}a", f"{kind}{plural.start()}b"))
    for m in _COUNTED.finditer(folded):
        n = int(m.group(1)) if m.group(1).isdigit() else _WE_WORDS.get(m.group(1), 0)
        if m.group(1) in ("um", "uma"):
            n = 1
        if n == 0:
            continue  # "eu: 0 irmão (15): 0" is an amount, then a brother
        kind = m.group(2)[:4]
        people = {p for p in people if not p.startswith(kind)}
        people.update(f"{kind}{i}" for i in range(n))
    people.update(f"outro{i}" for i in range(kin_of_kin))
    if not people:  # "só eu e ela": a pronoun is someone only when nobody else was named
        people.update(f"ele{i}" for i, _ in enumerate(_PRONOUN.finditer(folded)))
        people.update(f"eles{i}" for i in range(2 * len(_PRONOUNS.findall(folded))))
    return len(people)


_ONLY_WITH_END = re.compile(r",|\b(?:que|mas|porque|pois|ela ganha|ele ganha|e (?:a|o) renda)\b")
_PRONOUN = re.compile(r"\b(?:ele|ela)\b")
_PRONOUNS = re.compile(r"\b(?:eles|elas)\b")


_HOUSEHOLD_CUE = re.compile(
    r"\bmoro com\b|\bmoramos\b|\bmora (?:eu|comigo|com a gente|com nos|aqui)\b|\bmoram\b"
    r"|\bmoro eu\b|\bvive(?:mos)? (?:eu|nos)\b|\beu e mais\b"
    r"|\bsomos (?:eu|nos)\b|\btem eu\b|(?:^|[.;!?,])\W*eu\s*(?:,|e\b|el[ea]s?\b|minha\b|meu\b)"
    r"|\beu,? (?:e )?(?:minha|meu|meus|minhas)\b|\be eu\b|\beu\s*:|[/|]\s*eu\b"
    r"|(?:^|[.;!?,)])\W*eu,? (?:mae|pai|vo|avo|irmao|irma|tia|tio|padrasto|madrasta)\b"
    r"|\bfilh[oa] unic[oa]\b"
    r"|\bsou so eu\b|\bso eu e\b|\btenho \d+ (?:irmaos|irmas|filhos)\b|\bmora com\b"
    r"|\btemos (?:\d+|um|uma|dois|duas|tres) (?:filhos?|filhas?)\b|\bnossos? (?:\d+ )?filh"
    r"|\bmoro (?:so )?com\b|\bvivo com\b|\bvivemos\b"
    r"|\bna minha casa (?:mora|moram|somos)\b|\bminha familia e\b|\bcom a gente\b"
)
_ALONE = re.compile(
    r"\b(?:renda|ganho|recebo|salario)\b[^,.;!?]{0,30}\bsozinh[oa]\b(?! com)"
    r"|\bsozinh[oa]\b,? (?:ganho|recebo|com renda|tenho renda)\b"
    r"|\bmoro sozinh[oa]\b(?! com)"
    r"|\b(?:sou )?so eu\b(?! e\b|,? (?:minha|meu|minhas|meus|ela|ele)\b)"
    r"|\bmoro so\b(?! com| eu e)"
)
_WE = re.compile(r"\bnos (?P<n>dois|duas|tres|quatro|cinco|seis|sete|oito)\b")
_PEOPLE_WORD = re.compile(
    r"(?:\b(?:somos|moramos|moram|mora|sao|familia de|familia com|vivemos|a gente e|a gente eh"
    r"|a gente vive)(?: em| so)?\s+"
    rf"(?P<a>{NUMBER_WORD})\b"
    rf"|\b(?P<b>{NUMBER_WORD})\s+(?:pessoas|integrantes|moradores|membros)\b)"
)
_WE_WORDS = {
    "dois": 2, "duas": 2, "tres": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7, "oito": 8,
}  # fmt: skip


RELATIVES_AFTER = re.compile(r"\s*(?:irmaos?|irmas?|filhos?|filhas?|primos?|primas?|netos?)\b")
PART_AFTER = re.compile(
    r"\s*(?:adultos?|criancas?|menores?(?! de)|idosos?|idosas?|adolescentes?|bebes?|jovens?"
    r"|maiores? de idade|menores? de idade)\b"
)
"""A part of the household counted by age: "2 adultos e 2 crianças" is four people."""
_ONLY_WITH = re.compile(
    r"\b(?:moro|vivo|fico|moramos|vivemos) (?:so|somente|apenas)(?: eu)? com (?P<who>[^.;!?]+)"
)
"""The household said to be only the student and someone: "moro só com ela" (a relative named
elsewhere, such as the late grandfather whose pension the grandmother gets, is not in it)."""
_PLUS_ME = re.compile(r"\b(?:eu (?:e )?mais|comigo (?:e )?mais|eu \+|com mais)\s*$")
"""A count of the others: "sou eu e mais 3" is four people."""
_OTHERS_AFTER = re.compile(
    r"\s*(?:pessoas?\s+)?(?:(?:aqui|em casa|na casa|la em casa)\s+)?"
    r"(?:comigo|alem de mim|fora eu|fora (?:a )?mim|sem contar comigo"
    r"|sem me contar|tirando eu)\b"
)
_OTHERS_BEFORE = re.compile(
    r"\b(?:alem de mim|fora eu|fora mim|sem contar comigo|tirando eu),?\s*(?:\w+\s+){0,2}$"
    r"|\b(?:(?:moram|mora|vivem|vive) comigo|(?:moro|vivo) com)\s*(?:mais |uns |umas |outras )?$"
)
"""A count of who lives with the student ("moram 3 pessoas comigo", "além de mim moram 4",
"moro com 3 pessoas"): the student is one more. "Somos 3 comigo" counts the student already."""
_COUNTS_ME_BEFORE = re.compile(r"\b(?:somos|sao|nos|familia de)\b(?: em| so)?\s*$")


_LISTED = re.compile(
    r"\b(?:sou eu|somos eu|moramos eu|mora eu|(?:so|somente|apenas) eu(?= e\b|,)"
    r"|(?:(?:aqui|la|e|mas|ai|entao|hoje) |(?<![a-z] ))em casa (?:e|sao|somos|ficou|ficamos"
    r"|ficaram)|(?:agora )?(?:ficou|ficamos|ficaram|sobrou|sobramos)(?= eu\b)"
    r"|aqui (?:e|sao|somos|mora|moram)(?= eu\b)|agora (?:e|sao|somos)(?= eu\b)"
    r"|(?:aqui |la )?em casa\s*:"
    r"|na minha casa (?:e|sao|somos))(?P<who>(?:[^.;!?]|\.(?=\d))*)"
)
_LISTED_END = re.compile(
    r"\b(?:mas|que|porque|pois|ganha\w*|recebe\w*|tira\w*|trabalha\w*)\b"
    r"|\b(?:ele|ela|eles|elas)(?=\s+(?:ganh|receb|tir|trabalh|faz|vend|cuid|so\b|e aposentad)\w*)"
)
"""Where the household list ends: a clause about earning, or a pronoun that starts one ("somos
eu e minha vó, ela recebe…": the grandmother is not counted twice)."""


def _listed_household(folded: str) -> int | None:
    """The household listed after "sou eu", "somos eu", "em casa é": the student and whoever
    that list names, pronouns included ("meu pai paga pensão…, sou eu, ela e minha irmã" is
    three: the father named elsewhere is not in the house)."""
    if (listed := _LISTED.search(folded)) is None:
        return None
    who = _LISTED_END.split(listed["who"], maxsplit=1)[0]
    pronouns = len(_PRONOUN.findall(who)) + 2 * len(_PRONOUNS.findall(who))
    named = _relatives(_PRONOUN.sub(" ", _PRONOUNS.sub(" ", who)))
    return 1 + named + pronouns if named + pronouns else None


_PAST_COUNT = re.compile(r"\b(?:eramos|eram|era|fomos)\s*(?:em\s*)?$")
"""A count that was ("éramos 5, mas meu irmão casou"): not the household now."""
_COUPLE = re.compile(rf"\bcasal (?:com|e|mais) (?P<n>\d{{1,2}}|{NUMBER_WORD}) filh")


UNSURE_HOUSEHOLD = re.compile(
    r"\b(?:somos|moramos|sao|mora|moram)(?: em)? \d{1,2} ou \d{1,2}\b"
    r"|\b(?:as vezes|de vez em quando|metade da semana)\b[^.;!?]{0,15}\b(?:mora|fica|dorme"
    r"|meu|minha)\b|\b(?:fica|mora|morando|dorme)\b[^.;!?]{0,30}\b(?:metade da semana"
    r"|por uns meses|uns dias por semana|temporariamente|de vez em quando|as vezes)\b"
)
"""A household the student is unsure of ("somos 4 ou 5", "meu primo tá morando aqui por uns
meses, não sei se conta", "às vezes meu irmão, que fica metade da semana na casa do pai"): the
count is asked, not guessed."""


def household_members(folded: str, mentions: list[Mention]) -> int | None:
    if UNSURE_HOUSEHOLD.search(folded):
        return None
    return _members(folded, mentions)


def _members(folded: str, mentions: list[Mention]) -> int | None:
    people = [
        m
        for m in mentions
        if m.role == "people"
        and 0 < m.value < 51
        and not _PAST_COUNT.search(folded[max(0, m.start - 12) : m.start])
    ]
    explicit = [m for m in people if PEOPLE_AFTER.match(folded, m.end)]
    if chosen := (explicit or people):
        corrected = any(
            SELF_CORRECTION.search(folded[a.end : b.start]) for a, b in pairwise(chosen)
        )
        # "somos 4 (nós dois, o Gabriel e a irmã)": the largest, unless a later one corrects it
        last = chosen[-1] if corrected else max(chosen, key=lambda m: m.value)
        before = folded[max(0, last.start - 25) : last.start]
        others = _OTHERS_BEFORE.search(before) or (
            _OTHERS_AFTER.match(folded, last.end) and not _COUNTS_ME_BEFORE.search(before)
        )
        return int(last.value) + (1 if _PLUS_ME.search(before[-20:]) or others else 0)
    if parts := [m for m in mentions if m.role == "people_part" and 0 < m.value < 51]:
        return int(sum(m.value for m in parts))
    if couple := _COUPLE.search(folded):  # "casal com 3 filhos"
        children = words_value(couple["n"]) if not couple["n"].isdigit() else int(couple["n"])
        if children is not None and 0 < children < 20:
            return 2 + children
    if we := _WE.search(folded):
        return _WE_WORDS[we.group("n")]
    if word := _PEOPLE_WORD.search(folded):
        value = words_value(word.group("a") or word.group("b"))
        if value and 0 < value < 51:
            return value
    if _ALONE.search(folded):
        return 1
    if only := _ONLY_WITH.search(folded):
        who = _ONLY_WITH_END.split(only["who"], maxsplit=1)[0]
        if relatives := _relatives(who):
            return relatives + 1
    if listed := _listed_household(folded):
        return listed
    if _HOUSEHOLD_CUE.search(folded):
        relatives = _relatives(folded)
        if relatives:
            return relatives + 1
    return None


__all__ = [
    "PART_AFTER",
    "PEOPLE_AFTER",
    "RELATIVES_AFTER",
    "UNSURE_HOUSEHOLD",
    "absent_relatives",
    "household_members",
]
