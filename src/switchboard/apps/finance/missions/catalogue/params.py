"""Typed parameters of each question kind: what the extractor fills from the message, what the
math executor's operation takes, and what a hosted coordinator's tool call carries.

One model per kind, used three ways, so the three can never disagree: the offline extractor
builds it, the bus contract's request schema is its JSON schema (`model_json_schema`), and the
hosted coordinator's tool for the operation validates its arguments with it. Allowed values are
enums in the schema; a model's natural spelling is accepted too ("PRICE", "Tesouro Selic",
"cheque especial" → `price`, `tesouro_selic`, `cheque_especial`): case, accents, spaces and
hyphens are folded and a few synonyms mapped before the enum is checked.

Conventions (the contracts' own): money in reais (`Decimal`, never float on our side), rates as
fractions per period (`taxa_mensal` 0.009 = 0,9% a.m.; `_anual` per year), percentages of the
CDI as percentages (110 = 110% do CDI), terms in months or calendar days as named.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from switchboard.apps.finance.nlu.text import fold


def _choice(synonyms: dict[str, str]) -> Callable[[Any], Any]:
    """A before-validator: fold the value ("Tesouro Selic" → "tesouro_selic") and map synonyms."""

    def normalise(value: Any) -> Any:
        if not isinstance(value, str):
            return value
        key = fold(value).strip().replace("-", "_").replace(" ", "_").replace("+", "")
        return synonyms.get(key, key)

    return normalise


Money = Annotated[Decimal, Field(ge=0, le=Decimal(10) ** 12)]
MonthlyRate = Annotated[Decimal, Field(ge=0, le=1, description="fração ao mês: 0.009 = 0,9% a.m.")]
AnnualRate = Annotated[Decimal, Field(ge=-1, le=20, description="fração ao ano: 0.1065 = 10,65%")]
Months = Annotated[int, Field(ge=1, le=600)]

Sistema = Annotated[
    Literal["price", "sac"],
    BeforeValidator(
        _choice({"tabela_price": "price", "frances": "price", "sistema_frances": "price"})
    ),
]
Produto = Annotated[
    Literal[
        "cdb",
        "lci",
        "lca",
        "tesouro_selic",
        "tesouro_ipca",
        "tesouro_prefixado",
        "poupanca",
        "aplicacao",
    ],
    BeforeValidator(
        _choice(
            {
                "selic": "tesouro_selic",
                "tesouro": "tesouro_selic",
                "lft": "tesouro_selic",
                "ipca": "tesouro_ipca",
                "tesouro_ipca_": "tesouro_ipca",
                "ntn_b": "tesouro_ipca",
                "prefixado": "tesouro_prefixado",
                "ltn": "tesouro_prefixado",
                "caderneta": "poupanca",
                "caderneta_de_poupanca": "poupanca",
            }
        )
    ),
]
TipoDivida = Annotated[
    Literal[
        "rotativo",
        "cartao",
        "cheque_especial",
        "emprestimo",
        "consignado",
        "financiamento",
        "cdc",
        "parcelamento",
        "outra",
    ],
    BeforeValidator(
        _choice(
            {
                "cartao_de_credito": "cartao",
                "rotativo_do_cartao": "rotativo",
                "emprestimo_pessoal": "emprestimo",
                "credito_pessoal": "emprestimo",
                "cheque": "cheque_especial",
                "limite_da_conta": "cheque_especial",
                "credito_consignado": "consignado",
                "emprestimo_consignado": "consignado",
                "parcelamento_da_fatura": "parcelamento",
                "parcelamento_de_fatura": "parcelamento",
            }
        )
    ),
]


class _Params(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class FinanciamentoParams(_Params):
    """Financiar um bem: PRICE e/ou SAC."""

    valor_bem: Money | None = Field(None, description="preço do bem (R$)")
    entrada: Money | None = Field(None, description="entrada (R$); 0 = sem entrada")
    principal: Money | None = Field(None, description="valor financiado (R$), se já conhecido")
    taxa_mensal: MonthlyRate | None = None
    meses: Months | None = None
    sistemas: tuple[Sistema, ...] = Field(("price", "sac"), description="price, sac ou ambos")
    parcela_numero: Months | None = Field(None, description="uma parcela específica (mês k)")
    parcelas_pagas: Annotated[int, Field(ge=0, le=600)] | None = Field(
        None,
        description="parcelas já pagas: o saldo devedor depois delas (0: o saldo informado é o "
        "de hoje e o prazo, as parcelas que faltam)",
    )
    amortizacao_extra: Money | None = Field(
        None, description="pagamento extra (13º, bônus) depois das parcelas pagas: o novo saldo"
    )
    renda_mensal: Money | None = None
    limite_renda_pct: Decimal | None = Field(
        None, ge=0, le=100, description="parcela máxima em % da renda (ex.: 30)"
    )
    objeto: str | None = Field(None, max_length=40, description="o bem, nas palavras do usuário")
    parcela_informada: Money | None = Field(
        None, description="a parcela que o usuário paga (sem taxa: calcula a taxa embutida)"
    )
    parcela_maxima: Money | None = Field(
        None,
        description="a parcela máxima (margem consignável em R$); sem valor financiado, calcula "
        "quanto essa parcela (ou renda × limite) permite pegar",
    )

    consignado: bool = Field(False, description="crédito consignado (parcela descontada da folha)")

    def max_instalment(self) -> Decimal | None:
        """The largest instalment allowed: the stated margin, else income × limit %."""
        if self.parcela_maxima is not None:
            return self.parcela_maxima
        if self.renda_mensal is not None and self.limite_renda_pct is not None:
            return (self.renda_mensal * self.limite_renda_pct / 100).quantize(Decimal("0.01"))
        return None

    def financed(self) -> Decimal | None:
        if self.principal is not None:
            return self.principal
        if self.valor_bem is None:
            return None
        return max(self.valor_bem - (self.entrada or Decimal(0)), Decimal(0))


class OpcaoInvestimento(_Params):
    produto: Produto
    pct_cdi: Decimal | None = Field(None, gt=0, le=300, description="% do CDI (ex.: 110)")
    taxa_anual: AnnualRate | None = Field(
        None, description="prefixado: taxa ao ano; Tesouro IPCA+: o juro real além do IPCA"
    )
    taxa_mensal: MonthlyRate | None = Field(
        None, description="aplicação genérica: a taxa ao mês que o usuário informou"
    )


class InvestimentosParams(_Params):
    """Comparar aplicações de renda fixa (IR regressivo por prazo)."""

    valor: Money | None = None
    dias: int | None = Field(None, ge=1, le=18250, description="prazo em dias corridos")
    meses: Months | None = Field(None, description="prazo em meses (poupança)")
    opcoes: tuple[OpcaoInvestimento, ...] = ()
    cdi_anual: AnnualRate | None = None
    selic_anual: AnnualRate | None = None
    ipca_anual: AnnualRate | None = None
    poupanca_mensal: MonthlyRate | None = None
    equivalencia: bool = Field(
        False, description="pergunta qual % do CDI num CDB equivale a uma LCI/LCA"
    )
    sem_taxa_b3: bool = False
    multiplicar: Decimal | None = Field(
        None, gt=1, le=100, description="em quanto tempo o valor multiplica por isto (2 = dobra)"
    )
    aliquota_ir: Decimal | None = Field(
        None,
        ge=0,
        le=Decimal("0.5"),
        description=(
            "alíquota de IR que o usuário deu (fração: 0.15 = 15%); sem ela, a tabela regressiva"
            " pelo prazo"
        ),
    )


OperacaoDivida = Annotated[
    Literal[
        "projetar", "prazo_quitacao", "trocar", "portabilidade", "avalanche", "amortizar",
        "comparar", "orientar", "manter_ou_quitar",
    ],
    BeforeValidator(_choice({"rolar": "projetar", "quitar": "prazo_quitacao"})),
]  # fmt: skip


class Divida(_Params):
    tipo: TipoDivida
    saldo: Money | None = None
    taxa_mensal: MonthlyRate | None = None
    parcelas_restantes: Months | None = None
    parcela: Money | None = Field(None, description="a parcela que o usuário paga hoje")


class DividasParams(_Params):
    """Dívidas: quanto viram, em quanto tempo quito, trocar por crédito mais barato, usar o 13º."""

    operacao: OperacaoDivida
    dividas: tuple[Divida, ...] = ()
    meses: Months | None = Field(None, description="horizonte (projetar) ou prazo (trocar)")
    pagamento_mensal: Money | None = None
    valor_extra: Money | None = Field(None, description="dinheiro extra para quitar (ex.: 13º)")
    origem_extra: str | None = Field(None, max_length=30)
    nova_taxa_mensal: MonthlyRate | None = Field(
        None, description="taxa do crédito novo (consignado, portabilidade)"
    )
    novo_tipo: TipoDivida | None = None
    reserva: Money | None = Field(None, description="dinheiro guardado que quitaria a dívida")
    pagamento_unico: bool = Field(False, description="tudo pago de uma vez no fim do prazo")
    rendimento_reserva_mensal: MonthlyRate | None = None
    manter_prazo: bool = True


OperacaoMeta = Annotated[
    Literal["aporte", "prazo", "poupar_ou_financiar"],
    BeforeValidator(_choice({"quanto_por_mes": "aporte", "tempo": "prazo"})),
]


class MetaParams(_Params):
    """Juntar um valor: quanto por mês, em quanto tempo, ou juntar x financiar."""

    operacao: OperacaoMeta
    alvo: Money | None = None
    meses: Months | None = None
    taxa_mensal: MonthlyRate | None = Field(None, description="rendimento; 0 = sem rendimento")
    aporte_mensal: Money | None = None
    inicial: Money = Decimal(0)
    taxa_financiamento_mensal: MonthlyRate | None = None
    meses_financiamento: Months | None = None
    objeto: str | None = Field(None, max_length=40)


OperacaoAposentadoria = Annotated[
    Literal["aporte", "prazo", "valor_futuro", "duracao", "capital"],
    BeforeValidator(_choice({"quanto_por_mes": "aporte", "quanto_terei": "valor_futuro"})),
]


class AposentadoriaParams(_Params):
    """Aposentadoria: aporte mensal, tempo até a meta, quanto terei, quanto o dinheiro dura,
    quanto juntar para viver de uma renda (capital)."""

    operacao: OperacaoAposentadoria
    idade_atual: int | None = Field(None, ge=14, le=100)
    idade_alvo: int | None = Field(None, ge=30, le=100)
    meses: Months | None = None
    alvo: Money | None = None
    taxa_mensal: MonthlyRate | None = Field(None, description="rendimento REAL ao mês")
    aporte_mensal: Money | None = None
    inicial: Money = Decimal(0)
    saque_mensal: Money | None = None
    renda_mensal: Money | None = Field(
        None, description="renda mensal desejada sem consumir o capital (operação capital)"
    )
    taxa_real: bool = Field(
        True, description="a taxa é real (acima da inflação); False: nominal, como o usuário disse"
    )
    taxa_acumulacao_mensal: MonthlyRate | None = Field(
        None,
        description="capital: rendimento ao mês até a aposentadoria, quando difere do rendimento "
        "de quem vive de renda (taxa_mensal)",
    )


class ComprarAlugarParams(_Params):
    """Comprar (à vista ou financiado) x alugar ou assinar."""

    valor_bem: Money | None = None
    aluguel: Money | None = Field(None, description="aluguel ou assinatura mensal")
    rendimento_mensal: MonthlyRate | None = Field(
        None, description="quanto o dinheiro do usuário rende ao mês (custo de oportunidade)"
    )
    financiar: bool = False
    entrada: Money | None = None
    principal: Money | None = None
    taxa_mensal: MonthlyRate | None = Field(None, description="taxa do financiamento")
    meses: Months | None = None
    depreciacao_anual: AnnualRate | None = None
    valorizacao_anual: AnnualRate | None = Field(
        None, description="quanto o bem valoriza ao ano (um imóvel), dito pelo usuário"
    )
    anual: bool = Field(False, description="o usuário pediu a conta de um ano")
    objeto: str | None = Field(None, max_length=40)
    veiculo: bool = False
    rendimento_pct_cdi: Decimal | None = Field(
        None, gt=0, le=300, description="o dinheiro rende este % do CDI (ex.: 100)"
    )
    cdi_anual: AnnualRate | None = Field(None, description="CDI ao ano (fração), com pct do CDI")
    parcela_informada: Money | None = Field(
        None, description="a parcela do financiamento, quando o usuário já sabe qual seria"
    )


class ReservaParams(_Params):
    """Reserva de emergência: N meses das despesas do usuário."""

    despesa_mensal: Money | None = Field(
        None, description="despesa mensal; sem ela, lida do livro-caixa do usuário"
    )
    meses_reserva: int | None = Field(None, ge=1, le=36)
    autonomo: bool = False
    mes_referencia: str | None = Field(
        None, max_length=60, description="o mês cujas despesas contam, como o usuário disse"
    )
    guardar_sobra: bool = Field(False, description="montar a reserva com a sobra mensal")
    renda_mensal: Money | None = Field(
        None, description="renda mensal informada (em quanto tempo a reserva fica pronta)"
    )
    sobra_mensal: Money | None = Field(None, description="quanto sobra por mês, informado")
    ja_guardado: Money | None = Field(None, description="quanto já tem guardado para a reserva")
    meses_minimo: int | None = Field(
        None, ge=1, le=36, description="uma reserva mínima pedida (ex.: 3 meses)"
    )
    rendimento_mensal: MonthlyRate | None = Field(
        None, description="quanto rende o que vai sendo guardado (fração ao mês)"
    )


class GastoInformado(_Params):
    """Um gasto que o usuário citou na própria pergunta ("gastei 800 de ifood, onde corto?")."""

    valor: Money
    categoria: str = Field("Outros", max_length=60)
    subcategoria: str | None = Field(None, max_length=60)
    descricao: str | None = Field(None, max_length=120)


class DiagnosticoParams(_Params):
    """Gastos por categoria num período, com cortes concretos (lidos do livro-caixa, ou os
    gastos que o usuário citou na pergunta, que então são a base da análise)."""

    periodo: str | None = Field(
        None, max_length=60, description="o período como o usuário disse: 'outubro', 'mês passado'"
    )
    inicio: date | None = None
    fim: date | None = None
    gastos_informados: tuple[GastoInformado, ...] = Field(
        (), max_length=30, description="gastos citados na pergunta (nada é registrado)"
    )
    renda_informada: Money | None = Field(None, description="renda citada na pergunta")
    orcamento: bool = Field(
        False, description="o usuário pede um orçamento (como dividir a renda), não só os cortes"
    )


OperacaoConta = Literal[
    "parcelas_total", "parcela", "a_vista_ou_parcelado", "mensal_periodo", "percentual", "soma",
    "diferenca", "duracao", "juro_real", "quantidade", "rateio", "rateio_periodo",
    "rateio_economia", "sobra_periodo", "sobra_prazo", "sobra_percentual", "grupos",
    "aumento_percentual", "reducao_percentual", "reajuste_anual_total", "valor_no_tempo",
    "cdi_liquido", "cabe_no_orcamento", "juros_da_espera", "taxa_equivalente", "poder_de_compra",
    "ritmo_periodo", "troca",
]  # fmt: skip
Incognita = Literal["vp", "vf", "prazo", "saque", "aporte"]
"""valor_no_tempo: the unknown asked — present value (the loan an instalment pays), future
value, the term to a goal, the withdrawal a capital allows, the deposit a goal needs."""


class Grupo(_Params):
    """N equal amounts ("3 parcelas de 250"), one term of a sum of groups."""

    n: int = Field(ge=1, le=600)
    valor: Money


class ContaParams(_Params):
    """Uma conta rápida com os números do usuário (nada é registrado)."""

    operacao: OperacaoConta
    a: Money = Field(description="o primeiro valor (parcela, preço à vista, valor mensal, base)")
    b: Money | None = Field(None, description="o segundo valor (parcela; o que se subtrai/soma)")
    n: Months | None = Field(None, description="número de parcelas ou de meses")
    pct: Decimal | None = Field(None, ge=0, le=1000, description="percentual (10 = 10%)")
    o_que: str | None = Field(None, max_length=40, description="do que se trata, nas palavras")
    pct_b: Decimal | None = Field(
        None, ge=0, le=1000, description="segundo percentual (juro real: a inflação, 4.5 = 4,5%)"
    )
    taxa_mensal: MonthlyRate | None = Field(
        None, description="quanto o dinheiro do usuário rende ao mês (à vista x parcelado)"
    )
    pessoas: int | None = Field(
        None, ge=2, le=50, description="rateio: quantas pessoas dividem o valor, contando o usuário"
    )
    alvo: Money | None = Field(None, description="sobra_prazo: quanto o usuário quer juntar")
    grupos: tuple[Grupo, ...] | None = Field(
        None, description="grupos: os grupos somados (3 parcelas de 250 + 2 de 180)"
    )
    incognita: Incognita | None = Field(
        None, description="valor_no_tempo: o que se pede (vp, vf, prazo, saque, aporte)"
    )
    vp: Money | None = Field(None, description="valor_no_tempo: o capital de hoje")
    vf: Money | None = Field(None, description="valor_no_tempo: o valor a atingir")
    dias: int | None = Field(None, ge=1, le=36500, description="cdi_liquido: o prazo em dias")


KindParams = (
    FinanciamentoParams
    | InvestimentosParams
    | DividasParams
    | MetaParams
    | AposentadoriaParams
    | ComprarAlugarParams
    | ReservaParams
    | DiagnosticoParams
    | ContaParams
)

__all__ = [
    "AposentadoriaParams",
    "ComprarAlugarParams",
    "ContaParams",
    "DiagnosticoParams",
    "Divida",
    "DividasParams",
    "FinanciamentoParams",
    "GastoInformado",
    "Grupo",
    "InvestimentosParams",
    "KindParams",
    "MetaParams",
    "OpcaoInvestimento",
    "ReservaParams",
]
