"""City → UF: the cities the assistant recognises, with their federative unit.

Onboarding stores the student's city *and* its UF (the original never stored the UF), so the
search can rank the same state and the neighbouring cities before other regions. The list is
the illustrative catalogue's cities plus every state capital and the larger municipalities of
each state (roughly those above 100 thousand inhabitants, and a few regional centres), written
as the IBGE writes them; it is a lookup table, not a census. A city that is not here keeps its
name and the UF is asked (or read from the message: "Cametá, no Pará", "campina grande - pb").
A name that exists in several states is listed under the largest one; a UF the student gives
always wins.

Names are compared folded (`text.normalize`: no accents, no case, no punctuation), and the
common short forms people use ("BH", "Sampa", "POA", "Floripa", "Rio") are accepted.
"""

from __future__ import annotations

from functools import cache

from switchboard.apps.scholarships.records.places import UF_NAMES, parse_uf
from switchboard.apps.scholarships.records.text import normalize

_BY_UF: dict[str, str] = {
    "AC": "Rio Branco; Cruzeiro do Sul",
    "AL": "Maceió; Arapiraca; Palmeira dos Índios; Rio Largo; Penedo",
    "AP": "Macapá; Santana",
    "AM": (
        "Manaus; Parintins; Itacoatiara; Manacapuru; Coari; Tefé; São Gabriel da Cachoeira; "
        "Tabatinga"
    ),
    "BA": (
        "Salvador; Feira de Santana; Vitória da Conquista; Camaçari; Juazeiro; Itabuna; "
        "Lauro de Freitas; Ilhéus; Jequié; Teixeira de Freitas; Barreiras; Alagoinhas; "
        "Porto Seguro; Simões Filho; Paulo Afonso; Eunápolis; Santo Antônio de Jesus; Candeias; "
        "Guanambi; Jacobina; Cruz das Almas; Senhor do Bonfim; Irecê; Luís Eduardo Magalhães; "
        "Bom Jesus da Lapa"
    ),
    "CE": (
        "Fortaleza; Caucaia; Juazeiro do Norte; Maracanaú; Sobral; Crato; Itapipoca; Maranguape; "
        "Iguatu; Quixadá; Canindé; Aquiraz; Crateús; Russas; Quixeramobim"
    ),
    "DF": "Brasília; Ceilândia; Taguatinga; Samambaia; Gama; Sobradinho",
    "ES": (
        "Vitória; Vila Velha; Serra; Cariacica; Cachoeiro de Itapemirim; Linhares; São Mateus; "
        "Colatina; Guarapari; Aracruz"
    ),
    "GO": (
        "Goiânia; Aparecida de Goiânia; Anápolis; Rio Verde; Águas Lindas de Goiás; Luziânia; "
        "Valparaíso de Goiás; Trindade; Formosa; Novo Gama; Senador Canedo; Catalão; Itumbiara; "
        "Jataí; Caldas Novas"
    ),
    "MA": (
        "São Luís; Imperatriz; São José de Ribamar; Timon; Caxias; Codó; Paço do Lumiar; "
        "Açailândia; Bacabal; Balsas; Santa Inês; Chapadinha; Pinheiro"
    ),
    "MT": (
        "Cuiabá; Várzea Grande; Rondonópolis; Sinop; Tangará da Serra; Cáceres; Sorriso; "
        "Lucas do Rio Verde; Primavera do Leste; Barra do Garças"
    ),
    "MS": "Campo Grande; Dourados; Três Lagoas; Corumbá; Ponta Porã; Naviraí; Nova Andradina",
    "MG": (
        "Belo Horizonte; Uberlândia; Contagem; Juiz de Fora; Betim; Montes Claros; "
        "Ribeirão das Neves; Uberaba; Governador Valadares; Ipatinga; Sete Lagoas; Divinópolis; "
        "Santa Luzia; Ibirité; Poços de Caldas; Patos de Minas; Pouso Alegre; Teófilo Otoni; "
        "Barbacena; Sabará; Varginha; Conselheiro Lafaiete; Vespasiano; Itabira; Araguari; "
        "Passos; Ubá; Coronel Fabriciano; Muriaé; Ituiutaba; Araxá; Lavras; Nova Lima; Itajubá; "
        "Viçosa; Ouro Preto; Mariana; São João del-Rei; Diamantina; Paracatu; Unaí; Janaúba; "
        "Januária"
    ),
    "PA": (
        "Belém; Ananindeua; Santarém; Marabá; Parauapebas; Castanhal; Abaetetuba; Cametá; "
        "Marituba; Bragança; São Félix do Xingu; Barcarena; Altamira; Tucuruí; Paragominas; "
        "Itaituba; Redenção; Breves"
    ),
    "PB": (
        "João Pessoa; Campina Grande; Santa Rita; Patos; Bayeux; Sousa; Cabedelo; Cajazeiras; "
        "Guarabira"
    ),
    "PR": (
        "Curitiba; Londrina; Maringá; Ponta Grossa; Cascavel; São José dos Pinhais; "
        "Foz do Iguaçu; Colombo; Guarapuava; Paranaguá; Araucária; Toledo; Apucarana; Pinhais; "
        "Campo Largo; Arapongas; Almirante Tamandaré; Umuarama; Piraquara; Cambé; Sarandi; "
        "Fazenda Rio Grande; Paranavaí; Francisco Beltrão; Pato Branco; Cianorte; "
        "Telêmaco Borba; Castro; Rolândia; Irati; União da Vitória"
    ),
    "PE": (
        "Recife; Jaboatão dos Guararapes; Olinda; Caruaru; Petrolina; Paulista; "
        "Cabo de Santo Agostinho; Camaragibe; Garanhuns; Vitória de Santo Antão; Igarassu; "
        "São Lourenço da Mata; Santa Cruz do Capibaribe; Abreu e Lima; Ipojuca; Serra Talhada; "
        "Araripina; Gravatá; Carpina; Goiana; Belo Jardim; Arcoverde; Ouricuri; Salgueiro; "
        "Tabira; Afogados da Ingazeira; Surubim; Pesqueira"
    ),
    "PI": "Teresina; Parnaíba; Picos; Piripiri; Floriano; Campo Maior; Barras",
    "RJ": (
        "Rio de Janeiro; São Gonçalo; Duque de Caxias; Nova Iguaçu; Niterói; Belford Roxo; "
        "Campos dos Goytacazes; São João de Meriti; Petrópolis; Volta Redonda; Magé; Macaé; "
        "Itaboraí; Cabo Frio; Maricá; Nova Friburgo; Barra Mansa; Angra dos Reis; Mesquita; "
        "Teresópolis; Rio das Ostras; Nilópolis; Queimados; Araruama; Resende; Itaguaí; "
        "São Pedro da Aldeia; Itaperuna; Japeri; Barra do Piraí; Seropédica; Três Rios"
    ),
    "RN": (
        "Natal; Mossoró; Parnamirim; São Gonçalo do Amarante; Macaíba; Ceará-Mirim; Caicó; Assú; "
        "Currais Novos"
    ),
    "RS": (
        "Porto Alegre; Caxias do Sul; Canoas; Pelotas; Santa Maria; Gravataí; Viamão; "
        "Novo Hamburgo; São Leopoldo; Rio Grande; Alvorada; Passo Fundo; Sapucaia do Sul; "
        "Uruguaiana; Santa Cruz do Sul; Cachoeirinha; Bagé; Bento Gonçalves; Erechim; Guaíba; "
        "Lajeado; Ijuí; Santana do Livramento; Santo Ângelo; Sapiranga; Esteio; Alegrete; "
        "Farroupilha; Camaquã; Venâncio Aires; Cruz Alta"
    ),
    "RO": "Porto Velho; Ji-Paraná; Ariquemes; Vilhena; Cacoal; Rolim de Moura",
    "RR": "Boa Vista",
    "SC": (
        "Florianópolis; Joinville; Blumenau; São José; Chapecó; Itajaí; Criciúma; "
        "Jaraguá do Sul; Palhoça; Lages; Balneário Camboriú; Brusque; Tubarão; São Bento do Sul; "
        "Caçador; Camboriú; Navegantes; Concórdia; Rio do Sul; Araranguá; Gaspar; Biguaçu; "
        "Indaial; Itapema; Mafra; Canoinhas; Videira; Xanxerê"
    ),
    "SE": (
        "Aracaju; Nossa Senhora do Socorro; Lagarto; Itabaiana; São Cristóvão; Estância; "
        "Tobias Barreto"
    ),
    "SP": (
        "São Paulo; Guarulhos; Campinas; São Bernardo do Campo; Santo André; Osasco; "
        "São José dos Campos; Ribeirão Preto; Sorocaba; Mauá; São José do Rio Preto; "
        "Mogi das Cruzes; Santos; Diadema; Jundiaí; Piracicaba; Carapicuíba; Bauru; "
        "Itaquaquecetuba; São Vicente; Franca; Praia Grande; Guarujá; Taubaté; Limeira; Suzano; "
        "Taboão da Serra; Sumaré; Barueri; Embu das Artes; São Carlos; Indaiatuba; Cotia; "
        "Americana; Marília; Itapevi; Araraquara; Jacareí; Hortolândia; Presidente Prudente; "
        "Rio Claro; Araçatuba; Ferraz de Vasconcelos; Santa Bárbara d'Oeste; Francisco Morato; "
        "Itapecerica da Serra; Itu; Bragança Paulista; Pindamonhangaba; Itapetininga; "
        "São Caetano do Sul; Franco da Rocha; Mogi Guaçu; Jaú; Botucatu; Atibaia; "
        "Santana de Parnaíba; Araras; Cubatão; Valinhos; Sertãozinho; Jandira; Birigui; "
        "Ribeirão Pires; Votorantim; Barretos; Catanduva; Várzea Paulista; Guaratinguetá; Tatuí; "
        "Caraguatatuba; Itatiba; Salto; Poá; Ourinhos; Paulínia; Assis; Leme; Itanhaém; "
        "Caieiras; Mairiporã; Votuporanga; Itapeva; Caçapava; Mogi Mirim; São João da Boa Vista; "
        "São Roque; Lins; Registro; Avaré; Jales; Fernandópolis; Andradina; Lorena; Ubatuba"
    ),
    "TO": "Palmas; Araguaína; Gurupi; Porto Nacional; Paraíso do Tocantins",
}

NICKNAMES: dict[str, str] = {
    "bh": "Belo Horizonte",
    "beaga": "Belo Horizonte",
    "sp": "São Paulo",
    "sampa": "São Paulo",
    "sao paulo capital": "São Paulo",
    "rio": "Rio de Janeiro",
    "rj": "Rio de Janeiro",
    "rio capital": "Rio de Janeiro",
    "poa": "Porto Alegre",
    "floripa": "Florianópolis",
    "bsb": "Brasília",
    "ssa": "Salvador",
    "jampa": "João Pessoa",
    "jp": "João Pessoa",
    "cwb": "Curitiba",
    "fortal": "Fortaleza",
    "sjc": "São José dos Campos",
    "sbc": "São Bernardo do Campo",
    "sjrp": "São José do Rio Preto",
    "rio preto": "São José do Rio Preto",
    "ribeirao": "Ribeirão Preto",
    "rib preto": "Ribeirão Preto",
    "sanca": "São Carlos",
    "vix": "Vitória",
    "feira": "Feira de Santana",
    "juiz de fora mg": "Juiz de Fora",
    "jf": "Juiz de Fora",
    "campina": "Campina Grande",
    "caxias": "Duque de Caxias",
    "duque": "Duque de Caxias",
}
"""Short forms people use for a city (folded), and the city they mean."""

AMBIGUOUS_WORDS = frozenset(
    normalize(word)
    for word in (
        "Paulista", "Serra", "Natal", "Vitória", "Palmas", "Patos", "Santos", "Sorriso", "Barras",
        "Castro", "Franca", "Lins", "Assis", "Leme", "Salto", "Formosa", "Sousa", "Gaspar",
        "Mariana", "Toledo", "Registro", "Navegantes", "Gama", "Passos", "Santana", "Feira",
        "Caxias", "Campina", "Rio", "SP", "Pinheiro", "Trindade", "Colombo", "Concórdia",
        "Esteio", "Redenção", "Estância", "Goiana", "Alvorada", "Lagarto", "Bragança",
    )
)  # fmt: skip
"""City names that are also common words or people's names: recognised only where a city is
expected (the answer to "Em que cidade você mora?", or after "moro em"), never anywhere."""


@cache
def catalogue() -> dict[str, tuple[str, str]]:
    """Folded city name → (city as written, UF)."""
    cities: dict[str, tuple[str, str]] = {}
    for uf, names in _BY_UF.items():
        for name in names.split(";"):
            name = name.strip()
            cities.setdefault(normalize(name), (name, uf))
    return cities


def lookup(text: str, uf_hint: str | None = None) -> tuple[str, str | None] | None:
    """The city `text` names (a catalogue name or a short form) and its UF; None when it names
    no known city. `uf_hint` (a UF the student gave) wins over the catalogue's."""
    key = normalize(text)
    if key in NICKNAMES:
        key = normalize(NICKNAMES[key])
    found = catalogue().get(key)
    if found is None:
        return None
    name, uf = found
    return name, (uf_hint or uf)


def uf_of(city: str) -> str | None:
    """The UF of a catalogue city (None when unknown)."""
    found = lookup(city)
    return found[1] if found else None


def state_in(text: str) -> str | None:
    """A state named in `text` as a whole phrase ("no Pará", "sertão de Pernambuco", "- PB")."""
    folded = f" {normalize(text)} "
    for uf, name in sorted(UF_NAMES.items(), key=lambda item: -len(item[1])):
        if f" {normalize(name)} " in folded:
            return uf
    return None


__all__ = ["AMBIGUOUS_WORDS", "NICKNAMES", "catalogue", "lookup", "parse_uf", "state_in", "uf_of"]
