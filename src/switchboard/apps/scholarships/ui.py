"""The interactive components the web chat renders, as typed payloads with a text fallback.

Two components (issue 12):

- `income_calculator`: household members and each one's gross monthly income → per capita. The
  page only *helps* the student: it sends back an ordinary chat message ("Somos 4 pessoas e a
  renda total da casa é R$ 6.000,00") and the server computes the per-capita income itself, in
  `Decimal`, exactly as for an API client that answers with a number. So there is one input
  path, and nothing the browser computes is trusted.
- `opportunity_cards`: search results as cards. A click sends "Ver detalhes: <id>", which the
  app answers with the offer's details and records as a `card_click` SIGNAL (the authenticated
  user, the session, the card's position) — no extra endpoint.

The text of the turn always carries the same content (the question, the numbered results), so
API clients and the terminal lose nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from switchboard.apps.scholarships.eligibility import IncomeRules, brl
from switchboard.apps.scholarships.records import Opportunity
from switchboard.apps.scholarships.records.vocab import (
    INSTITUTION_TYPE_LABELS,
    MODALITY_LABELS,
    SHIFT_LABELS,
)

Component = Literal["income_calculator", "opportunity_cards"]
CARD_CLICK_PREFIX = "Ver detalhes:"
ILLUSTRATIVE_NOTICE = (
    "dados ilustrativos de exemplo, não oficiais: cursos, notas de corte, vagas e conceitos "
    "são inventados; confira sempre em acessounico.mec.gov.br"
)
"""Said with every course list and card built from the shipped catalogue (issue 20, point 6):
the public institutions and cities are real, everything else about the offers is invented."""


class IncomeCalculator(BaseModel):
    model_config = ConfigDict(frozen=True)

    question: str
    minimum_wage: str
    integral_limit: str
    parcial_limit: str


class OpportunityCard(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    course: str
    institution: str
    institution_acronym: str
    institution_type: str
    city: str
    uf: str
    shift: str
    modality: str
    cutoff: str
    mec_grade: int
    vagas: int
    position: int
    click_message: str


class OpportunityCards(BaseModel):
    model_config = ConfigDict(frozen=True)

    title: str
    cards: list[OpportunityCard]
    illustrative: bool = True
    """The offers come from the illustrative seed catalogue, not from the MEC."""
    notice: str = ILLUSTRATIVE_NOTICE
    """What the web chat shows above the cards (pt-BR)."""


def income_calculator(question: str, rules: IncomeRules) -> IncomeCalculator:
    return IncomeCalculator(
        question=question,
        minimum_wage=brl(rules.minimum_wage),
        integral_limit=brl(rules.integral_limit),
        parcial_limit=brl(rules.parcial_limit),
    )


def opportunity_cards(title: str, items: Sequence[Opportunity]) -> OpportunityCards:
    cards = []
    for position, item in enumerate(items, 1):
        cutoff = f"{item.cutoff:.2f}".replace(".", ",")
        cards.append(
            OpportunityCard(
                id=item.id,
                course=item.course,
                institution=item.institution,
                institution_acronym=item.institution_acronym,
                institution_type=INSTITUTION_TYPE_LABELS[item.institution_type],
                city=item.city,
                uf=item.uf,
                shift=SHIFT_LABELS[item.shift],
                modality=MODALITY_LABELS[item.modality],
                cutoff=cutoff,
                mec_grade=item.mec_grade,
                vagas=item.vagas,
                position=position,
                click_message=f"{CARD_CLICK_PREFIX} {item.id}",
            )
        )
    return OpportunityCards(title=title, cards=cards)


__all__ = [
    "CARD_CLICK_PREFIX",
    "ILLUSTRATIVE_NOTICE",
    "Component",
    "IncomeCalculator",
    "OpportunityCard",
    "OpportunityCards",
    "brl",
    "income_calculator",
    "opportunity_cards",
]
