"""The hosted-model path with a scripted model: triage JSON, extraction JSON, continuity
sim/não, and garbage answers (provider adapters are tested elsewhere)."""

from __future__ import annotations

import json
from decimal import Decimal

from switchboard.apps.finance.ledger import FlowFilter
from switchboard.apps.finance.pattern import META_FINANCE
from switchboard.apps.finance.triage.hosted import (
    CONTINUITY_SYSTEM_PROMPT,
    TRIAGE_SCHEMA,
)
from switchboard.models.scripted import ScriptedModel

from .app_helpers import ledger_of, make_app, say


def hosted(script: dict[str, list[str]]):
    model = ScriptedModel(script)
    app = make_app(hosted=True, model=model)
    return app, model


def test_build_picks_the_hosted_brain_for_a_model_instance() -> None:
    from switchboard.apps.finance.app import build, is_hosted
    from switchboard.apps.finance.brain import HostedBrain

    assert not is_hosted("embedded") and not is_hosted("scripted")
    assert is_hosted("openai:gpt-4o-mini")
    app = build(store="memory://", model=ScriptedModel([]))
    assert app.hosted and isinstance(app.finance.brain, HostedBrain)


async def test_a_confident_offline_triage_skips_the_model() -> None:
    app, model = hosted({})
    assert (await say(app, "Oi, tudo bem?")).startswith("Olá!")
    assert model.calls == 0


async def test_an_unsure_message_is_triaged_by_the_model_json() -> None:
    app, model = hosted({"junior": ['{"categoria": "trivial", "confianca": 0.9}']})
    reply = await app.reply("s1", "sobre o carro", user_id="ana")
    assert reply.agent == "junior"
    request = model.requests[0]
    assert request.response_schema == TRIAGE_SCHEMA
    assert "Mensagem: sobre o carro" in request.messages[-1].content


async def test_garbage_triage_answer_escalates_to_complexa() -> None:
    app, _ = hosted({"junior": ["não sei, talvez?? {oops"]})
    reply = await app.reply("s1", "tá osso", user_id="ana")
    assert reply.agent == "orquestrador"
    messages = await app.store.load_messages("s1")
    assert messages[0].metadata[META_FINANCE]["regra"] == "unparsed"
    assert "orchestrator_package" in messages[-1].metadata[META_FINANCE]


async def test_extraction_json_is_validated_then_recorded() -> None:
    draft = {
        "valor": 150,
        "tipo": "despesa",
        "categoria": "Alimentação",
        "subcategoria": "Supermercado",
        "descricao": "supermercado",
    }
    app, model = hosted({"lancador": [json.dumps(draft)]})
    reply = await say(app, "Gastei R$ 150 no supermercado hoje")
    assert reply == "Registrado! Despesa de R$ 150,00 em Supermercado na data de hoje."
    assert model.requests[0].response_schema is not None


async def test_garbage_or_invalid_extraction_falls_back_to_the_offline_extractor() -> None:
    invalid = json.dumps({"valor": 80, "tipo": "despesa", "categoria": "Inventada"})
    app, _ = hosted({"lancador": ["```json\nnot json at all\n```", invalid]})
    assert await say(app, "Gastei R$ 150 no supermercado hoje") == (
        "Registrado! Despesa de R$ 150,00 em Supermercado na data de hoje."
    )
    assert await say(app, "Paguei 80 reais de conta de luz") == (
        "Registrado! Despesa de R$ 80,00 em Conta de luz na data de hoje."
    )
    amounts = [e.amount for e in await ledger_of(app).entries("ana", FlowFilter())]
    assert amounts == [Decimal("150.00"), Decimal("80.00")]


async def test_continuity_sim_goes_to_the_lancador() -> None:
    first = {"tipo": "despesa", "categoria": "Lazer", "subcategoria": "Cinema"}
    app, model = hosted(
        {"lancador": [json.dumps(first), json.dumps({"valor": 40})], "junior": ["sim"]}
    )
    assert await say(app, "Fui ao cinema ontem") == "Qual foi o valor?"
    reply = await say(app, "hmm acho que foi isso aí, uns quarenta")
    assert reply.startswith("Registrado! Despesa de R$ 40,00 em Cinema")
    continuity = [r for r in model.requests if r.messages[0].content == CONTINUITY_SYSTEM_PROMPT]
    assert len(continuity) == 1
    assert "Pergunta do agente: Qual foi o valor?" in continuity[0].messages[-1].content


async def test_continuity_nao_resets_and_triages() -> None:
    first = {"tipo": "despesa", "categoria": "Lazer", "subcategoria": "Cinema"}
    app, _ = hosted({"lancador": [json.dumps(first)], "junior": ["não"]})
    await say(app, "Fui ao cinema ontem")
    reply = await app.reply("s1", "quanto gastei esse mês?", user_id="ana")
    assert reply.agent == "simplista"
    assert reply.text == "Neste mês não há nenhum gasto registrado (R$ 0,00)."


async def test_garbage_continuity_answer_counts_as_nao() -> None:
    first = {"tipo": "despesa", "categoria": "Lazer", "subcategoria": "Cinema"}
    app, _ = hosted({"lancador": [json.dumps(first)], "junior": ["talvez, depende"]})
    await say(app, "Fui ao cinema ontem")
    reply = await app.reply("s1", "quanto gastei esse mês?", user_id="ana")
    assert reply.agent == "simplista"


# -- issue 19 on the hosted path --------------------------------------------------------------


async def test_a_question_the_model_calls_lancamento_is_never_recorded() -> None:
    app, model = hosted({"junior": ['{"categoria": "lancamento", "confianca": 0.9}']})
    reply = await app.reply("s1", "sobre o carro?", user_id="ana")
    assert reply.agent == "simplista"
    assert model.calls == 1  # the triage only: no extraction was asked
    messages = await app.store.load_messages("s1")
    assert messages[0].metadata[META_FINANCE]["regra"] == "question_not_recorded"
    assert await ledger_of(app).entries("ana", FlowFilter()) == []


async def test_the_models_transfer_and_asset_are_recorded_as_such() -> None:
    transfer = {"valor": 500, "transferencia": True, "conta_destino": "poupança"}
    flat = {"valor": 300000, "tipo": "despesa", "ativo": "imovel", "descricao": "apartamento"}
    app, _ = hosted({"lancador": [json.dumps(transfer), json.dumps(flat)]})
    assert (await say(app, "transferi 500 pra poupança")).startswith(
        "Registrado! Transferência de R$ 500,00 da sua conta para poupança"
    )
    assert (await say(app, "comprei um apartamento de 300 mil")).startswith(
        "Registrado! Compra de imóvel (apartamento) de R$ 300.000,00"
    )
    ledger = ledger_of(app)
    assert [t.amount for t in await ledger.transfers("ana", FlowFilter())] == [Decimal("500.00")]
    assert [a.kind for a in await ledger.asset_purchases("ana")] == ["imovel"]
    assert await ledger.entries("ana", FlowFilter()) == []


async def test_the_models_draft_goes_through_the_same_checks() -> None:
    """An impossible date and an absurd amount are asked about whoever extracted them."""
    absurd = {"valor": 50000, "tipo": "despesa", "categoria": "Alimentação",
              "subcategoria": "Supermercado"}  # fmt: skip
    app, _ = hosted({"lancador": [json.dumps(absurd)]})
    asked = await say(app, "gastei 50 mil no mercado")
    assert "R$ 50.000,00" in asked and asked.endswith("?")
    assert await ledger_of(app).entries("ana", FlowFilter()) == []


def test_the_extraction_schema_carries_the_new_kinds() -> None:
    from switchboard.apps.finance.brain import EXTRACTION_PROMPT, EXTRACTION_SCHEMA

    props = EXTRACTION_SCHEMA["properties"]
    assert {
        "reembolso",
        "transferencia",
        "conta_origem",
        "conta_destino",
        "ativo",
        "entrada",
    } <= set(props)
    assert props["ativo"]["anyOf"][0]["enum"] == ["imovel", "veiculo", "investimento", "outro"]
    assert "transferencia=true" in EXTRACTION_PROMPT
