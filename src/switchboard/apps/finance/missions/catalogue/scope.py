"""What the offline assistant says when a question is outside its catalogue: plainly what it
cannot analyse without a hosted model (and why), then what it can do — never a generic
template with the user's surplus and "priorize a quitação das dívidas"."""

from __future__ import annotations

from switchboard.patterns import Draft

CAN_DO = (
    "O que eu consigo fazer aqui, com os seus números: comparar financiamentos pelo Price e "
    "pelo SAC; comparar CDB, LCI/LCA, Tesouro e poupança já descontando o IR; planejar a "
    "quitação de dívidas (rotativo, cheque especial, consignado, portabilidade, uso do 13º); "
    "calcular quanto guardar por mês para uma meta ou para a aposentadoria; comparar comprar e "
    "alugar; calcular a sua reserva de emergência; montar um orçamento com a sua renda (regra "
    "50/30/20); e fazer um diagnóstico dos seus gastos por categoria com cortes concretos."
)

CANNOT: dict[str, str] = {
    "previsao": (
        "Não consigo prever preços (de ações, do dólar ou de qualquer ativo): ninguém consegue "
        "prever com segurança o que o mercado vai fazer, e aqui estou offline, sem cotações ao "
        "vivo e sem um modelo hospedado para analisar notícias."
    ),
    "declaracao_ir": (
        "Não consigo orientar a declaração do imposto de renda (fichas, códigos, regras de "
        "cada bem) sem um modelo hospedado: a fonte oficial é o programa e as perguntas e "
        "respostas da Receita Federal, e um contador pode conferir o seu caso."
    ),
    "derivativos": (
        "Não consigo montar estratégias com opções ou outros derivativos: elas dependem de "
        "cotações ao vivo, volatilidade e prazos de vencimento que não tenho offline, nem um "
        "modelo hospedado para analisá-las."
    ),
    "cripto": (
        "Não consigo analisar criptomoedas offline: não tenho cotações ao vivo nem um modelo "
        "hospedado para avaliá-las."
    ),
    "fii": (
        "Não consigo indicar fundos imobiliários específicos: escolher um fundo exige dados ao "
        "vivo (vacância, dividendos, preço sobre valor patrimonial) que não tenho offline, e "
        "uma análise que não faço sem um modelo hospedado."
    ),
    "escolha_ativo": (
        "Não consigo indicar qual ação ou fundo comprar: não tenho cotações ao vivo (estou "
        "offline) e escolher um ativo exige uma análise que não faço sem um modelo hospedado."
    ),
    "cambio": (
        "Não consigo dizer se é hora de comprar dólar nem prever a cotação: ninguém consegue "
        "prever o câmbio com segurança, e aqui estou offline, sem cotações ao vivo."
    ),
    "consorcio": (
        "Não consigo analisar consórcio offline: o custo dele depende da taxa de "
        "administração, do fundo de reserva, do reajuste da carta e de quando você seria "
        "contemplado, e não tenho um modelo hospedado para montar essa comparação. Se quiser, "
        "comparo com um financiamento (me diga valor, taxa e prazo) ou calculo quanto guardar "
        "por mês para comprar à vista."
    ),
    "seguro": (
        "Não consigo avaliar se um seguro ou plano de saúde compensa: isso depende da cobertura, "
        "da franquia e do seu risco, que não tenho como analisar offline sem um modelo "
        "hospedado."
    ),
    "fgts": (
        "Não consigo analisar o saque-aniversário ou outras regras do FGTS offline: o valor "
        "depende do seu saldo, da tabela de alíquotas da Caixa e do bloqueio no saque-rescisão, "
        "e não tenho um modelo hospedado para isso; a fonte oficial é o app FGTS da Caixa."
    ),
    "empresa": (
        "Não consigo orientar impostos e regras de empresa (MEI, Simples, pró-labore, notas) "
        "offline, sem um modelo hospedado: um contador ou o Portal do Empreendedor são as "
        "fontes certas."
    ),
    "heranca": (
        "Não consigo orientar herança, inventário ou partilha: são questões jurídicas que "
        "dependem do seu caso e de um advogado, e aqui estou offline, sem um modelo hospedado."
    ),
    "acoes": (
        "Não consigo avaliar se ações valem a pena para você nem indicar quais comprar: isso "
        "depende do seu prazo, do risco que aceita e de cotações ao vivo que não tenho offline, "
        "e de uma análise que não faço sem um modelo hospedado."
    ),
    "geral": (
        "Essa análise eu não consigo fazer aqui: estou funcionando offline, sem um modelo "
        "hospedado, e a pergunta não é um dos cálculos que sei fazer com os seus números. Se "
        "ela envolve um dos cálculos abaixo, me mande os números (valor, taxa, prazo) que eu "
        "faço a conta."
    ),
}


def write(topic: str, draft: Draft) -> None:
    draft.lead.append(CANNOT.get(topic, CANNOT["geral"]))
    draft.main.append(CAN_DO)
    if topic in ("previsao", "cambio", "escolha_ativo", "fii", "acoes"):
        draft.recommendations.append(
            "Para decisões de investimento, defina antes o prazo e o risco que aceita; para "
            "dinheiro de curto prazo, a renda fixa pós-fixada (Tesouro Selic, CDB de 100% do "
            "CDI) evita depender do humor do mercado."
        )


__all__ = ["CANNOT", "CAN_DO", "write"]
