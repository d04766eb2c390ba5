"""The embedded offline model: an agent's `OfflinePolicy` turned into ordinary model responses.

No LLM and no network. At construction an `IntentClassifier` is trained on the policy's examples;
each request is answered from the chosen intent's action:

- a new user message is classified (a coordinator's `[SYSTEM_NOTE: ...]` is read and removed
  first) and the action starts: a tool call, a delegation, a reply, a reply and/or an end signal;
- the result of the policy's own tool call finishes the action: its `reply` is rendered with
  `{tool_output}`, then any delegation or end signal follows;
- the intents that lead to the same place (delegate to one specialist, end with one status)
  count together: "sem internet" vs "internet instável" is no reason to hesitate when both go
  to the technician;
- below `policy.threshold`, when the two likeliest destinations both have a pt-BR `label` and
  together pass `policy.clarify_floor`, the model asks which one it is ("É sobre a sua conexão
  ou sobre a sua fatura?"); otherwise the `fallback` action runs;
- a clarifying question, and an action's `offer` ("Posso abrir um chamado?") or the one its
  tool's output names (`oferta`), go out as the response's `open_question`; the pattern keeps
  it in the session state and hands it back with the next request, whose message answers it
  (core/dialog.py).

Only tools offered in the request are ever called: an action whose tool or signal is missing
falls back to its reply, or to the fallback action, or to a fixed pt-BR sentence.
"""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from switchboard.core.dialog import OpenQuestion, QuestionKind
from switchboard.core.errors import ConfigurationError
from switchboard.core.messages import Message, ToolCall, Usage
from switchboard.core.policy import OfflinePolicy, Otherwise, PolicyAction
from switchboard.core.signals import END_TOOL, REQUEST_TOOL
from switchboard.models.base import (
    PHRASE_CHARS,
    Model,
    ModelRequest,
    ModelResponse,
    StreamChunk,
    ToolSchema,
    chunks_in_words,
)
from switchboard.models.embedded import answers, several
from switchboard.models.embedded.classifier import IntentClassifier
from switchboard.models.embedded.extractors import EXTRACTORS
from switchboard.models.embedded.note import SystemNote, split_note
from switchboard.models.embedded.rendering import natural_text, placeholders, render

OUT_OF_SCOPE = "out_of_scope"
TOOL_ERROR_PREFIX = "ERRO"
EXTRACT_PREFIX = "extract:"
EARLIER_PREFIX = "earlier_"

TOOL_ERROR_REPLY = (
    "Desculpe, não consegui concluir essa consulta agora. Pode tentar de novo em instantes?"
)
LAST_RESORT_REPLY = "Pode me contar um pouco mais sobre o que você precisa?"
"""Said when neither the intent nor the fallback can act with the tools offered."""

RIVAL = 0.25
"""A clarifying question names a second destination only if it has at least this share of the
first one's probability: "conexão ou fatura?" when both are plausible, never a random runner-up."""
_FALLBACK_TAG = "f"
_CALL_ID = re.compile(r"^call_emb_(\d+|f)_\d+$")


@dataclass(slots=True)
class _Turn:
    """What one request is about: the user's text and the values templates can use."""

    request: ModelRequest
    message: str
    note: SystemNote | None = None
    question: OpenQuestion | None = None
    """The question this message answers, if any."""
    values: dict[str, Any] = field(default_factory=dict)
    offered: dict[str, ToolSchema] = field(default_factory=dict)
    ranking: list[tuple[str, float]] = field(default_factory=list)
    """The classifier's ranking of the message, when it was classified as a new request."""
    filled: dict[str, str] = field(default_factory=dict)
    """Arguments the message gave as the answer to a FILL question (they win over extraction)."""

    def lookup(self, name: str) -> Any:
        """`{<extractor>}` reads the user's message; `{earlier_<extractor>}` reads what the
        agent said or its tools returned before, newest first ("qual o protocolo mesmo?" →
        `{earlier_protocol}`, the ticket number given a few turns ago)."""
        if name.startswith(EARLIER_PREFIX):
            extractor = EXTRACTORS.get(name.removeprefix(EARLIER_PREFIX))
            if extractor is None:
                return None
            said = (
                extractor(m.content)
                for m in reversed(self.request.messages)
                if m.role in ("assistant", "tool") and m.content
            )
            return next((value for value in said if value is not None), None)
        extractor = EXTRACTORS.get(name)
        return extractor(self.message) if extractor else None


class EmbeddedModel(Model):
    def __init__(self, policy: OfflinePolicy, *, model_id: str = "embedded") -> None:
        self.model_id = model_id
        self.policy = policy
        _check_extractors(policy)
        self.classifier = IntentClassifier.shared(policy.intents, synonyms=policy.synonyms)
        self._index = {intent.name: i for i, intent in enumerate(policy.intents)}
        self._destination = {i.name: _destination(i.name, i.action) for i in policy.intents}
        self._labels = {i.name: i.label for i in policy.intents if i.label}

    async def warm(self) -> None:
        """The classifier is trained at construction; one prediction also runs the first-call
        work of its feature pipeline (lazy imports, array set-up) now, not in a user's turn."""
        self.classifier.predict("olá")

    async def complete(self, request: ModelRequest) -> ModelResponse:
        response = self.respond(request)
        response.model = self.model_id
        response.finish_reason = "tool_calls" if response.tool_calls else "stop"
        produced = len(response.text) + sum(len(c.arguments) for c in response.tool_calls)
        response.usage = Usage(
            input_tokens=_estimate_input(request), output_tokens=max(1, produced // 4), calls=1
        )
        return response

    async def stream(self, request: ModelRequest) -> AsyncIterator[StreamChunk]:
        for chunk in chunks_in_words(await self.complete(request), at_least=PHRASE_CHARS):
            yield chunk

    def respond(self, request: ModelRequest) -> ModelResponse:
        """The whole decision, synchronous (usage and model id are added by `complete`)."""
        last = request.messages[-1] if request.messages else None
        if last is not None and last.role == "tool":
            return self._after_tool(request)
        turn = self._turn(request)
        choice = self._answered(turn) if turn.question is not None else None
        if choice is None:
            choice = self._choose(turn)
        tag, action = choice
        if isinstance(action, OpenQuestion):
            return self._ask(action)
        also, later = self._also_asked(turn, tag, action)
        if also or later:
            return self._start_several(turn, [(tag, action), *also], later)
        return self._start(turn, tag, action)

    # -- choosing ------------------------------------------------------------------------------

    def _turn(self, request: ModelRequest) -> _Turn:
        note, text = split_note(request.last_user_text())
        if not text and note is not None:
            text = note.last_user_message
        turn = _Turn(
            request=request,
            message=text.strip(),
            note=note,
            question=request.open_question,
            offered={t.name: t for t in request.tools},
        )
        turn.values = {"message": turn.message, "tool_output": ""}
        if note is not None:
            turn.values["last_user_message"] = note.last_user_message
        return turn

    def _choose(self, turn: _Turn) -> tuple[str, PolicyAction | OpenQuestion]:
        """The intent to act on, as (tag for call ids, action); below the threshold a clarifying
        question between the two likeliest destinations, or the fallback."""
        if not turn.message:
            return _FALLBACK_TAG, self.policy.fallback
        ranking = self.classifier.predict(turn.message)
        turn.ranking = ranking
        returned = _returned_out_of_scope(turn.note)
        if returned:
            # Never hand the message back to the specialist that just declined it: rank the
            # other intents by their probability given that it is not that specialist's.
            declined = {i.name for i in self.policy.intents if i.action.delegate == returned}
            left = 1.0 - sum(p for name, p in ranking if name in declined)
            ranking = [
                (name, p / left if left > 0 else 0.0) for name, p in ranking if name not in declined
            ]
            turn.ranking = ranking
        groups = self._groups(ranking)
        if groups and groups[0][1] >= self.policy.threshold:
            return self._act(groups[0][0])
        question = self._clarifying(turn.message, groups)
        if question is not None:
            return _FALLBACK_TAG, question
        if returned and self.policy.fallback.delegate == returned:
            return _FALLBACK_TAG, PolicyAction(reply=LAST_RESORT_REPLY)
        return _FALLBACK_TAG, self.policy.fallback

    def _act(self, name: str) -> tuple[str, PolicyAction]:
        index = self._index[name]
        return str(index), self.policy.intents[index].action

    def _groups(self, ranking: list[tuple[str, float]]) -> list[tuple[str, float, str | None]]:
        """Destinations as (best intent, summed probability, best labelled intent), most
        probable first."""
        totals: dict[str, list[Any]] = {}
        for name, probability in ranking:
            key = self._destination[name]
            group = totals.get(key)
            if group is None:
                totals[key] = [name, probability, name if name in self._labels else None]
            else:
                group[1] += probability
                if group[2] is None and name in self._labels:
                    group[2] = name
        ordered = sorted(totals.values(), key=lambda g: -g[1])
        return [(g[0], g[1], g[2]) for g in ordered]

    def _clarifying(
        self, message: str, groups: list[tuple[str, float, str | None]]
    ) -> OpenQuestion | None:
        if len(groups) < 2:
            return None
        (_, first, first_label), (_, second, second_label) = groups[0], groups[1]
        if first_label is None or second_label is None:
            return None
        if first + second < self.policy.clarify_floor or second < RIVAL * first:
            return None
        return OpenQuestion(
            kind=QuestionKind.CHOOSE, options=(first_label, second_label), message=message
        )

    def _ask(self, question: OpenQuestion) -> ModelResponse:
        first, second = (self._labels[name] for name in question.options)
        text = render(self.policy.clarify, {"first": first, "second": second})
        return ModelResponse(text=text, open_question=question)

    # -- answers to an open question -----------------------------------------------------------

    def _answered(self, turn: _Turn) -> tuple[str, PolicyAction | OpenQuestion] | None:
        """The action the message picks as an answer to the open question, None when it is not
        an answer (then it is classified like any message). A picked action acts on the
        message the question was about."""
        question = turn.question
        assert question is not None
        options = [name for name in question.options if name in self._index]
        if len(options) != len(question.options) or not options:
            return None  # the policy changed since it asked
        tokens = self.classifier.normalizer.tokens(turn.message)
        ranking = self.classifier.predict(turn.message) if turn.message else []
        groups = self._groups(ranking)
        confident = groups[0] if groups and groups[0][1] >= self.policy.threshold else None
        wanted = {self._destination[name]: name for name in options}
        picked = confident is not None and self._destination[confident[0]] in wanted
        if question.kind is QuestionKind.FILL:
            return self._filled(turn, question, options[0])
        if question.kind is QuestionKind.CONFIRM:
            if answers.is_no(tokens):
                # "não quero chamado" declines the ticket even though it names it
                if self._declines_other(confident, wanted, tokens):
                    return None
                return _FALLBACK_TAG, PolicyAction(reply=self.policy.declined)
            if (
                picked
                or answers.is_yes(tokens)
                or self._insists(question, confident, turn.message, tokens)
            ):
                choice = options[0]
            else:
                return None
        else:
            position = answers.ordinal(tokens)
            if position is not None and position < len(options):
                choice = options[position]
            elif picked and confident is not None:
                choice = wanted[self._destination[confident[0]]]
            elif confident is not None:
                return None  # a new request, not an answer
            elif answers.is_neither(tokens) or answers.is_no(tokens):
                return _FALLBACK_TAG, self.policy.fallback
            else:
                choice = self._likelier(f"{question.message} {turn.message}", options, tokens)
        turn.message = question.message
        turn.values["message"] = question.message
        return self._act(choice)

    def _insists(
        self,
        question: OpenQuestion,
        confident: tuple[str, float, str | None] | None,
        message: str,
        tokens: Sequence[str],
    ) -> bool:
        """Whether the answer asks again for what made the offer ("quero cancelar" → "Quer mesmo
        seguir com o cancelamento?" → "não quero desconto, quero cancelar"): a yes. A question
        asked again ("mas qual o horário?") is not: it was not answered, nothing is confirmed."""
        if confident is None or not question.message or "?" in message:
            return False
        if not answers.requests(tokens):
            return False
        before = self._groups(self.classifier.predict(question.message))
        return bool(before) and before[0][0] == confident[0]

    def _declines_other(
        self,
        confident: tuple[str, float, str | None] | None,
        wanted: Mapping[str, str],
        tokens: Sequence[str],
    ) -> bool:
        """Whether a no names something else the reply offered ("Quer mesmo cancelar? Posso
        dar 30% de desconto" → "não quero desconto"): it declines that, not the question, and
        is classified like any message. A bare no, or one naming the question's own act ("não
        quero chamado" to "abro um chamado?"), declines the question."""
        return (
            confident is not None
            and self._destination[confident[0]] not in wanted
            and len(answers.content(tokens)) > 1
        )

    def _filled(
        self, turn: _Turn, question: OpenQuestion, intent: str
    ) -> tuple[str, PolicyAction | OpenQuestion] | None:
        """The value a FILL question asked for ("o contrato é 4455" after "preciso do número do
        pedido"): the argument's own extractor, or the one code the answer holds; the action
        then runs on the first message with it. A message that gives no value is a new one."""
        action = self.policy.intents[self._index[intent]].action
        spec = action.args.get(question.missing or "", "")
        extractor = EXTRACTORS.get(spec.removeprefix(EXTRACT_PREFIX).strip())
        value = (extractor(turn.message) if extractor else None) or _lone_code(turn.message)
        if value is None:
            return None
        turn.filled[question.missing or ""] = value
        turn.message = question.message
        turn.values["message"] = question.message
        return self._act(intent)

    def _likelier(self, text: str, options: list[str], answer: list[str]) -> str:
        """The option the answer names (its label's words), else the likelier one given the
        question's message and the answer together."""
        normalizer = self.classifier.normalizer
        named = [
            name
            for name in options
            if set(normalizer.tokens(self._labels.get(name, name))) - _LABEL_FILLER & set(answer)
        ]
        if len(named) == 1:
            return named[0]
        totals: dict[str, float] = {}
        for other, probability in self.classifier.predict(text):
            key = self._destination[other]
            totals[key] = totals.get(key, 0.0) + probability
        return max(options, key=lambda name: totals.get(self._destination[name], 0.0))

    # -- acting --------------------------------------------------------------------------------

    def _start(self, turn: _Turn, tag: str, action: PolicyAction) -> ModelResponse:
        if action.tool and action.tool in turn.offered:
            arguments = self._arguments(turn, action)
            return ModelResponse(tool_calls=[_call(tag, turn.request, action.tool, arguments)])
        # a tool not offered: what is left of the action must stand without its output
        remaining = _without_tool(action) if action.tool else action
        return self._finish(turn, tag, remaining, fallback_ok=tag != _FALLBACK_TAG)

    def _also_asked(
        self, turn: _Turn, tag: str, action: PolicyAction
    ) -> tuple[list[tuple[str, PolicyAction]], list[str]]:
        """Other requests of the same message: those this agent answers itself, as (tag,
        action) — labelled intents whose actions are its own steps (a tool and/or a reply, no
        hand-off or end), each a different step ("a TV sem sinal e a internet lenta": two status
        checks) — and the labels of those it hands back (another specialist's: "a segunda via
        da fatura"), said to come next instead of silently dropped."""
        if tag == _FALLBACK_TAG or not turn.ranking or not _own_step(action):
            return [], []
        chosen = self.policy.intents[int(tag)].name
        if chosen not in self._labels:
            return [], []
        steps = [action]

        def eligible(name: str) -> bool:
            other = self.policy.intents[self._index[name]].action
            return name in self._labels and (_own_step(other) or other.end == OUT_OF_SCOPE)

        also: list[tuple[str, PolicyAction]] = []
        later: list[str] = []
        for name in several.also_asked(
            self.classifier, turn.message, turn.ranking, chosen, eligible
        ):
            other_tag, other = self._act(name)
            if other.end == OUT_OF_SCOPE:
                later.append(self._labels[name])
            elif not any(_same_step(other, step) for step in steps):
                steps.append(other)
                also.append((other_tag, other))
        return also, later

    def _start_several(
        self, turn: _Turn, chosen: list[tuple[str, PolicyAction]], later: list[str]
    ) -> ModelResponse:
        """Every request of the message at once: the tool steps as parallel calls (each
        finished by its own action when its result comes back), the replies said now, after
        the `later` line for what another agent will see to."""
        calls: list[ToolCall] = []
        texts: list[str] = []
        if later:
            texts.append(render(self.policy.later, {"labels": " e ".join(later)}))
        offer: str | None = None
        for tag, action in chosen:
            if action.tool and action.tool in turn.offered:
                arguments = self._arguments(turn, action)
                calls.append(_call(tag, turn.request, action.tool, arguments))
                continue
            remaining = _without_tool(action) if action.tool else action
            text, offered = _reply(remaining, turn) if remaining else ("", None)
            if text:
                texts.append(text)
                offer = offer or offered
        text = "\n\n".join(texts)
        if calls:
            # said before the tools' answers, which come as a text of their own: a turn's texts
            # are joined as they are (stream deltas), so the paragraph break goes here
            return ModelResponse(text=f"{text}\n\n" if text else "", tool_calls=calls)
        if not text:
            return self._start(turn, *chosen[0])
        return ModelResponse(text=text, open_question=self._offer(offer, turn))

    def _offer(self, offer: str | None, turn: _Turn) -> OpenQuestion | None:
        if offer and offer in self._index:
            return OpenQuestion(kind=QuestionKind.CONFIRM, options=(offer,), message=turn.message)
        return None

    def _finish(
        self, turn: _Turn, tag: str, action: PolicyAction | None, *, fallback_ok: bool
    ) -> ModelResponse:
        """Reply and/or signal; the fallback (once) when the action can do nothing here."""
        response = self._signal_and_reply(turn, tag, action) if action else None
        if response is not None:
            return response
        if fallback_ok:
            fallback = self.policy.fallback
            if fallback.tool and fallback.tool in turn.offered:
                return self._start(turn, _FALLBACK_TAG, fallback)
            return self._finish(turn, _FALLBACK_TAG, _without_tool(fallback), fallback_ok=False)
        return ModelResponse(text=LAST_RESORT_REPLY)

    def _signal_and_reply(
        self, turn: _Turn, tag: str, action: PolicyAction
    ) -> ModelResponse | None:
        text, offer = _reply(action, turn)
        if action.delegate:
            if not _can_delegate(turn.offered.get(REQUEST_TOOL), action.delegate):
                return ModelResponse(text=text) if text else None
            context = (
                render(action.context, turn.values, turn.lookup)
                if action.context
                else f"Usuário disse: {turn.message}"
            )
            arguments = {"specialist_role": action.delegate, "initial_context": context}
            return ModelResponse(tool_calls=[_call(tag, turn.request, REQUEST_TOOL, arguments)])
        if action.end:
            if END_TOOL not in turn.offered:
                return ModelResponse(text=text) if text and action.end != OUT_OF_SCOPE else None
            call = _call(tag, turn.request, END_TOOL, self._end_arguments(turn, action))
            return ModelResponse(text="" if action.end == OUT_OF_SCOPE else text, tool_calls=[call])
        if not text:
            return None
        return ModelResponse(text=text, open_question=self._offer(offer, turn))

    def _after_tool(self, request: ModelRequest) -> ModelResponse:
        """The result of a tool call came back: finish the action that asked for it."""
        results, calls = _last_tool_round(request.messages)
        failed = any(r.content.lstrip().startswith(TOOL_ERROR_PREFIX) for r in results)
        if failed:
            return ModelResponse(text=TOOL_ERROR_REPLY)
        own = [(match.group(1), call) for call in calls if (match := _CALL_ID.match(call.id))]
        if not own:  # not our call (e.g. history from another model): say what the tool said
            output = "\n".join(natural_text(r.content) for r in results)
            return ModelResponse(text=output or LAST_RESORT_REPLY)
        if len(own) == 1:
            return self._finish_call(request, *own[0], results)
        # several requests of one message (`_start_several`): each call finished by its action
        by_call = {r.tool_call_id: r for r in results}
        finished = [
            self._finish_call(request, tag, call, [by_call[call.id]])
            for tag, call in own
            if call.id in by_call
        ]
        return ModelResponse(
            text="\n\n".join(r.text for r in finished if r.text),
            tool_calls=[c for r in finished for c in r.tool_calls],
            open_question=next(
                (r.open_question for r in reversed(finished) if r.open_question), None
            ),
        )

    def _finish_call(
        self, request: ModelRequest, tag: str, call: ToolCall, results: list[Message]
    ) -> ModelResponse:
        """The action that made `call` finished with the tool output in `results`."""
        action = (
            self.policy.fallback if tag == _FALLBACK_TAG else self.policy.intents[int(tag)].action
        )
        turn = self._turn(request)
        output = "\n".join(natural_text(r.content) for r in results)
        turn.values = {**_parsed(call.arguments), **turn.values, "tool_output": output}
        finishing = _without_tool(action, keep_output=True)
        offer = _output_field(results, "oferta", "offer")
        missing = _output_field(results, "falta", "missing")
        if finishing is not None and missing in action.args and tag != _FALLBACK_TAG:
            # the tool lacks a value ("preciso do número do pedido"): the next message gives it
            response = self._finish(turn, tag, finishing, fallback_ok=False)
            intent = self.policy.intents[int(tag)].name
            question = OpenQuestion(
                kind=QuestionKind.FILL, options=(intent,), message=turn.message, missing=missing
            )
            response.open_question = question
            return response
        if finishing is not None and offer and not finishing.offer:
            # the tool knows best when a follow-up fits ("Não tenho essa informação… quer que
            # eu abra um chamado?"): its `oferta` makes the customer's "sim" run that intent
            finishing = finishing.model_copy(update={"offer": offer})
        return self._finish(turn, tag, finishing, fallback_ok=False)

    def _arguments(self, turn: _Turn, action: PolicyAction) -> dict[str, Any]:
        arguments: dict[str, Any] = {}
        for name, spec in action.args.items():
            if name in turn.filled:
                arguments[name] = turn.filled[name]
            elif spec.startswith(EXTRACT_PREFIX):
                arguments[name] = EXTRACTORS[spec[len(EXTRACT_PREFIX) :].strip()](turn.message)
            else:
                arguments[name] = render(spec, turn.values, turn.lookup)
        return arguments

    def _end_arguments(self, turn: _Turn, action: PolicyAction) -> dict[str, Any]:
        result = {
            k: render(v, turn.values, turn.lookup) if isinstance(v, str) else v
            for k, v in action.result.items()
        }
        note = action.message_to_coordinator or result.pop("message_to_coordinator", None)
        if not result:
            result = {"resumo": f"Usuário disse: {turn.message}"}
        arguments: dict[str, Any] = {
            "status": action.end,
            "final_result": result,
            "last_user_message": turn.message,
        }
        if note:
            arguments["message_to_coordinator"] = note
        return arguments


_LABEL_FILLER = frozenset({"a", "o", "as", "os", "sua", "seu", "suas", "seus", "de", "da", "do"})
"""Words of a label that name nothing ("a sua conexão" is named by "conexao")."""


def _destination(name: str, action: PolicyAction) -> str:
    """Where an intent leads: intents with the same destination are one choice."""
    if action.delegate:
        return f"delegate:{action.delegate}"
    if action.end:
        return f"end:{action.end}"
    return f"intent:{name}"


def _returned_out_of_scope(note: SystemNote | None) -> str:
    if note is None or note.status.strip().strip("'\"") != OUT_OF_SCOPE:
        return ""
    return note.specialist.strip().strip("'\"")


def _own_step(action: PolicyAction) -> bool:
    """An action the agent completes itself in this turn: a tool and/or a reply, no hand-off
    and no end signal (those decide where the conversation goes: one per message)."""
    return not action.delegate and not action.end and bool(action.tool or action.reply)


def _same_step(first: PolicyAction, second: PolicyAction) -> bool:
    """Two actions that would do the same thing twice (one status check of the internet)."""
    if first.tool or second.tool:
        return first.tool == second.tool and first.args == second.args
    return first.reply == second.reply


def _can_delegate(schema: ToolSchema | None, role: str) -> bool:
    if schema is None:
        return False
    roles = schema.parameters.get("properties", {}).get("specialist_role", {}).get("enum")
    return roles is None or role in roles


def _without_tool(action: PolicyAction, *, keep_output: bool = False) -> PolicyAction | None:
    """The action minus its tool; a reply that needs `{tool_output}` goes too unless
    `keep_output`. None when nothing is left."""
    reply = action.reply
    if reply and not keep_output and "tool_output" in placeholders(reply):
        reply = None
    if not (reply or action.delegate or action.end):
        return None
    return action.model_copy(update={"tool": None, "args": {}, "reply": reply})


def _output_field(results: list[Message], *names: str) -> str | None:
    """The first non-empty string field of `names` in a tool's JSON output: `oferta`/`offer`,
    the intent it offers as the next step (so "posso abrir um chamado — quer que eu abra?" can
    be accepted), and `falta`/`missing`, the argument it still needs."""
    for result in results:
        try:
            value = json.loads(result.content)
        except (json.JSONDecodeError, TypeError):
            continue
        if isinstance(value, dict):
            for name in names:
                field = value.get(name)
                if isinstance(field, str) and field:
                    return field
    return None


_CODE = re.compile(r"(?<![\w-])[A-Za-z]{0,3}-?\d{3,}(?![\w-])")


def _lone_code(text: str) -> str | None:
    """The one code or number of three or more digits in an answer ("é 4455", "A-981")."""
    found = _CODE.findall(text)
    return found[0] if len(found) == 1 else None


def _last_tool_round(messages: list[Message]) -> tuple[list[Message], list[ToolCall]]:
    """The trailing tool results and the calls of the assistant message they answer."""
    results: list[Message] = []
    index = len(messages) - 1
    while index >= 0 and messages[index].role == "tool":
        results.insert(0, messages[index])
        index -= 1
    answered = {r.tool_call_id for r in results}
    for message in reversed(messages[: index + 1]):
        if message.role == "assistant" and message.tool_calls:
            return results, [c for c in message.tool_calls if c.id in answered]
    return results, []


def _call(tag: str, request: ModelRequest, name: str, arguments: dict[str, Any]) -> ToolCall:
    """Ids carry the acting intent (`call_emb_<index>_<n>`), so the tool's result is finished by
    the same action; `n` (messages so far) keeps them unique in a conversation."""
    return ToolCall(
        id=f"call_emb_{tag}_{len(request.messages)}",
        name=name,
        arguments=json.dumps(arguments, ensure_ascii=False),
    )


def _parsed(arguments: str) -> dict[str, Any]:
    try:
        value = json.loads(arguments)
    except json.JSONDecodeError:
        return {}
    return value if isinstance(value, dict) else {}


def _estimate_input(request: ModelRequest) -> int:
    """Input tokens, estimated at 4 characters each. Runs on every offline call over the whole
    history: one plain loop (a generator per message cost 10 µs for 60 messages; this, 2)."""
    chars = 0
    for m in request.messages:
        chars += len(m.content)
        if m.tool_calls:
            chars += sum(len(c.arguments) for c in m.tool_calls)
    chars += sum(len(t.name) + len(t.description) for t in request.tools)
    return chars // 4 + 1


def _reply(action: PolicyAction, turn: _Turn) -> tuple[str, str | None]:
    """The action's reply and the intent it offers; its `otherwise` (and that one's offer)
    when a value the reply names is missing."""
    if not action.reply:
        return "", action.offer
    otherwise = action.otherwise
    if otherwise is not None and any(
        name not in turn.values and not turn.lookup(name) for name in placeholders(action.reply)
    ):
        if isinstance(otherwise, Otherwise):
            return render(otherwise.reply, turn.values, turn.lookup), otherwise.offer
        return render(otherwise, turn.values, turn.lookup), action.offer
    return render(action.reply, turn.values, turn.lookup), action.offer


def _check_extractors(policy: OfflinePolicy) -> None:
    actions = [i.action for i in policy.intents] + [policy.fallback]
    for action in actions:
        for name, spec in action.args.items():
            if spec.startswith(EXTRACT_PREFIX):
                extractor = spec[len(EXTRACT_PREFIX) :].strip()
                if extractor not in EXTRACTORS:
                    raise ConfigurationError(
                        f"unknown extractor {extractor!r} for argument {name!r}; known: "
                        f"{', '.join(EXTRACTORS)}",
                        extractor=extractor,
                    )
