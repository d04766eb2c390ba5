"""Junior's offline triage: history, rules, model, margin check — in that order.

`Triage.classify(text, previous=...)`:

1. The text is folded (lowercase, no accents) and typo-repaired (speller.py); texts longer than
   MAX_CHARS are cut there (the first part of a message carries its intent, and the cut bounds
   the time per message).
2. **History.** After a simplista or complexa turn, an elliptical follow-up ("e no mês
   passado?", "e com transporte?", "e em março", "e se eu investir 500 por mês?") belongs to the
   same category — the original classified the message alone and escalated such follow-ups. A
   what-if ("e se ...") after a simplista turn becomes complexa (it asks for a simulation).
   A follow-up that a rule classifies on its own ("e quanto gastei com uber?", "e o dólar?")
   keeps the rule's answer, except the bare place/amount rules ("e no mercado?" is the same
   query for another place).
3. **Rules** (rules.py): precise pt-BR shapes; first match wins. The word-cue rules
   query rule is soft: it adds SOFT_BONUS to its category's model score (see SOFT_RULES).
4. **Model** (model.py): TF-IDF + linear SVM trained on the packaged examples.
5. **Margin check.** When the model's top two scores are closer than MARGIN, the tie goes to
   the more capable category of the two, in the order complexa > simplista > lancamento >
   trivial: a needless escalation costs a slower answer, a wrong "trivial" or "lancamento"
   answers the wrong question (and the original also sent whatever it could not read to
   complexa). The result's `rule` is then "tie_break".
6. **Never record a question** (`settle`, issue 19). Whatever decided `lancamento`, a message
   that asks, supposes or plans (intent.py: "gastei uns 300 com bar semana passada?", "se eu
   gastar 200...", "penso em colocar 3 mil") is not a recording: a question goes to the
   Simplista (it is about the user's own data), a hypothesis or a plan to the orchestrator.
   Only a bare note with a question mark ("50 de uber?") stays with the Lançador, which asks
   "Quer que eu registre …?"; a plan stated with an amount and no question ("vou gastar 500 no
   mercado amanhã") goes to the Lançador to be asked about, whatever decided it; an intention
   that only weighs a choice ("penso em colocar 3 mil no Itaú", "tô em dúvida se compro…") and
   a price read somewhere ("o preço da gasolina tá 6,29") go to Junior, who says nothing was
   recorded. An explicit request to record an amount ("coloca aí 33 de ifood pq…") is a
   recording even next to an analysis word. The hosted path applies the same `settle` to the
   model's answer.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable
from dataclasses import replace
from functools import lru_cache

from switchboard import EmptyMessageError
from switchboard.apps.finance.nlu.numwords import digitise
from switchboard.apps.finance.nlu.payoff import asks_payoff_time
from switchboard.apps.finance.nlu.what_if import hypothetical_extra
from switchboard.apps.finance.triage import rules
from switchboard.apps.finance.triage.data import TriageExample, packaged_examples
from switchboard.apps.finance.triage.intent import (
    RECORD_REQUEST,
    is_considering,
    read_intent,
    tells_own_act,
)
from switchboard.apps.finance.triage.text import fold, has_amount, tokens
from switchboard.apps.finance.triage.types import (
    CATEGORIES,
    Categoria,
    PreviousTurn,
    TriageResult,
)
from switchboard.patterns import LinearTextModel, Speller

MAX_CHARS = 1000
"""Characters of a message the triage reads."""
MARGIN = 0.15
"""Top-two score gap under which the tie-break decides. On the dev split the model alone is
right 97% of the time above this gap and ~60% below it."""
HISTORY_CONFIDENCE = 0.9
SOFT_RULES = frozenset({"query"})
"""Rules whose category gets SOFT_BONUS added to the model's scores instead of deciding
outright, so a model that is sure of something else (ahead by more than the bonus) wins. The
query rule keys on words every category uses ("quanto", "qual", "gastos") and misfired on fresh
phrasings; making the complexity or system rules soft cost 1–3 points on dev (the model is
weaker than those cues on "é muito?", "preciso de ajuda"), so they stay decisive."""
SOFT_BONUS = 0.35
_ESCALATION: dict[Categoria, int] = {"trivial": 0, "lancamento": 1, "simplista": 2, "complexa": 3}

_FOLLOW_UP = re.compile(
    r"^(?:e|tb|tbm|tambem|agora|mesma coisa|e quanto|e qual|e quais|e o|e a|e os|e as|e no|"
    r"e na|e nos|e nas|e do|e da|e em|e com|e de|e pra|e para|e pro|e ano|e mes|e esse|e essa|"
    r"e este|e esta|e ontem|e hoje|e se|e semana|e o mes|so que|mas)(?:\s|,|\?|$)"
)
_ASKS = re.compile(r"\b(?:qual|quais|quanto|quantos|quantas|qto|qnto|qnts|quando|como)\b")
"""A question word: with a question mark, the message asks rather than states a goal."""
_ASKS_HELP = re.compile(
    r"\b(?:me\s+ajud\w*|ajuda\s+(?:a|pra|para)|(?:monta|montar|faz|fazer|cria|criar)\s+um"
    r"\s+plano|um\s+plano\s+(?:pra|para)|dicas?|estrategia|sugest\w*|me\s+orient\w*)\b"
)
"""Help asked with a goal ("quero parar de gastar 400 por mês com bar, me ajuda a montar um
plano?"): an analysis of the spending and its cuts, not a limit stated for the month."""
_HELP_OTHERS = re.compile(
    r"\bcomo\s+(?:eu\s+)?(?:ajudo|posso\s+ajudar|ajudar|faco\s+pra\s+ajudar)\b[^?]*\?"
    r"|\b(?:o\s+que|oq|que)\s+(?:eu\s+)?(?:faco|faço|posso\s+fazer)\b[^?]*\?"
)
"""Advice asked about someone else's money ("meu irmão tá devendo 9 mil no cartão, como eu
ajudo ele?"): the user's question, for the orchestrator — nothing is recorded either way."""
_WHAT_IF = re.compile(r"^e se\b|^e caso\b|^(?:mas )?e se eu\b")
_ELLIPSIS_RULES = frozenset({"bare_place", "bare_amount"})
"""Rules an elliptical follow-up overrides: "e no mercado?" after "quanto gastei na padaria?"
asks the same query for another place, it does not record a transaction."""
FOLLOW_UP_MAX_WORDS = 10
"""A follow-up is elliptical and short; a long "e ..." message is a request of its own."""


class Triage:
    """The offline classifier. Build with `Triage.train(examples)` or `Triage.default()`."""

    def __init__(self, model: LinearTextModel, speller: Speller) -> None:
        self._model = model
        self._speller = speller

    @classmethod
    def train(cls, examples: Iterable[TriageExample]) -> Triage:
        """Fit the speller and the model on labelled examples (~0.4 s for the packaged set,
        plus the one-time scikit-learn import)."""
        rows = list(examples)
        folded = [fold(e.text) for e in rows]
        speller = Speller(folded, rules.LEXICON, tokenize=tokens)
        texts = [speller.correct(t) for t in folded]
        return cls(LinearTextModel(texts, [e.label for e in rows], CATEGORIES), speller)

    @classmethod
    def default(cls) -> Triage:
        """The triage trained on the packaged examples, built once per process."""
        return _default()

    def prepare(self, text: str) -> str:
        """Folded, cut and typo-repaired text, as the rules and the model see it."""
        return self._speller.correct(fold(text[:MAX_CHARS]))

    def scores(self, text: str) -> dict[Categoria, float]:
        """The model's score per category (no rules, no history)."""
        return dict(zip(CATEGORIES, self._model.scores(self.prepare(text)), strict=True))

    def classify(self, text: str, *, previous: PreviousTurn | None = None) -> TriageResult:
        """The category of `text`, given the previous turn if there was one.

        Raises EmptyMessageError for a message with no letters or digits.
        """
        started = time.perf_counter()
        prepared = self.prepare(text)
        if not prepared.strip():
            raise EmptyMessageError("a mensagem está vazia")
        # intent is read on the text as typed: a repaired word can change it ("penso" is
        # not "pensão")
        return settle(self._classify(prepared, previous, started), fold(text[:MAX_CHARS]))

    def _classify(
        self, prepared: str, previous: PreviousTurn | None, started: float
    ) -> TriageResult:
        hit = rules.apply(prepared)
        if previous is not None and _about_a_balance(prepared, previous):
            return TriageResult(
                "complexa", HISTORY_CONFIDENCE, "history", _ms(started), "balance_follow_up"
            )
        if previous is not None:
            inherited = _follow_up(prepared, previous, hit)
            if inherited is not None:
                return TriageResult(
                    inherited, HISTORY_CONFIDENCE, "history", _ms(started), "follow_up"
                )
        if hit is not None and hit.rule not in SOFT_RULES:
            return TriageResult(hit.categoria, hit.confianca, "rules", _ms(started), hit.rule)
        scores = self._model.scores(prepared)
        if hit is not None:
            index = CATEGORIES.index(hit.categoria)
            boosted = [s + (SOFT_BONUS if i == index else 0.0) for i, s in enumerate(scores)]
            best = max(range(len(CATEGORIES)), key=boosted.__getitem__)
            if best == index:
                return TriageResult(hit.categoria, hit.confianca, "rules", _ms(started), hit.rule)
            return TriageResult(
                CATEGORIES[best], round(scores[best], 4), "model", _ms(started), f"over_{hit.rule}"
            )
        order = sorted(range(len(CATEGORIES)), key=lambda i: -scores[i])
        first, second = order[0], order[1]
        categoria = CATEGORIES[first]
        rule = None
        if scores[first] - scores[second] < MARGIN:
            challenger = CATEGORIES[second]
            if _ESCALATION[challenger] > _ESCALATION[categoria]:
                categoria, first = challenger, second
            rule = "tie_break"
        return TriageResult(categoria, round(scores[first], 4), "model", _ms(started), rule)


_PAST_ACT = re.compile(
    r"^(?:(?:eu|hoje|ontem|ai|entao|bom|ja)\s+)*(?:parcelei|paguei|gastei|comprei|recebi|ganhei"
    r"|torrei|pedi|assinei|renovei|contratei|abasteci|almocei|jantei|fiz)\b"
)
"""A message that opens with a first-person act in the past: a statement of what happened."""
_BECAUSE = re.compile(r"\b(?:pq|porque|porq|por que|por causa)\b")
"""'because' after an act ("gastei 54,90 no ifood pq tava sem coragem de cozinhar"): the
reason for a spending told, not a "por que" asked."""


def settle(result: TriageResult, folded: str) -> TriageResult:
    """Step 6 of the module docstring: a `lancamento` that asks, supposes or plans is moved
    to the Simplista (a question) or the orchestrator (a hypothesis, a plan)."""
    reading = read_intent(folded)
    if result.categoria != "complexa" and asks_payoff_time(digitise(folded)):
        # read on the text as typed too: a debt's payoff time asked with its rate and
        # instalment is a computation, never an entry nor a ledger lookup
        return replace(result, categoria="complexa", rule="payoff")
    if result.categoria != "complexa" and rules.asks_equivalent_rate(folded):
        return replace(result, categoria="complexa", rule="equivalent_rate")
    if reading.intent == "informacao" and result.categoria == "lancamento":
        return replace(result, categoria="trivial", rule="information_not_recorded")
    if (
        reading.complaint
        and result.categoria != "trivial"
        and not rules.states_parameters(folded)
        and not rules.has_complexity_cue(rules.without_price_remark(folded))
    ):
        # "tá caro demais, o gás agora custa 130 reais": venting about a price, even as the
        # session's first message — "tá caro" asks for no analysis here, nothing to record
        return replace(result, categoria="trivial", rule="complaint_not_recorded")
    if reading.someone_else and (
        result.categoria == "simplista"
        or (
            result.categoria == "complexa"
            and not rules.states_parameters(folded)
            and not rules.has_complexity_cue(folded)
            and _HELP_OTHERS.search(folded) is None
        )
    ):
        # "meu primo torrou 3k em aposta, normal isso?": someone else's money, which no
        # ledger question answers — Junior comments, nothing is looked up or recorded
        return replace(result, categoria="trivial", rule="someone_else_not_recorded")
    if reading.asks_money:
        # "me empresta 50?": the assistant has no money to lend; nothing to record or look up
        return replace(result, categoria="trivial", rule="asks_money_not_recorded")
    if reading.reminder:
        # "me lembra de ligar pro banco sobre a fatura de 800": a task, no money moved
        return replace(result, categoria="trivial", rule="reminder_not_recorded")
    if reading.balance and result.categoria != "trivial":
        # "tenho 5 mil investidos no tesouro": a balance stated, no question asked
        return replace(result, categoria="trivial", rule="balance_not_recorded")
    if reading.goal and _ASKS_HELP.search(folded) is not None and result.categoria == "trivial":
        return replace(result, categoria="complexa", rule="goal_help")
    if (
        reading.goal
        and not ("?" in folded and _ASKS.search(folded) is not None)
        and _ASKS_HELP.search(folded) is None
    ):
        # a question ("quero reserva de 6 meses… qual a meta e em quantos meses eu chego?")
        # is not a spending limit stated for the month
        return replace(result, categoria="trivial", rule="goal_not_recorded")
    if reading.movement and (
        result.categoria in ("simplista", "trivial")
        or (
            result.categoria == "complexa"
            and not rules.states_parameters(folded)
            and not rules.has_complexity_cue(folded)
        )
    ):
        # "emprestei 200 pro primo?": not a ledger question; the Lançador asks to record it
        return replace(result, categoria="lancamento", rule="movement_asks")
    if reading.intent == "intencao" and reading.unsure and result.categoria != "trivial":
        if is_considering(reading):
            return replace(result, categoria="trivial", rule="considering_not_recorded")
        return replace(result, categoria="lancamento", rule="plan_asks")
    if (
        result.categoria == "complexa"
        and reading.intent == "registro"
        and reading.cue is not None
        and "?" not in folded
        and has_amount(folded)
        and not rules.states_parameters(folded)
    ):
        # "coloca ai 33 de ifood pq to sem tempo de cozinhar": an explicit request to record
        # an amount, whatever analysis word comes with it ("pq" here is "because")
        return replace(result, categoria="lancamento", rule="record_request")
    if (
        result.categoria == "complexa"
        and reading.intent == "registro"
        and "?" not in folded
        and has_amount(folded)
        and not rules.states_parameters(folded)
        and (because := _BECAUSE.search(folded)) is not None
        and tells_own_act(folded[: because.start()])
        and not rules.has_complexity_cue(folded[: because.start()])
    ):
        # "oie, gastei 54,90 no ifod hoje pq tava sem coragem de cozinhar kkk": an act told
        # with its reason — the "pq" is "because", no analysis asked
        return replace(result, categoria="lancamento", rule="act_with_reason")
    if (
        reading.intent == "hipotese"
        and result.categoria in ("complexa", "lancamento")
        and hypothetical_extra(folded) is not None
    ):
        # "e se eu abastecer mais 200 essa semana, qnto vai dar no total?": the ledger's
        # total plus the amount supposed — the Simplista's, nothing recorded
        return replace(result, categoria="simplista", rule="total_what_if")
    if (
        result.categoria == "simplista"
        and reading.intent == "registro"
        and "?" not in folded
        and has_amount(folded)
        and (RECORD_REQUEST.search(folded) is not None or _PAST_ACT.search(folded) is not None)
    ):
        # "parcelei a passagem em 5x no cartão, total de 1.750", "aluguel de dezembro, 1.800,
        # anota como conta a pagar": a statement with an amount and an act or a request to
        # record — the words a ledger query also uses ("total", "a pagar") ask nothing here
        return replace(result, categoria="lancamento", rule="statement_recorded")
    if result.categoria != "lancamento":
        return result
    if reading.intent == "registro" or reading.unsure:
        return result
    if reading.intent == "pergunta" and not rules.has_complexity_cue(folded):
        return replace(result, categoria="simplista", rule="question_not_recorded")
    return replace(result, categoria="complexa", rule="intent_not_recorded")


_SYSTEM_NAMED = re.compile(r"\b(?:sac|price)\b")
"""A financing system named with no numbers of its own, right after a complex answer."""


def _follow_up(
    prepared: str, previous: PreviousTurn, hit: rules.RuleHit | None
) -> Categoria | None:
    """The inherited category when `prepared` is an elliptical follow-up of `previous`."""
    if previous.categoria not in ("simplista", "complexa"):
        return None
    if (
        previous.categoria == "complexa"
        and _SYSTEM_NAMED.search(prepared)
        and not has_amount(prepared)
        and len(tokens(prepared)) <= FOLLOW_UP_MAX_WORDS + 4
    ):
        return "complexa"  # "no sac fica quanto?", "compara com o sac": the same financing
    if (
        previous.categoria == "complexa"
        and not has_amount(prepared)
        and rules.ASPECT.match(prepared) is not None
    ):
        return "complexa"  # "e a última?", "e o total de juros?": another figure of the answer
    if not _FOLLOW_UP.match(prepared) or len(tokens(prepared)) > FOLLOW_UP_MAX_WORDS:
        return None
    if _WHAT_IF.match(prepared):
        return "complexa"
    if hit is not None and hit.rule not in _ELLIPSIS_RULES:
        return None
    if hit is not None and hit.rule == "bare_amount" and "?" not in prepared:
        return None  # "e padaria 14" after "quanto gastei hoje?": one more entry to record
    return previous.categoria


_YIELD_ASKED = re.compile(r"\b(?:rend\w*|juros|quanto (?:da|fica|vira|vai dar|eu ganho|ganho))\b")


def _about_a_balance(prepared: str, previous: PreviousTurn) -> bool:
    """ "quanto isso rende por mês?" right after "tenho 20 mil na poupança": a computation
    on the balance just stated (the orchestrator reads it from the conversation)."""
    return (
        _YIELD_ASKED.search(prepared) is not None
        and not has_amount(prepared)
        and read_intent(fold(previous.question)).balance
    )


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 4)


@lru_cache(maxsize=1)
def _default() -> Triage:
    return Triage.train(packaged_examples())
