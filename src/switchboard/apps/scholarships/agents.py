"""The conversational agents: root (chit-chat, menu, profile corrections), Sisu and Prouni (RAG).

Offline every answer is a template or extractive (quoted from the editais with citations). With
a hosted model the agent's prompt (`agents.yaml`), the most similar approved golden examples
(dynamic few-shot) and, for Sisu/Prouni, *only* the passages the cascade retrieved go to the
model; an answer that drops the citations gets them appended, and a model error falls back to
the extractive answer.
"""

from __future__ import annotations

import logging
import re

from switchboard.apps.scholarships.context import ROOT, Step
from switchboard.apps.scholarships.extract import onboarding_values
from switchboard.apps.scholarships.learning import few_shot_for
from switchboard.apps.scholarships.match import pending_question
from switchboard.apps.scholarships.rag import Collection, cascade
from switchboard.apps.scholarships.records import (
    OPPORTUNITIES,
    PROFILES,
    SIGNALS,
    InvalidProfileError,
    ProfileUpdate,
)
from switchboard.apps.scholarships.records.opportunities import describe
from switchboard.apps.scholarships.records.text import normalize
from switchboard.apps.scholarships.ui import CARD_CLICK_PREFIX
from switchboard.core.errors import SwitchboardError
from switchboard.core.messages import Message
from switchboard.models.base import ModelRequest

log = logging.getLogger(__name__)

MENU = (
    "Posso te ajudar a encontrar cursos e bolsas (diga “quero achar uma faculdade”) ou tirar "
    "dúvidas sobre o Sisu e o Prouni: datas, nota mínima, renda, documentos."
)
_GREETING = re.compile(r"^(?:oi|ola|bom dia|boa tarde|boa noite|e ai|hey|opa)\b")
_THANKS = re.compile(r"\b(?:obrigad[oa]|valeu|agradeco|brigad[oa])\b")
_CORRECTION = re.compile(r"\b(?:na verdade|corrigindo|errei|me enganei|mudei|atualiza)\b")
CARD_CLICK = re.compile(rf"^\s*{re.escape(CARD_CLICK_PREFIX)}\s*(?P<id>[0-9a-f]{{8,32}})\s*$", re.I)
FIELD_LABELS = {
    "name": "nome",
    "age": "idade",
    "city": "cidade",
    "uf": "estado",
    "education": "escolaridade",
}


async def root(step: Step) -> None:
    """The root agent: greetings, thanks, profile corrections, the menu."""
    text = step.turn.text
    folded = normalize(text)
    if _CORRECTION.search(folded):
        values = onboarding_values(text, None)
        if values:
            try:
                await step.services.store.repository(PROFILES).upsert(
                    step.turn.user_id, ProfileUpdate.parse(values)
                )
            except InvalidProfileError:
                step.say("Não consegui atualizar: algum dado não parece certo.", ROOT)
                return
            changed = ", ".join(f"{FIELD_LABELS.get(k, k)}: {v}" for k, v in values.items())
            step.say(f"Anotado! Atualizei seu perfil ({changed}).", ROOT)
            return
    model = step.services.model(ROOT)
    if model is not None:
        answer = await _hosted(step, ROOT, text, passages=())
        if answer:
            step.say(answer, ROOT)
            return
    if _THANKS.search(folded):
        step.say("Por nada! Se precisar de mais alguma coisa, é só chamar.", ROOT)
    elif _GREETING.match(folded):
        step.say(f"Oi! {MENU}", ROOT)
    else:
        step.say(f"Não tenho certeza se entendi. {MENU}", ROOT)


async def informational(step: Step, collection: Collection) -> None:
    """The Sisu/Prouni agent: the tool cascade, then an extractive (or hosted) answer."""
    answer = await cascade(step.turn.text, collection, step.services.index, step.services.web)
    for n, record in enumerate(answer.calls, 1):
        step.tool(record, collection, f"{step.turn.session_id}-{collection}-{n}")
    text = answer.text
    if step.services.model(collection) is not None and answer.passages:
        phrased = await _hosted(step, collection, step.turn.text, passages=answer.passages)
        if phrased:
            missing = [c for c in answer.citations if c not in phrased]
            text = phrased + (f"\n\nFonte: {'; '.join(missing)}." if missing else "")
    if step.state.stack and step.state.stack[-1] == "match":
        text += "\n\nQuando quiser, seguimos com a sua busca: " + pending_question(step.state.match)
    step.say(text, collection)


async def _hosted(step: Step, agent: str, question: str, *, passages: tuple[str, ...]) -> str:
    model = step.services.model(agent)
    if model is None:
        return ""
    spec = step.services.agents[agent]
    system = spec.system_prompt()
    shots = await few_shot_for(step.services.store, agent, question)
    if shots:
        system += "\n\n" + shots
    if step.turn.memory_block:
        system += "\n\n" + step.turn.memory_block
    if passages:
        system += (
            "\n\nResponda SOMENTE com base nestes trechos oficiais, citando a fonte entre "
            "parênteses como aparece (ex.: Edital Prouni 2026, item 1.1):\n" + "\n".join(passages)
        )
    messages = [Message.system(system)]
    for old in step.turn.history[-6:]:
        if old.role in ("user", "assistant") and old.content:
            messages.append(Message(role=old.role, content=old.content))
    messages.append(Message.user(question))
    try:
        response = await model.complete(ModelRequest(messages=messages, agent=agent))
    except SwitchboardError as exc:
        log.warning("hosted %s answer failed, using the offline one: %s", agent, exc.message)
        return ""
    step.turn.usage.add(response.usage)
    return response.text.strip()


async def card_details(step: Step, opportunity_id: str) -> None:
    """A card click ("Ver detalhes: <id>"): the offer's details, and a `card_click` SIGNAL."""
    item = await step.services.store.repository(OPPORTUNITIES).get(opportunity_id.lower())
    agent = step.state.workflow or ROOT
    if agent not in ("match", ROOT):
        agent = ROOT
    if item is None:
        step.say("Não encontrei essa oportunidade. Quer fazer uma nova busca?", agent)
        return
    shown = step.state.match.shown
    position = shown.index(item.id) + 1 if item.id in shown else None
    await step.services.store.repository(SIGNALS).record(
        "card_click",
        step.turn.user_id,
        step.turn.session_id,
        {"opportunity_id": item.id, "position": position, "workflow": step.state.workflow},
    )
    how = (
        "A inscrição é pelo Sisu, na página do Acesso Único (acessounico.mec.gov.br)."
        if item.modality == "sisu"
        else "A inscrição é pelo Prouni, na página do Acesso Único (acessounico.mec.gov.br)."
    )
    step.say(f"{describe(item)}\n{item.institution}. {how}", agent)


__all__ = ["CARD_CLICK", "MENU", "card_details", "informational", "root"]
