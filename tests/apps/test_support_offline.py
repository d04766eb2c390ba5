"""The reference support app, fully offline on the embedded model: routing and answers in pt-BR."""

from __future__ import annotations

import re

import pytest

from switchboard.apps import available_apps, load_app

COORD, TECH, FIN = "assistente_virtual", "especialista_tecnico", "especialista_financeiro"


@pytest.fixture(scope="module")
def support():
    return load_app("support", model="embedded", store="memory://")


async def chat(manager, session, text):
    events = [e async for e in manager.stream_message(session, text, user_id="cliente")]
    done = events[-1]
    return done.agent, done.text, events


async def test_small_talk_and_faq_stay_with_the_coordinator(support):
    agent, text, _ = await chat(support, "faq", "oi, bom dia")
    assert agent == COORD and text.startswith("Olá! Sou o Assistente Virtual")
    agent, text, events = await chat(support, "faq", "qual o horário de atendimento?")
    assert agent == COORD and "segunda a sexta" in text
    assert "Consultando as perguntas frequentes..." in [
        e.message for e in events if e.type == "status"
    ]
    assert "{" not in text  # no JSON leaks to the user


async def test_technical_problem_is_delegated_and_resolved(support):
    agent, text, events = await chat(support, "tec", "minha internet caiu de novo")
    assert agent == TECH and "Não há instabilidade" in text and "modem" in text
    assert [(e.agent, e.reason) for e in events if e.type == "agent"] == [
        (COORD, "start"),
        (TECH, "delegation"),
    ]
    agent, text, _ = await chat(support, "tec", "voltou a funcionar, obrigado")
    assert agent == TECH and "Que bom que deu certo" in text
    agent, text, _ = await chat(support, "tec", "valeu")
    assert agent == COORD and "Por nada" in text


async def test_refund_extracts_the_order_number(support):
    agent, text, events = await chat(support, "fin", "fui cobrado duas vezes no pedido 55555")
    assert agent == FIN
    start = next(e for e in events if e.type == "tool_start" and e.tool == "solicitar_reembolso")
    assert start.args["numero_pedido"] == "55555"
    assert "RB-" in text and "55555" in text


async def test_the_order_number_asked_for_is_taken_from_the_answer(support):
    """A refund asked without the order number: the tool asks for it, and the answer ("é o
    4471", four digits, no "pedido") completes that refund instead of starting a new topic."""
    _, text, _ = await chat(support, "fill", "quero o estorno do que cobraram a mais")
    assert "preciso do número do pedido" in text
    agent, text, events = await chat(support, "fill", "é o 4471")
    start = next(e for e in events if e.type == "tool_start" and e.tool == "solicitar_reembolso")
    assert agent == FIN and start.args["numero_pedido"] == "4471" and "RB-" in text
    # an answer with no number is a new message, classified as usual
    await chat(support, "fill2", "quero o estorno do que cobraram a mais")
    agent, text, _ = await chat(support, "fill2", "minha internet caiu")
    assert agent == TECH


async def test_an_order_that_did_not_arrive_is_not_refunded_unasked(support):
    """A "meu pedido não chegou" asks for nothing: the order number given next must not start a
    refund (the word "pedido" alone made it the refund intent, and "12345" completed it)."""
    for text in ("oi, meu pedido nao chegou", "12345"):
        _, _, events = await chat(support, "arrive", text)
        assert not [e for e in events if e.type == "tool_start" and e.tool == "solicitar_reembolso"]


async def test_venting_after_an_offer_opens_nothing(support):
    await chat(support, "vent", "estou farto dessa operadora")
    _, text, events = await chat(support, "vent", "isso é um absurdo")
    assert not [e for e in events if e.type == "tool_start" and e.tool == "abrir_chamado"]
    assert "chamado" in text and "quer que eu abra" in text


async def test_out_of_scope_goes_to_the_other_specialist_in_the_same_turn(support):
    await chat(support, "oos", "o aplicativo não abre")
    agent, text, events = await chat(support, "oos", "quero ver minha fatura")
    assert agent == FIN and "Sua fatura" in text and "R$" in text
    assert [(e.agent, e.reason) for e in events if e.type == "agent"] == [
        (TECH, "start"),
        (COORD, "return"),
        (FIN, "delegation"),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("meu wi-fi parou de funcionar", TECH),
        ("nao consigo entrar na minha conta", TECH),
        ("o app fica travando", TECH),
        ("a internet ta muito lenta hoje", TECH),
        ("quero o reembolso da compra", FIN),
        ("me cobraram um valor errado", FIN),
        ("preciso da segunda via do boleto", FIN),
        ("quanto está minha fatura?", FIN),
        ("olá, tudo bem?", COORD),
        ("muito obrigado!", COORD),
        ("vocês abrem no sábado?", COORD),
        ("quais planos vocês têm?", COORD),
        ("qual o preço da internet mais rápida?", COORD),  # the offer, not the own plan's price
        ("qual o preço do meu plano?", FIN),
        ("qual número eu ligo pra falar com vcs?", COORD),
        ("quero falar com um atendente de verdade", COORD),
    ],
)
async def test_offline_routing_of_unseen_paraphrases(support, text, expected):
    agent, answer, _ = await chat(support, f"route-{text}", text)
    assert agent == expected and answer


def test_support_is_listed():
    assert "support" in available_apps()


# -- issue 24: what customers actually type -------------------------------------------------

ISSUE_EXAMPLES = [
    ("a tv tá sem sinal em todos os canais", TECH),
    ("contratei 500 mega e chega 50", TECH),
    ("me cobraram uma taxa que não reconheço", FIN),
    ("dá pra pagar com cartão de crédito?", FIN),
    ("meu débito automático falhou", FIN),
    ("como cancelo meu plano?", FIN),
    ("boa noite, vc pode ver pq a net n ta funcionando???", TECH),
    ("qro a 2 via do boleto", FIN),
    ("vou me mudar, consigo levar a internet?", COORD),
]


@pytest.mark.parametrize(("text", "expected"), ISSUE_EXAMPLES)
async def test_issue_examples_reach_the_right_agent_without_nao_entendi(support, text, expected):
    agent, answer, _ = await chat(support, f"issue-{text}", text)
    assert agent == expected and answer
    assert "não entendi" not in answer.lower()


async def test_cancellation_goes_to_retention_and_is_confirmed(support):
    agent, text, events = await chat(support, "cancel", "quero cancelar meu plano")
    assert agent == FIN
    tools = [e.tool for e in events if e.type == "tool_start"]
    assert tools == ["request_specialist_sub_conversation", "consultar_contrato"]
    assert "desconto" in text and text.endswith("?")
    agent, text, events = await chat(support, "cancel", "sim")
    assert agent == FIN and "CN-" in text
    assert [e.tool for e in events if e.type == "tool_start"] == ["solicitar_cancelamento"]


async def test_a_question_outside_the_faq_offers_a_ticket_and_opens_it_on_yes(support):
    agent, text, events = await chat(support, "ticket", "vocês patrocinam eventos de skate?")
    assert agent == COORD and text.startswith("Não tenho essa informação")
    assert "chamado" in text and not [e for e in events if e.type == "tool_start"]
    agent, text, events = await chat(support, "ticket", "pode abrir sim")
    ends = [e for e in events if e.type == "tool_end" and e.tool == "abrir_chamado"]
    assert agent == COORD and len(ends) == 1 and ends[0].ok and "CH-" in text
    start = next(e for e in events if e.type == "tool_start")
    assert start.args == {
        "descricao": "vocês patrocinam eventos de skate?",
        "categoria": "atendimento",
    }


async def test_a_declined_offer_opens_nothing(support):
    await chat(support, "no-ticket", "vocês patrocinam eventos de skate?")
    agent, text, events = await chat(support, "no-ticket", "não, obrigado")
    assert agent == COORD and not [e for e in events if e.type == "tool_start"]
    assert text.startswith("Tudo bem")


async def test_the_clarifying_question_survives_a_restart(tmp_path):
    store = f"sqlite:///{tmp_path}/support.db"
    first = load_app("support", model="embedded", store=store)
    agent, text, _ = await chat(first, "clarify", "minha conta tá esquisita")
    assert agent == COORD and text.startswith("É sobre ") and text.endswith("?")
    assert "a segunda via da fatura" in text and "acesso ao aplicativo" in text
    await first.shutdown()
    second = load_app("support", model="embedded", store=store)
    agent, text, _ = await chat(second, "clarify", "é a fatura")
    assert agent == FIN and "Sua fatura" in text
    await second.shutdown()


def test_faq_search_uses_the_shared_nlu_and_says_when_it_has_nothing():
    from switchboard.apps.support.tools import NOT_FOUND, buscar_faq

    found = buscar_faq.fn(pergunta="vcs atendem no sabado?")
    assert found["encontrado"] and found["tema"] == "horario"
    assert buscar_faq.fn(pergunta="?", tema="debito_automatico")["tema"] == "debito_automatico"
    missing = buscar_faq.fn(pergunta="qual a cor do logotipo de vocês?")
    assert missing == {"encontrado": False, "resposta": NOT_FOUND, "oferta": "abrir_chamado"}


def test_a_theme_picked_on_a_shared_word_does_not_answer_an_uncovered_question():
    """The intent gives the theme, but the averaged opinion of the intent classifier and the
    FAQ retriever decides coverage: a neighbouring entry is not an answer."""
    from switchboard.apps.support.tools import NOT_FOUND, buscar_faq

    uncovered = buscar_faq.fn(
        pergunta="preciso de uma carta de quitação dos débitos do ano passado",
        tema="negociacao_divida",
    )
    assert uncovered == {"encontrado": False, "resposta": NOT_FOUND, "oferta": "abrir_chamado"}
    covered = buscar_faq.fn(
        pergunta="to com o nome sujo no serasa por conta de umas faturas, como resolvo?",
        tema="negociacao_divida",
    )
    assert covered["encontrado"] and covered["tema"] == "negociacao_divida"


async def test_an_uncovered_question_a_specialist_looks_up_offers_a_ticket_it_opens_on_yes(support):
    question = "preciso de uma carta de quitação dos débitos do ano passado"
    agent, text, _ = await chat(support, "fin-ticket", question)
    assert agent == FIN and text.startswith("Não tenho essa informação") and "chamado" in text
    agent, text, events = await chat(support, "fin-ticket", "sim, pode abrir")
    starts = [e for e in events if e.type == "tool_start"]
    assert agent == FIN and [e.tool for e in starts] == ["abrir_chamado"] and "CH-" in text
    assert starts[0].args == {"descricao": question, "categoria": "financeiro"}


async def test_a_covered_answer_offers_nothing(support):
    await chat(support, "no-offer", "quais os planos?")
    _, _, events = await chat(support, "no-offer", "sim")
    assert not [e for e in events if e.type == "tool_start" and e.tool == "abrir_chamado"]


@pytest.mark.parametrize(
    "question",
    ["quanto ta o plano de 500 mega?", "qual o valor da internet de 1 giga", "preço do plano 300"],
)
def test_a_price_question_about_a_plan_gets_the_prices_not_how_to_change_plan(question):
    from switchboard.apps.support.tools import buscar_faq

    assert buscar_faq.fn(pergunta=question)["tema"] == "planos"


async def test_a_question_about_visits_opens_no_ticket_and_a_human_is_offered(support):
    """A question about how visits work is answered with an offer, never a ticket nobody asked
    for; "quero falar com um humano" after that offer is a new request (the channels and an
    offer), not a yes."""
    agent, text, events = await chat(support, "visit-q", "minha net caiu")
    agent, text, events = await chat(support, "visit-q", "quanto tempo demora a visita técnica?")
    assert agent == TECH and "24 horas" in text and text.endswith("?")
    assert not [e for e in events if e.type == "tool_start" and e.tool == "abrir_chamado"]
    agent, text, events = await chat(support, "visit-q", "quero falar com um humano")
    assert "0800 000 0000" in text and "WhatsApp" in text
    assert not [e for e in events if e.type == "tool_start" and e.tool == "abrir_chamado"]
    agent, text, events = await chat(support, "visit-q", "sim")
    assert [e.tool for e in events if e.type == "tool_start"] == ["abrir_chamado"]


async def test_one_dispute_per_invoice_and_the_due_date_asked_is_answered(support):
    """The detail of a charge said after the dispute was registered opened a second dispute;
    "quando vence minha fatura?" was answered with how to change the due date."""
    _, first, _ = await chat(support, "dispute", "minha fatura veio com um valor que não reconheço")
    _, again, _ = await chat(support, "dispute", "foi cobrado 39,90 de um tal de premium")
    protocol = re.search(r"CT-\d+", first)
    assert protocol is not None and protocol.group() in again
    _, due, _ = await chat(support, "due", "quando vence minha fatura?")
    assert "vencimento no dia 10" in due


@pytest.mark.parametrize("question", ["quanto fica a multa?", "a multa é de quanto?"])
async def test_the_cancellation_fee_asked_is_answered_from_the_contract(support, question):
    """ "quanto fica a multa?" got a clarifying question about the invoice or the connection, and
    after the retention offer "e a multa?" got the billing fallback."""
    agent, text, events = await chat(support, f"fee-{question}", question)
    assert agent == FIN and "multa é de R$" in text
    assert "consultar_contrato" in [e.tool for e in events if e.type == "tool_start"]
    await chat(support, "fee-after-offer", "quero cancelar")
    agent, text, _ = await chat(support, "fee-after-offer", "e a multa?")
    assert agent == FIN and "multa é de R$" in text


async def test_asking_the_protocol_again_reads_it_back_and_opens_no_second_ticket(support):
    """ "qual o protocolo mesmo?" after a ticket was opened opened a second ticket (the word
    "protocolo" was a keyword of opening one); before any ticket it says none was opened."""
    _, first, _ = await chat(support, "proto-none", "qual o protocolo mesmo?")
    assert "ainda não abri nenhum chamado" in first
    await chat(support, "proto", "a internet ta lenta")
    _, opened, _ = await chat(support, "proto", "abre um chamado pra mim")
    protocol = re.search(r"CH-\d+", opened)
    assert protocol is not None
    for question in ("qual o protocolo mesmo?", "esqueci o número do chamado, qual era?"):
        _, text, events = await chat(support, "proto", question)
        assert f"protocolo do seu chamado é {protocol.group()}" in text
        assert not [e for e in events if e.type == "tool_start" and e.tool == "abrir_chamado"]


def _checked(events) -> list[str]:
    """The services whose status the turn checked."""
    return [
        e.args["servico"]
        for e in events
        if e.type == "tool_start" and e.tool == "verificar_status_servico"
    ]


async def test_two_problems_in_one_message_are_both_answered(support):
    """ "a TV tá sem sinal e a internet lenta" answered only the internet: each problem now gets
    its own status check and steps, in one answer."""
    agent, text, events = await chat(support, "two", "a TV tá sem sinal e a internet lenta")
    assert agent == TECH and sorted(_checked(events)) == ["internet", "tv"]
    assert "serviço de TV" in text and "decodificador" in text and "velocidade" in text
    _, text, events = await chat(
        support, "two-b", "o wifi nao pega no quarto e o telefone fixo ta mudo"
    )
    assert "roteador" in text and "porta TEL" in text
    _, text, events = await chat(support, "one", "oi, minha internet caiu")
    assert _checked(events) == ["internet"]


@pytest.mark.parametrize(
    "answer", ["já fiz tudo isso", "já tentei de tudo", "fiz tudo o que você falou e nada"]
)
async def test_having_tried_the_steps_opens_a_ticket(support, answer):
    """ "já fiz tudo isso" after the steps fell to the fallback, which asked again whether it was
    the internet, the TV or the phone."""
    session = f"tried-{answer}"
    await chat(support, session, "minha internet caiu")
    _, text, events = await chat(support, session, answer)
    assert [e.tool for e in events if e.type == "tool_start"] == ["abrir_chamado"]
    assert "Abri o chamado CH-" in text


async def test_when_the_technician_comes_after_a_ticket_names_it_and_offers_no_new_one(support):
    """Asked after a ticket was opened, "em quanto tempo vem o técnico?" offered to open one."""
    await chat(support, "visit-after", "minha internet caiu")
    _, opened, _ = await chat(support, "visit-after", "não resolveu")
    protocol = re.search(r"CH-\d+", opened)
    assert protocol is not None
    _, text, _ = await chat(support, "visit-after", "em quanto tempo vem o técnico?")
    assert protocol.group() in text and "24 horas" in text and not text.endswith("?")
    _, text, events = await chat(support, "visit-after", "sim")
    assert not [e for e in events if e.type == "tool_start" and e.tool == "abrir_chamado"]


async def test_a_request_for_the_other_specialist_is_said_to_come_next_and_then_answered(
    support,
):
    """ "quero a segunda via da fatura e minha internet ta lenta" answered the internet and
    dropped the invoice without a word; it is now said to come next, and asking for it gets it."""
    agent, text, _ = await chat(
        support, "cross", "quero a segunda via da fatura e minha internet ta lenta"
    )
    assert agent == TECH and text.startswith("Vamos por partes: a segunda via da fatura")
    assert "é só me pedir.\n\nNão há instabilidade" in text and "velocidade" in text
    agent, text, _ = await chat(support, "cross", "e a segunda via?")
    assert agent == FIN and "Sua fatura atual" in text


@pytest.mark.parametrize(
    "complaint",
    [
        "vocês são uma piada, pago caro e nada funciona",
        "to muito decepcionado com o atendimento de vcs",
    ],
)
async def test_venting_opens_nothing_unasked_and_a_yes_opens_the_ticket(support, complaint):
    """A complaint with no request opened a ticket with the technical team that nobody asked for;
    it is heard, asked what is wrong, and a ticket is only offered."""
    session = f"vent-{complaint}"
    _, text, events = await chat(support, session, complaint)
    assert not [e for e in events if e.type == "tool_start"]
    assert "frustração" in text and "quer que eu abra?" in text
    _, text, events = await chat(support, session, "sim")
    assert [e.tool for e in events if e.type == "tool_start"] == ["abrir_chamado"]


async def test_a_complaint_that_names_the_problem_goes_to_the_problem(support):
    _, text, events = await chat(
        support, "vent-concrete", "que descaso, fiquei sem internet a tarde toda"
    )
    assert "verificar_status_servico" in [e.tool for e in events if e.type == "tool_start"]
    assert "frustração" not in text


async def test_declining_the_discount_to_cancel_cancels(support):
    """A "não quero desconto, quero cancelar" answers the retention offer: it was read as a bare
    no ("Tudo bem!") and the cancellation the customer asked for twice was dropped."""
    await chat(support, "keep", "boa tarde, quero cancelar minha internet")
    _, text, events = await chat(support, "keep", "nao quero desconto, quero cancelar")
    assert [e.tool for e in events if e.type == "tool_start"] == ["solicitar_cancelamento"]
    assert "protocolo" in text


async def test_a_question_asked_again_after_an_offer_opens_nothing(support):
    await chat(support, "again", "vocês vendem seguro de celular?")
    _, _, events = await chat(support, "again", "mas vocês vendem seguro de celular?")
    assert not [e for e in events if e.type == "tool_start" and e.tool == "abrir_chamado"]


async def test_the_discount_declined_alone_asks_the_cancellation_again_and_applies_nothing(support):
    """ "dispenso o desconto" to "posso dar 30%… Quer mesmo seguir com o cancelamento?" declines
    the discount, not the cancellation: it was "Tudo bem!" (dropped), and without an offer
    pending the word "desconto" applied the discount the customer had just refused."""
    await chat(support, "refuse", "quero encerrar meu contrato")
    _, text, events = await chat(support, "refuse", "dispenso o desconto")
    tools = [e.tool for e in events if e.type == "tool_start"]
    assert "aplicar_oferta_retencao" not in tools and text.endswith("Confirma o cancelamento?")
    _, text, events = await chat(support, "refuse", "sim")
    assert [e.tool for e in events if e.type == "tool_start"] == ["solicitar_cancelamento"]
    _, text, events = await chat(support, "cold", "não quero oferta nenhuma")
    assert "aplicar_oferta_retencao" not in [e.tool for e in events if e.type == "tool_start"]


async def test_a_no_that_names_the_offered_ticket_opens_none(support):
    await chat(support, "no-call", "o wifi não pega no meu quarto")
    _, text, events = await chat(support, "no-call", "não quero chamado")
    assert not [e for e in events if e.type == "tool_start"] and text.startswith("Tudo bem")


@pytest.mark.parametrize("complaint", ["tá caro demais", "acho esse plano caro pra caramba"])
async def test_a_price_complaint_gets_the_price_and_how_to_pay_less(support, complaint):
    """It was a clarifying question between the internet's speed and the invoice."""
    _, text, events = await chat(support, f"price-{complaint}", complaint)
    assert "consultar_contrato" in [e.tool for e in events if e.type == "tool_start"]
    assert text.startswith("Seu plano custa R$") and "pagar menos" in text
