"""What the user reads when the guard stops a message (pt-BR), one answer per category.

A blocked student is still a student: every answer is polite, does not accuse, and says what
the assistant can do instead. Two categories are not refusals at all:

- `self_harm` is answered with care: it acknowledges, says the student is not alone, and points
  to CVV (188, free, 24 h, or chat at cvv.org.br), with SAMU 192 for an emergency;
- `immediate_danger` (an overdose in progress, an attempt under way) leads with SAMU 192 and
  the nearest emergency room, *then* CVV 188: when a life is at risk now, the first line must be
  the one that sends help.

`sexual_minors` is a firm refusal with where to report abuse, and never the CVV text (the
original answered a request for sexual content with minors with the self-harm message).
`privacy` and `eligibility_fraud` explain the rule and offer the legitimate path.
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
"""The caring answer for self-harm: acknowledges, CVV 188 / cvv.org.br (24 h), SAMU 192."""

IMMEDIATE_DANGER_MESSAGE: Final[str] = (
    "Isso é uma emergência: ligue agora para o SAMU no 192 (ou vá ao pronto-socorro mais "
    "próximo) e avise alguém que esteja perto de você. Se tomou remédios ou alguma substância, "
    "diga ao atendente o quê e quanto. Você não precisa passar por isso sozinho(a): depois do "
    "atendimento, o CVV também conversa com você de graça, 24 horas, pelo 188 ou pelo chat em "
    "cvv.org.br."
)
"""A life at risk now: SAMU 192 / emergency first, then CVV 188."""

SEXUAL_MINORS_MESSAGE: Final[str] = (
    "Não. Não produzo nem continuo nenhum conteúdo sexual envolvendo crianças ou adolescentes, "
    "em nenhuma circunstância. Se você souber de uma criança ou adolescente em risco, denuncie "
    "pelo Disque 100 (gratuito e anônimo) ou em new.safernet.org.br/denuncie."
)
"""A firm refusal, with where to report abuse; never the CVV text."""

PRIVACY_MESSAGE: Final[str] = (
    "Não posso compartilhar dados de outras pessoas — CPF, e-mail, telefone, endereço, notas ou "
    "o cadastro de outro estudante. Eu só falo sobre os seus próprios dados, e só com você. "
    "Se quiser, posso te mostrar o que está no seu perfil ou te ajudar a corrigir alguma "
    "informação sua."
)
"""Others' data: refuse, and say the assistant only talks about the student's own data."""

ELIGIBILITY_FRAUD_MESSAGE: Final[str] = (
    "Não posso ajudar a declarar informações falsas no Sisu ou no Prouni. As regras são "
    "conferidas na matrícula: escola pública é comprovada pelo histórico escolar, e a renda "
    "per capita considera todas as pessoas que moram na casa e a renda de cada uma, com "
    "documentos. Informação falsa leva à perda da vaga ou da bolsa (inclusive depois, com "
    "devolução do que foi pago) e pode ser crime de falsidade ideológica. O caminho certo: "
    "posso te explicar quem entra na renda familiar, como comprovar renda informal e quais "
    "bolsas e cotas combinam com a sua situação real."
)
"""Eligibility fraud: refuse, state the rules and consequences, offer the legitimate path."""

FRAUD_MESSAGE: Final[str] = (
    "Não posso ajudar com fraude no ENEM, no Sisu ou no Prouni — isso leva à eliminação, à "
    "perda da vaga ou da bolsa e pode ser crime. Posso te ajudar a se preparar do jeito certo: "
    "datas, notas de corte, documentos e dicas de estudo."
)
"""Exam cheating and other fraud: refuse, say the consequence, offer help."""

PROMPT_INJECTION_MESSAGE: Final[str] = (
    "Não consigo mudar minhas instruções nem mostrar minhas configurações internas. " + HELP_SCOPE
)

RESPECT_MESSAGE: Final[str] = (
    "Aqui a conversa é com respeito a todas as pessoas, então não vou seguir por esse caminho. "
    + HELP_SCOPE
)
"""Hate and harassment: a calm refusal that names the rule (respect), not the person."""

GUARD_FAILED_MESSAGE: Final[str] = (
    "Desculpe, não consegui verificar sua mensagem agora. Pode tentar de novo em instantes?"
)
"""Said when the guard itself failed (fail closed): the message was not judged, so it does not
go on; nothing accuses the user."""

_C = GuardCategory
CATEGORY_MESSAGES: Final[dict[GuardCategory, str]] = {
    _C.IMMEDIATE_DANGER: IMMEDIATE_DANGER_MESSAGE,
    _C.SELF_HARM: SELF_HARM_MESSAGE,
    _C.SEXUAL_MINORS: SEXUAL_MINORS_MESSAGE,
    _C.VIOLENCE: BLOCK_MESSAGE,
    _C.HATE: RESPECT_MESSAGE,
    _C.HARASSMENT: RESPECT_MESSAGE,
    _C.SEXUAL: BLOCK_MESSAGE,
    _C.PRIVACY: PRIVACY_MESSAGE,
    _C.ELIGIBILITY_FRAUD: ELIGIBILITY_FRAUD_MESSAGE,
    _C.FRAUD: FRAUD_MESSAGE,
    _C.PROMPT_INJECTION: PROMPT_INJECTION_MESSAGE,
}
"""The answer per category (every category has one; a test pins that)."""


def message_for(verdict: GuardVerdict) -> str | None:
    """The text to answer with, or None when the message is SAFE and goes on to the router."""
    if not verdict.unsafe:
        return None
    if verdict.category is None:
        return BLOCK_MESSAGE
    return CATEGORY_MESSAGES.get(verdict.category, BLOCK_MESSAGE)
