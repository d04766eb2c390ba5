"""What an answer to a catalogue question must cover, from the question alone (so the same
requirement checks the offline template and a hosted model's synthesis): the terms the kind
needs (both systems for "SAC ou Price"; each product compared; the debts named), the user's own
numbers, the stated assumptions, or — when numbers are missing — a question back to the user.
A generic answer ("Sua sobra mensal média…") covers none of it and fails the mission."""

from __future__ import annotations

from decimal import Decimal

from switchboard.apps.finance.missions.catalogue.extract import Question
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind
from switchboard.apps.finance.missions.catalogue.params import (
    AposentadoriaParams,
    ComprarAlugarParams,
    ContaParams,
    DividasParams,
    FinanciamentoParams,
    InvestimentosParams,
    MetaParams,
    ReservaParams,
)
from switchboard.apps.finance.missions.catalogue.wording import brl, percent
from switchboard.patterns import RequisitosCobertura

_SYSTEM_TERMS = {"price": ["Price", "PRICE"], "sac": ["SAC"]}
_PRODUCT_TERMS = {
    "cdb": ["CDB"],
    "lci": ["LCI"],
    "lca": ["LCA"],
    "tesouro_selic": ["Tesouro Selic", "Tesouro"],
    "tesouro_ipca": ["Tesouro IPCA", "IPCA+"],
    "tesouro_prefixado": ["Prefixado"],
    "poupanca": ["poupança", "poupanca"],
    "aplicacao": ["aplicação", "aplicacao"],
}
_DEBT_TERMS = {
    "rotativo": ["rotativo"],
    "cartao": ["cartão", "cartao"],
    "cheque_especial": ["cheque especial"],
    "emprestimo": ["empréstimo", "emprestimo"],
    "consignado": ["consignado"],
    "financiamento": ["financiamento"],
    "cdc": ["CDC", "cdc"],
}


def _money(*values: Decimal | None) -> list[str]:
    return [brl(v) for v in values if v is not None and v > 0]


def requirements(question: Question) -> RequisitosCobertura:
    p = question.params
    if question.missing and question.kind not in (QuestionKind.RESERVA, QuestionKind.DIAGNOSTICO):
        return RequisitosCobertura(pergunta=True)
    terms: list[list[str]] = []
    numbers: list[str] = []
    if isinstance(p, FinanciamentoParams):
        terms += [_SYSTEM_TERMS[s] for s in dict.fromkeys(p.sistemas)]
        numbers += _money(p.financed())
        if p.taxa_mensal is not None:
            numbers.append(percent(p.taxa_mensal * 100))
        if p.meses is not None:
            numbers.append(str(p.meses))
    elif isinstance(p, InvestimentosParams):
        terms += [_PRODUCT_TERMS[o.produto] for o in p.opcoes]
        numbers += _money(p.valor)
        numbers += [percent(o.pct_cdi) for o in p.opcoes if o.pct_cdi is not None]
    elif isinstance(p, DividasParams):
        terms += [_DEBT_TERMS[d.tipo] for d in p.dividas if d.tipo in _DEBT_TERMS]
        if p.operacao == "portabilidade":
            terms.append(["portabilidade"])
        numbers += _money(*(d.saldo for d in p.dividas))
    elif isinstance(p, MetaParams):
        numbers += _money(p.alvo, p.aporte_mensal)
    elif isinstance(p, AposentadoriaParams):
        numbers += _money(p.alvo, p.aporte_mensal, p.saque_mensal, p.renda_mensal)
    elif isinstance(p, ComprarAlugarParams):
        numbers += _money(p.valor_bem, p.aluguel)
    elif isinstance(p, ReservaParams):
        numbers += _money(p.despesa_mensal)
    elif isinstance(p, ContaParams):
        numbers += _money(p.a)
    premises = question.kind in (
        QuestionKind.FINANCIAMENTO,
        QuestionKind.INVESTIMENTOS,
        QuestionKind.COMPRAR_ALUGAR,
    ) or bool(question.assumptions)
    return RequisitosCobertura(termos=terms, numeros=numbers, premissas=premises)


def out_of_catalogue() -> RequisitosCobertura:
    """An honest refusal says what it cannot do and what it can."""
    return RequisitosCobertura(termos=[["não consigo", "nao consigo"], ["consigo fazer"]])


__all__ = ["out_of_catalogue", "requirements"]
