"""PII redaction: each kind, check-digit edge cases, what must never be touched, idempotence."""

from __future__ import annotations

import pytest

from switchboard.memory.pii import (
    PiiFinding,
    is_valid_cnpj,
    is_valid_cpf,
    luhn_ok,
    redact,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("meu cpf é 529.982.247-25", "meu cpf é [CPF]"),
        ("cpf 52998224725 ok", "cpf [CPF] ok"),
        ("cpf 529982247-25", "cpf [CPF]"),
        ("CNPJ 11.222.333/0001-81", "CNPJ [CNPJ]"),
        ("cnpj 11222333000181.", "cnpj [CNPJ]."),
        ("cartão 4111 1111 1111 1111", "cartão [CARTAO]"),
        ("cartão 4111-1111-1111-1111 venc 08/29", "cartão [CARTAO] venc 08/29"),
        ("4111111111111111", "[CARTAO]"),
        ("amex 3782 822463 10005", "amex [CARTAO]"),
        ("minha senha é Flamengo2024!", "minha senha é [SENHA]!"),  # "!" read as punctuation
        ("senha: gato_12.", "senha: [SENHA]."),
        ("senha do app do banco é abc#123", "senha do app do banco é [SENHA]"),
        ("troquei a senha, agora é casa85", "troquei a senha, agora é [SENHA]"),
        ("minha senha era 3809 mas mudei", "minha senha era [SENHA] mas mudei"),
        ("senha 1234", "senha [SENHA]"),
        ("pin 1234", "pin [PIN]"),
        ("meu PIN é 987654", "meu PIN é [PIN]"),
        ("código de segurança 123", "código de segurança [PIN]"),
        ("cvv 321", "cvv [PIN]"),
        ("agência 1234-5 conta 12345-6", "agência [AGENCIA] conta [CONTA]"),
        ("ag 0001 cc 123456-7", "ag [AGENCIA] cc [CONTA]"),
        ("Agência: 3321 / Conta corrente: 00123-X", "Agência: [AGENCIA] / Conta corrente: [CONTA]"),
    ],
)
def test_each_kind_is_redacted(text: str, expected: str) -> None:
    assert redact(text).text == expected


@pytest.mark.parametrize(
    "text",
    [
        "R$ 1.234,56",
        "12.345.678,90 reais",
        "recebi 12345678909 reais",  # a valid CPF's digits, but followed by "reais": an amount
        "R$ 12345678909",
        "dia 15/03/2026 às 14:30",
        "parcelei em 10x de R$ 89,90",
        "rendeu 15% em 2025",
        "CEP 01310-100",
        "meu celular é (11) 98765-4321",
        "me liga no whats 11987654321",
        "protocolo 4111111111111111",
        "pedido nº 52998224725",
        "paguei a conta de luz de R$ 150,00",
        "conta 1500 reais",
        "esqueci minha senha do banco",
        "minha senha é forte",
        "liguei pro CVV 188",
        "qual a agência mais perto?",
        "boleto 23793 38128 60000 00003 30045",
        "TED 05/03/2026 JOAO P 1.500,00 saldo 12.345,67",
    ],
)
def test_ledger_like_text_is_untouched(text: str) -> None:
    result = redact(text)
    assert result.text == text
    assert not result.changed


def test_check_digit_edge_cases() -> None:
    assert is_valid_cpf("529.982.247-25")
    assert not is_valid_cpf("529.982.247-26")  # second check digit off by one
    assert not is_valid_cpf("529.982.247-35")  # first check digit off by one
    assert not is_valid_cpf("5299822472")  # ten digits
    assert is_valid_cnpj("11.222.333/0001-81")
    assert not is_valid_cnpj("11.222.333/0001-82")
    assert luhn_ok("4111 1111 1111 1111")
    assert not luhn_ok("4111 1111 1111 1112")
    assert not luhn_ok("411111111111")  # 12 digits: too short for a card


@pytest.mark.parametrize("digit", "0123456789")
def test_all_equal_cpf_is_rejected(digit: str) -> None:
    cpf = f"{digit * 3}.{digit * 3}.{digit * 3}-{digit * 2}"
    assert not is_valid_cpf(cpf)
    assert redact(f"meu cpf é {cpf}").text == f"meu cpf é {cpf}"


def test_invalid_check_digits_are_kept() -> None:
    assert redact("cpf 529.982.247-26").text == "cpf 529.982.247-26"
    assert redact("cnpj 11.222.333/0001-82").text == "cnpj 11.222.333/0001-82"
    assert redact("cartão 4111 1111 1111 1112").text == "cartão 4111 1111 1111 1112"


def test_findings_point_into_the_original_text() -> None:
    text = "cpf 529.982.247-25 e cartão 4111111111111111"
    result = redact(text)
    assert result.findings == (PiiFinding("CPF", 4, 18), PiiFinding("CARTAO", 28, 44))
    assert [text[f.start : f.end] for f in result.findings] == [
        "529.982.247-25",
        "4111111111111111",
    ]


def test_an_account_number_is_one_account_not_a_cpf_inside_it() -> None:
    assert redact("conta 52998224725").text == "conta [CONTA]"


@pytest.mark.parametrize(
    "text",
    [
        "meu cpf é 529.982.247-25, senha: abc123, agência 1234-5 conta 12345-6, pin 4321",
        "cartão 4111 1111 1111 1111 cvv 123 e cnpj 11222333000181",
        "minha senha e 1234",
    ],
)
def test_redaction_is_idempotent(text: str) -> None:
    once = redact(text).text
    assert once != text
    twice = redact(once)
    assert twice.text == once
    assert not twice.changed
