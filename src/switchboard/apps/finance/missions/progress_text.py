"""pt-BR status lines for a mission's bus traffic (what the user watching the chat reads).

`describe_request` words a request ("Consultando cotações da PETR4…", "Simulando
financiamento…"); `notice_text` words the bus notices the user should know about. Both are
given to `sessions.progress.watch_bus`. Lines never name agents or technical terms: the user
sees what is being done, not who does it.
"""

from __future__ import annotations

from switchboard.bus import Message, Notice, NoticeKind

_INDEX = {
    "selic": "a taxa Selic",
    "cdi": "a taxa do CDI",
    "ipca": "a inflação (IPCA)",
    "ibovespa": "o Ibovespa",
    "dolar": "a cotação do dólar",
}
_OPS = {
    "simular_financiamento": "Simulando financiamento…",
    "comparar_financiar_poupar": "Comparando financiar e poupar…",
    "juros_compostos": "Projetando rendimentos…",
    "aposentadoria": "Calculando o capital para a aposentadoria…",
    "simular_alocacao": "Simulando a nova alocação da carteira…",
    "consultar_dados": "Consultando seus dados financeiros…",
    "executar_missao": "Analisando sua pergunta…",
    "analisar_financiamento": "Calculando as parcelas do financiamento…",
    "comparar_investimentos": "Comparando as aplicações, já com o imposto de renda…",
    "analisar_dividas": "Calculando as dívidas…",
    "planejar_meta": "Calculando a sua meta…",
    "planejar_aposentadoria": "Calculando a sua aposentadoria…",
    "comprar_ou_alugar": "Comparando comprar e alugar…",
    "reserva_emergencia": "Calculando a reserva com as suas despesas…",
    "diagnosticar_gastos": "Analisando seus gastos por categoria…",
}
_SPECIALTY = {
    "investimentos": "investimentos",
    "planejamento": "planejamento financeiro",
    "analise_financeira_pessoal": "análise do seu orçamento",
}


def describe_request(message: Message) -> str | None:
    op = message.operation or ""
    params = message.payload.parameters
    ticker = str(params.get("ticker", "")).upper()
    if op == "cotacao":
        return f"Consultando cotações da {ticker}…"
    if op == "dados_fundamentalistas":
        return f"Buscando os indicadores da {ticker}…"
    if op == "indice":
        return f"Consultando {_INDEX.get(str(params.get('nome')), 'indicadores de mercado')}…"
    if op == "noticias":
        return f"Lendo notícias recentes sobre {params.get('consulta', 'o mercado')}…"
    if op == "consultar_coordenador":
        return f"Aprofundando a parte de {_SPECIALTY.get(message.recipient, 'finanças')}…"
    return _OPS.get(op)


def notice_text(notice: Notice) -> str | None:
    if notice.kind is NoticeKind.FALLBACK_USED:
        return "Uma fonte de dados não respondeu; usando uma alternativa…"
    if notice.kind is NoticeKind.BUDGET_EXHAUSTED:
        return "Finalizando com os dados já reunidos…"
    if notice.kind is NoticeKind.CONSOLIDATE_PARTIAL:
        return "O tempo está acabando: reunindo o que já foi analisado…"
    return None


__all__ = ["describe_request", "notice_text"]
