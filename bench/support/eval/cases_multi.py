# ruff: noqa: E501
"""Two- and three-turn conversations: (domain tag, turns). Each turn is a dict with `user`,
`intent`, `agent` (None = ambiguous, then `notes` says why), optional `ticket`, or `context`
for a turn that is not graded.

The agent expected on a later turn is the one that should hold the conversation then: a
specialist keeps the turn while the customer stays on its subject, and a change of subject goes
to the other specialist within the same turn (spec 000).
"""

TEC = "especialista_tecnico"
FIN = "especialista_financeiro"
AV = "assistente_virtual"


def t(user: str, intent: str, agent: str | None, **extra: object) -> dict[str, object]:
    return {"user": user, "intent": intent, "agent": agent, **extra}


def amb(user: str, intent: str, why: str, **extra: object) -> dict[str, object]:
    return {"user": user, "intent": intent, "agent": None, "notes": f"ambíguo: {why}", **extra}


AFTER = "depois de resolvido, o coordenador ou o especialista podem responder"

# One case per line, easier to review: the formatter leaves the list alone.
# fmt: off
MULTI: list[tuple[str, list[dict[str, object]]]] = [
    ("tecnico", [t("oi boa tarde", "saudacao", AV), t("minha internet ta caindo toda hora", "internet_instavel", TEC)]),
    ("cobranca", [t("ola", "saudacao", AV), t("preciso da segunda via", "segunda_via", FIN)]),
    ("tecnico", [t("internet lenta dms", "velocidade_baixa", TEC), t("ja reiniciei o roteador, continua igual", "velocidade_baixa", TEC)]),
    ("tecnico", [t("sem sinal na tv", "sem_sinal_tv", TEC), t("ja verifiquei os cabos, ta tudo ligado certinho", "sem_sinal_tv", TEC)]),
    ("tecnico", [t("minha net caiu", "sem_internet", TEC), t("aproveitando, quero mudar o vencimento da fatura", "vencimento", FIN)]),
    ("cobranca", [t("me cobraram um valor errado", "cobranca_indevida", FIN), t("e outra coisa, a internet tbm ta lenta", "velocidade_baixa", TEC)]),
    ("cancelamento", [t("quero cancelar", "cancelamento", FIN), t("nao quero desconto nenhum, quero cancelar mesmo", "confirmar_cancelamento", FIN)]),
    ("cancelamento", [t("quero cancelar minha internet", "cancelamento", FIN), t("qual seria a oferta pra eu ficar?", "retencao", FIN)]),
    ("sem_faq", [t("vcs emprestam modem 4g enquanto a fibra nao volta?", "modem_reserva", None, ticket=True, notes="ambíguo: pedido fora do FAQ, técnico ou atendimento geral"), amb("sim, pode abrir o chamado", "confirmar_chamado", "quem abre o chamado depende do turno anterior", ticket=True)]),
    ("visita", [t("bom dia", "saudacao", AV), t("quero agendar visita tecnica", "agendar_visita", TEC), t("pode ser de manha, qualquer dia da semana", "agendar_visita", TEC)]),
    ("cobranca", [t("paguei a fatura e ta bloqueado", "desbloqueio_pagamento", FIN), t("paguei ontem pelo pix", "desbloqueio_pagamento", FIN)]),
    ("tecnico", [t("o wifi nao alcança o quarto", "wifi_sinal", TEC), amb("obrigado, resolveu!", "agradecimento", AFTER)]),
    ("planos", [t("quero fazer upgrade", "upgrade_plano", AV), t("pra 1 giga, quanto fica?", "upgrade_plano", AV)]),
    ("mudanca", [t("vou me mudar mes que vem", "mudanca_endereco", AV), t("o endereço novo é em outra cidade, vcs atendem em Sorocaba?", "cobertura", AV)]),
    ("cobranca", [t("debito automatico nao caiu esse mes", "debito_automatico", FIN), t("o banco é o itau", "debito_automatico", FIN)]),
    ("tecnico", [t("telefone fixo mudo", "linha_telefonica", TEC), t("o numero é 11 3333-4444", "linha_telefonica", TEC)]),
    ("tecnico", [t("decodificador piscando luz vermelha", "decodificador", TEC), t("ja tirei da tomada", "decodificador", TEC), t("continua igual", "decodificador", TEC)]),
    ("cobranca", [t("fatura veio alta", "fatura_alta", FIN), t("veio 250 e normalmente é 120", "fatura_alta", FIN)]),
    ("tecnico", [t("oi", "saudacao", AV), t("to sem internet e sem tv", "sem_internet", TEC)]),
    ("cobranca", [t("quero receber a conta por email", "fatura_email", FIN), t("meu email é joao.silva82@gmail.com", "fatura_email", FIN)]),
    ("contrato", [t("minha fidelidade acaba quando?", "contrato_fidelidade", AV), amb("e se eu sair antes pago quanto?", "multa_fidelidade", "multa: FAQ de fidelidade ou cancelamento")]),
    ("tecnico", [t("a internet ta lenta", "velocidade_baixa", TEC), t("na verdade quero cancelar, cansei", "cancelamento", FIN)]),
    ("cancelamento", [t("quero cancelar a tv", "cancelamento", FIN), t("pq ela fica sem sinal toda hora", "sem_sinal_tv", None, notes="ambíguo: motivo do cancelamento (retenção) ou problema técnico")]),
    ("visita", [t("o tecnico nao veio", "visita_nao_compareceu", TEC), t("era pra vir ontem entre 8 e 12h", "visita_nao_compareceu", TEC), t("quero remarcar pra quinta", "remarcar_visita", TEC)]),
    ("geral", [t("boa noite", "saudacao", AV), t("qual o horario de atendimento de vcs?", "horario", AV)]),
    ("cobranca", [t("cobrança estranha na fatura", "cobranca_indevida", FIN), t("é um tal de servico de valor adicionado de 14,90", "cobranca_indevida", FIN), t("quero que tirem e devolvam o dinheiro", "estorno", FIN)]),
    ("tecnico", [t("esqueci a senha do wifi", "senha_wifi", TEC), t("e tbm quero mudar o nome da rede", "configuracao", TEC)]),
    ("sem_faq", [t("oi", "saudacao", AV), t("quero transferir a conta pro nome do meu pai", "titularidade", AV, ticket=True)]),
    ("planos", [t("quais os planos de vcs", "planos", AV), t("e tem fidelidade?", "contrato_fidelidade", AV)]),
    ("tecnico", [t("minha internet nao funciona", "sem_internet", TEC), t("a luz do pon ta apagada", "sem_internet", TEC), t("manda um tecnico entao", "agendar_visita", TEC)]),
    ("cobranca", [t("quais formas de pagamento vcs aceitam", "forma_pagamento", FIN), t("e no cartao de credito da pra parcelar?", "forma_pagamento", FIN)]),
    ("mudanca", [t("preciso mudar o endereço da minha instalacao", "mudanca_endereco", AV), t("quanto tempo demora pra instalar no endereço novo?", "mudanca_endereco", AV)]),
    ("cancelamento", [t("vou cancelar, a outra operadora é mais barata", "retencao", FIN), t("ta bom, aceito o desconto", "aceitar_oferta", FIN)]),
    ("tecnico", [t("nao consigo entrar no aplicativo", "app_login", TEC), t("fala que o cpf nao ta cadastrado", "app_login", TEC)]),
    ("cobranca", [t("olá, bom dia", "saudacao", AV), t("gostaria de alterar a data de vencimento das minhas faturas para o dia 20", "vencimento", FIN)]),
    ("tecnico", [t("canais da tv travando", "tv_canais", TEC), t("e a conta desse mes, ja fechou?", "segunda_via", FIN)]),
    ("sem_faq", [t("o tecnico deixou o cabo solto na parede da sala e minha cachorra mastigou", "dano_visita", None, ticket=True, notes="ambíguo: técnico ou atendimento geral"), amb("quero que venham arrumar e que vcs paguem o conserto", "dano_visita", "visita técnica ou ressarcimento", ticket=True)]),
    ("cobranca", [t("paguei duas vezes a mesma fatura", "cobranca_duplicada", FIN), t("como recebo de volta?", "estorno", FIN)]),
    ("tecnico", [t("internet oscilando", "internet_instavel", TEC), t("principalmente de noite, umas 20h", "internet_instavel", TEC), amb("valeu, vou testar aqui", "agradecimento", AFTER)]),
    ("geral", [t("preciso de ajuda", "ajuda_generica", AV), t("minha conta veio com cobrança de um canal que nao assinei", "cobranca_indevida", FIN)]),
    ("visita", [t("tenho uma visita tecnica marcada pra sexta", "visita_tecnica", TEC), t("quero cancelar ela, ja funcionou", "cancelar_visita", TEC)]),
    ("planos", [t("quero mudar meu plano", "troca_plano", None, notes="ambíguo: troca de plano (FAQ) ou retenção"), amb("quero um de 300 mega", "troca_plano", "depende de quem ficou com o turno anterior")]),
]
# fmt: on
