"""Junior's complexity cues (rule 2 of `rules`): the words that make a message ask for analysis,
advice, a plan, a diagnosis or a what-if, whatever else it carries. Its own module because the
list is long: `rules` reads it first and stays a list of the other shapes. `word_pattern` is the
whole-word alternation both `rules` and `intent` build their word lists with."""

from __future__ import annotations

import re

VERB = r"\w+(?:ar|er|ir|or)(?:-?(?:me|se|lo|la))?(?!\w)"
"""An infinitive: "devo investir", "posso comprar" ask for advice; "devo do sofá", "posso no
crédito" (a repaired typo) do not."""


def word_pattern(*groups: str) -> re.Pattern[str]:
    """One pattern matching any of `groups` as whole words (no letter or digit on either side;
    unlike `\\b` this also works for alternatives that end in "?" or "/")."""
    return re.compile(r"(?<!\w)(?:" + "|".join(groups) + r")(?!\w)")


COMPLEXITY = word_pattern(
    r"vale (?:a|mais a|mesmo a) pena",
    # a budget rule applied to the user's income ("como fica no 50 30 20?")
    r"50\s*(?:[/ -]|%\s*)\s*30\s*(?:[/ -]|%\s*)\s*20%?",
    r"vale (?:comprar|vender|investir|trocar|pagar|quitar|financiar|esperar|resgatar|aplicar)",
    r"compar[ae]\w*",
    r"simul[ae]\w*",
    r"valendo a pena",
    r"faz (?:algum )?sentido",
    r"compensa",
    r"devo (?:eu )?(?!lancar|registrar|anotar|ter (?:gast|pag|compr|torr|receb))" + VERB,
    r"(?<!quanto )(?<!quanto eu )devo\?",  # "compro ou não, devo?" but not "quanto devo?"
    r"o que (?:eu )?devo",
    r"deveria",
    r"deveriamos",
    r"devemos",
    r"recomend\w*",
    r"me indica",
    r"sugere",
    r"sugest\w*",
    r"dicas?",
    r"anali[sz]\w*",
    r"diagnostic\w*",
    r"planej\w*",
    # "sem contar o plano", "tirando o plano": the health plan left out of a total, no plan
    r"(?<!contar )(?<!conta )(?<!tirando )(?<!fora )(?<!exceto )(?<!excluindo )(?<!descontando )"
    r"(?:um|o|meu|de) plano(?! de saude)(?!\s+(?:me|de\s+celular|do\s+celular|odontologico|pagou"
    r"|reembols\w*|ressarc\w*|cobrou|venceu|vence|vai))",
    r"estrateg\w*",
    r"otimiz\w*",
    r"melhor\w*",
    r"por ?que",
    r"porq",
    r"pq",
    r"e se",
    r"se eu",
    # a choice between two things to do with money ("pago o cartão ou invisto?"): advice
    r"ou (?:invisto|investir|aplico|aplicar|guardo|guardar|poupo|poupar|quito|quitar|amortizo"
    r"|amortizar|financio|financiar|alugo|alugar|resgato|resgatar|pago|pagar|parcelo|parcelar)"
    r"(?= [^?]*\?|\?)",
    # the tax on some money ("vendi ações com lucro de 3 mil, quanto pago de IR?"): analysis
    r"(?:quanto|qto|qnto)\s+(?:eu\s+)?(?:pago|pagaria|vou pagar|vo pagar|tenho que pagar"
    r"|devo pagar|preciso pagar|pagarei|vai dar|da|fica)\s+(?:de|do|em)\s+(?:ir|irpf|imposto"
    r"|darf)",
    r"quanto (?:de|do) (?:ir|irpf|imposto)",
    r"(?:preciso|tenho que|devo|precisa|tem que|e obrigatorio)\s+declarar",
    r"(?:paga|pago|incide|tem|cobra|cobram)\s+(?:ir|irpf|imposto(?: de renda)?)\s*\?",
    r"me ajud[ae] a",
    r"me ajuda com",
    r"consigo (?!ver|lancar|registrar|usar)",
    r"da pra (?:eu |mim )?(?!lancar|registrar|anotar|usar|falar)" + VERB,
    r"posso (?:eu )?(?!lancar|registrar|anotar|usar|confiar|falar|mandar|perguntar)" + VERB,
    r"suficiente",
    r"saudavel",
    r"caminho certo",
    r"exager\w*",
    r"(?:gast\w*|gasto|gastos) (?:\w+ )?demais",
    r"e (?:muito|mt|mto|demais|caro|pouco|normal|alto|alta)",
    r"(?:ta|esta|tou|to|estou|fica|ficou) (?:\w+ )?(?:dentro d[oa] (?:normal|media|esperado)"
    r"|acima d[oa] (?:normal|media)|razoavel|aceitavel|caro|salgado|puxado|alto|alta)",
    r"dentro do normal",
    r"o que (?:eu )?(?:faco|fazer|faço)",
    r"o que (?:voce|vc) acha",
    r"(?:voce|vc|ce|tu) acha",
    r"o que e",
    r"o que sao",
    r"como funciona (?!(?:o |esse |este )?(?:app|aplicativo|sistema|isso|aqui|voce|vc|junior))"
    r"\w+",
    r"diferenca",
    r"aposent\w*",
    # a safe-withdrawal rule: the capital a monthly income needs ("pela regra dos 4%")
    r"regra d[oe]s? \d+(?:[.,]\d+)? ?(?:%|por cento)",
    r"(?:retirada|saque)s? segur[oa]s?",
    r"parar de trabalhar",
    r"renda passiva",
    r"ficar rico",
    r"quanto tempo",
    r"pra juntar",
    r"para juntar",
    r"juntar \d",
    r"quanto preciso",
    r"preciso de mais",
    r"preciso de seguro",
    r"avali\w*",
    r"hora de (?:comprar|vender|investir)",
    r"boa hora",
    r"renegoci\w*",
    r"negoci\w* (?:minhas|as|a|meus|os) (?:dividas?|debitos?|emprestimos?)",
    r"vai (?:cair|subir)(?! (?:dia|no dia|amanha|hoje|na conta|semana|mes|segunda|terca|quarta"
    r"|quinta|sexta|sabado|domingo|em \d|ate|\d))",
    r"(?:dolar|euro|bolsa|selic|juros?|acao|acoes|ibovespa|bitcoin|cripto|inflacao|precos?|taxa)"
    r" (?:\w+ )?vai (?:cair|subir|baixar)",
    r"socorro",
    r"endividad\w*",
    r"(?:estou|to|tou|vivo|sempre|fico|ficando|entrando) no vermelho",
    r"diversific\w*",
    r"como (?:posso|faco|faço|fazer|devo|eu (?!falo|uso|apago|mudo|vejo|cadastro)|melhorar|"
    r"reduzir|economizar|investir|sair|"
    r"organizar|montar|juntar|comeco|comecar|aumentar|proteger|parar|planejo|negocio|"
    r"dividir|controlar|gastar|guardar|poupar|usar|me|saio|quito|invisto|economizo|junto|organizo|"
    r"reduzo|corto|guardo|poupo|monto|planejo|aplico|renegocio)",
    r"ideal",
    r"ideais",
    r"onde (?:posso|devo|invisto|investir|aplicar|aplico|cortar|corto|estou errando|to errando)",
    r"onde (?:eu )?(?:posso |devo |da pra |consigo |dava pra )?(?:cortar|corto|economizo|economizar"
    r"|reduzo|reduzir|enxugo|enxugar|apertar|aperto)",
    r"ta bom\?",
    r"esta bom\?",
    r"to bem\?",
    r"seguros?\?",
    r"alocacao",
    r"carteira",
    r"fiz besteira",
    r"o que aconteceu",
    r"e (?:uma )?boa",
    r"seria",
    r"se (?:eu )?(?:investir|aplicar|guardar|poupar|cortar|juntar|economizar|pagar|comprar|vender|"
    r"trocar|financiar|parcelar|quitar|largar|sair)",
    r"investindo certo",
    r"gastando (?:muito|mt|mto|demais|mais|bem|mal|tanto)",
    r"(?:bons|mais|melhores) dividendos",
    r"p/?l",
    r"dividend yield",
    r"roe",
    r"valuation",
    r"fundamentos",
    r"prepar\w*",
    r"financeiramente",
    r"rendendo (?:bem|pouco|mal)",
    r"rende mais",
    r"impacto",
    r"o que fazer",
    r"o que faco",
    r"nao sei o que",
    r"concentrad\w*",
    r"perfil (?:conservador|moderado|arrojado)",
    r"da pra mim",
    r"por onde",
    r"(?:cortar|reduzir|diminuir|controlar) (?:os |meus |minhas )?(?:gastos|despesas|custos)",
    r"(?:altos?|altas?|caros?|grandes?) demais",
    r"(?:estao|esta|ta|tao|sao) (?:muito |bem )?(?:altos?|altas?|caros?|elevad\w*)",
    r"quanto (?:eu )?(?:deveria|devo|preciso|tenho que) "
    r"(?:ter|guardar|investir|gastar|poupar|juntar)",
    r"quanto de (?:reserva|dinheiro|grana) (?:eu )?(?:preciso|deveria|devo|tenho que)",
    r"reserva (?:de )?(?:emergencia )?(?:de )?quant\w*",
    r"\d+ meses de reserva",
    r"de quanto (?:deve|deveria|precisa|tem que|teria que) ser",
    r"reserva (?:de emergencia )?(?:deve|deveria|precisa|tem que|teria que) ser",
    r"reserva (?:de emergencia )?de (?:\d+|um|uma|dois|tres|seis|doze) (?:mes(?:es)?|anos?)\b",
    r"(?:colchao|fundo) (?:de|pra|para) emergencia",
    r"reserva (?:\w+ ){0,5}(?:\d+|um|uma|seis|doze) (?:mes(?:es)?|anos?) d[aeo]s? "
    r"(?:meus |minhas )?(?:gastos|despesas|custos?)\b",
    r"poderia (?:cortar|reduzir|economizar|diminuir)",
    r"quant[oa]s? ?(?:%|por cento) d[oa]s?(?! (?:meu |meus |minha |minhas |total )?"
    r"(?:gasto|gastos|despesa|despesas|que (?:eu )?gastei|que (?:eu )?gasto)\b"
    # the share of the income a spending took ("quantos por cento do meu salário foi pro
    # condomínio?"): a ledger share; "…do salário devo guardar?" stays advice
    r"| (?:meu |minha |o |a )?(?:salario|renda|receita) (?:(?:que |eu )+)?(?:vai|foi|vao|foram"
    r"|gastei|gasto|paguei|pago|sai|saiu|(?:ta|esta) indo) (?:pro|pra|para|com|no|na|em|de)\b)",
    r"(?:quero|preciso|vou) (?:\w+ ){0,2}reserva (?:de )?emergen\w*",
    r"(?:gastos?|despesas?) (?:\w+ ){0,3}(?:cortar|reduzir|diminuir|enxugar)",
    r"quanto (?:eu )?(?:vou|vai|iria|irei|vou ter que|teria que) pagar (?:de |em )?juros",
    r"quanto (?:de |em )?juros (?:eu )?(?:vou|vai|iria|irei) pagar",
)
