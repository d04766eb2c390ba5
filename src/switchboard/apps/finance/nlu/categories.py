"""The finance category taxonomy and keyword categorisation.

The taxonomy is the original's `categorias` data (categoria > subcategoria); it is a Python table
rather than YAML because the ledger, the demo data and the query parser import it as constants
and mypy checks the names they use. Keywords map to a (categoria, subcategoria) pair; a keyword
may point at a whole category (subcategoria None: "transporte", "amazon").

Matching is on folded text (no accents, lower case), by WHOLE words or phrases, never substrings
(the original matched "99" inside "R$ 99,90" and filed it under the ride app). Money amounts are
blanked out before matching, so a price can never be a keyword. When several keywords match, the
most specific wins: one with a subcategory, then the longest phrase ("conta de celular" beats
"celular"), then the first in the message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from .money import find_amounts
from .text import fold, nfc

__all__ = [
    "INCOME_CATEGORY",
    "KEYWORDS",
    "KEYWORD_RE",
    "MERCHANTS",
    "TAXONOMY",
    "CategoryMatch",
    "categorize",
    "category_label",
    "cedilla_spelled",
    "display_name",
    "find_category",
    "repair_short_brands",
]

INCOME_CATEGORY = "Receitas"

TAXONOMY: dict[str, tuple[str, ...]] = {
    "Alimentação": ("Supermercado", "Restaurante", "Delivery", "Padaria"),
    "Transporte": ("Combustível", "App", "Transporte Público", "Estacionamento"),
    "Moradia": ("Aluguel", "Condomínio", "IPTU"),
    "Contas": ("Luz", "Água", "Internet", "Celular", "Gás"),
    "Saúde": ("Farmácia", "Consulta", "Plano de Saúde"),
    "Lazer": ("Cinema", "Viagem", "Streaming", "Bares"),
    "Educação": ("Cursos", "Livros", "Mensalidade"),
    "Compras": ("Roupas", "Eletrônicos", "Casa"),
    "Receitas": ("Salário", "Freelance", "Rendimentos", "Reembolso", "Outros"),
    "Dívidas": ("Empréstimo", "Financiamento"),
    "Outros": (),
}
"""categoria -> its subcategorias, in display order."""

_KEYWORDS: dict[tuple[str, str | None], str] = {
    ("Alimentação", "Supermercado"): (
        "mercado|supermercado|super mercado|mercadinho|feira|sacolao|hortifruti|atacadao|assai"
        "|carrefour|pao de acucar|compras do mes|rancho|acougue|peixaria|quitanda|emporio"
        "|hipermercado|atacarejo|compras da semana|pao de acucar|mercado municipal"
    ),
    ("Alimentação", "Restaurante"): (
        "restaurante|almoco|almocei|jantar|jantei|janta|jantinha|lanche|lanchonete|pastel"
        "|coxinha|salgado"
        "|jantei fora|comer fora|pizzaria|churrascaria|hamburgueria|self service|marmita"
        "|rodizio|pizza|hamburguer|sushi|acai|sorvete|cafeteria|starbucks|bandejao"
        "|restaurante universitario|pf|prato feito|quentinha|mc donalds|mcdonalds|mc|mequi"
        "|burger king|bk|subway|outback|habibs|giraffas|spoleto|churrasco|tapioca"
        "|cachorro quente|hot dog|esfiha|esfirra|kebab|temaki|yakisoba|food truck|japa"
        "|comida japonesa|lanchinho|almocinho|jantinha|petisco|porcao|cafe da tarde"
    ),
    ("Alimentação", "Delivery"): (
        "delivery|ifood|rappi|aiqfome|uber eats|ze delivery|pedi comida|99food|james delivery"
        "|pedi uma pizza|pedido no app"
    ),
    ("Alimentação", "Padaria"): "padaria|padoca|pao|paes|confeitaria|cafe da manha",
    ("Alimentação", None): "alimentacao|comida|cafe|cafezinho",
    ("Transporte", "Combustível"): (
        "gasolina|gasosa|combustivel|posto|etanol|alcool|diesel|gnv|abasteci|abastecer"
        "|abastecimento|tanque|completei o tanque|ipiranga|shell|petrobras br"
    ),
    ("Transporte", "App"): (
        "uber|99|99 pop|99pop|99 taxi|taxi|cabify|indrive|corrida|uber moto|99 moto|99moto"
        "|motorista de app|corrida de app"
    ),
    ("Transporte", "Transporte Público"): (
        "onibus|metro|trem|bilhete unico|brt|vlt|busao|transporte publico|passagem de onibus"
        "|passagens de onibus|passagem do onibus|passagem de metro|passagens de metro"
        "|recarga do bilhete|bilhete|riocard|cartao bom|cartao top|integracao|barca|balsa"
        "|catraca|vale transporte"
    ),
    ("Transporte", "Estacionamento"): "estacionamento|zona azul|valet|estacionei",
    ("Transporte", None): (
        "transporte|transportes|pedagio|ipva|mecanico|oficina|carro|moto|veiculo|automovel"
        "|troca de oleo|revisao|pneu|pneus|lava jato|lava rapido|lavagem|licenciamento|multa"
        "|borracharia|funilaria|conserto do carro|seguro do carro|guincho|autopecas"
    ),
    ("Moradia", "Aluguel"): "aluguel|republica|kitnet alugada|quarto alugado",
    ("Moradia", "Condomínio"): "condominio",
    ("Moradia", "IPTU"): "iptu",
    ("Moradia", None): (
        "moradia|diarista|faxina|faxineira|empregada|pedreiro|encanador|eletricista|reforma"
        "|manutencao|chaveiro|pintor|jardineiro|seguro residencial"
    ),
    ("Contas", "Luz"): (
        "luz|energia|conta de luz|conta de energia|enel|cemig|copel|cpfl|eletropaulo"
    ),
    ("Contas", "Água"): "agua|conta de agua|sabesp|cedae|copasa|saneamento",
    ("Contas", "Internet"): (
        "internet|wifi|wi-fi|banda larga|fibra|net|conta da claro|conta da vivo|vivo fibra|oi fibra"
    ),
    ("Contas", "Celular"): (
        "conta de celular|conta do celular|plano de celular|plano do celular|recarga"
        "|recarga de celular|credito de celular|conta do telefone|conta de telefone|tim"
        "|plano do cel|conta do cel|credito do celular"
    ),
    ("Contas", "Gás"): "gas|botijao|gas de cozinha|comgas|conta de gas",
    ("Contas", None): "contas|conta de casa",
    ("Saúde", "Farmácia"): (
        "farmacia|remedio|remedios|medicamento|medicamentos|drogaria|drogasil|droga raia"
        "|pague menos|vitamina|vitaminas|suplemento|protetor solar|panvel|sao joao|nissei"
        "|pacheco"
    ),
    ("Saúde", "Consulta"): (
        "consulta|medico|medica|dentista|psicologo|psicologa|terapia|exame|exames|hospital"
        "|clinica|fisioterapia|dermatologista|oftalmologista|ginecologista|pediatra"
        "|cardiologista|nutricionista|psiquiatra|fono|fonoaudiologa|laboratorio|ultrassom"
        "|raio x|vacina|cirurgia|pronto socorro"
    ),
    ("Saúde", "Plano de Saúde"): (
        "plano de saude|convenio|unimed|amil|hapvida|sulamerica|bradesco saude"
    ),
    ("Saúde", None): (
        "saude|academia|smartfit|smart fit|crossfit|pilates|personal|oculos|lente de contato|otica"
    ),
    ("Lazer", "Cinema"): "cinema|filme|cineminha|cine|ingresso do cinema|ingresso de cinema",
    ("Lazer", "Viagem"): (
        "viagem|viajei|hotel|pousada|airbnb|passagem aerea|passagem de aviao|voo|hospedagem"
        "|passagem|passagens|resort|trip|excursao|aluguel de carro|bagagem|hostel"
    ),
    ("Lazer", "Streaming"): (
        "streaming|streamings|netflix|spotify|disney|hbo|hbo max|max|prime video|globoplay"
        "|deezer|youtube premium|paramount|apple tv|assinatura"
    ),
    ("Lazer", "Bares"): (
        "festa|festinha|bar|bares|barzinho|boteco|cerveja|cervejas|chopp|balada|happy hour"
        "|bebida|drinks|drink|chope|cervejinha|bar da esquina|pub|buteco|barzim"
    ),
    ("Lazer", None): (
        "lazer|role|roles|rolezinho|passeio|show|teatro|parque|ingresso|ingressos|jogo|futebol|boliche|karaoke|museu"
        "|clube|praia|escape|parque de diversoes|zoologico|aquario|balneario|evento|sinuca|game"
        "|steam|jogo de videogame"
    ),
    ("Educação", "Cursos"): (
        "curso|cursos|udemy|alura|aula|aulas|ingles|pos|pos graduacao|mba|idiomas|espanhol"
        "|workshop|treinamento|certificacao|coursera"
    ),
    ("Educação", "Livros"): "livro|livros|livraria|apostila",
    ("Educação", "Mensalidade"): "mensalidade|faculdade|escola|matricula|colegio|universidade",
    ("Educação", None): "educacao|material escolar|escolar|uniforme escolar",
    ("Compras", "Roupas"): (
        "roupa|roupas|camisa|camisas|camiseta|camisetas|calca|calcas|tenis|sapato|sapatos"
        "|vestido|blusa|jaqueta|bermuda|renner|riachuelo|zara|shein|bone|meias|cueca|calcinha"
        "|sutia|pijama|casaco|moletom|saia|short|shorts|chinelo|sandalia|cinto|c&a|cea|hering"
        "|centauro|netshoes|nike|adidas"
    ),
    ("Compras", "Eletrônicos"): (
        "tv|televisao|televisor|celular|smartphone|iphone|notebook|computador|tablet|ipad|fone"
        "|fone de ouvido|videogame|playstation|xbox|monitor|eletronico|eletronicos|carregador"
        "|cabo usb|mouse|teclado|smartwatch|relogio inteligente|kindle|caixa de som|headset"
        "|impressora|hd externo|pendrive|ssd|camera|console|switch|capinha|capinha de celular"
        "|capa de celular|capa do celular|pelicula|pelicula de celular|suporte de celular"
    ),
    ("Compras", "Casa"): (
        "movel|moveis|sofa|cama|colchao|geladeira|fogao|microondas|maquina de lavar"
        "|eletrodomestico|eletrodomesticos|decoracao|panela|panelas|toalha|toalhas|lencol"
        "|lencois|airfryer|air fryer|liquidificador|cortina|tapete|utensilios|cadeira|mesa"
        "|armario|estante|prateleira"
    ),
    # not "compras": "quantas compras fiz" counts purchases of any category
    ("Compras", None): (
        "mercado livre|amazon|shopee|magalu|aliexpress|shopping|presente|perfume|cosmeticos"
        "|maquiagem|shampoo|creme|hidratante|brinquedo|brinquedos|papelaria"
        "|material de escritorio|ferramenta|ferramentas|loja de departamento|americanas"
        "|casas bahia|leroy merlin|tok stok"
    ),
    ("Receitas", "Salário"): (
        "salario|holerite|contracheque|decimo terceiro|13o salario|13o|adiantamento"
        "|adiantamento salarial|quinzena|ferias|plr|participacao nos lucros|parcela do 13|do 13"
        "|o 13|meu 13|terco de ferias|pagamento do mes|salario do mes|meu pagamento"
        "|vale alimentacao"
    ),
    ("Receitas", "Freelance"): (
        "freela|freelance|freelancer|bico|trampo extra|job|servico extra|consultoria|uber extra"
        "|trabalho extra|trabalhos extras|trabalhinho|freelas|bicos|frila|frilas|freela de"
    ),
    ("Receitas", "Rendimentos"): (
        "rendimento|rendimentos|dividendos|juros|rendeu|rendimento da poupanca"
        "|rendeu na poupanca|juros do cdb|jcp|proventos"
    ),
    ("Receitas", "Reembolso"): "reembolso|estorno|estrono|extorno|ressarcimento|cashback",
    ("Receitas", None): "receita|receitas|renda|comissao|bonus|premio|mesada|pensao|venda|vendi",
    ("Dívidas", "Empréstimo"): "emprestimo|consignado|agiota",
    ("Dívidas", "Financiamento"): "financiamento|financiei|prestacao do carro|prestacao da casa",
    ("Dívidas", None): "divida|dividas",
}

KEYWORDS: dict[str, tuple[str, str | None]] = {}
"""Folded keyword -> (categoria, subcategoria); built from the table above, read-only."""
for _pair, _words in _KEYWORDS.items():
    for _word in _words.split("|"):
        KEYWORDS[fold(_word)] = _pair

_KEYWORD_RE = re.compile(
    r"(?<![\w$])(?P<key>"
    + "|".join(re.escape(k) for k in sorted(KEYWORDS, key=len, reverse=True))
    + r")s?(?![\w])"
)
"""Whole keywords, a plural "s" allowed ("pizzas", "ingressos"); `key` is the keyword."""
KEYWORD_RE = _KEYWORD_RE
_PLACE_BEFORE = re.compile(r"\b(?:na|no|nas|nos|em|pela|pelo|pra|para|pro)\s+$")
"""A keyword after "na/no/em" is where it happened ("lanche na faculdade"), after "pra" what
it was for ("livro pra faculdade"): between two specific keywords, the thing bought wins over
the place or the purpose."""
_OF_BEFORE = re.compile(r"\b(?:de|do|da|dos|das)\s+$")
"""A keyword after "de/da" that follows another keyword says whose or which: in "livro de
cálculo da faculdade" the thing bought is the book (Livros), the faculdade only qualifies it."""
_PRIORITY = dict.fromkeys(("delivery", "ifood", "rappi", "aiqfome", "uber eats", "pedi comida"), 1)
_PRIORITY |= dict.fromkeys(("mensalidade", "assinatura", "conta", "contas"), -1)
"""Keywords that win over others ("hambúrguer no delivery" is a delivery, not a restaurant) or
give way to any other ("mensalidade do clube" is Lazer, "mensalidade da faculdade" Educação)."""

_BRANDS = (
    "carrefour|assai|atacadao|ifood|rappi|aiqfome|uber|99|99pop|cabify|indrive|amazon|shopee"
    "|magalu|aliexpress|shein|renner|riachuelo|zara|netflix|spotify|disney|hbo|globoplay|deezer"
    "|drogasil|starbucks|ipiranga|shell|enel|sabesp|cemig|copel|cpfl|comgas|unimed|amil|hapvida"
    "|sulamerica|udemy|alura|pao de acucar|mercado livre|uber eats|99 pop|99 taxi|droga raia"
    "|pague menos|prime video|youtube premium|ze delivery|bradesco saude"
)
MERCHANTS: frozenset[str] = frozenset(_BRANDS.split("|"))
"""Keywords that are brands: a question naming one filters the rows that mention it (a TV
bought at the Carrefour is not groceries, an Amazon book is Educação)."""

_SHORT_BRAND_TYPOS: dict[str, str] = {
    brand[:i] + brand[i + 1 :]: brand
    for brand in sorted(MERCHANTS)
    if len(brand) == 4 and brand.isalpha() and brand != "cpfl"  # "cpf" is a word of its own
    for i in (1, 2)
}
"""A four-letter brand typed with an inner letter dropped ("ubr" for uber): the speller leaves
words under four letters alone (too many neighbours), so these few are listed here."""
_SHORT_WORD = re.compile(r"\b[a-z]{3}\b")


_CEDILLA_AS_SS = re.compile(r"(?<=[aeiou])ss?(?=[aeiou])")


def repair_short_brands(folded: str) -> str:
    """`folded` with a three-letter typo of a four-letter brand spelled out ("gastei 23 no
    ubr" -> "... no uber")."""
    return _SHORT_WORD.sub(lambda m: _SHORT_BRAND_TYPOS.get(m.group(), m.group()), folded)


def cedilla_spelled(folded: str) -> str:
    """`folded` with a "ç" typed as "ss" between vowels read as "c" ("almosso" -> "almoco"):
    two edits from the word, so the speller never gets there. For a last try at a category
    only (it would spoil "passagem")."""
    return _CEDILLA_AS_SS.sub("c", folded)


@dataclass(frozen=True, slots=True)
class CategoryMatch:
    """A categorisation with the span of the keyword that decided it (NFC text indices)."""

    categoria: str
    subcategoria: str | None
    span: tuple[int, int]


_WEEKDAY = re.compile(r"\b(?:segunda|terca|quarta|quinta|sexta)[- ]feira\b")
"""A weekday is not a street market ("quarta-feira gastei 70 em roupa")."""


_NO_INTEREST = re.compile(r"\b(?:sem|zero de|com zero|0%? de)\s+juros\b|\bjuros\s+zero\b")
"""A purchase "em 5x sem juros" is not a return on investments."""


def _masked(text: str) -> str:
    folded = _WEEKDAY.sub(lambda m: " " * len(m[0]), fold(text))
    folded = _NO_INTEREST.sub(lambda m: " " * len(m[0]), folded)
    for amount in find_amounts(text):
        start, end = amount.span
        folded = folded[:start] + " " * (end - start) + folded[end:]
    return folded


def find_category(
    text: str,
    kind: Literal["receita", "despesa"] | None = None,
    *,
    exclude: frozenset[str] = frozenset(),
) -> CategoryMatch | None:
    """The most specific category keyword in `text` (see the module docstring), or None.

    `kind` restricts the candidates: a receita only takes Receitas categories ("recebi o
    reembolso da farmácia" is a Reembolso, not a Farmácia expense), a despesa never does.
    `exclude` drops whole categories (the purchase behind a financing is not "Dívidas").
    """
    best: CategoryMatch | None = None
    best_key: tuple[int, bool, bool, int, int] | None = None
    masked = _masked(text)
    for m in _KEYWORD_RE.finditer(masked):
        categoria, subcategoria = KEYWORDS[m["key"]]
        if kind is not None and (categoria == INCOME_CATEGORY) != (kind == "receita"):
            continue
        if categoria in exclude:
            continue
        thing = not _PLACE_BEFORE.search(masked, 0, m.start()) and not (
            best is not None and _OF_BEFORE.search(masked, 0, m.start())
        )
        key = (
            _PRIORITY.get(m["key"], 0), subcategoria is not None, thing, len(m["key"]), -m.start()
        )  # fmt: skip
        if best_key is None or key > best_key:
            best, best_key = CategoryMatch(categoria, subcategoria, m.span()), key
    if best is None:
        best = _by_emoji(text, kind, exclude)
    return best


_EMOJI: dict[str, tuple[str, str | None]] = {
    "⛽": ("Transporte", "Combustível"), "🚗": ("Transporte", None), "🚕": ("Transporte", "App"),
    "🚖": ("Transporte", "App"), "🚌": ("Transporte", "Transporte Público"),
    "🚇": ("Transporte", "Transporte Público"), "🅿": ("Transporte", "Estacionamento"),
    "🛒": ("Alimentação", "Supermercado"), "🍕": ("Alimentação", "Restaurante"),
    "🍔": ("Alimentação", "Restaurante"), "🍣": ("Alimentação", "Restaurante"),
    "🍽": ("Alimentação", "Restaurante"), "🥖": ("Alimentação", "Padaria"),
    "🍞": ("Alimentação", "Padaria"), "☕": ("Alimentação", None), "🍺": ("Lazer", "Bares"),
    "🍻": ("Lazer", "Bares"), "🍷": ("Lazer", "Bares"), "🎬": ("Lazer", "Cinema"),
    "🍿": ("Lazer", "Cinema"), "✈": ("Lazer", "Viagem"), "🏨": ("Lazer", "Viagem"),
    "💊": ("Saúde", "Farmácia"), "🏥": ("Saúde", "Consulta"), "🦷": ("Saúde", "Consulta"),
    "💡": ("Contas", "Luz"), "💧": ("Contas", "Água"), "📱": ("Contas", "Celular"),
    "🏠": ("Moradia", None), "📚": ("Educação", "Livros"), "👕": ("Compras", "Roupas"),
    "👟": ("Compras", "Roupas"), "🎁": ("Compras", None), "💰": ("Receitas", None),
}  # fmt: skip
"""An emoji standing for the purchase ("⛽ 200"): read only when no word names a category."""


def _by_emoji(
    text: str, kind: Literal["receita", "despesa"] | None, exclude: frozenset[str]
) -> CategoryMatch | None:
    for i, char in enumerate(nfc(text)):
        pair = _EMOJI.get(char)
        if pair is None:
            continue
        categoria, subcategoria = pair
        if kind is not None and (categoria == INCOME_CATEGORY) != (kind == "receita"):
            continue
        if categoria not in exclude:
            return CategoryMatch(categoria, subcategoria, (i, i + 1))
    return None


def categorize(
    text: str, kind: Literal["receita", "despesa"] | None = None
) -> tuple[str, str | None] | None:
    """(categoria, subcategoria) for a message, or None when no keyword matches."""
    match = find_category(text, kind)
    return None if match is None else (match.categoria, match.subcategoria)


def category_label(categoria: str | None, subcategoria: str | None) -> str | None:
    """'Compras > Eletrônicos', 'Transporte', or None."""
    if categoria is None:
        return None
    return f"{categoria} > {subcategoria}" if subcategoria else categoria


_DISPLAY: dict[tuple[str, str], str] = {
    ("Transporte", "App"): "Transporte por app",
    ("Compras", "Casa"): "Compras para casa",
    ("Receitas", "Outros"): "Outras receitas",
    ("Contas", "Celular"): "Conta de celular",
    ("Contas", "Gás"): "Conta de gás",
    ("Contas", "Luz"): "Conta de luz",
    ("Contas", "Água"): "Conta de água",
}


def display_name(categoria: str | None, subcategoria: str | None) -> str | None:
    """The name that reads well after "em"/"com": the subcategory ("Supermercado"), made
    explicit where it alone would be unclear ("App" -> "Transporte por app"), else the category.
    """
    if categoria is None:
        return None
    if subcategoria is None:
        return categoria
    return _DISPLAY.get((categoria, subcategoria), subcategoria)
