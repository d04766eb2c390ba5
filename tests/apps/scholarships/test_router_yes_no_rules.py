"""A yes/no "posso …?" about what the rules allow (a modality, two programmes at once, doing it
again) is a question for the editais, not the income simulator (issue 20, tester's report 5)."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships.router import route_offline

from .helpers import make_app, say


@pytest.mark.parametrize(
    "text",
    [
        "posso me inscrever no sisu e no prouni ao mesmo tempo?",
        "posso fazer prouni em ead?",
        "da pra fazer prouni a distancia?",
        "posso participar do prouni e do fies junto?",
        "posso tentar o prouni de novo?",
    ],
)
def test_a_rule_question_goes_to_the_editais(text: str) -> None:
    decision = route_offline(text, None)
    assert decision.target in ("sisu", "prouni")


@pytest.mark.parametrize("text", ["posso concorrer ao prouni?", "posso tentar o prouni?"])
def test_asking_to_check_ones_own_eligibility_still_simulates(text: str) -> None:
    assert route_offline(text, None).target == "simulation"


async def test_the_rule_question_is_not_met_with_the_income_question() -> None:
    app = make_app()
    await app.start()
    reply = await say(app, "posso fazer prouni em ead?")
    assert reply.agent == "prouni"
    assert "renda da sua casa" not in reply.text.lower()
