"""The kinds of complex question the finance missions answer with the user's own numbers."""

from __future__ import annotations

from enum import StrEnum


class QuestionKind(StrEnum):
    FINANCIAMENTO = "financiamento"
    """PRICE and SAC with the user's rate, term and down payment; the most a margin or an
    income limit buys (consignado 35%, banks 30%, or a margin in R$)."""
    INVESTIMENTOS = "investimentos"
    """CDB (% do CDI), LCI/LCA, Tesouro Selic/IPCA+/Prefixado, poupança, after the regressive IR
    (and at the bracket's last day when the term just passed it); how long money takes to double
    or reach a target."""
    DIVIDAS = "dividas"
    """Rotativo, cheque especial, consignado, portabilidade, paying off with the 13º."""
    META = "meta"
    """Saving for a goal: monthly amount or time; saving vs financing a purchase."""
    APOSENTADORIA = "aposentadoria"
    """Monthly amount, time, future value, how long a capital lasts."""
    COMPRAR_ALUGAR = "comprar_alugar"
    """Buying (cash or financed) vs renting or subscribing."""
    RESERVA = "reserva"
    """Emergency fund: N months of the user's own expenses."""
    DIAGNOSTICO = "diagnostico"
    """Spending by category from the ledger, with concrete cuts."""
    CONTA = "conta"
    """A quick hypothetical sum: "12x de 89,90", "300 por mês no ano", "10% de 4.200",
    "à vista ou 10x de 280", "3 parcelas de 250 mais 2 de 180", "se o aluguel de 1.800 subir
    10%", "aluguel reajustado 5% ao ano, total em 5 anos", "quanto sobra e quantos % do
    salário" — arithmetic on the user's own numbers, never recorded."""


TITLES: dict[QuestionKind, str] = {
    QuestionKind.FINANCIAMENTO: "Financiamento (PRICE e SAC)",
    QuestionKind.INVESTIMENTOS: "Comparação de investimentos",
    QuestionKind.DIVIDAS: "Quitação de dívidas",
    QuestionKind.META: "Meta de poupança",
    QuestionKind.APOSENTADORIA: "Aposentadoria",
    QuestionKind.COMPRAR_ALUGAR: "Comprar ou alugar",
    QuestionKind.RESERVA: "Reserva de emergência",
    QuestionKind.DIAGNOSTICO: "Diagnóstico de gastos",
    QuestionKind.CONTA: "Conta rápida",
}
"""pt-BR names, for people (answers, the weekly report)."""

OUT_OF_CATALOGUE = "fora_do_catalogo"
"""The label of a question no kind covers (telemetry, the weekly report)."""

__all__ = ["OUT_OF_CATALOGUE", "TITLES", "QuestionKind"]
