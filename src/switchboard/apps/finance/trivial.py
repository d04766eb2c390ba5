"""Junior's direct answers (spec 001 §9, flow 1): greetings, thanks, what the assistant does,
quick market figures, and why nothing was recorded for an intention that weighs a choice or a
price read somewhere (issue 19).

Market figures (dólar, Selic, CDI, IPCA, Ibovespa) come from `market.static` — dated,
illustrative last-known values — and the answer always states that date and that the value is
illustrative, not a live quote. A forecast ("quanto vai tá em dezembro?", "qual ação vai subir
amanhã?") is never answered with a figure: the answer says plainly that it cannot forecast,
what it can do, and (for a market figure) the dated illustrative reference value.
"""

from __future__ import annotations

import re

from switchboard.apps.finance.finmath.fmt import brl, pct, usd
from switchboard.apps.finance.market.companies import company_name, tickers_in
from switchboard.apps.finance.market.models import IndexName
from switchboard.apps.finance.market.static import StaticMarketData
from switchboard.apps.finance.missions.catalogue.extract import out_of_scope
from switchboard.apps.finance.missions.catalogue.scope import CAN_DO, CANNOT
from switchboard.apps.finance.nlu.money import parse_amount
from switchboard.apps.finance.nlu.text import fold
from switchboard.apps.finance.triage.intent import is_considering, read_intent
from switchboard.apps.finance.triage.rules import NEWS as _NEWS
from switchboard.apps.finance.triage.rules import QUOTE_ASKED as _QUOTE_ASKED
from switchboard.apps.finance.triage.rules import asks_conversion
from switchboard.apps.finance.triage.text import fold as triage_fold

CAPABILITIES = (
    'Eu sou seu assistente financeiro. Posso registrar seus gastos e receitas (ex.: "gastei '
    '150 no mercado", "comprei uma TV de 3000 no cartão em 10x"), contas a pagar e a receber, '
    'e responder consultas sobre seus dados (ex.: "quanto gastei este mês?", "qual meu '
    'saldo?", "quanto tenho investido?"). Também faço contas com os seus números: '
    "financiamento pelo Price e pelo SAC, comparação de CDB, LCI/LCA, Tesouro e poupança com o "
    "IR, quitação de dívidas, metas, aposentadoria, comprar x alugar, reserva de emergência e "
    "diagnóstico dos seus gastos."
)

_GREETING = re.compile(r"\b(?:oi|ola|opa|eai|e ai|bom dia|boa tarde|boa noite|hey|salve)\b")
_HOW_ARE_YOU = re.compile(r"\b(?:tudo bem|tudo bom|como vai|como voce esta|beleza|td bem)\b")
_THANKS = re.compile(r"\b(?:obrigad[oa]|valeu|vlw|agradeco|brigad[oa]|obg)\b")
_BYE = re.compile(r"\b(?:tchau|ate mais|ate logo|falou|flw)\b")
_SYSTEM = re.compile(
    r"\b(?:o que voce (?:faz|pode|sabe)|quem e voce|como (?:voce )?funciona|ajuda|"
    r"o que (?:da|posso) (?:pra|para) fazer)\b"
)
_MARKET: tuple[tuple[re.Pattern[str], IndexName, str], ...] = (
    (re.compile(r"\b(?:dolar|usd)\b"), "dolar", "O dólar"),
    (re.compile(r"\bselic\b"), "selic", "A taxa Selic"),
    (re.compile(r"\bcdi\b"), "cdi", "O CDI"),
    (re.compile(r"\bipca\b|\binflacao\b"), "ipca", "O IPCA"),
    (re.compile(r"\bibovespa\b|\bbolsa\b|\bibov\b"), "ibovespa", "O Ibovespa"),
)


def _number(value: str) -> str:
    integer, _, decimals = value.partition(".")
    grouped = f"{int(integer):,}".replace(",", ".")
    return f"{grouped},{decimals}" if decimals else grouped


ILLUSTRATIVE = (
    "valor de referência ilustrativo, o último que tenho offline; não é cotação em tempo real"
)
NEWS_ANSWER = (
    "Não tenho notícias do mercado neste modo: estou offline, sem fonte de notícias ao vivo, e "
    "não vou inventar manchetes. Posso te dar os valores de referência que tenho (dólar, Selic, "
    "CDI, IPCA, Ibovespa e algumas ações), sempre com a data e avisando que são ilustrativos."
)


def market_answer(text: str, data: StaticMarketData | None = None) -> str | None:
    """A dated reference value for a market question, or None when none is asked."""
    folded = fold(text)
    data = data or StaticMarketData()
    words = triage_fold(text)
    if _NEWS.search(words):
        return NEWS_ANSWER
    if asks_conversion(words):
        return _conversion_answer(text, data)
    quoted = _quote_answer(words, data)
    if quoted is not None:
        return quoted
    for pattern, name, label in _MARKET:
        if pattern.search(folded):
            value = data.index(name)
            if value is None:
                return None
            when = value.as_of.strftime("%d/%m/%Y")
            figure = _number(str(value.value))
            shown = f"R$ {figure}" if value.unit == "R$" else f"{figure} {value.unit}"
            answer = f"{label} estava em {shown} em {when} ({ILLUSTRATIVE})."
            if out_of_scope(text) in ("previsao", "cambio"):
                return f"{CANNOT['previsao']} {answer}"
            return answer
    return None


def _conversion_answer(text: str, data: StaticMarketData) -> str:
    """A dollar amount in reais at the dated reference rate, said to be illustrative and
    below what a purchase costs (spread, IOF); no reference rate for another currency."""
    amount = parse_amount(text)
    rate = data.index("dolar")
    if amount is None or rate is None or re.search(r"\beuros?\b|\beur\b", fold(text)):
        return (
            "Não tenho uma cotação de referência dessa moeda aqui (estou offline, sem cotação "
            "ao vivo). Me diga a cotação que você viu que eu faço a conta."
        )
    when = rate.as_of.strftime("%d/%m/%Y")
    return (
        f"{usd(amount)} dariam cerca de {brl(amount * rate.value)} ao "
        f"dólar de R$ {_number(str(rate.value))} de {when} ({ILLUSTRATIVE}). Numa compra com "
        "cartão ou numa casa de câmbio sai mais caro: entram o spread e o IOF. Me diga a "
        "cotação de hoje que eu refaço a conta."
    )


def _quote_answer(folded: str, data: StaticMarketData) -> str | None:
    """Companies' dated illustrative quotes, when asked by name or ticker."""
    if not _QUOTE_ASKED.search(folded):
        return None
    quotes = [q for t in tickers_in(folded) if (q := data.quote(t)) is not None]
    if not quotes:
        return None
    shown = []
    for quote in quotes:
        change = (
            f" ({pct(quote.change_pct, signed=True)} no dia)"
            if quote.change_pct is not None
            else ""
        )
        shown.append(f"{company_name(quote.ticker)}: {brl(quote.price)}{change}")
    when = quotes[0].as_of.strftime("%d/%m/%Y")
    return f"{'; '.join(shown)}, em {when} ({ILLUSTRATIVE})."


CONSIDERING_ANSWER = (
    "Como isso ainda é uma ideia, e não algo que aconteceu, não registrei nada. Quando "
    'acontecer, é só me contar (por exemplo, "comprei… de R$ X") que eu registro. Quer que '
    "eu veja como esse valor cabe no seu orçamento?"
)
INFORMATION_ANSWER = (
    "Obrigado pela informação! Como não é um gasto nem uma receita sua, não registrei nada. "
    "Se você pagou alguma coisa, me diga o valor que eu registro."
)


SOMEONE_ELSE_ANSWER = (
    "Esse dinheiro foi de outra pessoa, não seu: como não saiu nem entrou no seu bolso, não "
    "registrei nada. Cada um sabe do próprio orçamento; o que importa aqui é o seu. Se você "
    "pagou ou recebeu alguma parte, me diga o valor que eu registro."
)
"""Someone else spent or earned (`IntentReading.someone_else`), with a remark or a question
about it ("meu primo torrou 3k em aposta, normal isso?"): a comment on whose money it is."""


def paid_by_other_answer(payer: str) -> str:
    """Why nothing was recorded when someone else paid what the user owed (issue 19)."""
    return (
        f"Quem pagou foi {payer}, não você: como o dinheiro não saiu do seu bolso, não "
        "registrei nada como gasto seu. Se foi um empréstimo que você vai devolver, me diga o "
        "valor que eu registro como dívida; e quando você mesmo pagar algo, é só me contar."
    )


BALANCE_ANSWER = (
    "Entendi, esse é o seu saldo. Como é dinheiro que você já tem, e não uma entrada ou saída, "
    "não registrei nada: nem receita, nem gasto, e esse saldo não entra nos totais do que está "
    "registrado. Nesta conversa posso usar esse valor: se quiser, calculo quanto ele rende. "
    "Quando você depositar, transferir ou gastar, é só me contar que eu registro."
)
"""Said when a balance is stated: true to what happened (nothing is stored; the conversation's
next question can use the amount, as `missions.catalogue.followup.with_balance` does)."""

PAYMENT_WITHOUT_AMOUNT = (
    " Você citou um pagamento sem dizer o valor: se quiser que eu registre, me diga quanto foi "
    '(por exemplo, "paguei 1.500 de aluguel").'
)
_PAID_UNSAID = re.compile(r"\b(?:pag(?:ar|uei|ou|amos|ando)|gast(?:ar|ei)|compr(?:ar|ei))\b")
"""A payment named next to a balance: its amount was not said (the balance is not it)."""

GOAL_ANSWER = (
    "Boa meta! Como é um limite que você quer seguir, e não um gasto que aconteceu, não "
    "registrei nada. Quando gastar, é só me contar que eu registro, e a qualquer momento você "
    'pode me perguntar quanto já foi (por exemplo, "quanto gastei este mês?").'
)

REMINDER_ANSWER = (
    "Ainda não consigo criar lembretes, e como isso é uma tarefa (nenhum dinheiro entrou ou "
    "saiu), não registrei nada. Se for uma conta a pagar, me diga o valor e o vencimento (por "
    'exemplo, "conta de luz de 230 vence dia 15") que eu registro como conta a pagar.'
)

HABITUAL_ANSWER = (
    "Entendi! Como isso é um valor de costume (quanto costuma custar, entrar ou sobrar), e não "
    "um pagamento ou recebimento que aconteceu agora, não registrei nada. Quando acontecer, é "
    'só me contar (por exemplo, "paguei R$ X de …") que eu registro; e posso usar esse valor '
    "numa conta nesta conversa."
)


COMPLAINT_ANSWER = (
    "Entendo, pesa mesmo. Como isso é um desabafo sobre quanto as coisas custam, e não um "
    "pagamento que você me contou, não registrei nada. Se você pagou algo agora, me diga (por "
    'exemplo, "paguei R$ X de …") que eu registro; e se quiser, posso ver quanto você tem '
    'gastado com isso e onde dá para cortar (por exemplo, "quanto gastei com mercado este mês?").'
)
"""A complaint told as a sentence (`IntentReading.complaint`): empathy, what was (not) recorded,
and what the assistant can do about it."""


ASKS_MONEY_ANSWER = (
    "Não tenho como emprestar, dar ou enviar dinheiro: sou um assistente que registra e analisa "
    "as suas finanças, e não registrei nada. Se você pegou dinheiro emprestado com alguém, me "
    'diga quanto e de quem (por exemplo, "peguei 50 emprestado com o João") que eu registro o '
    "empréstimo."
)


def trivial_answer(text: str) -> str:
    """Junior's direct answer to a trivial message."""
    folded = fold(text)
    reading = read_intent(triage_fold(text))
    if reading.goal:
        return GOAL_ANSWER
    if reading.reminder:
        return REMINDER_ANSWER
    if reading.asks_money:
        return ASKS_MONEY_ANSWER
    if is_considering(reading) and reading.unsure:
        return CONSIDERING_ANSWER
    if reading.balance:
        if _PAID_UNSAID.search(folded):  # "fiquei com 300 depois de pagar o aluguel"
            return BALANCE_ANSWER + PAYMENT_WITHOUT_AMOUNT
        return BALANCE_ANSWER
    if reading.complaint:
        return COMPLAINT_ANSWER
    if reading.payer is not None:
        return paid_by_other_answer(reading.payer)
    if reading.someone_else:
        return SOMEONE_ELSE_ANSWER
    if reading.intent == "informacao" and market_answer(text) is None:
        return HABITUAL_ANSWER if reading.habitual else INFORMATION_ANSWER
    market = market_answer(text)
    if market is not None:
        return market
    topic = out_of_scope(text)
    if topic is not None:
        return f"{CANNOT[topic]} {CAN_DO}"
    if _THANKS.search(folded):
        return "De nada! Se precisar registrar algo ou consultar suas finanças, é só falar."
    if _BYE.search(folded):
        return "Até mais! Quando quiser, é só chamar."
    if _SYSTEM.search(folded):
        return CAPABILITIES
    if _GREETING.search(folded) or _HOW_ARE_YOU.search(folded):
        if _HOW_ARE_YOU.search(folded):
            return "Olá! Tudo bem sim, e com você? Como posso ajudar com suas finanças hoje?"
        return "Olá! Como posso ajudar com suas finanças hoje?"
    return "Certo! Como posso ajudar com suas finanças? " + CAPABILITIES.split(". ", 1)[1]
