"""Restart-safety: the dialog stack and typed slots live in the store, so a new app on the same
SQLite file continues mid-workflow (and mid-digression)."""

from __future__ import annotations

from decimal import Decimal

from switchboard.patterns.workflows import WorkflowPattern, WorkflowState, load_workflows

from .conftest import answer, app_for, make_app, say


async def test_a_new_app_on_the_same_store_continues_mid_workflow(tmp_path):
    url = f"sqlite:///{tmp_path}/wf.db"
    first = make_app(url)
    await say(first, "cadastro")
    await say(first, "sou Ana, 17 anos")
    assert await say(first, "quero uma pizza") == "Qual sabor você quer?"
    await first.shutdown()

    second = make_app(url)
    reply = await say(second, "2 pizzas de calabresa")
    assert reply == "Anotei: sabor calabresa, quantidade 2.\n\nÉ para entrega?"
    assert await say(second, "voltar pro cadastro") == "Em que cidade você mora?"
    assert await say(second, "Recife") == "Qual é a sua escolaridade?"
    assert await say(second, "superior completo") == "Prontinho, Ana! Seu cadastro está completo."
    stack = (await second.store.get_session("s1")).state.get(WorkflowState).stack
    assert stack == ()
    await second.shutdown()


async def test_decimal_slots_come_back_as_decimals_after_a_restart(tmp_path):
    workflows = load_workflows(
        """
        renda:
          triggers: [renda]
          steps:
            - {collect: income, type: decimal, question: "Qual é a sua renda?"}
            - {collect: ok, type: bool, question: "Confirma?"}
            - {action: check}
        """
    )
    seen: list[object] = []

    async def check(ctx):
        seen.append(ctx.slots["income"])
        return None

    def build(url):
        pattern = WorkflowPattern(workflows, answer=answer, actions={"check": check})
        return app_for(pattern, url)

    url = f"sqlite:///{tmp_path}/wf.db"
    first = build(url)
    await say(first, "renda")
    assert await say(first, "1.518,50 reais") == "Confirma?"
    await first.shutdown()

    second = build(url)
    await say(second, "sim")

    assert seen == [Decimal("1518.50")]
    await second.shutdown()
