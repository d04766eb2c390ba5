"""Typed results of the math executor's catalogue operations.

The executor replies with `model_dump(mode="json")` (decimal strings on the bus, as every
contract); the composer reads them back with `model_validate`, so no template ever indexes a
dict by a string key. Money is rounded half-up to the cent by finmath; rates are fractions.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, ConfigDict


class _Result(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SistemaResultado(_Result):
    sistema: Literal["price", "sac"]
    primeira_parcela: Decimal
    ultima_parcela: Decimal
    total_pago: Decimal
    total_juros: Decimal
    parcela_numero: int | None = None
    parcela_k: Decimal | None = None
    juros_k: Decimal | None = None
    """The interest inside instalment k (its amortization is `parcela_k − juros_k`)."""
    parcelas_pagas: int | None = None
    saldo_devedor: Decimal | None = None
    saldo_apos_extra: Decimal | None = None
    """The balance after the extra payment (`amortizacao_extra`)."""
    parcela_apos_extra: Decimal | None = None
    """Keeping the term: the next instalment on the reduced balance."""
    meses_apos_extra: int | None = None
    """Keeping the instalment (PRICE): the instalments left on the reduced balance."""
    cabe_na_renda: bool | None = None


class FinanciamentoResultado(_Result):
    principal: Decimal
    taxa_mensal: Decimal
    meses: int
    sistemas: tuple[SistemaResultado, ...]
    limite_parcela: Decimal | None = None
    taxa_embutida: bool = False
    """The rate was solved from the user's instalment (not given)."""
    credito_maximo: bool = False
    """The principal is the most the maximum instalment buys (consignado margin, income limit)."""
    maximo_sac: Decimal | None = None
    """With SAC (property), the most whose FIRST instalment fits the same maximum."""
    maximo_price: Decimal | None = None
    """With an income limit, the most a PRICE instalment at that limit repays."""

    def of(self, system: Literal["price", "sac"]) -> SistemaResultado | None:
        return next((s for s in self.sistemas if s.sistema == system), None)


class LinhaInvestimento(_Result):
    produto: str
    rotulo: str
    """pt-BR: "CDB 110% do CDI"."""
    taxa_anual: Decimal
    """Effective annual rate the product was grown at (fraction)."""
    isento: bool
    aliquota_ir: Decimal
    rendimento_bruto: Decimal
    imposto: Decimal
    rendimento_liquido: Decimal
    valor_final: Decimal


class Equivalencia(_Result):
    rotulo: str
    pct_cdi: Decimal
    pct_cdb_equivalente: Decimal
    aliquota_ir: Decimal


class TempoMultiplicar(_Result):
    """How long one option takes to grow N-fold."""

    rotulo: str
    taxa_anual: Decimal
    taxa_mensal: Decimal
    anos: Decimal
    meses: Decimal
    aliquota_ir: Decimal
    """0 for exempt options (and a bare rate, grown gross)."""
    anos_bruto: Decimal
    """Before IR (equal to `anos` when exempt)."""


class InvestimentosResultado(_Result):
    valor: Decimal | None
    dias: int
    meses: int
    aliquota_ir: Decimal
    linhas: tuple[LinhaInvestimento, ...] = ()
    equivalencias: tuple[Equivalencia, ...] = ()
    cdi_anual: Decimal | None = None
    selic_anual: Decimal | None = None
    limite_dias: int | None = None
    """The IR bracket's last day the term just passed (6 months = 182 days → 180)."""
    no_limite: tuple[LinhaInvestimento, ...] = ()
    """The taxed lines redeemed on `limite_dias` (the higher IR)."""
    multiplicar: Decimal | None = None
    tempos: tuple[TempoMultiplicar, ...] = ()
    ir_informado: bool = False
    """`aliquota_ir` is the rate the user gave, not the regressive table's for the term."""

    @property
    def best(self) -> LinhaInvestimento | None:
        return max(self.linhas, key=lambda line: line.valor_final, default=None)


class Quitacao(_Result):
    rotulo: str
    pago: Decimal
    restante: Decimal
    taxa_mensal: Decimal


class OpcaoCredito(_Result):
    """One credit line of a comparison (consignado x empréstimo pessoal x CDC ...)."""

    rotulo: str
    taxa_mensal: Decimal
    parcela: Decimal
    juros: Decimal
    total: Decimal


class DividasResultado(_Result):
    operacao: str
    saldo_final: Decimal | None = None
    juros: Decimal | None = None
    meses_fracionados: Decimal | None = None
    pagamentos: int | None = None
    parcela_atual: Decimal | None = None
    parcela_nova: Decimal | None = None
    diferenca_parcela: Decimal | None = None
    juros_atual: Decimal | None = None
    juros_novo: Decimal | None = None
    economia_total: Decimal | None = None
    ordem: tuple[Quitacao, ...] = ()
    opcoes: tuple[OpcaoCredito, ...] = ()
    taxa_atual_implicita: Decimal | None = None
    """The current rate solved from the instalment the user pays (portability)."""
    juros_evitados_mes: Decimal | None = None
    sobra: Decimal | None = None


class MetaResultado(_Result):
    operacao: str
    aporte_mensal: Decimal | None = None
    meses_fracionados: Decimal | None = None
    meses: int | None = None
    total_aportado: Decimal | None = None
    juros_ganhos: Decimal | None = None
    parcela_financiamento: Decimal | None = None
    total_financiamento: Decimal | None = None
    juros_financiamento: Decimal | None = None


class AposentadoriaResultado(_Result):
    operacao: str
    meses: int | None = None
    aporte_mensal: Decimal | None = None
    meses_fracionados: Decimal | None = None
    anos: Decimal | None = None
    valor_futuro: Decimal | None = None
    total_aportado: Decimal | None = None
    capital_necessario: Decimal | None = None


class ComprarAlugarResultado(_Result):
    capital: Decimal
    """What buying ties up: the price (cash) or the down payment (financed)."""
    custo_oportunidade_mensal: Decimal | None = None
    rendimento_mensal: Decimal | None = None
    """The money's monthly yield that cost used: the user's rate, or the % of the CDI's."""
    aluguel: Decimal | None = None
    aluguel_pct_valor: Decimal | None = None
    depreciacao_mensal: Decimal | None = None
    valorizacao_mensal: Decimal | None = None
    custo_mensal_ter: Decimal | None = None
    custo_oportunidade_anual: Decimal | None = None
    """The price's yield over a year at the user's rate (compounded: 10% a.a. is 10% of it)."""
    valorizacao_anual: Decimal | None = None
    custo_anual_ter: Decimal | None = None
    aluguel_anual: Decimal | None = None
    parcela: Decimal | None = None
    juros_primeiro_mes: Decimal | None = None
    parcela_informada: bool = False
    melhor: Literal["comprar", "alugar", "empate", "indefinido"] = "indefinido"


class ReservaResultado(_Result):
    despesa_mensal: Decimal | None
    fonte: str
    """Where the monthly expense came from: "informada" or the ledger period."""
    meses_reserva: int
    total: Decimal | None
    renda_mensal: Decimal | None = None
    sobra_mensal: Decimal | None = None
    meses_para_montar: int | None = None
    meses_exatos: Decimal | None = None
    """The fractional months (`npf.nper`) when the savings earn a rate."""
    falta: Decimal | None = None
    total_minimo: Decimal | None = None


class ContaResultado(_Result):
    operacao: str
    resultado: Decimal
    diferenca: Decimal | None = None
    taxa_mensal: Decimal | None = None
    """à vista x parcelado: the monthly rate the instalments embed."""
    valor_presente: Decimal | None = None
    """à vista x parcelado with the user's yield: the instalments' present value at it."""
    por_mes: Decimal | None = None
    """rateio / sobra: the monthly figure the period's total multiplies (the user's part of a
    split cost, or income − spending); reajuste anual: the monthly cost in the last year."""
    percentual: Decimal | None = None
    """sobra_percentual: what is left as a share of the income (40.38 = 40,38%); cdi_liquido:
    the IR rate of the term (17.5 = 17,5%)."""
    saldo_final: Decimal | None = None
    """juros_da_espera: the debt's balance at the end of the wait; cabe_no_orcamento: the
    monthly slack before the purchase."""


class Subcategoria(_Result):
    nome: str
    total: Decimal
    lancamentos: int


class CategoriaGasto(_Result):
    categoria: str
    total: Decimal
    pct: Decimal
    subcategorias: tuple[Subcategoria, ...] = ()


class Corte(_Result):
    descricao: str
    economia_mensal: Decimal


class DiagnosticoResultado(_Result):
    rotulo: str
    livro_vazio: bool = False
    """Nothing recorded in the last year either: say so, and what to record."""
    informados: bool = False
    """The figures are the spending the question listed, not the ledger's."""
    total: Decimal
    receitas: Decimal
    lancamentos: int
    categorias: tuple[CategoriaGasto, ...] = ()
    cortes: tuple[Corte, ...] = ()
    registrado_rotulo: str | None = None
    """With spending listed in the question: the ledger's own period, when it has spending."""
    registrado_total: Decimal | None = None
    registrado_categorias: tuple[CategoriaGasto, ...] = ()
    """The ledger's spending by category in `registrado_rotulo` (set beside the listed one)."""


__all__ = [
    "AposentadoriaResultado",
    "CategoriaGasto",
    "ComprarAlugarResultado",
    "ContaResultado",
    "Corte",
    "DiagnosticoResultado",
    "DividasResultado",
    "Equivalencia",
    "FinanciamentoResultado",
    "InvestimentosResultado",
    "LinhaInvestimento",
    "MetaResultado",
    "OpcaoCredito",
    "Quitacao",
    "ReservaResultado",
    "SistemaResultado",
    "Subcategoria",
    "TempoMultiplicar",
]
