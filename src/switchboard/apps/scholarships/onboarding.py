"""Onboarding (spec 002 §2.3.A): name, age, city and education, asking only what is missing.

Several fields per message ("Sou a Ana, tenho 18 anos, moro em Recife e terminei o ensino
médio"), corrections by simply saying the field again ("na verdade tenho 19 anos"), a re-ask
when a value is invalid (an age of 5). The values go straight to the profile (PROFILES), which
is the record the router reads; when the four are known the profile gets
`onboarding_completed = True` and the conversation returns to the root agent.

TO BE REPLACED by a `patterns/workflows` slot-filling workflow when it lands.
"""

from __future__ import annotations

from switchboard.apps.scholarships.context import ROOT, Step
from switchboard.apps.scholarships.extract import onboarding_values
from switchboard.apps.scholarships.records import PROFILES, InvalidProfileError, ProfileUpdate
from switchboard.apps.scholarships.records.profiles import StudentProfile
from switchboard.apps.scholarships.router import route_offline

AGENT = "onboarding"
QUESTIONS = {
    "name": "seu nome",
    "age": "sua idade",
    "city": "a cidade onde você mora",
    "education": (
        "sua escolaridade (Ensino Médio Incompleto, Ensino Médio Completo, Superior Incompleto "
        "ou Superior Completo)"
    ),
}
GREETING = "Olá! Eu sou a Cloudinha e vou te ajudar a encontrar cursos e bolsas pelo Sisu e Prouni."
INVALID = {
    "age": "Hmm, essa idade não parece certa (aceito de 10 a 120 anos).",
    "city": "Não consegui entender a cidade.",
    "name": "Não consegui entender o seu nome.",
    "education": "Não entendi a escolaridade.",
}


def _asked_before(step: Step) -> bool:
    """Whether the last answer of the session was onboarding's question (so a bare answer like
    "Recife" is the value asked for, and a first "oi" is not a name)."""
    for message in reversed(step.turn.history):
        if message.role == "assistant" and message.content:
            return message.agent == AGENT
    return False


def _ask(missing: list[str], first_time: bool, name: str | None) -> str:
    wanted = [QUESTIONS[f] for f in missing]
    listing = wanted[0] if len(wanted) == 1 else ", ".join(wanted[:-1]) + " e " + wanted[-1]
    if first_time:
        return f"{GREETING} Para começar, me conta {listing}?"
    hello = f"Obrigada, {name}! " if name else "Obrigada! "
    return f"{hello}Agora me conta {listing}?"


async def run(step: Step) -> None:
    """One onboarding turn."""
    turn = step.turn
    profiles = step.services.store.repository(PROFILES)
    profile = await profiles.get(turn.user_id)
    before = profile.missing_onboarding_fields() if profile else list(QUESTIONS)
    asked = before[0] if before and _asked_before(step) else None
    values = onboarding_values(turn.text, asked)
    problem = None
    if values:
        try:
            profile = await profiles.upsert(turn.user_id, ProfileUpdate.parse(values))
        except InvalidProfileError:
            valid = {}
            for key, value in values.items():
                try:
                    ProfileUpdate.parse({key: value})
                    valid[key] = value
                except InvalidProfileError:
                    problem = INVALID.get(key, "Não entendi um dos dados.")
            if valid:
                profile = await profiles.upsert(turn.user_id, ProfileUpdate.parse(valid))
    missing = profile.missing_onboarding_fields() if profile else list(QUESTIONS)
    if missing:
        first_time = profile is None and not values
        text = _ask(missing, first_time, profile.name if profile else None)
        step.say(f"{problem} {text}" if problem else text, AGENT)
        return
    assert profile is not None
    completed: StudentProfile = await profiles.upsert(
        turn.user_id, ProfileUpdate(onboarding_completed=True)
    )
    step.update(workflow=None)
    follow = route_offline(turn.text, None)
    if follow.intent == "CHANGE_WORKFLOW" and follow.target is not None:
        step.say(f"Prontinho, {completed.name}! Seu perfil está completo.", ROOT)
        step.update(workflow=follow.target)
        step.handoff = True
        return
    step.say(
        f"Prontinho, {completed.name}! Seu perfil está completo. Posso te ajudar a encontrar "
        "cursos e bolsas (é só dizer, por exemplo, “quero achar uma faculdade”) ou tirar dúvidas "
        "sobre o Sisu e o Prouni.",
        ROOT,
    )


__all__ = ["AGENT", "run"]
