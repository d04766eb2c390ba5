"""The offline consolidation of a catalogue plan (and of an out-of-catalogue one): from the
execution record to a `Draft`, reading typed results only."""

from __future__ import annotations

from dataclasses import replace

from switchboard.apps.finance.finmath.fmt import brl
from switchboard.apps.finance.market.models import IndexValue
from switchboard.apps.finance.market.timefmt import br_date
from switchboard.apps.finance.missions.catalogue import answers, coverage, scope
from switchboard.apps.finance.missions.catalogue.extract import Question
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind
from switchboard.apps.finance.missions.catalogue.ledger_debts import fill, fillable
from switchboard.apps.finance.missions.catalogue.operations import BY_KIND
from switchboard.apps.finance.missions.catalogue.params import InvestimentosParams
from switchboard.apps.finance.missions.catalogue.plans import CALC, CALC_VARIANT
from switchboard.apps.finance.missions.catalogue.results import (
    DiagnosticoResultado,
    ReservaResultado,
)
from switchboard.apps.finance.missions.catalogue.wording import percent, rate
from switchboard.patterns import DadoSuporte, Draft, Execution, RequisitosCobertura

_INDEX_NAMES = {"cdi": "CDI", "selic": "Selic", "ipca": "IPCA"}


def _index_notes(question: Question, execution: Execution, draft: Draft) -> list[str]:
    """How each index the computation used was obtained: the user's own value, or a lookup
    with its date and source (illustrative offline data said to be so)."""
    notes: list[str] = []
    p = question.params
    if isinstance(p, InvestimentosParams):
        for name, value in (("CDI", p.cdi_anual), ("Selic", p.selic_anual), ("IPCA", p.ipca_anual)):
            if value is not None:
                notes.append(f"{name} de {rate(value, 'ao ano')}, como você informou")
    for name in question.indices:
        outcome = execution.outcomes.get(name)
        if outcome is None or not outcome.ok:
            continue
        index = IndexValue.model_validate(outcome.data)
        label = _INDEX_NAMES.get(name, name)
        when = br_date(index.as_of)
        if outcome.illustrative:
            note = (
                f"{label} de {percent(index.value)} ao ano em {when}: valor de referência "
                "ilustrativo (estou offline, sem cotação ao vivo); me diga a taxa de hoje que eu "
                "refaço a conta"
            )
        else:
            source = ", ".join(outcome.sources) or "fonte de mercado"
            note = f"{label} de {percent(index.value)} ao ano em {when}, segundo {source}"
        notes.append(note)
        draft.data.append(
            DadoSuporte(
                descricao=label,
                valor=f"{percent(index.value)} ao ano em {when}",
                fonte=", ".join(outcome.sources) or "dados de mercado",
                confiabilidade=int(outcome.confidence) if outcome.confidence is not None else None,
            )
        )
    return notes


def compose_question(execution: Execution, draft: Draft) -> None:
    question: Question = execution.plan.question
    draft.coverage = coverage.requirements(question)
    filled = fill(question, execution.results) if fillable(question) else None
    if filled is not None and (
        execution.outcomes.get(CALC) is None or not execution.outcomes[CALC].ok
    ):
        filled = None
    if (
        question.missing
        and question.kind not in (QuestionKind.RESERVA, QuestionKind.DIAGNOSTICO)
        and filled is None
    ):
        answers.ask(question, draft)
        draft.asks = True
        return
    if filled is not None:
        question = replace(question, params=filled.params, missing=())
        taken = [
            f"o saldo de {brl(filled.balance)}" if filled.balance is not None else "",
            f"a taxa de {rate(filled.rate)}" if filled.rate is not None else "",
        ]
        draft.assumptions.append(
            f"Usei {' e '.join(t for t in taken if t)} da dívida “{filled.name}” que você "
            "registrou aqui."
        )
    notes = _index_notes(question, execution, draft)
    calc = execution.outcomes.get(CALC)
    if calc is None or not calc.ok:
        reason = (calc.error if calc is not None else None) or "os dados não ficaram disponíveis"
        draft.lead.append(
            f"Não consegui fazer o cálculo agora ({reason}). Pode tentar de novo em instantes?"
        )
        return
    result = BY_KIND[question.kind].result.model_validate(calc.data)
    answers.write(question, result, draft, notes)
    _write_variant(question, execution, draft, notes)
    if isinstance(result, ReservaResultado | DiagnosticoResultado) and (
        (isinstance(result, ReservaResultado) and result.total is None)
        or (isinstance(result, DiagnosticoResultado) and not result.categorias)
    ):
        draft.asks = True
        draft.coverage = RequisitosCobertura(pergunta=True)


def _write_variant(
    question: Question, execution: Execution, draft: Draft, notes: list[str]
) -> None:
    """The message's second part ("e se fosse sem render nada?"): its direct answer right
    after the first part's, its calculations and its own premises added."""
    variant = question.variant
    outcome = execution.outcomes.get(CALC_VARIANT)
    if variant is None or outcome is None or not outcome.ok:
        return
    result = BY_KIND[variant.kind].result.model_validate(outcome.data)
    part = Draft()
    answers.write(variant, result, part, notes)
    said = " ".join(part.lead)
    draft.main.append(f"E {question.variant_label}? {said[:1].upper()}{said[1:]}")
    draft.calcs.extend(part.calcs)
    draft.comparisons.extend(part.comparisons)
    known = set(draft.assumptions) | set(draft.recommendations)
    if variant.kind is not question.kind:  # the same kind's notes would only repeat themselves
        draft.assumptions.extend(a for a in part.assumptions if a not in known)
        draft.recommendations.extend(r for r in part.recommendations if r not in known)


def compose_scope(execution: Execution, draft: Draft) -> None:
    scope.write(execution.plan.scope or "geral", draft)
    draft.coverage = coverage.out_of_catalogue()


__all__ = ["compose_question", "compose_scope"]
