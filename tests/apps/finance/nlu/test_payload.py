"""The `lancamento` JSON of the classify command."""

from __future__ import annotations

import json
from datetime import date

from switchboard.apps.finance.nlu import extract_transaction, lancamento_payload

TODAY = date(2026, 11, 23)
KEYS = {
    "valor", "tipo", "categoria", "subcategoria", "descricao", "data", "forma_pagamento",
    "parcelas", "cartao_credito", "classe", "incompleto", "campos_faltantes", "operacoes",
}  # fmt: skip


def _json(text: str) -> dict[str, object]:
    payload = lancamento_payload(extract_transaction(text, TODAY))
    data: dict[str, object] = json.loads(payload.model_dump_json())
    return data


def test_complete_card_purchase() -> None:
    data = _json("Comprei uma TV de 3000 reais no cartão em 10x")
    assert set(data) == KEYS
    assert data["valor"] == 3000  # a JSON number in reais
    assert (data["classe"], data["parcelas"], data["data"]) == ("gasto_cartao", 10, "2026-11-23")
    assert (data["incompleto"], data["campos_faltantes"]) == (False, [])


def test_incomplete_has_no_class() -> None:
    data = _json("200 reais")
    assert (data["classe"], data["incompleto"], data["campos_faltantes"]) == (None, True, ["tipo"])


def test_compound_operations_carry_their_classes() -> None:
    data = _json("comprei um notebook de 5 mil, dei mil de entrada e financiei o resto em 10x")
    operations = data["operacoes"]
    assert isinstance(operations, list)
    assert [(op["valor"], op["classe"]) for op in operations] == [
        (1000, "despesa_simples"),
        (4000, "nova_divida"),
    ]
    assert data["classe"] is None
