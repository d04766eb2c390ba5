"""`TransactionDraft`: what the Lançador extracted from a message (possibly incomplete).

Field names are the pt-BR keys of the `lancamento` JSON the issue defines, so the same model is
the JSON schema a hosted model fills in and the result of the offline extractor; either way it
is validated here before anything reaches the ledger (a model never writes unvalidated).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .categories import TAXONOMY
from .money import MAX_AMOUNT

__all__ = [
    "MAX_INSTALMENTS",
    "MAX_TEXT",
    "AssetKind",
    "Kind",
    "PaymentMethod",
    "TransactionDraft",
]

Kind = Literal["receita", "despesa"]
PaymentMethod = Literal["dinheiro", "pix", "debito", "credito", "boleto"]
AssetKind = Literal["imovel", "veiculo", "investimento", "outro"]

_CENT = Decimal("0.01")
MAX_INSTALMENTS = 480
"""40 years of monthly payments: the longest Brazilian property financing (SFH: 35 years)."""
MAX_TEXT = 120


class TransactionDraft(BaseModel):
    """One ledger operation as understood from the user's words; None means "not said".

    A compound message ("dei 10 mil de entrada e financiei o resto em 48x") yields a draft that
    describes the whole purchase plus `operacoes`, the operations to record; when `operacoes` is
    non-empty the outer draft itself is NOT recorded.
    """

    model_config = ConfigDict(extra="forbid")

    valor: Decimal | None = Field(
        default=None, gt=0, lt=MAX_AMOUNT, allow_inf_nan=False, description="Total em reais."
    )
    """Bounded as the offline extractor bounds amounts: a model's 1e20 must not reach the
    ledger's integer-cents columns (nor the decimal context's 28 digits)."""
    tipo: Kind | None = Field(default=None, description="receita ou despesa.")
    categoria: str | None = Field(default=None, description="Chave de TAXONOMY.")
    subcategoria: str | None = Field(default=None, description="Uma subcategoria da categoria.")
    descricao: str | None = Field(default=None, max_length=MAX_TEXT)
    data: date | None = Field(
        default=None, description="Data do lançamento, ou o vencimento de uma conta futura."
    )
    forma_pagamento: PaymentMethod | None = None
    parcelas: int | None = Field(default=None, ge=1, le=MAX_INSTALMENTS)
    cartao_credito: bool = False
    conta_futura: bool = Field(default=False, description="Conta a pagar/receber, agendada.")
    divida_relacionada: str | None = Field(
        default=None, max_length=MAX_TEXT, description="A dívida que este pagamento abate."
    )
    nova_divida: bool = Field(
        default=False,
        description=(
            "Cria uma dívida. Com tipo receita é um empréstimo tomado (o dinheiro entrou); com "
            "tipo despesa, uma dívida sem dinheiro novo (financiamento, fiquei devendo)."
        ),
    )
    reembolso: bool = Field(
        default=False, description="Estorno, reembolso ou devolução: dinheiro que voltou."
    )
    emprestado: bool = Field(
        default=False,
        description=(
            "Dinheiro que o usuário emprestou a alguém (tipo receita, conta_futura): saiu da "
            "conta e volta como conta a receber."
        ),
    )
    transferencia: bool = Field(
        default=False,
        description=(
            "Entre contas do próprio usuário (poupança, corretora, outra conta, saque): não é "
            "gasto nem receita."
        ),
    )
    conta_origem: str | None = Field(default=None, max_length=MAX_TEXT)
    conta_destino: str | None = Field(default=None, max_length=MAX_TEXT)
    ativo: AssetKind | None = Field(
        default=None,
        description="Compra de um bem (imóvel, veículo, investimento): patrimônio, não consumo.",
    )
    entrada: Decimal | None = Field(
        default=None,
        gt=0,
        lt=MAX_AMOUNT,
        allow_inf_nan=False,
        description="Compra de um bem: o valor pago de entrada; o resto foi financiado.",
    )
    operacoes: list[TransactionDraft] = Field(default_factory=list)

    @field_validator("valor", "entrada")
    @classmethod
    def _to_cents(cls, value: Decimal | None) -> Decimal | None:
        return None if value is None else value.quantize(_CENT)

    @model_validator(mode="after")
    def _known_category(self) -> Self:
        if self.categoria is None:
            if self.subcategoria is not None:
                raise ValueError("subcategoria without categoria")
            return self
        if self.categoria not in TAXONOMY:
            raise ValueError(f"unknown categoria {self.categoria!r}")
        if self.subcategoria is not None and self.subcategoria not in TAXONOMY[self.categoria]:
            raise ValueError(f"{self.subcategoria!r} is not a subcategoria of {self.categoria!r}")
        return self
