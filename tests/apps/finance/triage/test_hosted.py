"""Hosted-model helpers: prompts, schemas, tolerant parsers (hosted.py)."""

from __future__ import annotations

import logging

import pytest

from switchboard.apps.finance.triage import hosted


def test_the_triage_prompt_carries_the_spec_reasoning() -> None:
    prompt = hosted.TRIAGE_SYSTEM_PROMPT
    for needle in (
        "Quanto tenho investido?",
        "Qual meu patrimônio líquido?",
        "Por que não economizei mais?",
        "Preciso de mais reserva?",
        "Quais minhas receitas fixas?",
        "análise, recomendação, planejamento ou diagnóstico",
    ):
        assert needle in prompt
    assert hosted.TRIAGE_SCHEMA["properties"]["categoria"]["enum"] == [
        "trivial",
        "lancamento",
        "simplista",
        "complexa",
    ]


def test_the_continuity_prompt_is_the_spec_one() -> None:
    words = hosted.CONTINUITY_SYSTEM_PROMPT.split()
    assert 60 <= len(words) <= 80
    assert "'sim'" in hosted.CONTINUITY_SYSTEM_PROMPT
    schema = hosted.CONTINUITY_SCHEMA
    assert schema["type"] == "object"  # OpenAI's json_schema response format takes no other root
    assert schema["properties"]["resposta"]["enum"] == ["sim", "não"]
    message = hosted.continuity_user_message("Em que você gastou os R$ 450?", "no supermercado")
    assert "R$ 450" in message and "no supermercado" in message


@pytest.mark.parametrize(
    ("raw", "categoria", "confianca"),
    [
        ('{"categoria": "simplista", "confianca": 0.92}', "simplista", 0.92),
        ('```json\n{"categoria": "lancamento", "confianca": 0.8}\n```', "lancamento", 0.8),
        ('Claro! {"categoria": "trivial", "confianca": 1}', "trivial", 1.0),
        ('{"categoria": "Lançamento", "confianca": 7}', "lancamento", 0.5),
        ('"complexa"', "complexa", 0.5),
        ("simplista", "simplista", 0.5),
        ("Categoria: trivial.", "trivial", 0.5),
    ],
)
def test_readable_triage_answers(raw: str, categoria: str, confianca: float) -> None:
    result = hosted.parse_triage_answer(raw)
    assert (result.categoria, result.confianca, result.source) == (categoria, confianca, "model")


@pytest.mark.parametrize(
    "raw",
    [
        "",
        "   ",
        "não sei",
        '{"categoria": "urgente", "confianca": 0.9}',
        '{"category": 3}',
        "[1, 2, 3]",
        "{broken json",
        "trivial ou simplista",
        "Essa mensagem parece simplista mas talvez seja complexa, depende muito do contexto dela.",
        "\x00\xff garbage",
    ],
)
def test_garbage_triage_answers_escalate_to_complexa_and_are_logged(
    raw: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="switchboard.apps.finance.triage.hosted"):
        result = hosted.parse_triage_answer(raw)
    assert (result.categoria, result.confianca, result.rule) == ("complexa", 0.0, "unparsed")
    assert "unreadable" in caplog.text


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("sim", True),
        ("Sim.", True),
        ("não", False),
        ("nao", False),
        ("NÃO", False),
        ('{"resposta": "sim"}', True),
        ('"não"', False),
        ("sim, responde", True),
    ],
)
def test_continuity_answers(raw: str, expected: bool) -> None:
    assert hosted.parse_continuity(raw) is expected


@pytest.mark.parametrize(
    "raw", ["", "talvez", "sim e não", "a resposta do usuário é relevante", '{"resposta": 1}', "{"]
)
def test_garbage_continuity_answers_are_none(raw: str, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="switchboard.apps.finance.triage.hosted"):
        assert hosted.parse_continuity(raw) is None
    assert "unreadable" in caplog.text


def test_offline_first_pass_confidence() -> None:
    from switchboard.apps.finance.triage import TriageResult

    assert hosted.offline_is_confident(
        TriageResult("lancamento", 0.96, "rules", rule="transaction")
    )
    assert hosted.offline_is_confident(TriageResult("simplista", 0.9, "history"))
    assert hosted.offline_is_confident(TriageResult("complexa", 0.8, "model"))
    assert not hosted.offline_is_confident(TriageResult("complexa", 0.5, "model"))
    assert not hosted.offline_is_confident(TriageResult("complexa", 0.8, "model", rule="tie_break"))
