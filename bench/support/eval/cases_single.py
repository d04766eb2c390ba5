"""Single-turn messages: (domain tag, intent label, expected agent or None, message, extras).

Agent None = ambiguous between agents (the extras carry a `notes` saying why): only
"não entendi" is graded. `ticket: True` = a question the FAQ probably does not cover: the
answer should offer or open a ticket ("chamado"/"protocolo").
"""

TEC = "especialista_tecnico"
FIN = "especialista_financeiro"
AV = "assistente_virtual"
T = {"ticket": True}


def amb(why: str) -> dict[str, object]:
    return {"notes": f"ambíguo: {why}"}


SINGLE: list[tuple[str, str, str | None, str, dict[str, object]]] = [
    # --- tecnico: sem internet -------------------------------------------------------------
    ("tecnico", "sem_internet", TEC, "minha internet caiu", {}),
    ("tecnico", "sem_internet", TEC, "boa noite, estou sem internet desde ontem a noite, ja desliguei e liguei o modem e nada", {}),
    ("tecnico", "sem_internet", TEC, "net fora do ar de novo!!! 3 vez essa semana", {}),
    ("tecnico", "sem_internet", TEC, "sem net aqui", {}),
    ("tecnico", "sem_internet", TEC, "o modem ta com a luz vermelha piscando e nao navega", {}),
    ("tecnico", "sem_internet", TEC, "Olá, a internet parou de funcionar completamente hoje de manhã. Podem verificar, por favor?", {}),
    ("tecnico", "sem_internet", TEC, "cade minha internet? pago caro pra ficar sem", {}),
    ("tecnico", "sem_internet", TEC, "luz LOS acesa no roteador, oq isso significa", {}),
    ("tecnico", "sem_internet", TEC, "ta dando sem acesso a internet no celular e no pc", {}),
    ("tecnico", "sem_internet", TEC, "acabou a internete do nada aqui em casa", {}),
    ("tecnico", "sem_internet", TEC, "minha conexao nao volta de jeito nenhum, ja fiz tudo q o robo mandou e continua sem funcionar, to perdendo dinheiro pq trabalho em casa", {}),
    ("tecnico", "sem_internet", TEC, "tem manutenção na minha regiao? to sem internet desde as 14h", {}),
    ("tecnico", "sem_internet", TEC, "internet nao ta funsionando", {}),
    ("tecnico", "sem_internet", TEC, "BOA TARDE ESTOU SEM INTERNET HA DOIS DIAS E NINGUEM RESOLVE", {}),
    # --- tecnico: instavel ----------------------------------------------------------------
    ("tecnico", "internet_instavel", TEC, "a internet fica caindo toda hora", {}),
    ("tecnico", "internet_instavel", TEC, "conexao caindo de 10 em 10 minutos, impossivel trabalhar em home office", {}),
    ("tecnico", "internet_instavel", TEC, "net oscilando mt", {}),
    ("tecnico", "internet_instavel", TEC, "toda noite a internet cai e volta sozinha, o que pode ser?", {}),
    ("tecnico", "internet_instavel", TEC, "boa tarde! minha internet ta instavel, no meio das reunioes do teams ela desconecta", {}),
    ("tecnico", "internet_instavel", TEC, "caiu voltou caiu voltou, o dia inteiro assim", {}),
    ("tecnico", "internet_instavel", TEC, "jogando online o ping vai la em cima e a conexao cai", {}),
    ("tecnico", "internet_instavel", TEC, "a net desconecta sozinha umas 5x por dia", {}),
    # --- tecnico: velocidade --------------------------------------------------------------
    ("tecnico", "velocidade_baixa", TEC, "contratei 500 mega e chega 50", {}),
    ("tecnico", "velocidade_baixa", TEC, "internet mto lenta", {}),
    ("tecnico", "velocidade_baixa", TEC, "fiz o teste de velocidade e ta dando 8mbps, meu plano é de 300", {}),
    ("tecnico", "velocidade_baixa", TEC, "a net ta uma carroça, nao carrega nem video no youtube", {}),
    ("tecnico", "velocidade_baixa", TEC, "Bom dia, a velocidade da minha internet está bem abaixo do contratado. Como resolvo?", {}),
    ("tecnico", "velocidade_baixa", TEC, "download lentissimo desde que trocaram o roteador", {}),
    ("tecnico", "velocidade_baixa", TEC, "pq minha internet ta tao devagar a noite?", {}),
    ("tecnico", "velocidade_baixa", TEC, "so chega metade da velocidade mesmo no cabo", {}),
    ("tecnico", "velocidade_baixa", TEC, "netflix travando toda hora carregando, internet lerda demais", {}),
    # --- tecnico: wifi --------------------------------------------------------------------
    ("tecnico", "wifi_sinal", TEC, "o wifi nao pega no quarto", {}),
    ("tecnico", "wifi_sinal", TEC, "sinal do wi-fi fraco no segundo andar", {}),
    ("tecnico", "wifi_sinal", TEC, "meu celular conecta no wifi mas fala sem internet", {}),
    ("tecnico", "wifi_sinal", TEC, "a rede wifi sumiu, nao aparece mais na lista", {}),
    ("tecnico", "wifi_sinal", TEC, "o wifi cai qdo ligo o microondas kkkk serio", {}),
    ("tecnico", "wifi_sinal", TEC, "como faço pro wifi alcançar a casa toda? preciso de repetidor?", {}),
    ("tecnico", "senha_wifi", TEC, "esqueci a senha do wifi", {}),
    ("tecnico", "senha_wifi", TEC, "como troco a senha da minha rede wifi?", {}),
    ("tecnico", "senha_wifi", TEC, "quero mudar o nome da rede e a senha, como faz", {}),
    # --- tecnico: tv ----------------------------------------------------------------------
    ("tecnico", "sem_sinal_tv", TEC, "a tv tá sem sinal em todos os canais", {}),
    ("tecnico", "sem_sinal_tv", TEC, "tv aparecendo 'sem sinal' desde cedo", {}),
    ("tecnico", "sem_sinal_tv", TEC, "minha tv nao funciona, so tela preta", {}),
    ("tecnico", "sem_sinal_tv", TEC, "Boa noite, a TV está com a mensagem 'sinal fraco ou ausente'. O que devo fazer?", {}),
    ("tecnico", "sem_sinal_tv", TEC, "tv fora do ar aqui justo no dia do jogo, resolve isso ai", {}),
    ("tecnico", "tv_canais", TEC, "alguns canais sumiram da minha tv", {}),
    ("tecnico", "tv_canais", TEC, "o canal da globo ta travando e pixelando", {}),
    ("tecnico", "tv_canais", TEC, "os canais de filme estao pedindo senha, nunca pediram", {}),
    ("tecnico", "tv_canais", TEC, "perdi os canais HD", {}),
    ("tecnico", "decodificador", TEC, "o decodificador nao liga", {}),
    ("tecnico", "decodificador", TEC, "o controle do decodificador parou de funcionar, ja troquei a pilha", {}),
    ("tecnico", "decodificador", TEC, "aparece erro E-102 no decoder", {}),
    ("tecnico", "decodificador", TEC, "tv box travada na tela de carregamento", {}),
    ("tecnico", "decodificador", TEC, "o aparelho da tv fica reiniciando sozinho", {}),
    # --- tecnico: telefone ----------------------------------------------------------------
    ("tecnico", "linha_telefonica", TEC, "telefone fixo mudo", {}),
    ("tecnico", "linha_telefonica", TEC, "meu fixo nao da linha", {}),
    ("tecnico", "linha_telefonica", TEC, "consigo ligar mas nao recebo chamadas no fixo", {}),
    ("tecnico", "linha_telefonica", TEC, "ligação no telefone de casa com muito chiado", {}),
    ("tecnico", "linha_telefonica", TEC, "o telefone fixo ta sem tom de discagem desde a chuva de ontem", {}),
    # --- tecnico: app, equipamento, configuracao ------------------------------------------
    ("tecnico", "app_login", TEC, "nao consigo entrar no app", {}),
    ("tecnico", "app_login", TEC, "esqueci minha senha da area do cliente", {}),
    ("tecnico", "app_login", TEC, "o aplicativo fica dando erro ao fazer login", {}),
    ("tecnico", "app_login", TEC, "nao recebo o codigo por sms pra acessar o app", {}),
    ("tecnico", "equipamento", TEC, "o roteador queimou depois da queda de energia", {}),
    ("tecnico", "equipamento", TEC, "modem esquentando muito e desligando sozinho", {}),
    ("tecnico", "equipamento", TEC, "preciso trocar o roteador, ele é muito antigo e nao tem 5g", {}),
    ("tecnico", "configuracao", TEC, "como libero uma porta no roteador pra camera de segurança?", {}),
    ("tecnico", "configuracao", TEC, "como coloco o roteador em modo bridge", {}),
    ("tecnico", "configuracao", TEC, "quero separar a rede 5ghz da 2.4, como configura?", {}),
    # --- visita tecnica -------------------------------------------------------------------
    ("visita", "agendar_visita", TEC, "quero agendar um tecnico", {}),
    ("visita", "agendar_visita", TEC, "preciso de uma visita tecnica urgente", {}),
    ("visita", "visita_nao_compareceu", TEC, "o tecnico ficou de vir hoje e não apareceu, um absurdo, tirei o dia de folga pra isso", {}),
    ("visita", "remarcar_visita", TEC, "da pra remarcar a visita do tecnico pra sabado?", {}),
    ("visita", "cancelar_visita", TEC, "quero cancelar a visita tecnica agendada, o problema ja resolveu", {}),
    ("visita", "remarcar_visita", TEC, "Bom dia, gostaria de reagendar a visita técnica marcada para amanhã, pois não estarei em casa.", {}),
    ("visita", "agendar_visita", TEC, "manda alguem aqui arrumar essa internet pelo amor de deus", {}),
    ("visita", "custo_visita", None, "a visita do tecnico é cobrada?", amb("custo da visita: técnico ou financeiro")),
    ("visita", "agendar_visita", TEC, "o tecnico pode vir depois das 18h?", {}),
    # --- cobranca: indevida ---------------------------------------------------------------
    ("cobranca", "cobranca_indevida", FIN, "me cobraram uma taxa que não reconheço", {}),
    ("cobranca", "cobranca_indevida", FIN, "que cobrança é essa de R$ 29,90 na minha fatura?", {}),
    ("cobranca", "cobranca_indevida", FIN, "veio um servico adicional q eu nunca contratei", {}),
    ("cobranca", "cobranca_indevida", FIN, "fui cobrado duas vezes esse mes", {}),
    ("cobranca", "cobranca_indevida", FIN, "tem um tal de 'pacote premium' na minha conta, eu nao pedi isso", {}),
    ("cobranca", "cobranca_indevida", FIN, "Olá, identifiquei uma cobrança indevida na fatura de novembro. Como faço para contestar?", {}),
    ("cobranca", "cobranca_indevida", FIN, "cobrança de multa q nao sei de onde veio", {}),
    # --- cobranca: segunda via ------------------------------------------------------------
    ("cobranca", "segunda_via", FIN, "segunda via", {}),
    ("cobranca", "segunda_via", FIN, "preciso da 2 via do boleto", {}),
    ("cobranca", "segunda_via", FIN, "me manda o codigo de barras da fatura desse mes", {}),
    ("cobranca", "segunda_via", FIN, "como tiro a segunda via da conta?", {}),
    ("cobranca", "segunda_via", FIN, "perdi o boleto e vence hj", {}),
    ("cobranca", "segunda_via", FIN, "boa tarde, poderia me enviar a fatura atualizada? a minha venceu semana passada", {}),
    # --- cobranca: pagamento --------------------------------------------------------------
    ("cobranca", "forma_pagamento", FIN, "dá pra pagar com cartão de crédito?", {}),
    ("cobranca", "forma_pagamento", FIN, "aceita pix?", {}),
    ("cobranca", "forma_pagamento", FIN, "quais as formas de pagamento", {}),
    ("cobranca", "forma_pagamento", FIN, "posso pagar a fatura na loterica?", {}),
    ("cobranca", "debito_automatico", FIN, "meu débito automático falhou", {}),
    ("cobranca", "debito_automatico", FIN, "o debito automatico nao foi descontado e agora ta em atraso", {}),
    ("cobranca", "debito_automatico", FIN, "como cadastro debito automatico no meu banco?", {}),
    ("cobranca", "debito_automatico", FIN, "quero tirar o debito automatico", {}),
    ("cobranca", "debito_automatico", FIN, "mudei de banco, como transfiro o debito em conta", {}),
    # --- cobranca: fatura por e-mail, vencimento -------------------------------------------
    ("cobranca", "fatura_email", FIN, "quero receber a fatura por email", {}),
    ("cobranca", "fatura_email", FIN, "parei de receber a conta no e-mail", {}),
    ("cobranca", "fatura_email", FIN, "como mudo o email que recebe a fatura?", {}),
    ("cobranca", "fatura_email", FIN, "não quero mais fatura de papel, só digital", {}),
    ("cobranca", "vencimento", FIN, "quero mudar a data de vencimento", {}),
    ("cobranca", "vencimento", FIN, "da pra passar o vencimento pro dia 10? so recebo dia 5", {}),
    ("cobranca", "vencimento", FIN, "qual o dia de vencimento da minha fatura?", {}),
]
