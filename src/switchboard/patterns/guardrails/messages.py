"""What the user reads when the guard stops a message (pt-BR).

A blocked student is still a student: the block message is polite, does not accuse, and says what
the assistant can help with. Self-harm is not blocked coldly: the answer is warm, short, and
points to CVV (188, free, 24 h, or chat at cvv.org.br) and SAMU 192 for an emergency.
"""

from __future__ import annotations

from typing import Final

from switchboard.patterns.guardrails.verdict import GuardCategory, GuardVerdict

HELP_SCOPE: Final[str] = (
    "Posso te ajudar com Sisu, Prouni e ENEM: notas de corte, inscrições, datas, documentos, "
    "comprovação de renda e a busca de cursos e bolsas."
)

BLOCK_MESSAGE: Final[str] = (
    "Desculpe, não posso ajudar com esse pedido. " + HELP_SCOPE + " Quer tentar por aí?"
)
"""The generic block: polite, no accusation, says what the assistant can do."""

SELF_HARM_MESSAGE: Final[str] = (
    "Sinto muito que você esteja passando por isso. Você não está sozinho(a), e o que você "
    "sente importa. Conversar com alguém agora pode ajudar: o CVV atende de graça, 24 horas, "
    "pelo telefone 188 ou pelo chat em cvv.org.br. Se você estiver em perigo agora, ligue para o "
    "SAMU no 192. Se quiser, também estou aqui para conversar sobre o que está pesando."
)
"""The caring answer for self-harm: acknowledges, CVV 188 / cvv.org.br, SAMU 192."""

GUARD_FAILED_MESSAGE: Final[str] = (
    "Desculpe, não consegui verificar sua mensagem agora. Pode tentar de novo em instantes?"
)
"""Said when the guard itself failed (fail closed): the message was not judged, so it does not
go on; nothing accuses the user."""

_CATEGORY_MESSAGES: Final[dict[GuardCategory, str]] = {
    "self_harm": SELF_HARM_MESSAGE,
    "prompt_injection": (
        "Não consigo mudar minhas instruções nem mostrar minhas configurações internas. "
        + HELP_SCOPE
    ),
    "fraud": (
        "Não posso ajudar com informações falsas no Sisu, no Prouni ou no ENEM — isso pode "
        "levar à perda da vaga ou da bolsa. Posso te explicar como comprovar renda e documentos "
        "do jeito certo, inclusive renda informal."
    ),
}


def message_for(verdict: GuardVerdict) -> str | None:
    """The text to answer with, or None when the message is SAFE and goes on to the router."""
    if not verdict.unsafe:
        return None
    if verdict.category is None:
        return BLOCK_MESSAGE
    return _CATEGORY_MESSAGES.get(verdict.category, BLOCK_MESSAGE)
