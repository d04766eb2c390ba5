"""Dialog continuity, offline (spec 001 §2.1): does the new message answer the open question?

When Junior, the Lançador or the Simplista asks a clarifying question, the next message first
comes here. `continues=True` → straight to that agent; False → the dialog is reset and the
message is triaged normally.

Method: the question is typed by what it asks (valor, categoria/lugar, tipo, data, parcelas,
forma de pagamento, período, sim/não, generic), the message by what it contains (an amount, a
place, a type word, a date, instalments, a payment method, a period, yes/no words, a greeting, a
complexity cue, a full request of its own per the triage rules, its length). Then:

1. **Cancel + a new request** ("esquece, faça uma análise das minhas finanças") → no, cancel.
2. **Bare cancel** ("deixa, esquece", "cancela") → yes, cancel: the owning agent closes its
   own dialog and confirms ("Ok, não registrei nada."), instead of the triage guessing.
3. **Complexity cue** (analysis, advice, "vale a pena"...) → no (spec §2.1: "se resposta indica
   complexidade: reseta contexto").
4. Otherwise a logistic regression over the question-type × message-feature pairs, trained on
   the packaged pairs (data/continuity_train.jsonl, made by
   bench/finance/make_continuity_data.py). Cancel words are whole words: "150 reais para o
   mercado" is an answer, never a cancellation (the original's "para" bug).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable
from functools import lru_cache
from importlib import resources

from switchboard.apps.finance.triage import rules
from switchboard.apps.finance.triage.text import fold, has_amount, tokens, wordset
from switchboard.patterns import ContinuityResult, LearnedContinuity, OpenDialog, load_pairs

CANCEL = re.compile(
    r"(?<!\w)(?:esquece|esqueca|cancela|cancelar|cancele|deixa|deixe|desiste|desisto|"
    r"nao importa|deixa pra la|deixa quieto|para com isso|nao quero mais|ignora)(?!\w)"
)
"""Whole-word cancel expressions. "para" alone is not one."""
_CANCEL_FILLER = wordset(
    "esquece esqueca cancela cancelar cancele deixa deixe desiste desisto nao importa pra la "
    "quieto ignora isso e tudo entao ok blz mais quero obrigado valeu por favor pfv ah"
)
RULE_CONFIDENCE = 0.95

_QUESTION_TYPES: list[tuple[str, re.Pattern[str]]] = [
    (
        "tipo",
        re.compile(
            r"despesa ou (?:uma )?receita|receita ou (?:uma )?despesa|gasto ou|"
            r"entrada ou|entrou ou saiu|ganho ou"
        ),
    ),
    ("parcelas", re.compile(r"parcel|quantas vezes|a vista|em quantas")),
    (
        "pagamento",
        re.compile(
            r"forma de pagamento|como (?:voce )?pagou|pagou como|cartao ou|"
            r"pix ou|debito ou|credito ou|qual cartao|meio de pagamento"
        ),
    ),
    ("data", re.compile(r"quando|que dia|qual (?:a )?data|em que data")),
    (
        "periodo",
        re.compile(
            r"periodo|qual mes|de qual mes|que mes|este mes ou|esse mes ou|"
            r"intervalo"
        ),
    ),
    ("valor", re.compile(r"valor|quanto (?:foi|custou|gastou|pagou|recebeu|era|deu)|quanto\?")),
    (
        "categoria",
        re.compile(
            r"em que|com o que|no que|onde|categoria|o que (?:voce )?comprou|"
            r"do que|com que|qual (?:foi a )?(?:compra|despesa|receita)|"
            r"de quem|quem|origem|descricao"
        ),
    ),
    (
        "sim_nao",
        re.compile(
            r"confirma|posso registrar|deseja|quer que|esta (?:certo|correto)|"
            r"e isso|correto\?|certo\?|pode ser|tudo certo|registro\?"
        ),
    ),
]
"""First match wins: "Foi despesa ou receita?" is a type question even though it has "foi"."""

_TIPO_WORDS = re.compile(
    r"(?<!\w)(?:despesa|receita|gasto|gastei|entrada|saida|ganho|recebi|"
    r"paguei|entrou|saiu|debito)(?!\w)"
)
_DATE_WORDS = re.compile(
    r"(?<!\w)(?:hoje|hj|ontem|anteontem|amanha|dia \d+|\d{1,2}/\d{1,2}|segunda|terca|quarta|"
    r"quinta|sexta|sabado|domingo|semana passada|mes passado|de manha|a noite|a tarde|"
    r"agora pouco|agora ha pouco|semana que vem)(?!\w)"
)
_PARCEL_WORDS = re.compile(
    r"(?<!\w)(?:\d+ ?x|\d+ vezes|\d+ parcelas|a vista|sem parcelar|"
    r"parcelado|parcelei|uma vez so)(?!\w)"
)
_PAYMENT_WORDS = re.compile(
    r"(?<!\w)(?:cartao|pix|debito|credito|dinheiro|boleto|nubank|"
    r"transferencia|ted|especie|vale refeicao|vr)(?!\w)"
)
_PERIOD_WORDS = re.compile(
    r"(?<!\w)(?:mes|ano|semana|janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|"
    r"outubro|novembro|dezembro|ultimos?|trimestre|semestre|hoje|ontem|desde|ate)(?!\w)"
)
_YES_NO = re.compile(
    r"(?<!\w)(?:sim|nao|isso|pode|claro|confirmo|confirma|correto|exato|"
    r"certo|ok|beleza|blz|uhum|aham|positivo|negativo|isso mesmo|pode sim|"
    r"pode registrar|nops|s|n)(?!\w)"
)
_CATEGORY_WORDS = wordset(
    """alimentacao transporte saude lazer moradia educacao roupas roupa comida presente
    presentes viagem contas conta luz agua internet aluguel condominio gas salario freela
    bonus comissao dividendos reembolso mercado supermercado padaria farmacia posto uber
    ifood restaurante shopping academia cinema bar feira pet lanche gasolina remedio
    combustivel streaming netflix assinatura carro casa escola faculdade curso"""
)


def question_type(question: str) -> str:
    """What the open question asks for (see _QUESTION_TYPES), "generic" if unclear."""
    folded = fold(question)
    for name, pattern in _QUESTION_TYPES:
        if pattern.search(folded):
            return name
    return "generic"


def features(dialog: OpenDialog, message: str) -> dict[str, float]:
    """The pair's features: question type, message traits, and their crossings."""
    folded = fold(message)
    words = tokens(folded)
    hit = rules.apply(folded)
    traits = {
        "amount": has_amount(folded),
        "place": any(w in _CATEGORY_WORDS for w in words),
        "tipo": _TIPO_WORDS.search(folded) is not None,
        "date": _DATE_WORDS.search(folded) is not None,
        "parcelas": _PARCEL_WORDS.search(folded) is not None,
        "pagamento": _PAYMENT_WORDS.search(folded) is not None,
        "periodo": _PERIOD_WORDS.search(folded) is not None,
        "yes_no": _YES_NO.search(folded) is not None,
        "question": "?" in message
        or bool(re.match(r"(?:quanto|qual|quais|como|por que|onde)", folded)),
        "short": len(words) <= 4,
        "long": len(words) > 8,
        "rule_" + (hit.rule if hit else "none"): True,
    }
    kind = question_type(dialog.question)
    out: dict[str, float] = {f"q={kind}": 1.0, f"agent={dialog.agent}": 1.0}
    for name, present in traits.items():
        if present:
            out[name] = 1.0
            out[f"q={kind}&{name}"] = 1.0
    return out


class ContinuityCheck:
    """Offline continuity check: the pt-BR rules first, then `LearnedContinuity` over
    `features` (patterns/triage/continuity.py)."""

    def __init__(self, learned: LearnedContinuity) -> None:
        self._learned = learned

    @classmethod
    def train(cls, pairs: Iterable[tuple[OpenDialog, str, bool]]) -> ContinuityCheck:
        """Fit on (dialog, message, continues) triples."""
        return cls(LearnedContinuity.train(features, pairs))

    @classmethod
    def default(cls) -> ContinuityCheck:
        """Trained once per process on the packaged pairs."""
        return _default()

    def check(self, dialog: OpenDialog, message: str) -> ContinuityResult:
        """Whether `message` answers `dialog.question`."""
        started = time.perf_counter()
        folded = fold(message)
        if CANCEL.search(folded):
            rest = [w for w in tokens(folded) if w not in _CANCEL_FILLER]
            if len(rest) >= 2 or rules.has_complexity_cue(folded):
                return _result(False, True, "cancel_new_request", started)
            return _result(True, True, "cancel", started)
        if rules.has_complexity_cue(folded):
            return _result(False, False, "complexity", started)
        return self._learned.predict(dialog, message, started)


def _result(continues: bool, cancel: bool, reason: str, started: float) -> ContinuityResult:
    ms = round((time.perf_counter() - started) * 1000, 4)
    return ContinuityResult(continues, RULE_CONFIDENCE, cancel, reason, ms)


@lru_cache(maxsize=1)
def _default() -> ContinuityCheck:
    text = resources.files(__package__).joinpath("data/continuity_train.jsonl")
    return ContinuityCheck.train(load_pairs(text.read_text(encoding="utf-8").splitlines()))


__all__ = [
    "ContinuityCheck",
    "ContinuityResult",
    "OpenDialog",
    "features",
    "load_pairs",
    "question_type",
]
