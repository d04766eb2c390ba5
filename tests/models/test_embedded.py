"""The embedded offline model: intent routing, signalling tools, notes, tool results, extractors."""

from __future__ import annotations

import json

import pytest

from switchboard.core.messages import Message, ToolCall
from switchboard.core.policy import Intent, OfflinePolicy, PolicyAction
from switchboard.models.base import ModelRequest, ToolSchema
from switchboard.models.embedded import EmbeddedModel, IntentClassifier
from switchboard.models.embedded.extractors import (
    extract_cpf,
    extract_date,
    extract_email,
    extract_number,
    extract_order_id,
    extract_topic,
)
from switchboard.models.embedded.note import split_note

REQUEST = "request_specialist_sub_conversation"
END = "end_specialist_sub_conversation"

COORDINATOR = OfflinePolicy(
    threshold=0.3,
    fallback=PolicyAction(reply="Desculpe, não entendi. Pode explicar de outro jeito?"),
    intents=[
        Intent(
            name="saudacao",
            examples=[
                "oi",
                "olá",
                "bom dia",
                "boa tarde",
                "boa noite",
                "oi, tudo bem?",
                "e aí",
                "olá, preciso de ajuda",
                "oi, alguém aí?",
                "bom dia, tudo bom?",
            ],
            action=PolicyAction(reply="Olá! Como posso ajudar?"),
        ),
        Intent(
            name="tecnico",
            examples=[
                "minha internet caiu",
                "estou sem internet",
                "a internet está muito lenta",
                "o aplicativo não abre",
                "o app trava quando abro",
                "não consigo fazer login",
                "esqueci minha senha",
                "meu roteador não liga",
                "aparece um erro na tela",
                "o sistema está fora do ar",
                "o wi-fi não conecta",
                "a conexão fica caindo",
                "o modem está piscando vermelho",
                "não consigo acessar minha conta",
            ],
            action=PolicyAction(
                delegate="especialista_tecnico", context="Problema técnico: {message}"
            ),
        ),
        Intent(
            name="financeiro",
            examples=[
                "quero ver minha fatura",
                "fui cobrado duas vezes",
                "quero um reembolso",
                "quero meu dinheiro de volta",
                "o boleto venceu",
                "como pago minha conta",
                "cobrança indevida no cartão",
                "qual o valor da minha fatura",
                "quero cancelar uma cobrança",
                "preciso da segunda via do boleto",
                "o pagamento não foi reconhecido",
                "estorno do pedido 12345",
                "meu pedido foi cobrado errado",
                "pagamento em atraso",
            ],
            action=PolicyAction(delegate="especialista_financeiro"),
        ),
        Intent(
            name="faq",
            examples=[
                "qual o horário de atendimento",
                "vocês abrem no sábado",
                "quais são os planos",
                "qual o prazo de entrega",
                "como funciona a garantia",
                "onde fica a loja",
                "qual o telefone de vocês",
                "como cancelo meu plano",
                "vocês atendem por whatsapp",
            ],
            action=PolicyAction(
                tool="buscar_faq", args={"pergunta": "{message}"}, reply="{tool_output}"
            ),
        ),
    ],
)

SPECIALIST = OfflinePolicy(
    threshold=0.3,
    fallback=PolicyAction(reply="Em qual aparelho o problema acontece?"),
    intents=[
        Intent(
            name="resolvido",
            examples=[
                "funcionou",
                "voltou a funcionar",
                "resolveu, obrigado",
                "deu certo",
                "agora foi",
                "tudo certo agora",
            ],
            action=PolicyAction(
                reply="Que bom que deu certo!",
                end="completed",
                result={"resolvido": True, "resumo": "{message}"},
            ),
        ),
        Intent(
            name="fora_de_escopo",
            examples=[
                "quero ver minha fatura",
                "fui cobrado duas vezes",
                "quero um reembolso",
                "segunda via do boleto",
                "estorno do pedido",
            ],
            action=PolicyAction(
                end="out_of_scope",
                reply="Isso não é comigo.",
                result={"motivo": "pedido financeiro"},
            ),
        ),
        Intent(
            name="chamado",
            examples=[
                "continua sem funcionar",
                "abre um chamado",
                "quero falar com um técnico",
                "ainda não voltou",
            ],
            action=PolicyAction(
                tool="abrir_chamado",
                args={"descricao": "{message}", "pedido": "extract:order_id"},
                reply="Pronto: {tool_output}",
            ),
        ),
    ],
)


def tools(*names: str, roles: list[str] | None = None) -> list[ToolSchema]:
    out = []
    for name in names:
        parameters: dict = {"type": "object", "properties": {}}
        if name == REQUEST and roles is not None:
            parameters["properties"]["specialist_role"] = {"type": "string", "enum": roles}
        out.append(ToolSchema(name=name, parameters=parameters))
    return out


COORDINATOR_TOOLS = tools("buscar_faq", REQUEST)
SPECIALIST_TOOLS = tools("abrir_chamado", END)


@pytest.fixture(scope="module")
def coordinator() -> EmbeddedModel:
    return EmbeddedModel(COORDINATOR)


@pytest.fixture(scope="module")
def specialist() -> EmbeddedModel:
    return EmbeddedModel(SPECIALIST)


def ask(text: str, offered: list[ToolSchema] = COORDINATOR_TOOLS) -> ModelRequest:
    return ModelRequest(
        messages=[Message.system("Você é o assistente."), Message.user(text)], tools=offered
    )


def args(call: ToolCall) -> dict:
    return json.loads(call.arguments)


# -- routing ---------------------------------------------------------------------------------

PARAPHRASES = [
    ("Olá, boa tarde!", "saudacao"),
    ("oii tudo certo?", "saudacao"),
    ("minha conexão com a internet está caindo toda hora", "tecnico"),
    ("nao consigo entrar no aplicativo", "tecnico"),
    ("o app ta dando erro", "tecnico"),
    ("esqueci a senha da minha conta", "tecnico"),
    ("internet lentaa demais", "tecnico"),
    ("meu modem não funciona", "tecnico"),
    ("fui cobrado em dobro na fatura", "financeiro"),
    ("quero estornar uma compra", "financeiro"),
    ("preciso pagar o boleto atrasado", "financeiro"),
    ("quero o reembolso do meu pedido", "financeiro"),
    ("cobraram errado no meu cartao", "financeiro"),
    ("qual horario voces funcionam", "faq"),
    ("como faço pra cancelar o plano?", "faq"),
    ("qual o prazo pra entrega?", "faq"),
]


def test_unseen_paraphrases_route_to_the_right_intent(coordinator: EmbeddedModel) -> None:
    chosen = {}
    for text, expected in PARAPHRASES:
        name, probability = coordinator.classifier.predict(text)[0]
        chosen[text] = (name if probability >= COORDINATOR.threshold else "fallback", expected)
    right = sum(1 for name, expected in chosen.values() if name == expected)
    assert right >= 0.9 * len(PARAPHRASES), chosen


@pytest.mark.parametrize("text", ["asdkjh qwe zzz", "xyzzy plugh", "kkkkkkk", "zxcvbnm", "??"])
async def test_gibberish_falls_back(coordinator: EmbeddedModel, text: str) -> None:
    assert coordinator.classifier.predict(text)[0][1] < COORDINATOR.threshold
    response = await coordinator.complete(ask(text))
    assert response.text == COORDINATOR.fallback.reply
    assert response.tool_calls == []


def test_predict_is_sorted_and_normalizes_accents_and_case() -> None:
    classifier = IntentClassifier(COORDINATOR.intents)
    ranking = classifier.predict("NÃO CONSIGO   fazer LOGIN")
    assert [p for _, p in ranking] == sorted((p for _, p in ranking), reverse=True)
    assert {n for n, _ in ranking} == {i.name for i in COORDINATOR.intents}
    assert 0 < sum(p for _, p in ranking) <= 1
    assert ranking == classifier.predict("nao consigo fazer login")


def test_single_intent_policy_still_rejects_gibberish() -> None:
    classifier = IntentClassifier(
        [Intent(name="oi", examples=["oi", "olá", "bom dia"], action=PolicyAction(reply="Oi!"))]
    )
    assert classifier.predict("olá, bom dia!")[0][1] > 0.5
    assert classifier.predict("xkcd qwpz")[0][1] < 0.3


# -- actions -----------------------------------------------------------------------------------


async def test_reply_intent_answers_with_text(coordinator: EmbeddedModel) -> None:
    response = await coordinator.complete(ask("bom dia!"))
    assert response.text == "Olá! Como posso ajudar?"
    assert response.tool_calls == []
    assert response.usage.calls == 1 and response.usage.input_tokens > 0


async def test_delegate_emits_only_the_signalling_call(coordinator: EmbeddedModel) -> None:
    response = await coordinator.complete(ask("minha internet não funciona desde ontem"))
    assert response.text == ""
    assert [c.name for c in response.tool_calls] == [REQUEST]
    assert args(response.tool_calls[0]) == {
        "specialist_role": "especialista_tecnico",
        "initial_context": "Problema técnico: minha internet não funciona desde ontem",
    }


async def test_delegate_without_context_summarizes_the_message(coordinator: EmbeddedModel) -> None:
    response = await coordinator.complete(ask("quero meu dinheiro de volta"))
    assert args(response.tool_calls[0]) == {
        "specialist_role": "especialista_financeiro",
        "initial_context": "Usuário disse: quero meu dinheiro de volta",
    }


async def test_tool_intent_calls_the_tool_with_rendered_args(coordinator: EmbeddedModel) -> None:
    response = await coordinator.complete(ask("qual o horário de atendimento?"))
    assert response.text == ""
    assert [c.name for c in response.tool_calls] == ["buscar_faq"]
    assert args(response.tool_calls[0]) == {"pergunta": "qual o horário de atendimento?"}


async def test_tool_result_renders_the_reply_template(coordinator: EmbeddedModel) -> None:
    request = ask("qual o horário de atendimento?")
    first = await coordinator.complete(request)
    call = first.tool_calls[0]
    output = json.dumps({"encontrado": True, "resposta": "Atendemos das 8h às 20h."})
    request.messages += [Message.assistant(tool_calls=[call]), Message.tool(call, output)]
    second = await coordinator.complete(request)
    assert second.text == "Atendemos das 8h às 20h."
    assert second.tool_calls == []


async def test_tool_result_plain_text_and_extracted_args(specialist: EmbeddedModel) -> None:
    request = ask("ainda não voltou, abre um chamado pro pedido #98765", SPECIALIST_TOOLS)
    call = (await specialist.complete(request)).tool_calls[0]
    assert call.name == "abrir_chamado"
    assert args(call)["pedido"] == "98765"
    request.messages += [
        Message.assistant(tool_calls=[call]),
        Message.tool(call, "chamado CH-1 aberto"),
    ]
    assert (await specialist.complete(request)).text == "Pronto: chamado CH-1 aberto"


async def test_tool_error_gets_a_polite_apology_without_debug(coordinator: EmbeddedModel) -> None:
    request = ask("vocês abrem no sábado?")
    call = (await coordinator.complete(request)).tool_calls[0]
    request.messages += [
        Message.assistant(tool_calls=[call]),
        Message.tool(call, "ERRO: a ferramenta 'buscar_faq' falhou: KeyError: x"),
    ]
    response = await coordinator.complete(request)
    assert response.tool_calls == []
    assert response.text.startswith("Desculpe")
    assert "KeyError" not in response.text and "buscar_faq" not in response.text


async def test_specialist_reply_and_end_in_one_response(specialist: EmbeddedModel) -> None:
    response = await specialist.complete(ask("funcionou, valeu!", SPECIALIST_TOOLS))
    assert response.text == "Que bom que deu certo!"
    assert [c.name for c in response.tool_calls] == [END]
    assert args(response.tool_calls[0]) == {
        "status": "completed",
        "final_result": {"resolvido": True, "resumo": "funcionou, valeu!"},
        "last_user_message": "funcionou, valeu!",
    }


async def test_specialist_out_of_scope_ends_without_text(specialist: EmbeddedModel) -> None:
    response = await specialist.complete(ask("quero o reembolso da minha fatura", SPECIALIST_TOOLS))
    assert response.text == ""
    assert [c.name for c in response.tool_calls] == [END]
    assert args(response.tool_calls[0])["status"] == "out_of_scope"
    assert args(response.tool_calls[0])["last_user_message"] == "quero o reembolso da minha fatura"


# -- never call what is not offered ------------------------------------------------------------


async def test_never_calls_unoffered_tools(
    coordinator: EmbeddedModel, specialist: EmbeddedModel
) -> None:
    for text in ["qual o horário de atendimento?", "minha internet caiu", "oi", "asdf"]:
        response = await coordinator.complete(ask(text, offered=[]))
        assert response.tool_calls == [] and response.text
    faq_only = await coordinator.complete(ask("minha internet caiu", tools("buscar_faq")))
    assert faq_only.tool_calls == [] and faq_only.text == COORDINATOR.fallback.reply
    ended = await specialist.complete(ask("funcionou, valeu!", tools("abrir_chamado")))
    assert ended.tool_calls == [] and ended.text == "Que bom que deu certo!"
    declined = await specialist.complete(ask("quero um reembolso", tools("abrir_chamado")))
    assert declined.tool_calls == [] and declined.text == SPECIALIST.fallback.reply


async def test_delegation_only_to_roles_the_tool_lists(coordinator: EmbeddedModel) -> None:
    offered = tools("buscar_faq", REQUEST, roles=["especialista_financeiro"])
    response = await coordinator.complete(ask("minha internet caiu", offered))
    assert response.tool_calls == []
    assert response.text == COORDINATOR.fallback.reply


# -- system notes ------------------------------------------------------------------------------


def note(status: str, last: str, specialist: str = "especialista_tecnico") -> str:
    return (
        "[SYSTEM_NOTE: a sub-conversa com um especialista terminou.\n"
        f"specialist: {specialist}\nstatus: {status}\n"
        'final_result: {"motivo": "fora [do] escopo"}\n'
        f"last_user_message: {last}]"
    )


def test_note_is_parsed_and_stripped() -> None:
    parsed, text = split_note(note("completed", "deu certo") + "\n\nobrigado!")
    assert text == "obrigado!"
    assert parsed is not None
    assert (parsed.specialist, parsed.status) == ("especialista_tecnico", "completed")
    assert parsed.final_result == {"motivo": "fora [do] escopo"}
    assert parsed.last_user_message == "deu certo"
    assert split_note("sem nota") == (None, "sem nota")


async def test_note_is_stripped_before_classifying(coordinator: EmbeddedModel) -> None:
    response = await coordinator.complete(
        ask(note("completed", "funcionou, valeu") + "\n\nbom dia, tudo bem?")
    )
    assert response.text == "Olá! Como posso ajudar?"
    assert "SYSTEM_NOTE" not in response.text


async def test_note_without_new_text_classifies_last_user_message(
    coordinator: EmbeddedModel,
) -> None:
    response = await coordinator.complete(ask(note("out_of_scope", "quero um reembolso")))
    assert [c.name for c in response.tool_calls] == [REQUEST]
    assert args(response.tool_calls[0])["specialist_role"] == "especialista_financeiro"


async def test_out_of_scope_never_redelegates_to_the_same_specialist(
    coordinator: EmbeddedModel,
) -> None:
    text = "minha internet caiu"
    assert (await coordinator.complete(ask(text))).tool_calls[0].name == REQUEST
    response = await coordinator.complete(ask(note("out_of_scope", text) + "\n\n" + text))
    for call in response.tool_calls:
        assert args(call).get("specialist_role") != "especialista_tecnico"
    assert response.tool_calls or response.text


async def test_out_of_scope_redelegates_to_the_next_best_specialist(
    coordinator: EmbeddedModel,
) -> None:
    text = "a internet caiu e fui cobrado duas vezes na fatura"
    response = await coordinator.complete(ask(note("out_of_scope", text) + "\n\n" + text))
    assert args(response.tool_calls[0])["specialist_role"] == "especialista_financeiro"


# -- determinism, streaming --------------------------------------------------------------------


async def test_deterministic_across_calls_and_instances(coordinator: EmbeddedModel) -> None:
    other = EmbeddedModel(COORDINATOR)
    for text, _ in PARAPHRASES:
        first = await coordinator.complete(ask(text))
        assert first == await coordinator.complete(ask(text))
        assert first == await other.complete(ask(text))


async def test_stream_yields_words_then_the_response(coordinator: EmbeddedModel) -> None:
    chunks = [c async for c in coordinator.stream(ask("oi"))]
    assert "".join(c.text for c in chunks[:-1]) == "Olá! Como posso ajudar?"
    assert chunks[-1].response.text == "Olá! Como posso ajudar?"


def test_unknown_extractor_is_a_configuration_error() -> None:
    from switchboard.core.errors import ConfigurationError

    policy = OfflinePolicy(
        intents=[
            Intent(
                name="x",
                examples=["x"],
                action=PolicyAction(tool="t", args={"a": "extract:telefone"}),
            )
        ]
    )
    with pytest.raises(ConfigurationError):
        EmbeddedModel(policy)


# -- extractors --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("R$ 1.234,56", 1234.56),
        ("paguei 1.234 ontem", 1234),
        ("1,5 kg", 1.5),
        ("3 itens", 3),
        ("valor 12.5", 12.5),
        ("nenhum", None),
    ],
)
def test_extract_number_reads_brazilian_formats(text: str, value: object) -> None:
    assert extract_number(text) == value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("venceu em 25/12/2024", "2024-12-25"),
        ("dia 5-3-24", "2024-03-05"),
        ("2024-03-01", "2024-03-01"),
        ("31/02/2024", None),
        ("sem data", None),
    ],
)
def test_extract_date_to_iso(text: str, value: object) -> None:
    assert extract_date(text) == value


def test_extract_cpf_email_order_topic() -> None:
    assert extract_cpf("meu CPF é 123.456.789-09") == "12345678909"
    assert extract_cpf("cpf 12345678909") == "12345678909"
    assert extract_cpf("número 123 456") is None
    assert extract_email("escreva para Ana.Souza@Exemplo.com.br.") == "ana.souza@exemplo.com.br"
    assert extract_order_id("estorno do pedido 12345") == "12345"
    assert extract_order_id("veio errado o #A-981") == "A-981"
    assert extract_order_id("cpf 123.456.789-09") is None
    assert extract_topic("Qual o horário de atendimento?") == "horario atendimento"


async def test_result_of_a_call_it_did_not_make_is_relayed(coordinator: EmbeddedModel) -> None:
    call = ToolCall(id="call_abc", name="buscar_faq", arguments="{}")
    request = ask("qual o horário?")
    request.messages += [
        Message.assistant(tool_calls=[call]),
        Message.tool(call, json.dumps({"resposta": "Das 8h às 20h."})),
    ]
    response = await coordinator.complete(request)
    assert response.text == "Das 8h às 20h." and response.tool_calls == []


def test_importing_the_package_does_not_load_sklearn() -> None:
    import subprocess
    import sys

    code = (
        "import sys, switchboard.models.embedded; "
        "print(any(m.split('.')[0] in ('sklearn', 'numpy', 'scipy') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_normalize_fast_paths_agree_with_decompose_and_filter() -> None:
    """ASCII and Latin-accent shortcuts give exactly NFKD + drop combining + collapse spaces."""
    import random
    import unicodedata

    from switchboard.models.embedded.text import normalize

    def reference(text: str) -> str:
        decomposed = unicodedata.normalize("NFKD", text.lower())
        stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
        return " ".join(stripped.split())

    marks = "".join(chr(c) for c in range(0x300, 0x370))  # incl. U+034F, not combining
    alphabet = "aáàâãäçéêíóôõúüAÁÇÉ  \t\nxyzİß€😀ñÑﬁ２" + marks
    rng = random.Random(5)
    for _ in range(5000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 16)))
        assert normalize(text) == reference(text), repr(text)
    assert normalize("  Não  CONSIGO ") == "nao consigo"


async def test_a_reply_reads_a_value_said_earlier_or_says_otherwise() -> None:
    """`{earlier_protocol}` is the newest protocol the agent gave; without one, `otherwise`."""
    policy = OfflinePolicy(
        intents=[
            Intent(
                name="protocolo",
                examples=["qual o protocolo mesmo?"],
                action=PolicyAction(
                    reply="É o {earlier_protocol}.", otherwise="Nenhum chamado aberto."
                ),
            )
        ],
    )
    model = EmbeddedModel(policy)
    first = ModelRequest(messages=[Message.user("qual o protocolo mesmo?")])
    assert (await model.complete(first)).text == "Nenhum chamado aberto."
    later = ModelRequest(
        messages=[
            Message.user("abre um chamado"),
            Message.assistant("Abri o chamado CH-100200."),
            Message.user("abre outro"),
            Message.assistant("Abri o chamado CH-300400, pedido 55555."),
            Message.user("qual o protocolo mesmo?"),
        ]
    )
    assert (await model.complete(later)).text == "É o CH-300400."


async def test_an_otherwise_with_its_own_offer_offers_only_when_said() -> None:
    """An `Otherwise` offers its intent; the reply said with the value offers nothing."""
    from switchboard.core.policy import Otherwise

    policy = OfflinePolicy(
        intents=[
            Intent(
                name="visita",
                examples=["quando vem o técnico?"],
                action=PolicyAction(
                    reply="O chamado {earlier_protocol} já está na fila.",
                    otherwise=Otherwise(reply="Abro um chamado?", offer="abrir"),
                ),
            ),
            Intent(
                name="abrir", examples=["abre um chamado"], action=PolicyAction(reply="Aberto.")
            ),
        ],
    )
    model = EmbeddedModel(policy)
    first = await model.complete(ModelRequest(messages=[Message.user("quando vem o técnico?")]))
    assert first.text == "Abro um chamado?" and first.open_question is not None
    later = await model.complete(
        ModelRequest(
            messages=[
                Message.assistant("Abri o chamado CH-100200."),
                Message.user("quando vem o técnico?"),
            ]
        )
    )
    assert later.text == "O chamado CH-100200 já está na fila." and later.open_question is None


def _two_problem_policy() -> OfflinePolicy:
    examples = {
        "tv": ["a tv está sem sinal", "sem sinal na tv", "tv sem sinal nenhum", "a tv não pega"],
        "net": ["a internet está lenta", "internet lenta demais", "a net ta devagar", "net lenta"],
        "oi": ["oi", "olá", "bom dia", "oi tudo bem"],
    }
    return OfflinePolicy(
        intents=[
            Intent(
                name="tv",
                label="a TV",
                examples=examples["tv"],
                action=PolicyAction(
                    tool="status", args={"servico": "tv"}, reply="TV: {tool_output}"
                ),
            ),
            Intent(
                name="net",
                label="a internet",
                examples=examples["net"],
                action=PolicyAction(
                    tool="status", args={"servico": "internet"}, reply="Net: {tool_output}"
                ),
            ),
            Intent(name="oi", examples=examples["oi"], action=PolicyAction(reply="Olá!")),
        ],
    )


async def test_two_requests_in_one_message_become_two_calls_each_finished_by_its_action() -> None:
    model = EmbeddedModel(_two_problem_policy())
    schema = ToolSchema(name="status", description="status", parameters={"type": "object"})
    user = Message.user("a tv está sem sinal e a internet lenta")
    first = await model.complete(ModelRequest(messages=[user], tools=[schema]))
    assert sorted(json.loads(c.arguments)["servico"] for c in first.tool_calls) == [
        "internet",
        "tv",
    ]
    assert len({c.id for c in first.tool_calls}) == 2
    results = [
        Message.tool(call, f"ok {json.loads(call.arguments)['servico']}")
        for call in first.tool_calls
    ]
    calls = Message.assistant("", list(first.tool_calls))
    done = await model.complete(ModelRequest(messages=[user, calls, *results], tools=[schema]))
    assert "TV: ok tv" in done.text and "Net: ok internet" in done.text
    greeting = await model.complete(
        ModelRequest(messages=[Message.user("oi, a tv está sem sinal")], tools=[schema])
    )
    assert len(greeting.tool_calls) == 1
