"""The router (spec 002 §2.2 step 0): CONTINUE / CHANGE(target) / EXIT, before any workflow runs.

Offline it is rules over accent-folded whole words, in this order (each case from issue 12):

1. exit: the message *is* "sair", "cancelar", "voltar", "tchau" (maybe with "quero"/"pode",
   punctuation) → EXIT;
2. a request to check one's own Prouni eligibility — "tenho direito?", "me enquadro?", "qual
   bolsa eu consigo?", "quero calcular minha renda pro prouni" — → simulation (unless it asks
   about a rule's condition: "estudei em escola particular, posso tentar o prouni?" is a
   question for the edital); then action intents — ver / buscar / procurar / mostrar / achar /
   encontrar vagas, cursos, faculdades, bolsas, oportunidades — → match, even when they name
   Sisu or Prouni;
3. informational intents — o que é, como funciona, quando, quais, regras, prazo, documentos,
   nota mínima, renda, treineiro, … — about Prouni → prouni, about Sisu/ENEM → sisu; a question
   about the editais naming neither (MEC, inscrição, matrícula, chamada, lista de espera) stays
   with the sisu/prouni agent already in charge, else goes to sisu;
4. anything else — bare data answers ("1500 reais", "Engenharia", "Sim") above all — → CONTINUE.

With a hosted model the same decision is asked as a JSON-schema answer (`ROUTER_SCHEMA`); an
unreadable answer or a model error falls back to the rules. Confidence is 1.0 for the rules
that fired and 0.6 for the CONTINUE default.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass
from typing import Any, Final, Literal

from switchboard import Message, Model, ModelRequest, SwitchboardError
from switchboard.apps.scholarships.records.text import normalize
from switchboard.core import UsageTally
from switchboard.knowledge import editais_terms

log = logging.getLogger(__name__)

Intent = Literal["CONTINUE_WORKFLOW", "CHANGE_WORKFLOW", "EXIT_WORKFLOW"]
Workflow = Literal["onboarding", "match", "sisu", "prouni", "simulation"]
"""Workflows the router can put in charge; None (no workflow) is the root agent."""
WORKFLOWS: tuple[Workflow, ...] = ("onboarding", "match", "sisu", "prouni", "simulation")


@dataclass(frozen=True, slots=True)
class RouteDecision:
    intent: Intent
    target: Workflow | None = None
    """Only for CHANGE_WORKFLOW."""
    confidence: float = 1.0
    source: Literal["rules", "model"] = "rules"


CONTINUE = RouteDecision("CONTINUE_WORKFLOW", confidence=0.6)

_EXIT = re.compile(
    r"^(?:(?:eu )?(?:quero|pode|vamos|deixa|deixe|pode|por favor)\s+)?"
    r"(?:sair|cancelar|cancela|voltar|volta|tchau|parar|encerrar|chega)"
    r"(?:\s+(?:por favor|disso|daqui|obrigad[oa]))?$"
)
_ACTION = re.compile(
    r"\b(?:ver|veja|buscar|busca|busque|procurar|procura|procure|mostrar|mostra|mostre|achar|acha"
    r"|ache|encontrar|encontra|encontre|listar|lista(?! de espera)|pesquisar|pesquisa"
    r"|quero(?! (?:trocar|mudar|alterar|saber|entender|cancelar|desistir|transferir|usar)\b))\b"
    r".*\b(?:vagas?|cursos?|faculdades?|universidades?|bolsas?|oportunidades?|opcoes|opcao"
    r"|graduacao|instituicoes|instituicao)\b"
    r"|\b(?:quero|queria|gostaria de|preciso)\s+(?:de\s+)?(?:estudar|entrar (?:na|numa) faculdade"
    r"|fazer (?:uma )?faculdade|uma faculdade|uma bolsa|uma vaga|cursar)\b"
    r"|\b(?:match|(?<!carta de )recomend\w*|sugest\w*|suger\w*)\b"
    r"|\b(?:bolsas?|vagas?|cursos?|faculdades?|oportunidades?|opcoes)\b[^?.!]{0,20}"
    r"\b(?:pra mim|para mim|pro meu perfil|pra o meu perfil|no meu perfil|pra eu|perto de mim"
    r"|combina\w* comigo|(?:tem|tenham) a ver comigo|(?:encaixa\w*|serve\w*) (?:pra|para) mim"
    r"|(?:com|ao) (?:o )?meu perfil)\b"
    r"|\b(?:quero|queria|gostaria de|penso em|pretendo|sonho em) (?:fazer|cursar|estudar|ser)\b"
    r"(?! (?:o |a )?(?:enem|inscricao|matricula|prova|cadastro|simulacao|redacao)\b)"
)
_INFO = re.compile(
    r"\b(?:o que|oque|como|quando|quais?|qto|quanto|quantas?|quantos|regras?|prazos?|datas?"
    r"|documentos?|documentacao|requisitos?|criterios?|nota minima|nota de corte|renda|treineiros?"
    r"|edicoes|edicao|pode|posso|quem|onde|explica\w*|funciona|inscricao|inscricoes|calendario"
    r"|resultado|chamada|lista de espera|comprovar|comprovacao|cotas?|bolsa integral"
    r"|bolsa parcial|duvidas?|sobre)\b"
)
_SIMULATION = re.compile(
    r"\b(?:tenho|teria|terei|tem) direito\b"
    r"(?!\s+(?:a|ao|as|aos)\s+(?!(?:(?:uma|alguma|algum|a|o|essa|esta)\s+)?"
    r"(?:bolsas?|prouni|sisu|integral|parcial|vagas?|beneficio)\b))"
    r"|\bme (?:enquadro|encaixo)\b|\bse encaixa\b"
    r"|\belegib\w*|\belegivel\b|\bcriterio de renda\b|\bparte da renda\b"
    r"|\b(?:consigo|conseguiria|passo|passaria|(?:eu|pra eu|para eu) conseguir)\b.*"
    r"\b(?:bolsa|prouni|integral|parcial|criterio)\b"
    r"|\b(?:bolsa|prouni|integral|parcial|100)\b.*\b(?:consigo|conseguiria)\b"
    r"|\bcalcular (?:a |minha |nossa )?renda\b|\bminha renda (?:da|permite|serve|passa|entra)\b"
    r"|\b(?:tenho|minha) renda (?:pro|para o|do|no) prouni\b|\bsimula\w*"
    r"|\b(?:minha nota|minha media|meu enem|a nota que eu tenho|com (?:a )?minha nota)\b"
    r".*\b(?:da|serve|passa|basta|chega|alcanca|posso|consigo)\b.*\b(?:prouni|bolsa)\b"
    r"|\b(?:da|serve|passa|basta|posso|consigo)\b.*\b(?:prouni|bolsa)\b.*\b(?:minha nota"
    r"|minha media|meu enem|nota que eu tenho)\b"
)
"""Asking to check one's own Prouni eligibility, in the first person. "Tem direito a" a benefit
that is not the bolsa ("bolsista do prouni tem direito a auxílio moradia?") asks a rule."""
_MAY_I = re.compile(
    r"\b(?:posso|poderia|da pra|da para|consigo) (?:tentar|concorrer|pedir|fazer|participar"
    r"|me inscrever|entrar|ter|ganhar|receber|pegar)\b(?:.*\b(?:prouni|bolsa)\b)"
)
""""Posso concorrer ao Prouni?": a request to check, unless it names a rule's condition."""
_SIMULATION_NOT = re.compile(
    r"\b(?:escola|particular|publica|treineir\w*|idade|supletivo|eja|encceja|deficien\w*"
    r"|professor\w*|indigena|errad\w*|falsa|mentir|documentos?|quem|o que acontece|diploma"
    r"|formad[oa]|graduad[oa]|ensino superior"
    r"|ead|a distancia|semipresencial|presencial|noturno|ao mesmo tempo|juntos?|juntas?"
    r"|simultane\w*|ambos|os dois|as duas|duas vezes|de novo|novamente|outra vez|acumular)\b"
    r"|\b(?:sisu|fies)\b.*\bprouni\b|\bprouni\b.*\b(?:sisu|fies)\b"
)
"""Conditions that make a "posso …?" a question about a rule (answered from the edital), not a
request to check one's own eligibility: "estudei em escola particular sem bolsa, posso tentar
o prouni?" is item 1.3, "já tenho diploma, posso me inscrever?" a rule the student asks about.
So is a "posso …" about a modality (EaD, presencial), about doing things together or again
("no sisu e no prouni ao mesmo tempo", "de novo"), or naming a second programme beside the
Prouni: whether the rules allow it, not whether the student's income does."""
_GENERAL = re.compile(
    r"\b(?:mec|edital|editais|inscricao|inscricoes|matricula|chamada|lista de espera|central de"
    r" atendimento|telefone|cronograma|resultado)\b"
)
_INCOME_RULE = re.compile(
    r"\brenda\b.*\b(?:bruta|liquida|per capita)\b|\b(?:bruta|liquida) ou (?:bruta|liquida)\b"
    r"|\b(?:conta|contam|entra|entram|vale|valem) (?:como|na|no calculo da) renda\b"
    r"|\bcomo (?:se )?calcul\w* a renda\b"
)
"""A question about how the income is counted, naming no program ("a renda é bruta ou
líquida?", "pensão conta como renda?")."""
_PROUNI = re.compile(r"\bprouni\b|\bbolsas? (?:integral|parcial|integrais|parciais)\b")
_ASKING = re.compile(
    r"^(?:e |mas |entao |tipo |oi,? |gente,? )?(?:o que|oque|como|quando|qual|quais|quanto|quanta"
    r"|quantos|quantas|onde|quem|por que|porque|pra que|para que|posso|pode|podem|preciso|precisa"
    r"|tem|existe|existem|da pra|da para|vale|conta|e verdade|e se|se eu)\b"
)
"""A message that opens like a question (with or without "?")."""
_WH = re.compile(r"\b(?:qual|quais|quanto|quantos|quantas|como|onde|quando|quem)\b")
"""A question word anywhere ("meu avô é aposentado, qual documento de renda dele")."""
_DOMAIN = re.compile(
    r"\b(?:bolsas?|bolsistas?|fies|enem|vestibular\w*|faculdades?|universidades?|federa(?:l|is)"
    r"|mensalidades?|matricul\w*|vagas?|cotas?|cotistas?|salarios? minimos?|renda|redacao"
    r"|inscri\w*|inscrev\w*|gov br|senha|treineir\w*|supletivo|encceja|eja|ensino medio"
    r"|auxilio\w*|permanencia"
    r"|transferencia|trancar|trancamento|ead|graduacao|diploma|historico escolar|desempate"
    r"|nota de corte|nota minima|pontuacao|lista de espera|chamadas?|edital|editais|mec"
    r"|holerites?|contracheques?|horas? extras?"
    r"|facul|documentos?|documentacao|papeis|papelada|comprovantes?|certificados?|historicos?"
    r"|reservista|residencia|semestres?|periodo letivo|inicio das aulas|pre selecionad\w*"
    r"|selecionad[oa]s?)\b"
    r"|\bcursos?\b.{0,30}\b(?:comec\w*|inicia\w*|inicio)\b"
)
"""Words of the editais' world (higher education, the Enem, scholarships, income rules): a
question with one of them is for the Sisu/Prouni agent, which answers it from the editais or
says it did not find it — never the onboarding's "qual é o seu nome?". That includes the
paperwork of the enrolment (documents, proofs, certificates, the school record: "fatura do
cartão vale como comprovante de residência?", "a facul tem que me dar comprovante?") and when a
course starts ("meu curso só começa no segundo semestre…"); a bare "curso" is not, since the
match asks for one ("não sei qual curso")."""
_INSTITUTION = re.compile(
    r"\b(?:uf[a-z]{1,4}|unb|usp|unesp|unicamp|unifesp|uerj|uenf|uece|uneb|unemat|utfpr"
    r"|if[a-z]{2,3}|puc\w*|cefet\w*)\b"
)
"""A university or federal institute named by its acronym ("na *ufrj*", "o bônus da *ufpa*"): a
question about one is about admission, which the editais agent answers from the editais or says
it did not find there ("peso da redação em enfermagem na ufrj" — each institution's own rules
are not in the 2026 editais) — never with the onboarding's "qual é o seu nome?"."""
_PROUNI_LEANING = re.compile(
    r"\b(?:bolsas?|bolsistas?|mensalidades?|particular|privada|fies|permanencia|auxilio\w*|renda"
    r"|aposentad\w*|pension\w*|autonom\w*|contracheques?|holerites?|horas? extras?|salarios?"
    r"|comprovantes?|residencia|fatura|pre selecionad\w*)\b"
)
"""Words that lean a question naming no program to the Prouni documents: income, and the
proofs the Prouni lists item by item (residence, delivery receipts); the Sisu documentation
names a "comprovante de residência" without saying which. "Pré-selecionado" is the Prouni's
word (the Sisu "seleciona")."""
_MINIMUM_WAGE_VALUE = re.compile(
    r"\b(?:(?:qual|quanto) (?:e |eh |seria |sera )?(?:o )?valor(?: em reais| atual)?"
    r"|(?:quanto|de quanto) (?:e|eh|ta|esta|vale|sera|seria|fica) (?:o|um)|\bvalor(?: atual)?)"
    r"(?: (?:do|de um|de 1|o|um))? salarios? minimos?\b"
)
"""A question about the value of the salário mínimo ("qual o valor do salário mínimo que o
Prouni usa?", "quanto tá o salário mínimo em 2026?") asks a fact, not to check one's income:
the editais give the rule in salários mínimos and never its value, which the editais agent says
("não encontrei" and where to look) — the simulation would ask for the household's income."""
_RULE_QUESTION = re.compile(
    r"\b(?:como|quais|quando|onde)\b|^(?:e |mas |entao )?(?:o que|oque)\b"
    r"|\bquem (?:analisa|decide|verifica|confere|avalia|aprova|julga)\b"
    r"|\b(?:redacao|treineir\w*|zer(?:o|ei|ou))\b|\bate quanto\b"
    r"|\b(?:consigo|posso|da pra|da para)\s+(?:transferir|trocar|mudar|trancar|acumular|manter"
    r"|continuar|cancelar|desistir|alterar|juntar)\b"
    r"|" + _MINIMUM_WAGE_VALUE.pattern
)
"""A how/which/when/where question, or one about the essay rule, asks what the edital says even
when it sounds like a request to check one's own eligibility ("como comprovo minha renda no
prouni?", "zerei a redação, ainda consigo bolsa?"), and so does asking whether one may do
something with a bolsa or a place ("consigo transferir minha bolsa do prouni…?"), and who
rules on it ("quem analisa se eu tenho direito à vaga de cota?")."""
_RULE_CONDITION = re.compile(
    r"\b(?:deficien\w*|pcd|cadeirante|surd[oa]|ceg[oa]|autis\w*|professor\w*|docente"
    r"|escola (?:publica|particular|privada)|colegio (?:publico|particular)|particular"
    r"|bolsista|supletivo|encceja|eja)\b"
)
"""A condition of the edital's own told with "tenho direito?" / "consigo bolsa?" ("tenho
deficiência e estudei em particular, tenho direito de me inscrever?", "sou professor da
prefeitura, consigo bolsa usando essa condição?"): which of item 1.3's alternatives lets the
student in (and 1.3.1, 1.4.1 for a teacher, whom the income limits do not bind) is a question
for the edital — unless an amount is told too (`_DIGIT`: then the income is checked)."""
_TEACHER = re.compile(
    r"\b(?:sou|eu sou|trabalho como|atuo como|como)\s+(?:um |uma )?(?:professor|professora"
    r"|professores|professoras|docente)\b"
)
"""The student is a public-school teacher ("sou professor da rede pública e minha renda passa de
3 salários mínimos…, posso me inscrever?"): item 1.4.1 frees the teacher from the income limits,
so the income told is no reason to check it against them — the edital answers, amount or not."""
_DIGIT = re.compile(r"\d")
_SISU = re.compile(r"\bsisu\b|\benem\b|\bnota de corte\b|\btreineiros?\b")
_TAIL_ASK = re.compile(r"\b(?:o q|o que|oque|e agora|qual|quais|quanto|como)\s*[.!]*$")
"""A question put at the end without "?" ("vô aposentado comprova renda com o q", "minha
escola fechou, e agora")."""
_FIRST_PERSON = re.compile(
    r"\b(?:eu|meu|minha|meus|minhas|tenho|sou|moro|ganho|estou|to|fiz|quero|me chamo)\b"
)
COLD_QUESTION_TERMS = 2
"""Content words the editais use that make a cold question theirs ("preciso levar título de
eleitor?": título, eleitor)."""
COLD_QUERY_TERMS = 3
"""The same for a keyword query without any question shape ("renda máxima por pessoa pra bolsa
de 100%"), which must also say nothing about the student (not "moro com 3 pessoas, renda…")."""


def program_cue(text: str) -> Literal["sisu", "prouni"] | None:
    """The program the message's own words point at, as the router reads them (`_SISU`: "enem",
    "nota de corte", "treineiro"; `_PROUNI`: "bolsa integral", and the words that lean to its
    documents, `_PROUNI_LEANING`: income, proofs); None when they point at neither or both —
    the router's choice was then only its default."""
    folded = normalize(text)
    prouni = bool(_PROUNI.search(folded) or _PROUNI_LEANING.search(folded))
    sisu = bool(_SISU.search(folded))
    if prouni == sisu:
        return None
    return "prouni" if prouni else "sisu"


def is_question(text: str) -> bool:
    """A question mark, or a question/informational word ("quando", "como", "regras", …)."""
    return "?" in text or bool(_INFO.search(normalize(text)))


def asks_something(text: str) -> bool:
    """A message that opens like a question ("e se eu zerar a redação …", "quem já tem
    diploma pode …"), with or without "?"."""
    return bool(_ASKING.search(normalize(text)))


_CLAUSE = re.compile(
    r"(?<=[?!.;,])\s+|\s+(?=(?:mas|e|entao|ai)\s+(?:o|a|os|as)?\s*(?:sisu|prouni)\b)"
)


def _asks(clause: str) -> bool:
    return "?" in clause or asks_something(clause)


def statements(text: str) -> str:
    """`text` without its question clauses: "tirei 610, o sisu usa qual enem?" → "tirei
    610,"; "" when every clause asks something."""
    kept = [clause for clause in _CLAUSE.split(text) if clause.strip() and not _asks(clause)]
    return " ".join(kept).strip()


def has_question(text: str) -> bool:
    """Whether some clause of `text` asks something ("fiz supletivo, posso usar no prouni")."""
    return any(_asks(clause) for clause in _CLAUSE.split(text) if clause.strip())


def asks_about_a_program(text: str) -> bool:
    """Whether a question clause of `text` names Sisu or Prouni ("fiz supletivo, posso usar no
    prouni") — a question about the editais, not about the value just given ("680 de média,
    isso conta?")."""
    return any(
        _asks(clause) and bool(_PROUNI.search(folded := normalize(clause)) or _SISU.search(folded))
        for clause in _CLAUSE.split(text)
        if clause.strip()
    )


def _asked_beside(text: str) -> bool:
    """A question about a program asked beside a wish told in a clause of its own ("prouni tem
    bolsa pra curso a distância? quero fazer ead"): the question is what the student asks — the
    edital answers it (or says it is not there) — and the wish is its context, not a request
    to search courses. A request that is itself the question ("me mostra bolsas do prouni?")
    stays a request."""
    clauses = [c for c in _CLAUSE.split(text) if c.strip()]
    return (
        len(clauses) > 1
        and asks_about_a_program(text)
        and not any(_asks(c) and _ACTION.search(normalize(c)) for c in clauses)
    )


def route_offline(
    text: str, active: Workflow | None, programme: Literal["sisu", "prouni"] | None = None
) -> RouteDecision:
    """The rules of the module docstring. `programme`: the one the conversation is about (the
    Sisu/Prouni agent that answered last, or a Prouni simulation), for a question naming
    neither asked while another workflow is in charge ("e o que eu levo na matrícula?" after
    the Prouni simulation is a Prouni question)."""
    folded = normalize(text)
    if _EXIT.match(folded):
        return RouteDecision("EXIT_WORKFLOW")
    rule_question = (
        bool(_RULE_QUESTION.search(folded))
        or (bool(_RULE_CONDITION.search(folded)) and not _DIGIT.search(folded))
        or bool(_TEACHER.search(folded))
    )
    if (_SIMULATION.search(folded) and not rule_question) or (
        _MAY_I.search(folded) and not _SIMULATION_NOT.search(folded) and not rule_question
    ):
        return _change("simulation", active)
    if _ACTION.search(folded) and not _asked_beside(text):
        return _change("match", active)
    prouni, sisu = bool(_PROUNI.search(folded)), bool(_SISU.search(folded))
    question = (
        "?" in text
        or bool(_INFO.search(folded) or _ASKING.search(folded))
        or (
            (prouni or sisu) and len(folded.split()) >= 4
        )  # "ate q dia da pra se inscrever no sisu"
    )
    if question and (prouni or sisu):
        if prouni and not (sisu and active == "sisu"):
            return _change("prouni", active)
        return _change("sisu", active)
    if "?" in text and _INCOME_RULE.search(folded):
        return _change("prouni", active)  # how income is counted is the Prouni edital's (1.4)
    if question and _GENERAL.search(folded):
        return _editais_agent(folded, active, programme)
    asking = "?" in text or _ASKING.search(folded) or _WH.search(folded)
    if asking and _DOMAIN.search(folded):
        return _editais_agent(folded, active, programme)
    if _INSTITUTION.search(folded) and (
        asking or (active is None and _DOMAIN.search(folded) and not _FIRST_PERSON.search(folded))
    ):
        return _editais_agent(folded, active, programme)
    if active is None and _cold_editais_question(text, folded, bool(asking)):
        return _change("prouni" if _PROUNI_LEANING.search(folded) else "sisu", active)
    return CONTINUE


def _editais_agent(
    folded: str, active: Workflow | None, programme: Literal["sisu", "prouni"] | None
) -> RouteDecision:
    """Who answers an editais question naming no programme: the Sisu/Prouni agent in charge,
    else the Prouni's when a word leans to it, else the conversation's programme, else Sisu."""
    if active in ("sisu", "prouni"):
        return _change(active, active)
    if _PROUNI_LEANING.search(folded):
        return _change("prouni", active)
    return _change(programme or "sisu", active)


def _cold_editais_question(text: str, folded: str, asking: bool) -> bool:
    """A first message, before any workflow, that asks about something the editais talk about,
    measured by the editais' own words rather than a list: two of them in a question ("tenho
    q levar título de eleitor?", "com extrato do fgts como é feita a conta?"), three in a
    keyword query that says nothing about the student. Onboarding would otherwise answer it
    with "qual é o seu nome?"."""
    terms = len(editais_terms(text))
    if asking or _TAIL_ASK.search(folded):
        return terms >= COLD_QUESTION_TERMS
    return terms >= COLD_QUERY_TERMS and not _FIRST_PERSON.search(folded)


def _change(target: Workflow, active: Workflow | None) -> RouteDecision:
    if target == active:
        return RouteDecision("CONTINUE_WORKFLOW")
    return RouteDecision("CHANGE_WORKFLOW", target)


ROUTER_SCHEMA: Final[dict[str, Any]] = {
    "type": "object",
    "properties": {
        "intent": {
            "type": "string",
            "enum": ["CONTINUE_WORKFLOW", "CHANGE_WORKFLOW", "EXIT_WORKFLOW"],
        },
        "target_workflow": {"type": ["string", "null"], "enum": [*WORKFLOWS, None]},
        "confidence": {"type": "number", "minimum": 0, "maximum": 1},
    },
    "required": ["intent", "target_workflow", "confidence"],
    "additionalProperties": False,
}

ROUTER_PROMPT: Final[str] = """\
Você é o roteador de um assistente de Sisu e Prouni. Dado o fluxo ativo e a ÚLTIMA mensagem do \
estudante, decida:
- CONTINUE_WORKFLOW: a mensagem continua o fluxo ativo (respostas de dados como "1500 reais", \
"Engenharia", "Sim", "à noite" sempre continuam).
- CHANGE_WORKFLOW com target_workflow: "match" para pedidos de AÇÃO (ver, buscar, mostrar, \
achar vagas, cursos ou bolsas — mesmo citando Sisu ou Prouni); "simulation" quando o estudante \
quer saber se ELE tem direito ao Prouni ou a qual bolsa (integral/parcial) ele consegue, pela \
renda ou pela nota; "sisu" ou "prouni" para perguntas INFORMATIVAS sobre as regras (o que é, \
como funciona, quando, regras, documentos, nota mínima, renda máxima).
- EXIT_WORKFLOW: "Sair", "Cancelar", "Voltar", "Tchau".
Responda só com JSON: {"intent": ..., "target_workflow": ... ou null, "confidence": 0..1}."""


def read_decision(raw: str, active: Workflow | None) -> RouteDecision:
    """Parse the model's JSON answer; ValueError when it is not a valid decision."""
    data = json.loads(raw)
    if not isinstance(data, dict):
        raise ValueError("router answer is not an object")
    intent = data.get("intent")
    target = data.get("target_workflow")
    confidence = data.get("confidence", 1.0)
    if intent not in ("CONTINUE_WORKFLOW", "CHANGE_WORKFLOW", "EXIT_WORKFLOW"):
        raise ValueError(f"unknown intent {intent!r}")
    if not isinstance(confidence, int | float) or not 0 <= confidence <= 1:
        raise ValueError("confidence must be in [0, 1]")
    if intent == "CHANGE_WORKFLOW":
        if target not in WORKFLOWS:
            raise ValueError(f"unknown target {target!r}")
        if target == active:
            return RouteDecision("CONTINUE_WORKFLOW", None, float(confidence), "model")
        return RouteDecision("CHANGE_WORKFLOW", target, float(confidence), "model")
    return RouteDecision(intent, None, float(confidence), "model")


async def route_hosted(
    model: Model, text: str, active: Workflow | None, usage: UsageTally | None = None
) -> RouteDecision:
    """Ask the hosted model; the rules answer when it fails or answers nonsense. The call's
    tokens go to `usage` (the turn's), whether its answer is usable or not."""
    request = ModelRequest(
        messages=[
            Message.system(ROUTER_PROMPT),
            Message.user(f"Fluxo ativo: {active or 'nenhum'}\nMensagem: {text}"),
        ],
        response_schema=ROUTER_SCHEMA,
        agent="router",
        temperature=0.0,
    )
    try:
        response = await model.complete(request)
        if usage is not None:
            usage.add(response.usage)
        return read_decision(response.text, active)
    except (SwitchboardError, ValueError) as exc:
        log.warning("router model unusable, using the rules: %s", exc)
        return route_offline(text, active)


__all__ = [
    "CONTINUE",
    "ROUTER_PROMPT",
    "ROUTER_SCHEMA",
    "WORKFLOWS",
    "RouteDecision",
    "Workflow",
    "asks_about_a_program",
    "asks_something",
    "has_question",
    "is_question",
    "program_cue",
    "read_decision",
    "route_hosted",
    "route_offline",
    "statements",
]
