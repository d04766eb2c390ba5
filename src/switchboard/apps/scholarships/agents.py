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
from collections.abc import AsyncIterator

from pydantic import BaseModel

from switchboard import (
    Event,
    Message,
    ModelRequest,
    RoutingState,
    SwitchboardError,
    Tool,
    Turn,
    tool,
)
from switchboard.agents import is_blank
from switchboard.apps.scholarships.context import ROOT, TOOL_STATUS, Services, Step
from switchboard.apps.scholarships.distress import CONTINUE, START, SUPPORT, is_distress
from switchboard.apps.scholarships.extract import onboarding_values
from switchboard.apps.scholarships.followup import resolve
from switchboard.apps.scholarships.learning import few_shot_for
from switchboard.apps.scholarships.overview import CHEER, is_study_chat, overview, overview_programs
from switchboard.apps.scholarships.profile_requests import (
    asks_for_profile,
    describe_profile,
    requested_update,
)
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
from switchboard.apps.scholarships.router import program_cue, route_offline
from switchboard.apps.scholarships.state import ScholarshipState
from switchboard.apps.scholarships.ui import CARD_CLICK_PREFIX
from switchboard.patterns import ActionContext, ActionItem, Frame, Say, WorkflowState

log = logging.getLogger(__name__)

MENU = (
    "Posso te ajudar a encontrar cursos e bolsas (diga “quero achar uma faculdade”) ou tirar "
    "dúvidas sobre o Sisu e o Prouni: datas, nota mínima, renda, documentos."
)
_GREETING = re.compile(r"^(?:oi|ola|bom dia|boa tarde|boa noite|e ai|hey|opa)\b")
_THANKS = re.compile(r"\b(?:obrigad[oa]|valeu|agradeco|brigad[oa])\b")
_FAREWELL = re.compile(
    r"\b(?:tchau|xau|bye|flw|falou|ate (?:mais|logo|amanha|a proxima|breve|depois)|fui"
    r"|vou (?:nessa|indo|sair|dormir))\b"
)
_YES = re.compile(r"^(?:sim|s|quero|claro|pode ser|pode|bora|vamos|aham|uhum|isso)(?: sim)?$")
_NO_MORE = re.compile(
    r"^(?:nao|n)(?:\W+(?:so isso|obrigad[oa]|valeu|precisa|por enquanto|brigad[oa]))*$"
    r"|^(?:so isso|era so isso|e so isso|por enquanto nao|tudo certo|ta bom|ok)$"
)
NEXT_STEPS = (
    "Um passo a passo pelos editais de 2026:\n\n"
    "1. **Enem**: o Sisu aceita as edições de 2023, 2024 ou 2025 (Edital Sisu 2026, item 1.4); o "
    "Prouni, as de 2024 ou 2025, com média de pelo menos 450 pontos e redação acima de zero "
    "(Edital Prouni 2026, item 1.2).\n"
    "2. **Sisu** (universidades públicas): inscrições de 19 a 23 de janeiro de 2026, em "
    "acessounico.mec.gov.br/sisu, com até 2 opções de curso (Edital Sisu 2026, itens 1.1 e "
    "1.5); resultado em 29 de janeiro (item 3.1).\n"
    "3. **Prouni** (bolsas em faculdades privadas): inscrições de 26 a 29 de janeiro de 2026, em "
    "acessounico.mec.gov.br/prouni (Edital Prouni 2026, item 1.1); renda por pessoa de até 1,5 "
    "salário mínimo para a bolsa integral e até 3 para a parcial (item 1.4).\n"
    "4. **Pré-selecionado no Prouni?** Entregue a documentação na faculdade no prazo da sua "
    "chamada (primeira chamada: 3 a 13 de fevereiro de 2026; Edital Prouni 2026, item 4.1).\n\n"
    "Quer que eu veja agora se você tem direito à bolsa do Prouni (“tenho direito ao prouni?”) "
    "ou que eu busque cursos para o seu perfil (“quero achar uma faculdade”)?"
)
"""The answer to "e agora, o que eu faço?": the steps of the 2026 editais, each cited."""
_NEXT_STEPS = re.compile(
    r"^(?:e )?agora\b.*\b(?:faco|fazer)\b|\be agora\W*$|^(?:e )?agora\W*$"
    r"|\bo que (?:eu )?(?:faco|devo fazer|tenho que fazer|preciso fazer|faço)\b"
    r"|\bpr[oó]xim[oa]s? (?:passos?|etapas?)\b|\bpasso a passo\b"
    r"|\bpor onde (?:eu )?(?:comeco|começo)\b|\bcomo (?:eu )?(?:comeco|começo)\b"
)


def asks_next_steps(text: str) -> bool:
    """ "e agora, o que eu faço?", "quais os próximos passos?", "por onde eu começo?"."""
    return bool(_NEXT_STEPS.search(normalize(text)))


_CORRECTION = re.compile(r"\b(?:na verdade|corrigindo|errei|me enganei|mudei|atualiza)\b")
CARD_CLICK = re.compile(rf"^\s*{re.escape(CARD_CLICK_PREFIX)}\s*(?P<id>[0-9a-f]{{8,32}})\s*$", re.I)
FIELD_LABELS = {
    "name": "nome",
    "age": "idade",
    "city": "cidade",
    "uf": "estado",
    "education": "escolaridade",
    "course_interest": "curso de interesse",
}


async def root(step: Step) -> None:
    """The root agent: greetings, thanks, profile corrections, the menu."""
    text = step.turn.text
    folded = normalize(text)
    if is_distress(text):
        profile = await step.services.store.repository(PROFILES).get(step.turn.user_id)
        onboarded = profile is not None and profile.onboarding_completed
        step.say(f"{SUPPORT}\n\n{CONTINUE if onboarded else START}", ROOT)
        if not onboarded:  # the name question was just asked: the next message answers it
            name_step = Frame(workflow="onboarding", step=2, asked="name", started=True)
            step.turn.state.put(WorkflowState(stack=(name_step,)))
        return
    if asks_for_profile(text):
        profile = await step.services.store.repository(PROFILES).get(step.turn.user_id)
        step.say(describe_profile(profile), ROOT)
        return
    requested = requested_update(text)
    if _CORRECTION.search(folded) or requested:
        values = requested or onboarding_values(text, None)
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
    if step.services.model(ROOT) is not None:
        answer = await hosted_answer(step.services, step.turn, ROOT)
        if answer:
            step.say(answer, ROOT)
            return
    if _FAREWELL.search(folded):
        name = await _name_of(step)
        thanks = "Por nada! " if _THANKS.search(folded) else ""
        step.say(
            f"{thanks}Até mais{', ' + name if name else ''}! Boa sorte nos estudos. Quando "
            "quiser, é só voltar: eu guardo o seu perfil.",
            ROOT,
        )
    elif route_offline(text, None).intent == "EXIT_WORKFLOW":
        step.say("Tudo bem! " + MENU, ROOT)
    elif asks_next_steps(text):
        step.say(NEXT_STEPS, ROOT)
    elif _CHANCES.search(folded):
        step.say(CUTOFF_HINT, ROOT)
    elif _THANKS.search(folded) or _NO_MORE.match(folded.strip(" .!")):
        step.say("Por nada! Se precisar de mais alguma coisa, é só chamar.", ROOT)
    elif _YES.match(folded.strip(" .!")):
        step.say(f"Claro! {MENU}", ROOT)
    elif _GREETING.match(folded):
        name = await _name_of(step)
        step.say(f"Oi{', ' + name if name else ''}! {MENU}", ROOT)
    else:
        step.say(f"Não tenho certeza se entendi. {MENU}", ROOT)


async def _name_of(step: Step) -> str | None:
    """The student's name, when the profile has one (a returning student is greeted by it)."""
    profile = await step.services.store.repository(PROFILES).get(step.turn.user_id)
    return profile.name if profile is not None and profile.name else None


_DISCOURSE = re.compile(
    r"^\s*(?:pera[ií]?|espera(?:\s+a[ií])?|calma|ah+|ahn|opa|ok|blz|beleza|ta|t[áa]|ent[ãa]o"
    r"|ei|oi+|ol[áa]|hm+|al[ií][áa]s|desculpa|s[óo]\s+uma\s+d[úu]vida|uma\s+d[úu]vida"
    r"|mudando\s+de\s+assunto|rapidinho|antes\s+de\s+(?:responder|continuar|mais\s+nada)"
    r"|antes)\b\s*[,:;.!-]*\s*",
    re.IGNORECASE,
)
"""Discourse markers that open a question asked in the middle of something else ("pera, qual
a nota mínima do prouni?", "antes de responder: …"): not part of what is asked."""


def question_of(text: str) -> str:
    """The question without its leading discourse markers (kept whole if nothing is left)."""
    rest = text
    while (m := _DISCOURSE.match(rest)) and m.end() > 0:
        rest = rest[m.end() :]
    return rest if rest.strip() else text


EDITAIS_TOOL = "consultar_editais"
EDITAIS_TIMEOUT_S = 20.0
"""The cascade is index reads and, when configured, one web search; past this the student is
told the search failed instead of waiting."""


class CascadeStep(BaseModel):
    """One source the cascade consulted (`rag.ToolCallRecord`), in the tool's output."""

    tool: str
    ok: bool
    ms: float
    output: str


class EditaisAnswer(BaseModel):
    """What `consultar_editais` answers: the cascade's text, sources and the passages a hosted
    model may rephrase (`rag.RagAnswer` without the typed edital answer)."""

    text: str
    citations: list[str]
    found: bool
    passages: list[str]
    steps: list[CascadeStep]


_CHANCES = re.compile(
    r"\bnota de corte\b|\bd[aá] (?:pra|para) (?:passar|entrar)\b|\bchances?\b"
    r"|\b(?:consigo|vou|posso) (?:passar|entrar)\b|\bpassar em\b"
)
CUTOFF_HINT = (
    "As notas de corte de cada curso não estão nos editais: o sistema do Sisu as mostra durante "
    "as inscrições, e elas mudam a cada dia. Se quiser, procuro cursos para a sua nota nos dados "
    "de exemplo que tenho (ilustrativos) — é só dizer “quero achar uma faculdade”."
)
"""Said after "não encontrei" when the question is about one's chances ("tirei 680, dá pra
passar em medicina?"): where the figure lives, and what the assistant can do instead."""


def editais_tool(services: Services) -> Tool:
    """The Sisu/Prouni tool cascade (`rag.cascade`: dates, editais, web) as one platform tool,
    so its events, timeout and failures are the registry's."""

    @tool(name=EDITAIS_TOOL, status=TOOL_STATUS["buscar_conhecimento"], timeout=EDITAIS_TIMEOUT_S)
    async def consultar_editais(pergunta: str, programa: str, suposto: bool = False) -> str:
        """Responde a uma pergunta sobre o Sisu ou o Prouni pelas datas e regras dos editais
        (e pela web, se configurada), citando as fontes. `suposto`: o programa foi só suposto
        (a pergunta chegou sem conversa antes e não diz qual), então o outro também é consultado."""
        collection: Collection = "prouni" if programa == "prouni" else "sisu"
        answer = await cascade(
            question_of(pergunta), collection, services.index, services.web, guessed=suposto
        )
        steps = [
            CascadeStep(tool=c.tool, ok=c.ok, ms=c.ms, output=c.output[:2000]) for c in answer.calls
        ]
        return EditaisAnswer(
            text=answer.text,
            citations=list(answer.citations),
            found=answer.found,
            passages=list(answer.passages),
            steps=steps,
        ).model_dump_json()

    return consultar_editais


async def informational_items(
    services: Services, ctx: ActionContext, collection: Collection
) -> AsyncIterator[ActionItem]:
    """The Sisu/Prouni agent as a workflow action: the cascade as the platform's tool call
    (`consultar_editais`: tool_start, its status line, tool_end), then the extractive (or
    hosted, citations kept) answer."""
    turn = ctx.turn
    if is_study_chat(turn.text):
        yield Say(CHEER)
        return
    previous = previous_question(turn)
    arguments: dict[str, str | bool] = {
        "pergunta": resolve(previous, turn.text),
        "programa": collection,
    }
    if previous is None and program_cue(turn.text) is None:
        # a first message naming no program: the router's pick, not the conversation's
        arguments["suposto"] = True
    run = ctx.call_tool(EDITAIS_TOOL, arguments, call_id=f"{turn.session_id}-{collection}-1")
    async for item in run:
        yield item
    if not run.result.ok:
        yield Say(f"Não consegui consultar os editais agora: {run.result.output}")
        return
    answer = EditaisAnswer.model_validate_json(run.result.output)
    if not answer.found and (programs := overview_programs(turn.text)):
        yield Say(overview(programs))  # the programme as a whole: no single item answers it
        return
    text = answer.text
    if not answer.found and _CHANCES.search(normalize(turn.text)):
        text = f"{CUTOFF_HINT}\n\n{text}"  # what helps first, then what the editais lack
    if services.model(collection) is not None and answer.found and answer.passages:
        passages = tuple(answer.passages)
        phrased = await hosted_answer(services, turn, collection, passages=passages)
        if phrased:
            missing = [c for c in answer.citations if c not in phrased]
            text = phrased + (f"\n\nFonte: {'; '.join(missing)}." if missing else "")
    yield Say(text)


def previous_question(turn: Turn) -> str | None:
    """The student's message before this one (what an elliptical "e do sisu?" continues)."""
    users = [m.content for m in turn.history if m.role == "user" and m.content]
    if users and users[-1] == turn.text:
        users = users[:-1]
    return users[-1] if users else None


async def hosted_answer(
    services: Services, turn: Turn, agent: str, *, passages: tuple[str, ...] = ()
) -> str:
    """The hosted model's answer for `agent` ("" offline or when the call fails)."""
    model = services.model(agent)
    if model is None:
        return ""
    question = turn.text
    spec = services.agents[agent]
    system = spec.system_prompt()
    shots = await few_shot_for(services.store, agent, question)
    if shots:
        system += "\n\n" + shots
    if turn.memory_block:
        system += "\n\n" + turn.memory_block
    if passages:
        system += (
            "\n\nResponda SOMENTE com base nestes trechos oficiais, citando entre parênteses a "
            "fonte do trecho usado como aparece entre colchetes (ex.: Edital Prouni 2026, item "
            '1.2, p. 1). Se nenhum trecho responder, diga "Não encontrei isso nos editais de '
            '2026".\n' + "\n".join(passages)
        )
    messages = [Message.system(system)]
    for old in turn.history[-6:]:
        if old.role in ("user", "assistant") and old.content:
            messages.append(Message(role=old.role, content=old.content))
    messages.append(Message.user(question))
    request = ModelRequest(messages=messages, agent=agent)
    try:
        response = await model.complete(request)
        turn.usage.add(response.usage)
        if is_blank(response):  # the platform's rule (agents/blank.py): once more, then fall back
            response = await model.complete(request)
            turn.usage.add(response.usage)
    except SwitchboardError as exc:
        log.warning("hosted %s answer failed, using the offline one: %s", agent, exc.message)
        return ""
    if is_blank(response):
        log.warning("hosted %s answered blank twice, using the offline answer", agent)
    return response.text.strip()


class RootPattern:
    """The root agent as the workflows pattern's inner pattern (no workflow running)."""

    def __init__(self, services: Services) -> None:
        self.services = services

    def current_agent(self, state: RoutingState) -> str:
        return ROOT

    def place(self, state: RoutingState, agent: str) -> None:
        """Only one root agent: nothing to record."""

    async def route(self, turn: Turn) -> AsyncIterator[Event]:
        step = Step(turn, self.services, turn.state.get(ScholarshipState))
        question = Message.user(turn.text, agent=ROOT)
        step.tag(question)
        turn.new_messages.append(question)
        await root(step)
        turn.state.put(step.state)
        for event in step.drain():
            yield event


async def card_details(step: Step, opportunity_id: str) -> None:
    """A card click ("Ver detalhes: <id>"): the offer's details, and a `card_click` SIGNAL."""
    item = await step.services.store.repository(OPPORTUNITIES).get(opportunity_id.lower())
    agent = ROOT
    if item is None:
        step.say("Não encontrei essa oportunidade. Quer fazer uma nova busca?", agent)
        return
    shown = step.state.shown
    position = shown.index(item.id) + 1 if item.id in shown else None
    await step.services.store.repository(SIGNALS).record(
        "card_click",
        step.turn.user_id,
        step.turn.session_id,
        {"opportunity_id": item.id, "position": position},
    )
    how = (
        "A inscrição é pelo Sisu, na página do Acesso Único (acessounico.mec.gov.br)."
        if item.modality == "sisu"
        else "A inscrição é pelo Prouni, na página do Acesso Único (acessounico.mec.gov.br)."
    )
    step.say(f"{describe(item)}\n{item.institution}. {how}", agent)


__all__ = [
    "CARD_CLICK",
    "EDITAIS_TOOL",
    "MENU",
    "NEXT_STEPS",
    "CascadeStep",
    "EditaisAnswer",
    "RootPattern",
    "asks_next_steps",
    "card_details",
    "editais_tool",
    "hosted_answer",
    "informational_items",
    "root",
]
