"""Which catalogue kind a folded pt-BR question is, and which topics no kind covers offline.

Classification reads cue words (whole words, folded text), most specific kind first: a
diagnosis, an emergency fund, buy vs rent, retirement, debts, a saving goal, investments,
financing.
"""

from __future__ import annotations

import re

from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind
from switchboard.apps.finance.missions.catalogue.read_investments import (
    GROW_TO,
    MULTIPLY,
    TWO_OPTIONS,
)
from switchboard.apps.finance.missions.catalogue.read_investments import WHEN as _WHEN
from switchboard.apps.finance.missions.catalogue.reading import (
    END_BALANCE_ASKED,
    PAID_INSTALMENTS,
    has,
)
from switchboard.apps.finance.nlu.payoff import asks_payoff_time
from switchboard.apps.finance.nlu.text import fold

# ---------------------------------------------------------------- scope and kind

OUT_OF_SCOPE: tuple[tuple[str, str], ...] = (
    (
        r"\bvai (?:subir|cair|valorizar|desvalorizar|estar|ta|ficar|bombar)\b|\bprevis|\bprever\b"
        r"|\bamanha\b|\bespera cair\b|\bquanto vai (?:estar|ta|ficar|valer)\b",
        "previsao",
    ),
    (r"\bdeclar\w*\b.*\b(?:imposto|ir|irpf|receita)\b|\bdarf\b|\bficha\b", "declaracao_ir"),
    (
        # "opção" as a choice ("cada opção", "a melhor opção") is not an options contract
        r"(?<!cada )(?<!qual )(?<!melhor )(?<!outra )(?<!duas )(?<!essa )(?<!esta )(?<!uma )"
        r"(?<!ambas )(?<!as )(?<!das )(?<!a )(?<!da )(?<!na )\bopc(?:oes|ao)\b"
        r"|\btravas? de (?:alta|baixa)\b|\bderivativ\w*|\bcall\b|\bput\b"
        r"|\bmini ?indice\b|\bday ?trade\b|\bmercado futuro\b",
        "derivativos",
    ),
    (r"\bbitcoin\b|\bcripto\w*|\bbtc\b|\bethereum\b", "cripto"),
    (r"\bfundos? imobiliarios?\b|\bfiis?\b", "fii"),
    (
        r"\bmelhor (?:acao|acoes|fundo|investimento|banco|corretora)\b|\bqual acao\b"
        r"|\bquais acoes\b|\bqual (?:banco|corretora)\b|\bmelhor (?:cdb|lci|lca)\b(?!.*\d ?%)",
        "escolha_ativo",
    ),
    (r"\b(?:dolar|euro)\b.*\b(?:comprar|vender|agora)\b|\bcomprar (?:dolar|euro)\b", "cambio"),
)
"""Topics no catalogue kind covers offline, by pattern (folded text)."""


_MARKET_ASSET = (
    r"\b(?:acao|acoes|dolar|euro|bolsa|ibovespa|bitcoin|cripto\w*|petr4|vale3|itub4|fii|fiis)\b"
)


def out_of_scope(text: str) -> str | None:
    """The out-of-catalogue topic of a question (previsão, declaração de IR, …), or None."""
    folded = fold(text)
    own_rate = has(folded, r"\d\s*(?:%|por cento)") and not has(folded, _MARKET_ASSET)
    for pattern, topic in OUT_OF_SCOPE:
        if topic == "previsao" and own_rate:
            continue  # "quanto vai estar daqui 3 meses a 12,5% a.m.": the user's own computation
        if has(folded, pattern):
            return topic
    return None


_DIAGNOSIS = (
    r"\banalis\w* (?:completa )?(?:d[ao]s? )?(?:minhas? |meus )?(?:financas|situacao financeira)\b"
    r"|\bcort(?:ar|o|e|es)\b|\bpesam\b|\bdiagnost\w*|\bonde (?:eu )?(?:mais )?gast\w*"
    r"|\bonde (?:eu )?(?:estou|to|tou|ando|ta|esta|tenho|vivo) (?:\w+ )?gast\w*"
    r"|\bgastando (?:demais|muito|mais do que|mal)\b|\bgasto (?:demais|muito)\b"
    r"|\bcomo (?:eu )?(?:posso |consigo )?(?:reduz\w*|cort\w*|diminu\w*|gastar menos)\b"
    r"(?! (?:\w+ )?(?:juros|taxa|parcela|prazo|divida|financiamento|emprestimo))"
    r"|\b(?:pra|para) onde (?:\w+ ){0,2}(?:vai|vao|indo|foi|foram) (?:o |os )?(?:meu |meus )?"
    r"(?:dinheiro|salario|grana)\b"
    r"|\bentender (?:os )?meus gastos\b|\banalis\w* (?:os |meus )*(?:gastos|despesas)\b"
    r"|\bonde (?:eu )?(?:posso |da pra |consigo |devo )?(?:economiz\w*|cort\w*|reduz\w*"
    r"|enxug\w*|gastar menos|gasto menos)\b"
    r"|\banalis\w* (?:o mes|(?:janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro"
    r"|outubro|novembro|dezembro))\b|\bno vermelho\b.*\b(?:analis|cort)"
)
_DIAGNOSIS += (
    r"|\borganiz\w* (?:a |as |minhas? |meus |o |os )*(?:vida financeira|financas|contas|gastos"
    r"|orcamento|dinheiro)\b"
)
BUDGET = (
    r"\b(?:montar|monta|fazer|faz|faco|criar|cria|planejar|ter) (?:um |uma |o |meu |minha )?"
    r"(?:orcamento|planejamento (?:financeiro|do mes|mensal))\b"
    r"|\bcomo (?:eu )?(?:devo |posso |faco pra |faco para |consigo )?(?:divid\w*|distribu\w*"
    r"|separ\w*|organiz\w*|planej\w*) (?:o |a |meu |minha )?(?:salario|renda|dinheiro|grana)\b"
    r"|\b50[ /-]30[ /-]20\b|\borcamento (?:mensal|do mes|pessoal|familiar|domestico)\b"
)
"""A budget asked ("me ajuda a montar um orçamento, ganho 3.500", "como divido meu salário?"):
the diagnosis, with the 50/30/20 guideline over the income the user states."""
_DIAGNOSIS += "|" + BUDGET
_DIAGNOSIS += (
    # "quero parar de gastar 400 por mês com bar, me ajuda a montar um plano?": the spending and
    # its cuts
    r"|\b(?:parar|deixar|para|deixa) de (?:gastar|torrar|pedir|comprar)\b"
    r"|\bplano (?:pra|para) (?:gastar menos|economizar|cortar|reduzir)\b"
)
_RESERVE = r"\breserva (?:de )?emergen\w*|\breserva emergencial\b|\bfundo de emergencia\b"
_RESERVE += r"|\bcolchao financeiro\b|\bmeses de reserva\b|\breserva de \d+ (?:mes(?:es)?|anos?)\b"
_RESERVE += r"|\b(?:colchao|fundo) (?:de|pra|para) emergencia\b|\breserva de (?:um|uma|1) ano\b"
_RESERVE += r"|\breserva (?:ideal|minima|certa|recomendada|adequada)\b|\bquanto de reserva\b"
_RESERVE += r"|\bqual (?:a |o valor da )?reserva\b|\btamanho da (?:minha )?reserva\b"
_RESERVE += r"|\breserva de quant\w*|\bmontar (?:uma |a |minha )?reserva\b"
_RESERVE += r"|\breserva (?:de emergencia )?(?:deve|deveria|precisa|tem que) ser\b"
_RESERVE += r"|\b(?:deve|deveria|precisa|tem que) ser (?:a |minha |uma )?reserva\b"
_RESERVE += r"|\bquant\w* (?:\w+ )?de reserva\b"
_RESERVE += r"|\b(?:guardad\w*|separad\w*|dinheiro|grana|colchao) (?:de|para|pra) emergencia"
WITHDRAWAL_RULE = (
    r"\b(?:regra d[oe]s?|(?:taxa de )?(?:retirada|saque)s? (?:segur[oa]s? )?(?:anua(?:l|is) )?"
    r"(?:segur[oa]s? )?de) \d+(?:[.,]\d+)? ?(?:%|por cento)"
)
"""A safe-withdrawal rule ("regra dos 4%", "retirada segura de 3,5%"): the capital a monthly
income needs, a retirement question whatever else it says."""
_RENT = r"\balug\w*|\bassin(?:ar|atura)\b"
_BUY = r"\bcompr\w*|\bfinanc(?!eir|as\b)\w*|\ba vista\b"
_RETIRE = (
    r"\baposent\w*|\brenda passiva\b|\bviv(?:er|endo) de renda\b|\bindependencia financeira\b"
    r"|\bdinheiro dura\b|\bdura quantos\b|\bsacando\b|\b(?:rendimento|a\.?m\.?|ao mes) real\b"
    r"|\bprevidencia\b|\bpgbl\b|\bvgbl\b|\bdura (?:quanto|por quanto)|\bdura ate (?:quant|que)\w*"
    r"|\brenda (?:mensal )?de [^.;?]{0,20}(?:por|ao) mes\b|\bsem mexer no principal\b"
    r"|\bviver (?:so )?(?:de|dos) (?:juros|rendimentos?)\b"
    r"|\bviv(?:er|endo) (?:so )?(?:de|com) (?:uma |a |minha )?renda\b"
    r"|\A(?=.*(?:\b(?:por|ao|todo)|\d ?/) ?mes\b).*\b(?:quanto|qto|qnto) (?:eu )?(?:terei"
    r"|vou ter|teria|acumulo|acumularia|acumula|junto|junta|vou juntar|juntaria"
    r"|tenho(?! (?:que|de|q)\b)|fico|ficaria|vou ficar)\b"
    r"|\A(?=.*(?:\b(?:por|ao|todo)|\d ?/) ?mes\b).*(?:" + END_BALANCE_ASKED + ")"
)
_DEBT = (
    r"\bdevo\b(?! (?:poupar|guardar|juntar|investir|aplicar|ter|separar|aportar|colocar"
    r"|economizar|depositar|botar|reservar|deixar|por|fazer|escolher|comprar|gastar|vender"
    r"|trocar|financiar|alugar|parcelar|esperar|usar))"
    r"|\bdivida\w*|\brotativo\b|\bcheque especial\b|\bconsignado\b|\bportabilidade\b"
    r"|\bquitar\b|\bamortiz\w*|\bemprestimo\b|\bcartao parcelado\b|\bportar\b|\boutro banco\b"
    r"|\bsaldo devedor\b|\bcdc\b|\bcredito pessoal\b"
    # a card balance with its rate and a payoff ("faltam 3 mil no cartão a 12%, pagando 500 por
    # mês quando quito?"); not a purchase in instalments ("no cartão em 12x a 2,5%")
    r"|\A(?=.*\d ?(?:%|por cento))(?=.*\b(?:quito|quitar|zerar|zero|termino|acabo|me livro"
    r"|pagando|faltam|devo|devendo)\b)(?!.*\b\d+ ?(?:x|vezes)\b)"
    r".*\b(?:no|do|na|da) (?:cartao|fatura)\b"
    r"|\bfaltam \d+ (?:parcelas|prestacoes)\b"
    # "paguei 500 do cartão, em quanto tempo eu quito?": the rest of a card debt, no rate said
    r"|\A(?=.*\b(?:quito|quitar|zerar|zero|termino|acabo|me livro)\b)(?!.*\b\d+ ?(?:x|vezes)\b)"
    r".*\b(?:no|do|na|da|o|a) (?:cartao|fatura)\b"
    r"|\A(?=.*\b(?:saldo|parcela|prestacao|emprestimo|financiamento)\b).*\bfaltam \d+ meses\b"
    r"|\A(?=.*\bsaldo (?:de|e|eh) (?:r\$ ?)?\d)(?=.*\b(?:faltam|parcela|prestac\w*)\b)"
    r"|\A(?=.*\b(?:saldo|faltam|faltando|restam|minha parcela|parcela (?:hoje|atual)"
    r"|pago (?:r\$ ?)?\d))"
    r".*\b(?:um|o|outro) banco (?:me )?(?:oferec\w*|faz|cobra)\b"
)
_GOAL = (
    r"\bjuntar\b|\bjunto\b|\bguardar\b|\bguardando\b|\bpoupar\b|\bpoupando\b|\beconomizar\b"
    r"|\bmeta de\b|\bmeta\b ?:|\baport(?:ar|o|ando|e)\b|\bseparar\b|\bjuntando\b"
    r"|\bguardo\b|\bguardaria\b|\bsepar(?:o|ando)\b|\bpoupo\b|\bjunto\b"
    # the period of a rate is no monthly deposit: "aplicar 12 mil a 1% ao mês" is a lump sum
    r"|\b(?:bot|deposit|coloc|invist|invest|aplic)(?:ar|ando|o|ir|indo)\b[^.;?%]{0,20}"
    r"\b(?:por|ao|todo|cada) mes\b"
    # "quanto tenho que investir mensalmente para ter 100 mil": a monthly deposit asked
    r"|\b(?:bot|deposit|coloc|invist|invest|aplic|guard|separ|poup|junt|aport)(?:ar|ando|o|ir"
    r"|indo)\s+(?:todo\s+mes|mensalmente|por\s+mes)\b"
    r"|\b(?:chegar|chego|chegaria) (?:em|a|aos?|nos?) (?:r\$ ?)?\d"
)
_INVEST = (
    r"\bcdb\b|\blci\b|\blca\b|\btesouro\b|\bpoupanca\b|\bcdi\b|\bselic\b"
    r"|\bquanto (?:rende|rendem|renderia|renderiam|vai render|vao render)\b"
    r"|\brende mais\b|\bqual rende\b|\bprefixado\b|\bipca\+"
    r"|\A(?=.*\d ?(?:%|por cento))(?=.*\b(?:aplic\w*|invest\w*|deix\w* rendendo)\b)"
    r".*\bquanto (?:eu )?(?:tenho|terei|vou ter|fico|fica|teria|ficaria|vira|rende)\b"
)
_PCT = r"(?:\d|\bmeio) ?(?:%|por cento)"
_INSTALMENTS = r"(?:\bparcel\w*|\bprestac\w*|\b\d+ ?x\b|\b\d+ vezes\b|\bentrada\b)"
_FINANCE = (
    r"\bfinanc(?!eir|as\b)\w*|\bsac\b|\bprice\b|\bparcela\b.*\bentrada\b"
    rf"|{_INSTALMENTS}.*{_PCT}|{_PCT}.*{_INSTALMENTS}"
)
"""Financing by its words, or by its shape: instalments (parcelas, 48x, 36 vezes) and a rate."""
_BUY_IN_INSTALMENTS = r"\bcompr\w*\b.*\b\d+ ?(?:x|vezes|parcelas) de (?:r\$ ?)?\d"
"""A purchase with its instalments stated ("compro … em 6x de 330"): never a saving goal."""
_BOUGHT_ON_CREDIT = (
    r"\A(?=.*\b(?:carro|moto|casa|apartamento|apto|ape|imovel|veiculo|terreno|caminhonete|pickup"
    r"|picape|caminhao|notebook|celular|geladeira|tv)\b)"
    r"(?=.*(?:\d|\bmeio) ?(?:%|por cento))"
    r"(?=.*\b\d+ ?(?:x|vezes|parcelas|prestacoes|meses|anos)\b)"
    r"(?=.*\b(?:quanto|qto|qnto|qual|de quanto)\b[^?]{0,30}\b(?:por mes|mensal|parcela|prestacao"
    r"|mes)\b|.*\b(?:banco|financeira|concessionaria|loja) (?:cobra|pede|faz|oferece)\b)"
    r"(?!.*\b(?:alug\w*|rend\w*|aplic\w*|invest\w*|guard\w*|junt\w*|poup\w*|devendo"
    r"|saldo devedor)\b)"
)
"""A purchase paid over time with a rate and a term, the monthly amount asked, with no financing
word ("o carro custa 72 mil, consigo dar 22 mil, o banco cobra 1,55% ao mês em 48 meses, dá
quanto por mês?"): a financing (PRICE)."""


_PROPERTY_PRICE = (
    r"\b(?:imovel|apartamento|apto|ape|ap|casa|carro|moto)\b "
    r"(?:(?:de|por|custa\w*|vale|avaliad[oa] em) )?(?:r\$ ?)?\d"
)
"""A property with its price ("casa de 600 mil"): with a rent, a buy-vs-rent question."""
_LOAN_INSTALMENT = (
    r"\A(?=.*\b(?:(?:qual|quanto|qto|qnto) (?:e |fica |seria |da |vai ser )?(?:a |o valor da )?"
    r"(?:parcela|prestacao)\b|(?:parcela|prestacao) (?:de|fica(?:ria)? (?:em|de)?) ?"
    r"(?:quanto|qto|qnto)\b|(?:parcela|prestacao) ?\?))"
    r"(?=.*\b\d+ ?(?:x|vezes|parcelas|meses)\b)"
    r"(?!.*\b(?:devo|saldo|faltam|restantes?|quitar|portabilidade|trocar)\b)"
    r".*\b(?:consignado|emprestimo|credito pessoal|cdc)\b"
)
"""A new loan's instalment, however it is asked ("qual a parcela?", "parcela de quanto?", a bare
"parcela?"): the question is a financing (PRICE), not a debt to pay off."""
_NEW_LOAN = (
    r"\A(?!.*\b(?:devo|devendo|saldo|faltam|restantes?|quitar|portabilidade|trocar|rotativo"
    r"|cheque especial)\b)"
    r"(?!(?:.*\d ?(?:%|por cento)){2})"  # two rates: credit lines compared (a debt question)
    r"(?=.*\b(?:quanto (?:fica|da|sai|vou pagar|pago)|simul\w*|calcul\w*)\b)"
    r".*\b(?:emprestimo|consignado)(?: pessoal| consignado)? de (?:r\$ ?)?\d[^.;?]{0,30}"
    r"\b(?:em|por) \d+ ?(?:x|vezes|parcelas|prestacoes|meses)\b"
)
"""A loan the user considers taking ("empréstimo de 5 mil em 12 vezes a 3% ao mês, quanto
fica?", "simula um empréstimo de 50 mil em 24x a 2%"): its instalment (PRICE), not what an
existing debt becomes."""
_LOAN_FOR_A_DEBT = (
    r"\A(?!.*\b(?:devo|devendo|saldo|faltam|restantes?|portabilidade)\b)"
    r"(?!(?:.*\d ?(?:%|por cento)){2})"  # one rate: the new loan's (the debt has none said)
    r"(?=.*\b(?:quanto (?:fica|da|sai|vou pagar|pago)|qual (?:a |o valor da )?(?:parcela"
    r"|prestacao)|simul\w*|calcul\w*)\b)"
    r".*\b(?:emprestimo|consignado)(?: pessoal| consignado)? de (?:r\$ ?)?\d[^.;?%]{0,30}"
    r"\b(?:em|por) \d+ ?(?:x|vezes|parcelas|prestacoes|meses)\b[^.;?%]{0,20}"
    r"\d(?:[.,]\d+)? ?(?:%|por cento)"
)
"""A loan taken to pay a debt off, with its own amount, term and rate, the instalment asked
("pra quitar o cartão pensei num empréstimo de 3 mil em 10x a 5% ao mês, quanto fica a
parcela?"): the loan's instalment (PRICE); the debt it pays has no rate to compare."""
_BORROWED = (
    r"\A(?!.*\b(?:devo|devendo|saldo|faltam|quitar|portabilidade|rotativo|cheque especial)\b)"
    r"(?=.*\b(?:quanto|qto|qual|quais)\b)"
    r".*\b(?:se eu |vou |quero |preciso )?peg(?:ar|o|asse)\b[^.;?]{0,25}\bemprestad[oa]\b"
)
"""Money the user considers borrowing ("se eu pegar 10 mil emprestado a 3%, quanto pago?"):
a loan's instalment (PRICE); its term is asked when not said."""
_MAX_LOAN = (
    r"\A(?=.*\b(?:margem|salario|renda|ganho|ganhando|recebo|consignado|emprestimo"
    r"|financ(?!eir|as\b)\w*)\b)"
    r"(?=.*(?:\bparcela maxima\b|\bvalor maximo\b|\bmargem\b|\bo maximo que\b"
    r"|\bquanto (?:eu )?(?:consigo|posso|da pra|daria pra) (?:pegar|financiar|emprestar|tomar"
    r"|pedir|contratar|de consignado|de emprestimo|de credito|de financiamento)\b))"
    r"(?!.*\b(?:devo|devendo|saldo devedor|faltam|quitar|portabilidade|alug\w*)\b)"
)
"""The most one can borrow from a margin or an income ("salário de 4 mil, margem de 35%, quanto
consigo pegar em 72x?"): a financing solved for the amount."""
_RATE_ASKED = (
    r"\A(?=.*\b(?:qual|quanto|qto) (?:e |seria |sera |fica )?(?:a |de )?(?:taxa|juros)\b)"
    r"(?!.*\d ?(?:%|por cento))(?=.*\b\d+ ?(?:parcelas|prestacoes|x|vezes) de\b)"
)
"""The rate asked from the instalments ("36 parcelas de 380, qual a taxa?"): a financing."""
_GOAL_SHAPE = (
    r"\A(?!.*\b(?:financ(?!eir|as\b)\w*|parcel\w*|prestac\w*|emprestimo|consignado|\d+ ?x)\b)"
    r"(?=.*\b(?:rend\w*|aplica\w*|investid\w*|guardad\w*|sem juros|\d ?%))"
    r".*\b(?:quanto|qto|qnto) (?:eu )?(?:preciso |tenho (?:que|de|q) |devo )?"
    r"(?:guardar |separar |poupar |aportar |investir |colocar |juntar |depositar )?"
    r"(?:por|ao|todo|no) mes\b"
    r"|.*\b(?:quanto|qto|qnto) (?:eu )?(?:preciso |tenho (?:que|de|q) |devo )?"
    r"(?:guardar|separar|poupar|aportar|investir|colocar|juntar|depositar) mensalmente\b"
)
"""A goal by its shape: a yield (or savings) and "quanto por mês", with no loan in sight."""


def _saves_monthly_in_poupanca(folded: str) -> bool:
    """A saving goal kept in the poupança ("quero juntar 50 mil em 5 anos na poupança, quanto
    guardo por mês?"): the poupança is where the monthly savings go, not a product compared
    with others, so it is a goal (its yield the poupança rule, said as an assumption)."""
    return (
        has(folded, r"\bpoupanca\b")
        and not has(folded, r"\bcdb\b|\blci\b|\blca\b|\btesouro\b|\bcdi\b")
        and has(folded, r"\b(?:por|ao|todo|no) mes\b|\bmensa\w*|\bquanto tempo\b")
    )


_SAVING_FLOW = r"\b(?:guard\w*|junt\w*|aport\w*|poup(?:o|ar|ando)|por mes|todo mes|mensal\w*)\b"
"""Monthly deposits: a goal's time (META), not a lump sum growing."""


SOFT_TOPICS: tuple[tuple[str, str], ...] = (
    (r"\bconsorcio\w*", "consorcio"),
    (
        r"\bseguro (?:de vida|residencial|auto|do carro|de carro|viagem|do celular|prestamista)\b"
        r"|\bplano de saude\b",
        "seguro",
    ),
    (r"\bfgts\b|\bsaque[ -]aniversario\b", "fgts"),
    (r"\bmei\b|\bcnpj\b|\bsimples nacional\b|\bnota fiscal\b|\bpro[ -]labore\b", "empresa"),
    (r"\bheranca\b|\binventario\b|\btestamento\b|\bpartilha\b", "heranca"),
    (r"\bacao\b|\bacoes\b|\bbolsa\b|\bday trade\b|\bdividendos\b", "acoes"),
)
"""Topics the catalogue does not compute, named when no kind took the question (so the answer
says what it cannot analyse instead of a generic line)."""


def unsupported_topic(text: str) -> str:
    """The topic of a question no catalogue kind answers ("consorcio", "seguro", …) or
    "geral"."""
    folded = fold(text)
    return next((topic for pattern, topic in SOFT_TOPICS if has(folded, pattern)), "geral")


_LINE_RATE = re.compile(
    r"\b(?P<line>consignado|emprestimo pessoal|credito pessoal|emprestimo|cdc|cheque especial"
    r"|rotativo|cartao de credito|cartao|financiamento)\b"
    r"[^.;?%]{0,30}?\d+(?:[.,]\d+)? ?(?:%|por cento)"
)
_HAS_DEBT = r"\bdevo\b|\bdevendo\b|\bsaldo\b|\bfaltam\b|\bquit\w*|\bportar\b|\bportabilidade\b"


def compares_credit_lines(folded: str) -> bool:
    """Two credit lines, each with its own rate, for one new amount ("10 mil em 12 meses:
    consignado a 1,8% ou cheque especial a 8%?"): the debts kind compares them, whatever else
    the question says (an instalment asked, "sou aposentado")."""
    names = {m["line"].split()[0] for m in _LINE_RATE.finditer(folded)}
    return len(names) >= 2 and not has(folded, _HAS_DEBT)


_PRODUCTS = r"\b(?P<p>cdb|lci|lca|tesouro|poupanca|lc|rdb|debenture|fundo)\b"


_RATE_PER_PERIOD = r"\d(?:[.,]\d+)? ?% (?:ao|a|por) (?:mes|ano)\b|\d ?% a\.[ma]\."


def compares_products(folded: str) -> bool:
    """Two investment products weighed against each other ("CDB de 1% ao mês ou poupança de
    0,6% ao mês, qual o valor final líquido de cada um?"): an investments comparison, whatever
    "ao mês" or "valor final" also suggest (a retirement's deposits, a goal), unless the user
    puts money in every month."""
    names = {m["p"] for m in re.finditer(_PRODUCTS, folded)}
    two_rates = len(re.findall(_RATE_PER_PERIOD, folded)) >= 2 and has(folded, TWO_OPTIONS)
    return (
        (len(names) >= 2 or two_rates)
        and (
            two_rates
            or has(folded, r"\bou\b|\bvs\b|\bversus\b|\bx\b|\bcompar\w*|\bmelhor\b|\bcada um\b")
        )
        and not has(folded, _MONTHLY_DEPOSIT)
        and not has(folded, _DEBT)
    )


_DEBT_IN_INSTALMENTS = (
    r"\b(?:quitar|pagar|parcelar|dividir|acertar)\b[^.?;]{0,25}\bem \d+ ?(?:parcelas|prestacoes"
    r"|vezes|x)\b"
)
"""A debt the user wants to pay off in N equal instalments ("cheque especial de 1500 a 7,9%
a.m., quero quitar em 6 parcelas iguais"): the PRICE instalment at the debt's own rate."""
_DEBT_IN_MONTHS = (
    r"\A(?!.*\b(?:quanto tempo|qto tempo|qnto tempo|quantos meses|quando)\b)"
    r"(?=.*\b(?:qual|quanto|qto|qnto|de quanto|que)\b[^.;]{0,25}\b(?:parcela|prestacao|por mes"
    r"|todo mes|cada mes|mensal)\b"
    r"|.*\b(?:parcela|prestacao)(?: fixa| mensal)? (?:de |fica(?:ria)? (?:em |de )?)?"
    r"(?:quanto|qto|qnto)\b)"
    r"(?=.*\b(?:quit|pag|zer|acert|acab|liquid)\w*\b[^.?;]{0,35}\bem \d+ (?:meses|anos)\b)"
)
"""A debt to pay off in N months with the instalment asked, in either order and any tense of
the verb ("devo 9 mil a 2% ao mês, quero zerar em 18 meses, qual a parcela?"; "qual parcela
fixa quita em 12 meses?"; "pra acabar com uma dívida de 20 mil em 36 meses, quanto pago todo
mês?"): the PRICE instalment at the debt's own rate, as `_DEBT_IN_INSTALMENTS`."""
_EXTRA_MONEY = r"\b13\w*|\bdecimo terceiro\b|\bbonus\b|\bplr\b|\bferias\b|\bamortiz\w*"


_MONTHLY_DEPOSIT = (
    r"\d ?(?:k|mil)? ?(?:reais |conto |pila |mangos )?(?:(?:por|ao|todo|cada) mes\b|/ ?mes\b"
    r"|mensa(?:is|l)\b"
    r"|(?:todo|no|ao|em|cada) (?:fim|final|inicio|comeco) (?:de |do )?(?:cada |todo )?mes\b)"
    r"|\b(?:aportes?|depositos?|aplicac\w*|investimentos?) mensa(?:l|is) de (?:r\$ ?)?\d"
)
"""A monthly deposit in any of its spellings: "300 por mês", "2k/mes", "1.000 mensais",
"aporte mensal de R$ 750"."""
END_AMOUNT_ASKED = (
    r"\b(?:da|dá|vira|fica|junta|junto|juntaria|vou juntar|acumula|acumulo|vou ter|terei|teria"
    r"|tenho|fico com) (?:quanto|qto|qnto)\b"
    r"|\b(?:quanto|qto|qnto) (?:eu )?(?:da|dá|vira|fica|junto|junta|juntaria|acumulo|acumula"
    r"|vou ter|terei|teria|tenho no final|tenho daqui|tenho em|vai dar|vai virar)\b"
    r"|\bqual (?:e |sera |seria )?o (?:montante|saldo final|valor final|total acumulado)\b"
)
"""Monthly deposits at a stated rate for a stated time, the end amount asked ("300 conto por
mês no tesouro a 0,85% am durante 15 anos dá quanto?"): the future value of the deposits,
whatever product is named (the rate is the user's, so no product table is needed)."""


def classify(folded: str, ages: bool = False) -> QuestionKind | None:
    """The catalogue kind of a folded question, or None (see the module docstring). `ages`:
    the question states an age ("tenho 35 anos", "aos 65"), a retirement cue."""
    if has(folded, _DIAGNOSIS) and not has(folded, r"\d+(?:[.,]\d+)?\s*%"):
        return QuestionKind.DIAGNOSTICO
    if has(folded, _RESERVE):
        return QuestionKind.RESERVA
    if has(folded, WITHDRAWAL_RULE):
        return QuestionKind.APOSENTADORIA  # "pela regra dos 4%, quanto preciso ter?"
    if has(folded, _RENT) and (has(folded, _BUY) or has(folded, _PROPERTY_PRICE)):
        return QuestionKind.COMPRAR_ALUGAR
    if compares_credit_lines(folded):
        return QuestionKind.DIVIDAS
    if compares_products(folded):
        return QuestionKind.INVESTIMENTOS  # "CDB de 1% ao mês ou poupança de 0,6% ao mês?"
    if asks_payoff_time(folded):
        # "financiei 20 mil a 1,8% ao mês pagando 900 por mês, quando fico livre?": the months
        # to pay a debt off at its instalment, not a new financing's Price/SAC table
        return QuestionKind.DIVIDAS
    if has(folded, r"\bsac\b|\bprice\b|\bfinanciei\b") and has(folded, PAID_INSTALMENTS):
        return QuestionKind.FINANCIAMENTO  # "financiei … já paguei 12 parcelas, quanto devo?"
    if has(folded, r"\bsac\b|\bprice\b") and not has(
        folded, r"\bdevo\b|\bsaldo devedor\b|\bportar\b|\bportabilidade\b|\boutro banco\b"
    ):
        return QuestionKind.FINANCIAMENTO  # "na sac, … quanto é a amortização": not a debt
    if has(folded, _MAX_LOAN):
        return QuestionKind.FINANCIAMENTO  # the loan a margin buys
    if has(folded, _BOUGHT_ON_CREDIT) and not has(folded, _DEBT):
        return QuestionKind.FINANCIAMENTO
    if (
        has(folded, _LOAN_INSTALMENT)
        or has(folded, _RATE_ASKED)
        or has(folded, _NEW_LOAN)
        or has(folded, _LOAN_FOR_A_DEBT)
        or has(folded, _BORROWED)
    ):
        return QuestionKind.FINANCIAMENTO  # "consignado de 30 mil em 84x, qual a parcela?"
    if (
        has(folded, _WHEN)
        and not has(folded, _DEBT)
        and (has(folded, MULTIPLY) or (has(folded, GROW_TO) and not has(folded, _SAVING_FLOW)))
    ):
        return QuestionKind.INVESTIMENTOS  # "em quanto tempo meu dinheiro dobra?"
    if (
        has(folded, _MONTHLY_DEPOSIT)
        and has(folded, _PCT)
        and has(folded, r"\b\d+ ?(?:anos|meses)\b")
        and has(folded, END_AMOUNT_ASKED)
        and not has(folded, _DEBT + "|" + _INSTALMENTS)
    ):
        return (
            QuestionKind.APOSENTADORIA
        )  # "300 por mês no tesouro a 0,85% am por 15 anos dá quanto?"
    if has(folded, _RETIRE) or (
        ages
        and has(
            folded,
            _GOAL + r"|\baport\w*|\bchegar a\b|\binvest\w*|\bterei\b"
            r"|\bquanto\b[^?]{0,30}\b(?:por|ao|todo|no) mes\b",  # "… aos 60, quanto por mês?"
        )
    ):
        return QuestionKind.APOSENTADORIA
    if (
        has(folded, _DEBT)
        and (has(folded, _DEBT_IN_INSTALMENTS) or has(folded, _DEBT_IN_MONTHS))
        and not has(folded, _EXTRA_MONEY)
    ):
        return QuestionKind.FINANCIAMENTO  # "cheque especial de 1500 … em 6 parcelas iguais"
    if has(folded, _DEBT):
        return QuestionKind.DIVIDAS
    monthly_ask = has(folded, r"\bquanto\b[^?]{0,30}\b(?:por|ao|todo|no) mes\b") or (
        has(folded, _WHEN) and has(folded, r"\d ?(?:reais )?(?:por|ao|todo) mes\b")
    )  # "quanto por mês?", or "em quanto tempo junto 20 mil guardando 400 por mês?"
    if (
        (has(folded, _GOAL) and (monthly_ask or _saves_monthly_in_poupanca(folded)))
        or (
            (has(folded, _GOAL) or has(folded, _GOAL_SHAPE))
            and not has(folded, r"\bpoupanca\b|\bcdb\b|\blci\b|\blca\b")
        )
    ) and not has(folded, _BUY_IN_INSTALMENTS):
        # "juntar 30 mil guardando na poupança, quanto por mês?" is a goal all the same; "compro
        # uma bike de 1.800 em 6x de 330 ou espero juntar?" weighs a purchase (Junior's plan)
        return QuestionKind.META
    if has(folded, _INVEST):
        return QuestionKind.INVESTIMENTOS
    if has(folded, _FINANCE):
        return QuestionKind.FINANCIAMENTO
    return None
