"""The shared readers of the catalogue's extractors: the typed `Question`, what a reading
found (assumptions, missing, indices), and the words around a number that give it a role
("80 mil de entrada", "aluguel de 1.600")."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from switchboard.apps.finance.finmath import annual_to_monthly
from switchboard.apps.finance.finmath.fmt import brl, pct
from switchboard.apps.finance.market.models import IndexName
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind
from switchboard.apps.finance.missions.catalogue.params import (
    KindParams,
)
from switchboard.apps.finance.missions.catalogue.quantities import (
    Duration,
    Money,
    Quantities,
    Rate,
)


@dataclass(frozen=True, slots=True)
class Question:
    """A question of the catalogue, ready to plan."""

    kind: QuestionKind
    params: KindParams
    missing: tuple[str, ...] = ()
    """pt-BR names of what the user must tell us (the answer asks for them)."""
    assumptions: tuple[str, ...] = ()
    """pt-BR sentences the answer states."""
    indices: tuple[IndexName, ...] = ()
    """Market indices to look up because the user gave none (CDI, Selic, IPCA)."""
    objeto: str | None = None
    variant: Question | None = None
    """A second part of the same message on these numbers ("e se fosse sem render nada?"):
    computed and answered after this one."""
    variant_label: str = ""
    """The second part in the user's words ("se fosse sem render nada")."""


@dataclass(slots=True)
class Found:
    assumptions: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    indices: list[IndexName] = field(default_factory=list)


def has(text: str, pattern: str) -> bool:
    return re.search(pattern, text) is not None


# ---------------------------------------------------------------- shared readers

_OBJECTS: tuple[tuple[str, bool], ...] = (
    (r"apartamento|apto|ape|apê", False),
    (r"imovel|imóvel|casa|terreno|kitnet|sala comercial|sitio|chacara", False),
    (r"carro|moto|motocicleta|veiculo|caminhonete|caminhao|suv|pickup|picape|scooter", True),
    (r"notebook|celular|iphone|geladeira|tv|televisao|computador|sofa", False),
)


def objeto_of(q: Quantities) -> tuple[str | None, bool]:
    """The object the user named (their own word, accents kept) and whether it is a vehicle."""
    best: tuple[int, str, bool] | None = None
    for words, vehicle in _OBJECTS:
        m = re.search(rf"\b(?:{words})\b", q.text)
        if m is not None and (best is None or m.start() < best[0]):
            best = (m.start(), q.original[m.start() : m.end()], vehicle)
    return (best[1], best[2]) if best else (None, False)


def near_before(q: Quantities, start: int, pattern: str, width: int = 30) -> bool:
    return re.search(pattern, q.before(start, width)) is not None


def near_after(q: Quantities, end: int, pattern: str, width: int = 25) -> bool:
    return re.search(pattern, q.after(end, width)) is not None


MONTHLY_BELOW = Decimal(4)
"""A rate said without its period is monthly below this (in %), else annual."""
REVOLVING_MONTHLY_BELOW = Decimal(25)
"""For the rotativo, the card and the cheque especial, whose monthly rates run 5–15%: "a 8%"
is 8% a month (8% a year is no revolving credit in Brazil)."""


def monthly_rate(
    rate: Rate, found: Found, what: str, monthly_below: Decimal = MONTHLY_BELOW
) -> Decimal:
    """A rate as a monthly fraction; annual rates converted (and the conversion stated)."""
    if rate.period == "mes":
        return rate.fraction
    if rate.period == "ano":
        monthly = annual_to_monthly(rate.fraction)
        found.assumptions.append(
            f"{what}: {pct(rate.percent)} ao ano equivalem a {pct(monthly * 100, places=4)} ao "
            "mês (juros compostos)."
        )
        return monthly
    if rate.percent < monthly_below:
        found.assumptions.append(
            f"{what}: entendi {pct(rate.percent)} como taxa ao mês (você não disse o período)."
        )
        return rate.fraction
    monthly = annual_to_monthly(rate.fraction)
    found.assumptions.append(
        f"{what}: entendi {pct(rate.percent)} como taxa ao ano ({pct(monthly * 100, places=4)} "
        "ao mês; você não disse o período)."
    )
    return monthly


def months_of(durations: list[Duration]) -> int | None:
    for d in durations:
        if d.unit != "dias":
            return d.months
    return durations[0].months if durations else None


def pick(items: list[Money], used: set[int]) -> Money | None:
    for item in items:
        if item.start not in used:
            used.add(item.start)
            return item
    return None


def money_near(
    q: Quantities, *, before: str | None = None, after: str | None = None
) -> list[Money]:
    out = []
    for m in q.money:
        if (before and near_before(q, m.start, before, 45)) or (
            after and near_after(q, m.end, after)
        ):
            out.append(m)
    return out


SAVING_VERB = (
    r"\b(?:guard\w*|poup\w*|separ\w*|junt\w*|deposit\w*|bot\w*|coloc\w*|aplic\w*|invest\w*"
    r"|aport\w*|reserv\w*)\b"
)
"""The verbs of putting money aside ("guardando 600", "botar 850", "depositar 1300")."""
PER_MONTH = (
    r"^ ?(?:reais |r\$ )?(?:(?:no|ao|todo) (?:fim|final|inicio|comeco) (?:de |do )?)?"
    r"(?:(?:por|ao|todo|cada|no) ?)?mes\b|^ ?(?:reais )?mensa(?:l|is)\b"
)
"""'por mês', 'todo mês', 'mensais', and the deposit's timing said with it ('no fim de cada
mês')."""


_CUT = (
    r"\b(?:cort\w*|reduz\w*|diminu\w*|economiz\w*|baix\w*)\b[^.;?\d]{0,25}?"
    r"(?:\b(?:pela|na|a|em) metade\b|\bmetade\b"
    r"|\b(?:em )?(?P<pct>\d{1,2}(?:[.,]\d+)?) ?(?:%|por cento)"
    r"|\bum (?P<part>terco|quarto|quinto)\b)"
)
_CUT_SAVED = (
    r"\b(?:invest\w*|guard\w*|aplic\w*|poup\w*|junt\w*|coloc\w*|bot\w*|deposit\w*)\b"
    r"[^.;?]{0,12}\b(?:a diferenca|o que sobr\w*|a economia|o que economiz\w*|isso|esse valor"
    r"|esse dinheiro|o valor|a sobra)\b"
)
CUT_BEFORE = r"\b(?:cort\w*|reduz\w*|diminu\w*|economiz\w*|baix\w*)\b[^.;?\d]{0,25}$"
"""Right before a percentage, a cut ("reduzir 25%"): a share of an expense, not a yield."""
_PARTS = {"terco": Decimal(3), "quarto": Decimal(4), "quinto": Decimal(5)}


def cut_saving(q: Quantities) -> tuple[Money, str] | None:
    """The monthly saving made by cutting a monthly expense the user states and investing the
    difference ("gasto 900 com ifood por mês; se eu cortar pela metade e investir a
    diferença…"): the expense times the share cut, and the reading said as an assumption."""
    cut = re.search(_CUT, q.text)
    if cut is None or not has(q.text, _CUT_SAVED):
        return None
    spent = [
        m
        for m in q.money
        if near_after(
            q,
            m.end,
            r"^ ?(?:reais )?(?:(?:com|de|no|na|em) (?:o |a )?\w+ )?"
            r"(?:por|ao|todo|cada|no) ?mes\b|^ ?/ ?mes\b",
        )
        and m.start < cut.start()
    ]
    if len(spent) != 1:
        return None
    base = spent[0]
    if cut["pct"]:
        share = Decimal(cut["pct"].replace(",", ".")) / 100
        said = pct(share * 100, places=0 if share * 100 == int(share * 100) else 1)
    elif cut["part"]:
        share = 1 / _PARTS[cut["part"]]
        said = f"um {cut['part'].replace('terco', 'terço')}"
    else:
        share, said = Decimal("0.5"), "a metade"
    value = (base.value * share).quantize(Decimal("0.01"))
    note = (
        f"Aporte mensal: {said} dos {brl(base.value)} por mês que você gasta hoje, "
        f"{brl(value)} por mês."
    )
    return Money(value=value, start=base.start, end=base.end), note


def monthly_saving(q: Quantities) -> Money | None:
    """The amount the user puts aside every month: a saving verb shortly before it and "por
    mês" (or "/mês", "todo mês", "mensais") right after it ("se eu guardar 1300/mes", "botar
    850 por mes", "consigo guardar 2350 por mes")."""
    return next(
        (
            m
            for m in q.money
            if near_after(q, m.end, PER_MONTH)
            # "guardados e gasto 2 mil por mês": a spending verb in between makes it an expense
            and near_before(
                q, m.start, SAVING_VERB + r"(?:(?!\b(?:gast|pag|despes|cust))[^.;?\d]){0,14}$", 30
            )
        ),
        None,
    )


def rates_near(q: Quantities, *, before: str | None = None, after: str | None = None) -> list[Rate]:
    out = []
    for r in q.rates:
        if (before and near_before(q, r.start, before, 25)) or (
            after and near_after(q, r.end, after, 20)
        ):
            out.append(r)
    return out


END_BALANCE_ASKED = (
    r"\b(?:quanto|qto|qnto|qnt) (?:eu )?(?:tenho|vou ter|fico com|vou ficar com|teria|terei"
    r"|junto|junta|vou juntar|acumulo|acumula|da|vai dar|daria) "
    r"(?:(?:de|em) \w+ )?(?:no|ao) (?:final|fim)\b"
    r"|\b(?:montante|valor|saldo) (?:final|acumulado)\b"
)
"""What is left at the end of a saving plan ("quanto eu tenho no final"): a future value."""


PAID_INSTALMENTS = (
    r"\b(?:ja )?(?:paguei|quitei|pagamos|foram pagas) (\d+) (?:parcelas|prestacoes|meses)\b"
    r"|\b(\d+) (?:parcelas |prestacoes )?(?:ja )?pagas\b"
    # "paguei 6, quero amortizar": a bare count right after the contract (never an amount:
    # "paguei 500 do cartão" goes on with a word, "paguei 6 mil" with its scale)
    r"|\b(?:ja )?(?:paguei|pagamos|quitei) (\d{1,3})(?= ?(?:[,;]|e (?:quero|vou)\b))"
    # "depois de pagar 12 parcelas", "após 10 prestações pagas", "pagando 12 parcelas"
    r"|\b(?:depois de|apos|passadas|passados) (?:pagar |quitar )?(\d{1,3}) (?:parcelas|prestacoes"
    r"|meses)\b"
)
"""Instalments already paid ("já paguei 12 parcelas"): what is still owed is the balance after
them, and that count is not the contract's term."""
