"""Learning loops: feedback alert, judge + curate, dynamic few-shot by similarity."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime
from typing import Any

from typer.testing import CliRunner

from switchboard.apps.scholarships.cli import parse_since
from switchboard.apps.scholarships.learning import (
    few_shot_for,
    heuristic_score,
    judge_sessions,
    similar_examples,
)
from switchboard.apps.scholarships.records import GOLDEN_EXAMPLES, SIGNALS
from switchboard.cli.main import app as cli
from switchboard.core.clock import ManualClock
from switchboard.core.messages import Message
from switchboard.models.base import ModelRequest
from switchboard.models.scripted import ScriptedModel
from switchboard.store.base import FeedbackRecord

from .helpers import USER, make_app, onboarded, say


async def test_thumbs_down_raises_one_alert_when_the_vote_arrives() -> None:
    app = make_app()
    await onboarded(app)
    reply = await say(app, "como funciona o Prouni?")
    assert reply.message_id is not None
    vote = FeedbackRecord(
        message_id=reply.message_id,
        session_id="s1",
        user_id=USER,
        rating="down",
        created_at=app.clock.now(),
    )
    await app.store.save_feedback(vote)
    await app.on_feedback(vote)
    await app.on_feedback(vote.model_copy(update={"rating": "up"}))
    await say(app, "obrigada")
    alerts = await app.store.repository(SIGNALS).recent(kind="feedback_down")
    assert [a.payload["message_id"] for a in alerts] == [reply.message_id]


async def test_judge_scores_and_proposes_then_curator_approves() -> None:
    app = make_app()
    await onboarded(app)
    await say(app, "qual a nota mínima do Enem para o Prouni?")
    await say(app, "quero me matar")  # blocked: never a golden example
    judged = await judge_sessions(app.store, [USER])
    by_question = {j.exchange.question: j for j in judged}
    good = by_question["qual a nota mínima do Enem para o Prouni?"]
    assert good.score >= 0.7 and good.proposed_id is not None
    assert by_question["quero me matar"].score == 0.0
    assert by_question["quero me matar"].proposed_id is None
    golden = app.store.repository(GOLDEN_EXAMPLES)
    approved = await golden.approve(good.proposed_id)
    assert approved.status == "approved"
    block = await few_shot_for(app.store, "prouni", "nota mínima do enem no prouni")
    assert "qual a nota mínima do Enem para o Prouni?" in block


async def test_hosted_judge_uses_the_model() -> None:
    app = make_app()
    await onboarded(app)
    await say(app, "como funciona o Sisu?")
    model = ScriptedModel(lambda request: '{"score": 0.9, "reason": "cita o edital"}')
    judged = await judge_sessions(app.store, [USER], model=model)
    assert judged and judged[0].reasons[0] == "cita o edital"
    assert isinstance(model.requests[0], ModelRequest)


def test_heuristic_wants_citations_from_rag_agents() -> None:
    from switchboard.apps.scholarships.learning import Exchange

    cited = Exchange(
        "s", "sisu", "sisu", "q", "Segundo o Edital Sisu 2026, item 1.1: …", "m", False
    )
    bare = Exchange("s", "sisu", "sisu", "q", "Acho que é em janeiro.", "m", False)
    assert heuristic_score(cited, None)[0] > heuristic_score(bare, None)[0]
    assert heuristic_score(cited, "down")[0] < heuristic_score(cited, None)[0]


async def test_few_shot_picks_the_most_similar_not_the_newest() -> None:
    app = make_app()
    await app.start()
    golden = app.store.repository(GOLDEN_EXAMPLES)
    renda = await golden.propose(
        "qual a renda máxima para bolsa integral?",
        "Até 1,5 salário mínimo (Edital Prouni 2026, item 1.4).",
        "prouni",
    )
    for n in range(4):  # newer, unrelated examples
        await golden.propose(f"documentos para matrícula {n}", f"Veja o item 5.{n}.", "prouni")
    for example in await golden.recent():
        await golden.approve(example.id)
    pool = await golden.list_approved("prouni")
    picked = similar_examples(pool, "renda máxima da bolsa integral do prouni")
    assert picked[0].id == renda.id
    assert all("documentos" not in e.question for e in picked)


async def test_hosted_prouni_prompt_gets_similar_examples_and_keeps_citations() -> None:
    def script(request: ModelRequest) -> str:
        if request.agent == "guard":
            return '{"verdict": "SAFE", "category": null}'
        if request.agent == "router":
            return '{"intent": "CHANGE_WORKFLOW", "target_workflow": "prouni", "confidence": 1}'
        return "A nota mínima é 450 pontos."

    model = ScriptedModel(script)
    app = make_app(model=model)
    await onboarded(app)
    golden = app.store.repository(GOLDEN_EXAMPLES)
    example = await golden.propose(
        "nota mínima do Enem para o Prouni", "450 pontos (Edital Prouni 2026, item 1.2).", "prouni"
    )
    await golden.approve(example.id)
    reply = await say(app, "qual a nota mínima do Enem para o Prouni?")
    assert reply.text.startswith("A nota mínima é 450 pontos.")
    assert "Fonte: Edital Prouni 2026, item 1.2" in reply.text  # appended: the model dropped it
    prompt = next(r for r in model.requests if r.agent == "prouni").messages[0].content
    assert "Exemplos aprovados" in prompt and "nota mínima do Enem para o Prouni" in prompt


def test_since_parsing() -> None:
    now = datetime(2026, 1, 10, tzinfo=UTC)
    assert parse_since("7d", now) == datetime(2026, 1, 3, tzinfo=UTC)
    assert parse_since("2026-01-05", now) == datetime(2026, 1, 5, tzinfo=UTC)
    assert parse_since(None, now) is None


def test_curate_and_judge_commands_run(tmp_path) -> None:
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    runner = CliRunner()
    listed = runner.invoke(cli, ["curate", "list", "--db", url])
    assert listed.exit_code == 0, listed.output
    judged = runner.invoke(cli, ["judge", "--since", "7d", "--db", url])
    assert judged.exit_code == 0 and '"judged": 0' in judged.output
    bad = runner.invoke(cli, ["curate", "approve", "--db", url])
    assert bad.exit_code != 0


def test_judge_command_reads_every_users_sessions_by_default(tmp_path) -> None:
    """An operator's command: no --user needed; --user filters, --since and --limit bound."""
    url = f"sqlite:///{tmp_path / 'judge.db'}"
    clock = ManualClock()  # starts at 2026-01-01

    async def conversations() -> None:
        app = make_app(store=url, clock=clock)
        try:
            for user in ("ana", "bia"):
                await onboarded(app, user)
            await say(app, "qual a nota mínima do Enem para o Prouni?", "s-ana", "ana")
            await clock.advance(10 * 86_400)  # bia talks ten days later
            await say(app, "como funciona o Sisu?", "s-bia", "bia")
            await app.store.create_session("s-other", "carl", "finance")  # another app
            await app.store.append_messages(
                "s-other", [Message.user("quanto gastei?"), Message.assistant("R$ 10,00")]
            )
        finally:
            await app.store.close()

    asyncio.run(conversations())
    runner = CliRunner()

    def judged(*args: str) -> list[dict[str, Any]]:
        result = runner.invoke(cli, ["judge", "--db", url, *args])
        assert result.exit_code == 0, result.output
        return [json.loads(line) for line in result.output.splitlines()]

    every = judged()
    assert [(row["session_id"], row["question"]) for row in every[:-1]] == [
        ("s-bia", "como funciona o Sisu?"),
        ("s-ana", "qual a nota mínima do Enem para o Prouni?"),
    ]
    assert every[-1]["judged"] == 2
    assert [row["session_id"] for row in judged("--user", "ana")[:-1]] == ["s-ana"]
    assert [row["session_id"] for row in judged("--since", "2026-01-05")[:-1]] == ["s-bia"]
    assert [row["session_id"] for row in judged("--limit", "1")[:-1]] == ["s-bia"]
    assert judged("--user", "ninguem") == [{"judged": 0, "proposed": 0}]


def test_knowledge_ingest_command_is_idempotent(tmp_path) -> None:
    source = tmp_path / "docs"
    source.mkdir()
    (source / "prouni_edital.txt").write_text(
        "1. DAS INSCRIÇÕES\n1.1 As inscrições serão feitas pela internet, de 26 a 29 de janeiro.\n"
        "1.2 Poderá se inscrever o candidato que tenha obtido nota igual ou superior a 450 pontos.\n",
        encoding="utf-8",
    )
    url = f"sqlite:///{tmp_path / 'kb.db'}"
    runner = CliRunner()
    first = runner.invoke(
        cli, ["knowledge", "ingest", str(source), "--collection", "prouni", "--db", url]
    )
    second = runner.invoke(
        cli, ["knowledge", "ingest", str(source), "--collection", "prouni", "--db", url]
    )
    assert first.exit_code == 0, first.output
    assert '"added": 1' in first.output
    assert '"unchanged": 1' in second.output and '"added": 0' in second.output


async def test_a_blank_hosted_answer_is_asked_again_then_the_offline_answer_stands() -> None:
    answers = {"first": ["  ", "A nota mínima é 450 pontos."], "second": ["", "\n"]}
    current: list[str] = []

    def script(request: ModelRequest) -> str:
        if request.agent == "guard":
            return '{"verdict": "SAFE", "category": null}'
        if request.agent == "router":
            return '{"intent": "CHANGE_WORKFLOW", "target_workflow": "prouni", "confidence": 1}'
        return current.pop(0)

    model = ScriptedModel(script)
    app = make_app(model=model)
    await onboarded(app)
    current.extend(answers["first"])
    reply = await say(app, "qual a nota mínima do Enem para o Prouni?")
    assert reply.text.startswith("A nota mínima é 450 pontos.") and not current
    current.extend(answers["second"])
    offline = await say(app, "qual a nota mínima do Enem para o Prouni?")
    assert not current and offline.text.strip()  # asked twice, then the offline answer
    assert "450" in offline.text


def test_an_answer_is_teachable_only_when_its_citation_holds() -> None:
    from switchboard.apps.scholarships.learning import teachable

    right = "A média mínima é 450 pontos no Enem 2024 ou 2025 (Edital Prouni 2026, item 1.2)."
    assert teachable("prouni", right) == (True, "")
    wrong_fact, why = teachable(
        "prouni", "A nota mínima é 500 pontos (Edital Prouni 2026, item 1.2)."
    )
    assert not wrong_fact and "'500' is not in the cited item" in why
    no_item, why = teachable("sisu", "Pode sim (Edital Sisu 2026, item 9.9).")
    assert not no_item and "item 9.9 does not exist" in why
    assert teachable("prouni", "Acho que é 450.") == (False, "no citation of the editais")
    assert teachable("root", "Oi! Posso ajudar com o Sisu e o Prouni.") == (True, "")


async def test_a_hosted_judge_reads_the_cited_text_and_cannot_propose_a_wrong_answer() -> None:
    """The model answers with a wrong figure under a real item; a careless judge scores it 0.95:
    it is still not proposed, because item 1.2 does not say 500."""

    def script(request: ModelRequest) -> str:
        if request.agent == "guard":
            return '{"verdict": "SAFE", "category": null}'
        if request.agent == "router":
            return '{"intent": "CHANGE_WORKFLOW", "target_workflow": "prouni", "confidence": 1}'
        return "A nota mínima é 500 pontos (Edital Prouni 2026, item 1.2)."

    app = make_app(model=ScriptedModel(script))
    await onboarded(app)
    await say(app, "qual a nota mínima do Enem para o Prouni?")
    judge = ScriptedModel(lambda request: '{"score": 0.95, "reason": "parece certo"}')
    judged = await judge_sessions(app.store, [USER], model=judge)
    wrong = next(j for j in judged if j.exchange.agent == "prouni")
    assert wrong.score == 0.95 and wrong.proposed_id is None
    assert any("citation does not hold" in reason for reason in wrong.reasons)
    prompt = judge.requests[0].messages[1].content
    assert "Trechos citados do edital" in prompt and "450 (quatrocentos e cinquenta)" in prompt


async def test_the_few_shot_never_injects_an_approved_example_whose_citation_fails() -> None:
    app = make_app()
    await app.start()
    golden = app.store.repository(GOLDEN_EXAMPLES)
    bad = await golden.propose(
        "nota mínima do prouni", "É 500 pontos (Edital Prouni 2026, item 1.2).", "prouni"
    )
    good = await golden.propose(
        "nota mínima do prouni?", "É 450 pontos (Edital Prouni 2026, item 1.2).", "prouni"
    )
    for example in (bad, good):
        await golden.approve(example.id)  # a curator approved both
    block = await few_shot_for(app.store, "prouni", "qual a nota mínima do prouni")
    assert "É 450 pontos" in block and "500" not in block
