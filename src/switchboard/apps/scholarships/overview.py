"""Overview requests and chat that reach the Sisu/Prouni agent without a question to search.

"oi, quero saber do prouni", "o que é o sisu?", "qual a diferença entre sisu e prouni?" ask for
the programme as a whole: searched as a question they match no single item, and "Não encontrei
isso nos editais" is both false and unhelpful. They get a short overview built from the items
that say what each programme is and who may apply (cited), and an offer of what to ask next.
A statement about studying with no question in it ("vou me matar de estudar pro enem esse ano
kkk" — an idiom the guard lets through) is chat: encouragement and what the assistant can do.
"""

from __future__ import annotations

import re

from switchboard.apps.scholarships.records.text import normalize

_PROGRAMS = re.compile(r"\b(?:sisu|prouni)\b")
_FILLER = r"(?:\s*(?:por favor|pfv|pf|pls|ai|aí|rs|kk+|ne|entao|tudo))*"
_OVERVIEW = re.compile(
    r"^(?:(?:oi|ola|opa|bom dia|boa tarde|boa noite|e ai|hey|eai)\b[\s,!.]*)?"
    r"(?:(?:eu )?(?:quero|queria|gostaria de|preciso|vim)\s+(?:saber|entender|conhecer|aprender)"
    r"(?:\s+(?:mais|um pouco|melhor))*\s+(?:sobre|do|da|de|o|a)(?:\s+(?:o|a))?"
    r"|me (?:fala|fale|explica|explique|conta|conte)(?:\s+(?:mais|um pouco))*\s+(?:sobre|do|da|o|a)"
    r"(?:\s+(?:o|a))?"
    r"|(?:o que|oque|que) (?:e|eh|seria|significa)(?:\s+(?:o|a))?"
    r"|como funciona(?:\s+(?:o|a))?"
    r"|sobre(?:\s+(?:o|a))?)"
    rf"\s+(?P<programs>(?:sisu|prouni)(?:\s+(?:e|ou)\s+(?:o\s+)?(?:sisu|prouni))?){_FILLER}"
    r"\s*[?!.]*$"
)
_DIFFERENCE = re.compile(
    r"\bdiferen\w*\b.*\b(?:sisu|prouni)\b.*\b(?:sisu|prouni)\b"
    r"|\b(?:sisu|prouni)\b.*\b(?:sisu|prouni)\b.*\bdiferen\w*"
    r"|\b(?:sisu|prouni) (?:ou|x|vs) (?:o )?(?:sisu|prouni)\b[^?]*\b(?:qual|melhor|diferen\w*)"
)
_STUDY = re.compile(
    r"\b(?:estud\w*|ralar|ralando|focar|focad[oa]|foco|revisar|revisando|simulados?|cursinho)\b"
)
_QUESTION = re.compile(
    r"\b(?:o que|oque|como|quando|qual|quais|quanto|quantos|quantas|onde|quem|posso|pode|devo"
    r"|preciso|vale)\b"
)

SISU = (
    "**Sisu**: seleciona estudantes para vagas em instituições públicas de ensino superior pela "
    "nota do Enem. Pode se inscrever quem fez o Enem de 2023, 2024 ou 2025 (Edital Sisu 2026, "
    "item 1.4), em até 2 opções de curso (item 1.5); as inscrições vão de 19 a 23 de janeiro de "
    "2026, pela internet (item 1.1)."
)
PROUNI = (
    "**Prouni**: oferece bolsas integrais e parciais em faculdades privadas. Pode se inscrever "
    "quem fez o Enem de 2024 ou 2025 com média de pelo menos 450 pontos e redação acima de zero, "
    "sem ter sido treineiro (Edital Prouni 2026, item 1.2), e cursou o ensino médio em escola "
    "pública ou como bolsista integral em escola privada, entre outras condições (item 1.3). A "
    "renda familiar por pessoa deve ser de até 1,5 salário mínimo para a bolsa integral e até 3 "
    "salários mínimos para a parcial (item 1.4). Inscrições de 26 a 29 de janeiro de 2026 (item "
    "1.1)."
)
OFFER = (
    "Posso te explicar qualquer regra (datas, nota, renda, documentos), ver se você tem direito "
    "à bolsa do Prouni ou buscar cursos para o seu perfil. Por onde quer começar?"
)
CHEER = (
    "Boa! Com dedicação dá certo — e lembra de descansar também, estudar bem rende mais do que "
    "estudar até cansar. Enquanto isso, posso te ajudar com o Sisu e o Prouni: datas, nota "
    "mínima, renda, documentos, ou buscar cursos e bolsas para o seu perfil."
)


def overview_programs(text: str) -> tuple[str, ...]:
    """The programmes a request for an overview asks about ("sisu", "prouni", or both), or ()
    when `text` asks something narrower."""
    folded = normalize(text)
    match = _OVERVIEW.match(folded)
    if match is None and not _DIFFERENCE.search(folded):
        return ()
    found = _PROGRAMS.findall(match.group("programs") if match else folded)
    return tuple(p for p in ("sisu", "prouni") if p in found)


def overview(programs: tuple[str, ...]) -> str:
    """The overview of `programs`, each with the items it comes from, and the offer."""
    parts = [SISU if p == "sisu" else PROUNI for p in programs]
    lead = "O Sisu e o Prouni são diferentes:" if len(programs) > 1 else "Claro! Em resumo:"
    return f"{lead}\n\n" + "\n\n".join(parts) + f"\n\n{OFFER}"


def is_study_chat(text: str) -> bool:
    """A remark about one's studies with nothing asked ("vou me matar de estudar pro enem")."""
    folded = normalize(text)
    return "?" not in text and bool(_STUDY.search(folded)) and not _QUESTION.search(folded)


__all__ = ["CHEER", "OFFER", "is_study_chat", "overview", "overview_programs"]
