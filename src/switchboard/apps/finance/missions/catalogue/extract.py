"""From a pt-BR question to a typed catalogue `Question`: its kind, its parameters, what is
missing and what was assumed.

Classification reads cue words (whole words, folded text), most specific kind first: a
diagnosis, an emergency fund, buy vs rent, retirement, debts, a saving goal, investments,
financing. Parameters come from `quantities.scan` with a role per number read from the words
around it ("80 mil de entrada", "aluguel de 1.600", "CDI de 10,65% ao ano"). Nothing is filled
silently: a conversion (an annual rate to its monthly equivalent), a reading that needed a
rule ("60 de entrada" on a 300 mil property = R$ 60.000) or a default (6 months of reserve, no
yield when none is given) is written in `assumptions`, which the answer states; what cannot be
computed without the user is listed in `missing`, and the answer asks for it. The object is
the user's own word ("apê", "a casa", "moto"), never another one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Literal

from switchboard.apps.finance.finmath import annual_to_monthly
from switchboard.apps.finance.finmath.fmt import brl as brl_text
from switchboard.apps.finance.finmath.fmt import pct
from switchboard.apps.finance.market.models import IndexName
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind
from switchboard.apps.finance.missions.catalogue.params import (
    AposentadoriaParams,
    ComprarAlugarParams,
    ContaParams,
    DiagnosticoParams,
    Divida,
    DividasParams,
    FinanciamentoParams,
    InvestimentosParams,
    KindParams,
    MetaParams,
    OpcaoInvestimento,
    ReservaParams,
)
from switchboard.apps.finance.missions.catalogue.quantities import (
    Duration,
    Money,
    Quantities,
    Rate,
    scan,
)
from switchboard.apps.finance.nlu.text import fold

D = Decimal


@dataclass(frozen=True, slots=True)
class Question:
    """A question of the catalogue, ready to plan."""

    kind: QuestionKind
    params: KindParams
    missing: tuple[str, ...] = ()
    """pt-BR names of what the user must tell us (the answer asks for them)."""
    assumptions: tuple[str, ...] = ()
    """pt-BR sentences the answer states."""
    indices: tuple[IndexName, ...] = ()
    """Market indices to look up because the user gave none (CDI, Selic, IPCA)."""
    objeto: str | None = None


@dataclass(slots=True)
class _Found:
    assumptions: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    indices: list[IndexName] = field(default_factory=list)


def _has(text: str, pattern: str) -> bool:
    return re.search(pattern, text) is not None


# ---------------------------------------------------------------- scope and kind

OUT_OF_SCOPE: tuple[tuple[str, str], ...] = (
    (
        r"\bvai (?:subir|cair|valorizar|desvalorizar|estar|ta|ficar|bombar)\b|\bprevis|\bprever\b"
        r"|\bamanha\b|\bespera cair\b|\bquanto vai (?:estar|ta|ficar|valer)\b",
        "previsao",
    ),
    (r"\bdeclar\w*\b.*\b(?:imposto|ir|irpf|receita)\b|\bdarf\b|\bficha\b", "declaracao_ir"),
    (
        r"\bopc(?:oes|ao)\b|\btravas? de (?:alta|baixa)\b|\bderivativ\w*|\bcall\b|\bput\b"
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
    own_rate = _has(folded, r"\d\s*(?:%|por cento)") and not _has(folded, _MARKET_ASSET)
    for pattern, topic in OUT_OF_SCOPE:
        if topic == "previsao" and own_rate:
            continue  # "quanto vai estar daqui 3 meses a 12,5% a.m.": the user's own computation
        if _has(folded, pattern):
            return topic
    return None


_DIAGNOSIS = (
    r"\banalis\w* (?:completa )?(?:d[ao]s? )?(?:minhas? |meus )?(?:financas|situacao financeira)\b"
    r"|\bcort(?:ar|o|e|es)\b|\bpesam\b|\bdiagnost\w*|\bonde (?:eu )?(?:mais )?gast\w*"
    r"|\bonde (?:eu )?(?:estou|to|tou|ando|ta|esta|tenho|vivo) (?:\w+ )?gast\w*"
    r"|\bgastando (?:demais|muito|mais do que|mal)\b|\bgasto (?:demais|muito)\b"
    r"|\b(?:pra|para) onde (?:\w+ ){0,2}(?:vai|vao|indo|foi|foram) (?:o |os )?(?:meu |meus )?"
    r"(?:dinheiro|salario|grana)\b"
    r"|\bentender (?:os )?meus gastos\b|\banalis\w* (?:os |meus )*(?:gastos|despesas)\b"
    r"|\bonde (?:eu )?(?:posso|da pra|consigo|devo) (?:economizar|cortar|reduzir|gastar menos)\b"
    r"|\banalis\w* (?:o mes|(?:janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro"
    r"|outubro|novembro|dezembro))\b|\bno vermelho\b.*\b(?:analis|cort)"
)
_RESERVE = r"\breserva (?:de )?emergen\w*|\breserva emergencial\b|\bfundo de emergencia\b"
_RESERVE += r"|\bcolchao financeiro\b|\bmeses de reserva\b|\breserva de \d+ meses\b"
_RESERVE += r"|\breserva (?:ideal|minima|certa|recomendada|adequada)\b|\bquanto de reserva\b"
_RESERVE += r"|\bqual (?:a |o valor da )?reserva\b|\btamanho da (?:minha )?reserva\b"
_RESERVE += r"|\breserva de quant\w*|\bmontar (?:uma |a |minha )?reserva\b"
_RESERVE += r"|\b(?:guardad\w*|separad\w*|dinheiro|grana|colchao) (?:de|para|pra) emergencia"
_RENT = r"\balug\w*|\bassin(?:ar|atura)\b"
_BUY = r"\bcompr\w*|\bfinanc\w*|\ba vista\b"
_RETIRE = (
    r"\baposent\w*|\brenda passiva\b|\bviver de renda\b|\bindependencia financeira\b"
    r"|\bdinheiro dura\b|\bdura quantos\b|\bsacando\b|\b(?:rendimento|a\.?m\.?|ao mes) real\b"
    r"|\bprevidencia\b|\bpgbl\b|\bvgbl\b|\bdura (?:quanto|por quanto)|\bdura ate (?:quant|que)\w*"
    r"|\brenda (?:mensal )?de [^.;?]{0,20}(?:por|ao) mes\b|\bsem mexer no principal\b"
    r"|\bviver (?:so )?(?:de|dos) (?:juros|rendimentos?)\b"
    r"|(?=.*\b(?:por|ao|todo) mes\b).*\bquanto (?:eu )?(?:terei|vou ter|teria|acumulo|acumularia"
    r"|junto|vou juntar|juntaria)\b"
)
_DEBT = (
    r"\bdevo\b(?! (?:poupar|guardar|juntar|investir|aplicar|ter|separar|aportar|colocar"
    r"|economizar))|\bdivida\w*|\brotativo\b|\bcheque especial\b|\bconsignado\b|\bportabilidade\b"
    r"|\bquitar\b|\bamortiz\w*|\bemprestimo\b|\bcartao parcelado\b"
)
_GOAL = (
    r"\bjuntar\b|\bjunto\b|\bguardar\b|\bguardando\b|\bpoupar\b|\bpoupando\b|\beconomizar\b"
    r"|\bmeta de\b|\bmeta\b ?:|\baport(?:ar|o|ando|e)\b|\bseparar\b|\bjuntando\b"
    r"|\bguardo\b|\bguardaria\b|\bsepar(?:o|ando)\b|\bpoupo\b|\bjunto\b"
)
_INVEST = (
    r"\bcdb\b|\blci\b|\blca\b|\btesouro\b|\bpoupanca\b|\bcdi\b|\bselic\b|\bquanto rende\b"
    r"|\brende mais\b|\bqual rende\b|\bprefixado\b|\bipca\+"
)
_FINANCE = (
    r"\bfinanc\w*|\bsac\b|\bprice\b|\bparcela\b.*\bentrada\b"
    r"|(?:\bparcel\w*|\bprestac\w*|\b\d+ ?x\b|\b\d+ vezes\b|\bentrada\b).*\d ?(?:%|por cento)"
    r"|\d ?(?:%|por cento).*(?:\bparcel\w*|\bprestac\w*|\b\d+ ?x\b|\b\d+ vezes\b|\bentrada\b)"
)
"""Financing by its words, or by its shape: instalments (parcelas, 48x, 36 vezes) and a rate."""


_PROPERTY_PRICE = (
    r"\b(?:imovel|apartamento|apto|ape|casa|carro|moto)\b (?:de|por|custa\w*|vale|avaliad[oa] em) "
    r"(?:r\$ ?)?\d"
)
"""A property with its price ("casa de 600 mil"): with a rent, a buy-vs-rent question."""
_LOAN_INSTALMENT = (
    r"(?=.*\b(?:qual|quanto|qto) (?:e |fica |seria |da |vai ser )?(?:a |o valor da )?"
    r"(?:parcela|prestacao)\b)(?=.*\b\d+ ?(?:x|vezes|parcelas|meses)\b)"
    r"(?!.*\b(?:devo|saldo|faltam|restantes?|quitar|portabilidade|trocar)\b)"
    r".*\b(?:consignado|emprestimo)\b"
)
"""A new loan's instalment: the question is a financing (PRICE), not a debt to pay off."""
_RATE_ASKED = (
    r"(?=.*\b(?:qual|quanto|qto) (?:e |seria |sera |fica )?(?:a |de )?(?:taxa|juros)\b)"
    r"(?!.*\d ?(?:%|por cento))(?=.*\b\d+ ?(?:parcelas|prestacoes|x|vezes) de\b)"
)
"""The rate asked from the instalments ("36 parcelas de 380, qual a taxa?"): a financing."""
_GOAL_SHAPE = (
    r"(?!.*\b(?:financ\w*|parcel\w*|prestac\w*|emprestimo|consignado|\d+ ?x)\b)"
    r"(?=.*\b(?:rend\w*|aplica\w*|investid\w*|guardad\w*|sem juros|\d ?%))"
    r".*\bquanto (?:preciso )?(?:guardar |separar |poupar |aportar |investir |colocar |juntar )?"
    r"(?:por|ao|todo|no) mes\b"
)
"""A goal by its shape: a yield (or savings) and "quanto por mês", with no loan in sight."""


def classify(folded: str, ages: bool = False) -> QuestionKind | None:
    """The catalogue kind of a folded question, or None (see the module docstring). `ages`:
    the question states an age ("tenho 35 anos", "aos 65"), a retirement cue."""
    if _has(folded, _DIAGNOSIS) and not _has(folded, r"\d+(?:[.,]\d+)?\s*%"):
        return QuestionKind.DIAGNOSTICO
    if _has(folded, _RESERVE):
        return QuestionKind.RESERVA
    if _has(folded, _RENT) and (_has(folded, _BUY) or _has(folded, _PROPERTY_PRICE)):
        return QuestionKind.COMPRAR_ALUGAR
    if _has(folded, r"\bsac\b|\bprice\b") and not _has(folded, r"\bdevo\b|\bsaldo devedor\b"):
        return QuestionKind.FINANCIAMENTO  # "na sac, … quanto é a amortização": not a debt
    if _has(folded, _LOAN_INSTALMENT) or _has(folded, _RATE_ASKED):
        return QuestionKind.FINANCIAMENTO  # "consignado de 30 mil em 84x, qual a parcela?"
    if _has(folded, _RETIRE) or (
        ages and _has(folded, _GOAL + r"|\baport\w*|\bchegar a\b|\binvest\w*|\bterei\b")
    ):
        return QuestionKind.APOSENTADORIA
    if _has(folded, _DEBT):
        return QuestionKind.DIVIDAS
    if (_has(folded, _GOAL) or _has(folded, _GOAL_SHAPE)) and not _has(
        folded, r"\bpoupanca\b|\bcdb\b|\blci\b|\blca\b"
    ):
        return QuestionKind.META
    if _has(folded, _INVEST):
        return QuestionKind.INVESTIMENTOS
    if _has(folded, _FINANCE):
        return QuestionKind.FINANCIAMENTO
    return None


# ---------------------------------------------------------------- shared readers

_OBJECTS: tuple[tuple[str, bool], ...] = (
    (r"apartamento|apto|ape|apê", False),
    (r"imovel|imóvel|casa|terreno|kitnet|sala comercial|sitio|chacara", False),
    (r"carro|moto|motocicleta|veiculo|caminhonete|caminhao|suv", True),
    (r"notebook|celular|iphone|geladeira|tv|televisao|computador|sofa", False),
)


def objeto_of(q: Quantities) -> tuple[str | None, bool]:
    """The object the user named (their own word, accents kept) and whether it is a vehicle."""
    best: tuple[int, str, bool] | None = None
    for words, vehicle in _OBJECTS:
        m = re.search(rf"\b(?:{words})\b", q.text)
        if m is not None and (best is None or m.start() < best[0]):
            best = (m.start(), q.original[m.start() : m.end()], vehicle)
    return (best[1], best[2]) if best else (None, False)


def _before(q: Quantities, start: int, pattern: str, width: int = 30) -> bool:
    return re.search(pattern, q.before(start, width)) is not None


def _after(q: Quantities, end: int, pattern: str, width: int = 25) -> bool:
    return re.search(pattern, q.after(end, width)) is not None


def _monthly(rate: Rate, found: _Found, what: str) -> Decimal:
    """A rate as a monthly fraction; annual rates converted (and the conversion stated)."""
    if rate.period == "mes":
        return rate.fraction
    if rate.period == "ano":
        monthly = annual_to_monthly(rate.fraction)
        found.assumptions.append(
            f"{what}: {pct(rate.percent)} ao ano equivalem a {pct(monthly * 100, places=4)} ao "
            "mês (juros compostos)."
        )
        return monthly
    if rate.percent < 4:
        found.assumptions.append(
            f"{what}: entendi {pct(rate.percent)} como taxa ao mês (você não disse o período)."
        )
        return rate.fraction
    monthly = annual_to_monthly(rate.fraction)
    found.assumptions.append(
        f"{what}: entendi {pct(rate.percent)} como taxa ao ano ({pct(monthly * 100, places=4)} "
        "ao mês; você não disse o período)."
    )
    return monthly


def _months_of(durations: list[Duration]) -> int | None:
    for d in durations:
        if d.unit != "dias":
            return d.months
    return durations[0].months if durations else None


def _pick(items: list[Money], used: set[int]) -> Money | None:
    for item in items:
        if item.start not in used:
            used.add(item.start)
            return item
    return None


def _money(q: Quantities, *, before: str | None = None, after: str | None = None) -> list[Money]:
    out = []
    for m in q.money:
        if (before and _before(q, m.start, before, 45)) or (after and _after(q, m.end, after)):
            out.append(m)
    return out


def _rates(q: Quantities, *, before: str | None = None, after: str | None = None) -> list[Rate]:
    out = []
    for r in q.rates:
        if (before and _before(q, r.start, before, 25)) or (after and _after(q, r.end, after, 20)):
            out.append(r)
    return out


# ---------------------------------------------------------------- financiamento

_DOWN_BEFORE = r"entrada (?:de )?(?:r\$ ?)?$|dando (?:r\$ ?)?$|\bcom entrada de (?:r\$ ?)?$"
_OBJECT_WORDS = (
    r"\b(?:apartamento|apto|ape|imovel|casa|terreno|carro|moto|motocicleta|veiculo|bem|kitnet"
    r"|notebook|celular|iphone|geladeira|tv|televisao|caminhonete|suv|lote|sala|casinha|carrinho)\b"
)
_DOWN_AFTER = (
    r"^ ?(?:de|como|na|da) entrada\b|^ ?(?:reais )?de entrada"
    r"|^[^.,;\d]{0,8}\b(?:na troca|de troca|como parte do pagamento)\b"
)
_INCOME_BEFORE = r"\b(?:renda|salario|ganho|recebo)\b[^.,;]{0,15}$"
_INSTALMENT_BEFORE = (
    r"(?:\d+ ?(?:parcelas|prestacoes|x|vezes) de|\bparcelas? (?:do financiamento )?"
    r"(?:seria|sera|fica|ficaria|e|de|sai|vai ser) (?:de )?) ?(?:r\$ ?)?$"
)
"""The instalment the user pays ("48 parcelas de 1.200", "a parcela seria 3.200")."""


def _instalments(q: Quantities) -> list[Money]:
    """Amounts read as the instalment — only when no rate is given: with a rate, "a parcela de
    30 mil em 36x a 2,1%" names the amount financed."""
    if any(r.period != "cdi" for r in q.rates):
        return []
    return _money(q, before=_INSTALMENT_BEFORE)


def _financing_core(q: Quantities, found: _Found, used: set[int]) -> dict[str, object]:
    """What financing questions share: price, down payment, principal, rate, term."""
    objeto, _ = objeto_of(q)
    out: dict[str, object] = {}
    down = _money(q, before=_DOWN_BEFORE, after=_DOWN_AFTER)
    entrada = _pick(down, used)
    price = _pick(
        _money(
            q,
            before=_OBJECT_WORDS
            + r"[^.,;\d]{0,14}(?:(?:de|por|custa|custando|no valor de|vale|avaliad[oa] em) )?"
            r"(?:r\$ ?)?$",
        ),
        used,
    )
    rent = r"\b(?:alug\w*|assin\w*)\b[^.;]{0,12}$"
    skip = {m.start for m in _money(q, before=rent + "|" + _INCOME_BEFORE)}
    skip |= {m.start for m in _instalments(q)}
    principal = None
    explicit = _money(q, before=r"\bfinanci\w*(?: d[eo]s?| os| um| uma)?(?: r\$ ?)?$")
    principal = _pick([m for m in explicit if m.start not in skip], used)
    if price is None and principal is None:
        first = _pick([m for m in q.money if m.start not in skip], used)
        if first is not None and entrada is not None and entrada.value < first.value:
            price = first  # "300 mil, entrada 60 mil": the price, not the financed amount
        else:
            principal = first
    if entrada is None and _has(q.text, r"\bsem entrada\b"):
        out["entrada"] = D(0)
    elif entrada is not None:
        value = entrada.value
        base = price.value if price is not None else None
        if base is not None and value < 1000 and value * 1000 < base:
            found.assumptions.append(
                f"Entendi a entrada de {value.normalize():f} como R$ {value.normalize():f} mil."
            )
            value *= 1000
        out["entrada"] = value
    else:
        pct_down = _rates(q, before=r"\bentrada (?:de )?$", after=r"^ ?(?:de |da |como )?entrada")
        if pct_down and price is not None:
            out["entrada"] = (price.value * pct_down[0].fraction).quantize(D("0.01"))
            found.assumptions.append(
                f"Entrada de {pct(pct_down[0].percent, places=0)} do valor do bem."
            )
    if price is not None:
        out["valor_bem"] = price.value
    if principal is not None:
        out["principal"] = principal.value
    if (
        price is not None
        and principal is not None
        and "entrada" not in out
        and principal.value < price.value
    ):
        out["entrada"] = price.value - principal.value
    rates = [
        r
        for r in q.rates
        if r.period != "cdi"
        and not _after(q, r.end, r"^ ?(?:da|de) renda|^ ?(?:de |da |como )?entrada|^ ?do valor")
        and not _before(
            q,
            r.start,
            r"\b(?:renda|rende\w*|rendimento|desvaloriz\w*)\b[^.,;]{0,15}$|\bentrada (?:de )?$",
            25,
        )
    ]
    if rates:
        out["taxa_mensal"] = _monthly(rates[0], found, "Taxa do financiamento")
    months = _months_of([d for d in q.durations if not _after(q, d.end, r"^ ?de reserva")])
    if months is not None:
        out["meses"] = months
    out["objeto"] = objeto
    return out


def _financing(q: Quantities, found: _Found) -> FinanciamentoParams:
    used: set[int] = set()
    core = _financing_core(q, found, used)
    systems: tuple[Literal["price", "sac"], ...] = ("price", "sac")
    has_sac, has_price = _has(q.text, r"\bsac\b"), _has(q.text, r"\bprice\b")
    if has_sac and not has_price:
        systems = ("sac",)
    elif has_price and not has_sac:
        systems = ("price",)
    income = _pick(_money(q, before=_INCOME_BEFORE), used)
    limit = _rates(q, after=r"^ ?(?:da|de) (?:minha )?renda")
    instalment = _pick(_instalments(q), used)
    params = FinanciamentoParams(
        valor_bem=core.get("valor_bem"),  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        entrada=core.get("entrada"),  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        principal=core.get("principal"),  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        taxa_mensal=core.get("taxa_mensal"),  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        meses=core.get("meses"),  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        sistemas=systems,
        parcela_numero=q.ordinal,
        renda_mensal=income.value if income else None,
        limite_renda_pct=limit[0].percent if limit else None,
        objeto=core.get("objeto"),  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        parcela_informada=instalment.value if instalment else None,
    )
    if params.financed() is None:
        found.missing.append("o valor a financiar (ou o preço do bem e a entrada)")
    elif params.principal is None and params.entrada is None and params.valor_bem is not None:
        if params.taxa_mensal is not None and params.meses is not None:
            found.assumptions.append(
                "Considerei financiar o valor todo, sem entrada (você não disse a entrada)."
            )
        else:
            found.missing.append("a entrada")
    if params.taxa_mensal is None and params.parcela_informada is None:
        found.missing.append("a taxa de juros (ao mês ou ao ano)")
    if params.meses is None:
        found.missing.append("o prazo (quantas parcelas)")
    return params


# ---------------------------------------------------------------- comprar x alugar


def _buy_or_rent(q: Quantities, found: _Found) -> ComprarAlugarParams:
    used: set[int] = set()
    objeto, vehicle = objeto_of(q)
    rent = _pick(
        _money(q, before=r"\b(?:alug\w*|assin\w*)\b[^.;\d]{0,30}$", after=r"^ ?(?:de )?aluguel"),
        used,
    )
    financed = _has(q.text, r"\bfinanc\w*")
    instalment = _pick(_instalments(q), used)
    core = _financing_core(q, found, used) if financed else {}
    price = core.get("valor_bem")
    if price is None:
        rest = [m for m in q.money if m.start not in used]
        biggest = max(rest, key=lambda m: m.value, default=None)
        price = biggest.value if biggest is not None else None
    yields = _rates(q, before=r"\b(?:rend\w*|aplica\w*|investid\w*|dinheiro)\b[^.;]{0,25}$")
    cdi_yield = next((r for r in yields if r.period == "cdi"), None)
    yields = [r for r in yields if r.period != "cdi"]
    if cdi_yield is not None:
        found.indices.append("cdi")
    depreciation = _rates(
        q, before=r"\b(?:desvaloriz\w*|deprecia\w*|perde|perdendo)\b[^.;\d]{0,8}$"
    )
    params = ComprarAlugarParams(
        valor_bem=price,  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        aluguel=rent.value if rent else None,
        rendimento_mensal=_monthly(yields[0], found, "Rendimento do seu dinheiro")
        if yields
        else None,
        financiar=financed,
        entrada=core.get("entrada"),  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        principal=core.get("principal"),  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        taxa_mensal=core.get("taxa_mensal"),  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        meses=core.get("meses"),  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        depreciacao_anual=depreciation[0].fraction
        if depreciation and depreciation[0].period != "mes"
        else (depreciation[0].fraction * 12 if depreciation else None),
        objeto=objeto,
        veiculo=vehicle,
        rendimento_pct_cdi=cdi_yield.percent if cdi_yield is not None else None,
        parcela_informada=instalment.value if instalment else None,
    )
    if params.valor_bem is None and params.parcela_informada is None:
        found.missing.append("o preço do bem")
    if params.aluguel is None:
        found.missing.append("o valor do aluguel (ou da assinatura)")
    if cdi_yield is not None:
        found.assumptions.append(
            f"Rendimento do seu dinheiro: {pct(cdi_yield.percent, places=0)} do CDI, antes do IR."
        )
    elif params.rendimento_mensal is None:
        found.assumptions.append(
            "Não considerei quanto o dinheiro da compra renderia aplicado (o custo de "
            "oportunidade): você não disse a taxa."
        )
    if (
        financed
        and params.parcela_informada is None
        and (params.taxa_mensal is None or params.meses is None)
    ):
        found.missing.append("a taxa e o prazo do financiamento")
    return params


# ---------------------------------------------------------------- investimentos

_PRODUCTS = re.compile(
    r"\b(?P<p>cdb|lci|lca|tesouro selic|tesouro ipca\+?|tesouro prefixado|poupanca|tesouro)\b"
)


def _investments(q: Quantities, found: _Found) -> InvestimentosParams:
    t = q.text
    mentions = list(_PRODUCTS.finditer(t))
    options: list[OpcaoInvestimento] = []
    seen: set[str] = set()
    cdi_rates = [r for r in q.rates if r.period == "cdi"]
    if cdi_rates or _has(t, r"\bcdi\b"):  # "cdb 110% do cdi ou lci 92%": the CDI's too
        cdi_rates += [
            r
            for r in q.rates
            if r.period == "none"
            and r.percent >= 50
            and _before(q, r.start, r"\b(?:cdb|lci|lca)\b(?: de| a| com| pagando| paga)?\s*$", 16)
        ]
        cdi_rates.sort(key=lambda r: r.start)
    as_cdi = {r.start for r in cdi_rates}
    claimed: set[int] = set()
    for index, m in enumerate(mentions):
        name = m["p"].replace("+", "")
        if name == "tesouro" and _has(t[m.end() : m.end() + 6], r"^ (?:selic|ipca|prefix)"):
            continue
        limit = mentions[index + 1].start() if index + 1 < len(mentions) else len(t)
        own = [
            r
            for r in cdi_rates
            if m.end() <= r.start < limit and r.start - m.end() < 40 and r.start not in claimed
        ]
        if not own and name in ("cdb", "lci", "lca"):  # "90% do CDI na LCA"
            own = [r for r in cdi_rates if 0 < m.start() - r.end < 12 and r.start not in claimed]
        if own:
            claimed.add(own[0].start)
        spread = None
        if name in ("cdb", "lci", "lca") and not own:  # "cdb de 12% ao ano prefixado"
            fixed = [
                r
                for r in q.rates
                if m.end() <= r.start < min(limit, m.end() + 16)
                and r.period == "ano"
                and r.start not in as_cdi
            ]
            spread = fixed[0].fraction if fixed else None
        if name in ("tesouro ipca", "tesouro prefixado"):
            extra = [
                r
                for r in q.rates
                if m.end() <= r.start < m.end() + 14 and r.period != "cdi" and r.start < limit
            ]
            spread = extra[0].fraction if extra else None
        key = name.replace(" ", "_")
        if key == "tesouro":
            continue
        label = key + (str(own[0].percent) if own else "")
        if label in seen:
            continue
        seen.add(label)
        options.append(
            OpcaoInvestimento(
                produto=key,  # type: ignore[arg-type]  # validated by the model
                pct_cdi=own[0].percent if own else None,
                taxa_anual=spread,
            )
        )
    equivalence = _has(t, r"\bequival\w*|\bquantos? ?% do cdi\b|\bqual (?:o )?% do cdi\b")
    if equivalence and not any(o.produto == "cdb" for o in options):
        options.append(OpcaoInvestimento(produto="cdb"))
    cdi = [
        r
        for r in q.rates
        if r.period != "cdi"
        and r.start not in as_cdi
        and r.percent <= 40
        and _before(q, r.start, r"\bcdi\b[^%]{0,14}$", 20)
    ]
    selic = [
        r for r in q.rates if r.period != "cdi" and _before(q, r.start, r"\bselic\b[^%]{0,14}$", 20)
    ]
    savings = [
        r for r in q.rates if r.period == "mes" and _before(q, r.start, r"\bpoupanca\b[^%]{0,20}$")
    ]
    ipca = [r for r in q.rates if _before(q, r.start, r"\bipca\b[^+%]{0,10}$", 16)]
    amounts = list(q.money)
    days = next((d.value for d in q.durations if d.unit == "dias"), None)
    months = next((d.months for d in q.durations if d.unit != "dias"), None)
    if days is None and months is not None:
        years = next((d.value for d in q.durations if d.unit == "anos"), None)
        days = years * 365 if years is not None else round(months * 365 / 12)
    if months is None and days is not None:
        months = max(1, round(days * 12 / 365))
    params = InvestimentosParams(
        valor=amounts[0].value if amounts else None,
        dias=days,
        meses=months,
        opcoes=tuple(options),
        cdi_anual=cdi[0].fraction if cdi else None,
        selic_anual=selic[0].fraction if selic else None,
        ipca_anual=ipca[0].fraction if ipca else None,
        poupanca_mensal=savings[0].fraction if savings else None,
        equivalencia=equivalence,
        sem_taxa_b3=_has(t, r"\b(?:ignor\w*|sem) (?:a )?taxa (?:da b3|de custodia)"),
    )
    kinds = {o.produto for o in options}
    if not options and not _has(t, r"\btesouro\b"):
        found.missing.append("quais aplicações comparar (CDB, LCI/LCA, Tesouro, poupança)")
    if _has(t, r"\btesouro\b") and not kinds & {
        "tesouro_selic",
        "tesouro_ipca",
        "tesouro_prefixado",
    }:
        found.missing.append("qual título do Tesouro (Selic, IPCA+ ou Prefixado)")
    for option in options:
        unknown = (
            option.produto in ("cdb", "lci", "lca")
            and option.pct_cdi is None
            and option.taxa_anual is None
        )
        if unknown and not (equivalence and option.produto == "cdb"):
            article = "o" if option.produto == "cdb" else "a"
            found.missing.append(f"quantos % do CDI paga {article} {option.produto.upper()}")
    if params.dias is None:
        found.missing.append("o prazo da aplicação (ele define a alíquota do IR)")
    if params.valor is None and not equivalence:
        found.missing.append("o valor a aplicar")
    if any(o.pct_cdi is not None for o in options) and params.cdi_anual is None:
        if params.selic_anual is not None and _has(t, r"\bcdi ?= ?selic|selic ?= ?cdi"):
            params = params.model_copy(update={"cdi_anual": params.selic_anual})
        elif params.valor is not None:
            found.indices.append("cdi")
    needs_selic = kinds & {"tesouro_selic"} or ("poupanca" in kinds and not savings)
    if needs_selic and params.selic_anual is None:
        if params.cdi_anual is not None and _has(t, r"\bcdi ?= ?selic|selic ?= ?cdi"):
            params = params.model_copy(update={"selic_anual": params.cdi_anual})
        else:
            found.indices.append("selic")
    if "tesouro_ipca" in kinds and params.ipca_anual is None:
        found.indices.append("ipca")
    return params


# ---------------------------------------------------------------- dívidas

_DEBT_WORDS = re.compile(
    r"\b(?P<w>rotativo(?: do cartao)?|cartao(?: de credito| parcelado)?|cheque especial"
    r"|emprestimo(?: pessoal)?|consignado|financiamento|portabilidade)\b"
)
_DEBT_TYPE = {
    "rotativo": "rotativo",
    "cartao": "cartao",
    "cheque especial": "cheque_especial",
    "emprestimo": "emprestimo",
    "consignado": "consignado",
    "financiamento": "financiamento",
}
_EXTRA = (
    r"\b(?:13(?:o|º|°|ª)?(?!\s*[,.]\d|\s*%)|decimo terceiro|bonus|plr|ferias|restituicao|extra)"
    r"(?!\w)"
)


def _debts(q: Quantities, found: _Found) -> DividasParams:
    t = q.text
    words = list(_DEBT_WORDS.finditer(t))
    extra_money = (
        _pick(
            _money(
                q,
                before=r"\b(?:usar|receber|recebo|recebi|ganhei|vou receber|tenho|com)\b[^.;]{0,8}$"
                r"|\b(?:13(?:o|º|°|ª)?|decimo terceiro|plr|bonus) (?:de )?(?:r\$ ?)?$",
                after=r"^ ?(?:do|de) (?:13|decimo)",
            )
            or _money(q, after=r"^[^.;]{0,12}" + _EXTRA),
            set(),
        )
        if _has(t, _EXTRA)
        else None
    )
    payment = _pick(
        _money(q, before=r"\bpagando\b[^.;]{0,6}$", after=r"^ ?(?:reais )?por mes"), set()
    )
    skip = {m.start for m in (extra_money, payment) if m is not None}
    skip |= {m.start for m in q.money if re.fullmatch(r"13(?:o|º|°|ª)?", t[m.start : m.end])}
    minimum = next(
        (r for r in q.rates if _before(q, r.start, r"\bminimo (?:de |da fatura de )?$", 20)), None
    )  # "pagar só o mínimo de 15%": what is left goes to the rotativo
    # a debt's segment starts at its amount when the amount comes first ("2.800 no rotativo")
    starts: list[int] = []
    for word in words:
        lead = next(
            (
                m
                for m in q.money
                if m.start not in skip
                and m.end <= word.start()
                and re.fullmatch(r"\s*(?:reais\s+)?(?:no|na|do|da|de|em|com|pro|pra)?\s*",
                                 t[m.end : word.start()])
            ),
            None,
        )  # fmt: skip
        starts.append(lead.start if lead is not None else word.start())
    items: list[dict[str, object]] = []
    new_rate: Decimal | None = None
    new_kind: str | None = None
    new_terms: int | None = None
    offer = r"\b(?:pego|pegar|pegando|fazer|faco|fizer|contratar|trocar por|troco por|oferec\w*)\b"
    for index, word in enumerate(words):
        kind = word["w"].split(" do ")[0]
        kind = "cartao" if kind.startswith("cartao") else kind
        kind = "emprestimo" if kind.startswith("emprestimo") else kind
        start = 0 if index == 0 and starts[0] == word.start() else starts[index]
        end = starts[index + 1] if index + 1 < len(words) else len(t)
        money = [m for m in q.money if start <= m.start < end and m.start not in skip]
        rates = [
            r for r in q.rates if start <= r.start < end and r.period != "cdi" and r is not minimum
        ]
        terms = [
            d for d in q.durations if start <= d.start < end and d.unit in ("parcelas", "meses")
        ]
        offered = kind in ("consignado", "emprestimo") and _before(
            q, word.start(), offer + r"[^.;?]{0,12}$", 30
        )
        reads_new = (kind in ("portabilidade", "consignado") and not money and items) or offered
        if reads_new and rates:
            new_rate = _monthly(rates[0], found, "Taxa nova")
            new_kind = kind if kind in ("consignado", "emprestimo") else None
            if terms:
                new_terms = terms[0].months
            continue
        if kind == "portabilidade" or (new_kind is not None and kind == new_kind):
            continue
        tipo = _DEBT_TYPE.get(kind, "outra")
        same = next((i for i in items if i["tipo"] == tipo), None)
        item: dict[str, object] = (
            same if same is not None else {"tipo": tipo, "saldo": None, "taxa": None}
        )
        if item["saldo"] is None and money:
            item["saldo"] = money[0].value
            if minimum is not None and tipo in ("rotativo", "cartao"):
                paid = (money[0].value * minimum.fraction).quantize(D("0.01"))
                item["saldo"] = money[0].value - paid
                found.assumptions.append(
                    f"Pagando o mínimo de {pct(minimum.percent, places=0)} da fatura "
                    f"({brl_text(paid)}), ficam {brl_text(money[0].value - paid)} no rotativo."
                )
        if item["taxa"] is None and rates:
            item["taxa"] = _monthly(rates[0], found, "Taxa da dívida")
        if item.get("parcelas") is None:
            item["parcelas"] = terms[0].months if terms else None
        if same is None:
            items.append(item)
    if any(i["saldo"] is not None for i in items):
        # "cartão tem R$ 6 mil no rotativo": the card word named the rotativo, not a second debt
        items = [i for i in items if i["saldo"] is not None or i["taxa"] is not None]
    if new_terms is not None and items and not items[0].get("parcelas"):
        items[0]["parcelas"] = new_terms
    if not items and q.money:
        rates = [r for r in q.rates if r.period != "cdi" and r is not minimum]
        plain = [m for m in q.money if m.start not in skip]
        items.append(
            {
                "tipo": "outra",
                "saldo": plain[0].value if plain else None,
                "taxa": _monthly(rates[0], found, "Taxa da dívida") if rates else None,
                "parcelas": _months_of([d for d in q.durations if d.unit != "dias"]),
            }
        )
    if new_rate is None and _has(t, r"\bportabilidade\b") and items:
        # "... 2,05% ao mes; outro banco faz 1,6%": the second rate is the offer
        own = items[0].get("taxa")
        offers = [
            r
            for r in q.rates
            if r.period != "cdi"
            and _before(
                q,
                r.start,
                r"\b(?:outro banco|nova|novo|faz|fazem|oferec\w*|cobra|por|pra|para|propost\w*"
                r"|ofert\w*)"
                r"\b[^.;\d]{0,16}$", 30
            )
        ]  # fmt: skip
        offered_rate = next((r for r in offers if own is None or r.fraction != own), None)
        if offered_rate is not None:
            new_rate = _monthly(offered_rate, found, "Taxa nova")
    debts = tuple(
        Divida(
            tipo=i["tipo"],  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
            saldo=i["saldo"],  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
            taxa_mensal=i["taxa"],  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
            parcelas_restantes=i["parcelas"],  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        )
        for i in items
    )
    horizon = next(
        (
            d.months
            for d in q.durations
            if _after(q, d.end, r"^ ?(?:sem pagar|rolando)")
            or _before(
                q, d.start, r"\b(?:rolando|deixar|ficar|por|durante|em|daqui(?: a)?)\b ?$", 12
            )
        ),
        None,
    )
    if horizon is None and _has(t, r"\b(?:no )?mes que vem\b|\bproximo mes\b|\bdaqui a? ?um mes\b"):
        horizon = 1
    extra_said = _has(t, _EXTRA)
    projection = _has(
        t,
        r"\bsem pagar\b|\brolando\b|\bvira quanto\b|\bquanto vira\b|\bvai virar\b"
        r"|\bquanto vai (?:estar|ficar|ser)\b|\bnao pagar\b|\bnao cobrir\b"
        r"|\bquanto (?:vou )?dev(?:o|er|erei)\b",
    )
    if projection and horizon is not None and len(debts) == 1 and extra_money is None:
        extra_said = False  # "vira quanto em 6 meses? compensa quitar com o 13º?": project first
    if _has(t, r"\bportabilidade\b"):
        op = "portabilidade"
    elif new_rate is not None:
        op = "trocar"
    elif extra_said and (
        len(debts) >= 2
        or (debts and debts[0].tipo in ("rotativo", "cartao", "cheque_especial", "outra")
            and debts[0].parcelas_restantes is None)
    ):  # fmt: skip
        op = "avalanche"
    elif extra_said or _has(t, r"\bamortiz\w*"):
        op = "amortizar"
    elif payment is not None:
        op = "prazo_quitacao"
    elif len(debts) == 1 and _has(
        t, r"\bjuros (?:por|ao|todo|no|de um) mes\b|\bpor mes de juros\b"
    ):
        op, horizon = "projetar", 1
    elif _has(
        t,
        r"\bsem pagar\b|\brolando\b|\bvira quanto\b|\bquanto vira\b|\bvai virar\b"
        r"|\bquanto vai (?:estar|ficar|ser)\b|\bnao pagar\b|\bnao cobrir\b"
        r"|\bquanto (?:vou )?dev(?:o|er|erei)(?: daqui| no mes que vem| no proximo mes)\b",
    ) or (horizon is not None and len(debts) == 1):
        op = "projetar"
    else:
        op = "orientar"
    params = DividasParams(
        operacao=op,  # type: ignore[arg-type]  # one of the Literal values assigned above
        dividas=debts,
        meses=horizon if op == "projetar" else None,
        pagamento_mensal=payment.value if payment else None,
        valor_extra=extra_money.value if extra_money else None,
        origem_extra="13° salário" if _has(t, r"\b13|\bdecimo terceiro\b") else None,
        nova_taxa_mensal=new_rate,
        novo_tipo=new_kind,  # type: ignore[arg-type]  # "consignado" or None, a valid Literal
        manter_prazo=not _has(t, r"\b(?:reduzir|diminuir|encurtar) (?:o )?prazo\b"),
    )
    first = debts[0] if debts else None
    if first is None or first.saldo is None:
        found.missing.append("quanto você deve (o saldo devedor)")
    if first is None or first.taxa_mensal is None:
        found.missing.append("a taxa de juros da dívida (ao mês)")
    if op == "amortizar" and (first is None or first.parcelas_restantes is None):
        found.missing.append("quantas parcelas faltam")
    if op in ("amortizar", "avalanche") and params.valor_extra is None:
        found.missing.append("o valor do 13º (ou do dinheiro extra)")
    if op == "projetar" and params.meses is None:
        found.missing.append("por quantos meses")
    if op in ("trocar", "portabilidade") and first is not None and first.parcelas_restantes is None:
        found.missing.append("o prazo (quantas parcelas)")
    if op == "orientar":
        found.missing.append(
            "o que você quer saber: quanto a dívida vira, em quanto tempo quita, "
            "ou se vale trocar por um crédito mais barato"
        )
    return params


# ---------------------------------------------------------------- meta e aposentadoria

_NO_YIELD = (
    r"\bsem render\w*|\bsem rendimento\b|\bsem juros\b|\bnao rende\b|\bdebaixo do colchao\b"
    r"|\bsem (?:contar|considerar) (?:o |os )?(?:rendimentos?|juros)\b|\bso guardando\b"
    r"|\bna gaveta\b|\bem casa\b|\bsem investir\b"
)


def _yield(q: Quantities, found: _Found, what: str) -> Decimal | None:
    rates = [r for r in q.rates if r.period != "cdi"]
    if _has(q.text, _NO_YIELD) and not rates:
        return D(0)
    return _monthly(rates[0], found, what) if rates else None


def _goal(q: Quantities, found: _Found) -> MetaParams:
    t = q.text
    objeto, _ = objeto_of(q)
    asks_time = _has(
        t,
        r"\bem quanto tempo\b|\b(?:quanto|qto|qnto|qt|qnt) tempo\b|\bquantos (?:meses|anos)\b"
        r"|\bquando (?:eu )?(?:chego|junto|consigo)\b",
    )
    used: set[int] = set()
    contribution = _pick(
        _money(
            q,
            before=r"\b(?:guardando|poupando|depositando|aportando|juntando)\b[^.;]{0,6}$",
            after=r"^ ?(?:reais )?(?:por|ao|todo) mes",
        ),
        used,
    )
    initial = _pick(
        _money(
            q,
            after=r"^ ?(?:reais )?(?:que )?(?:ja )?(?:tenho )?"
            r"(?:guardad|poupad|investid|aplicad)\w*",
        )
        or (
            _money(q, before=r"\b(?:tenho|ja tenho|comecando com|partindo de)\b ?(?:r\$ ?)?$")
            if len(q.money) >= 2
            else []
        ),
        used,
    )
    financing = _has(t, r"\bfinanc\w*")
    rest = [m for m in q.money if m.start not in used]
    # the target is the largest amount left ("pra ter 8 mil de renda … preciso de 1,6 milhão")
    target = _pick(sorted(rest, key=lambda m: -m.value)[:1], used)
    rates = [r for r in q.rates if r.period != "cdi"]
    save_rate = next(
        (
            r
            for r in rates
            if not _before(q, r.start, r"\bfinanc\w*[^.;]{0,40}$|\d+ ?x[^.;]{0,8}$", 50)
        ),
        None,
    )
    loan_rate = next((r for r in rates if r is not save_rate), None)
    save_term = next(
        (
            d
            for d in q.durations
            if d.unit in ("meses", "anos")
            and not _before(q, d.start, r"\bfinanc\w*[^.;]{0,30}$", 40)
        ),
        None,
    )
    loan_term = next(
        (d for d in q.durations if d is not save_term and d.unit in ("parcelas", "meses")), None
    )
    rate: Decimal | None
    if financing and loan_rate is not None and save_rate is not None:
        op = "poupar_ou_financiar"
        rate = _monthly(save_rate, found, "Rendimento da aplicação")
    else:
        op = "prazo" if asks_time else "aporte"
        rate = _yield(q, found, "Rendimento")
    if rate is None:
        rate = D(0)
        found.assumptions.append(
            "Sem rendimento: você não disse quanto o dinheiro rende; aplicado, o valor mensal "
            "fica menor (me diga a taxa que eu refaço a conta)."
        )
    params = MetaParams(
        operacao=op,  # type: ignore[arg-type]  # one of the Literal values assigned above
        alvo=target.value if target else None,
        meses=save_term.months if save_term else None,
        taxa_mensal=rate,
        aporte_mensal=contribution.value if contribution else None,
        inicial=initial.value if initial else D(0),
        taxa_financiamento_mensal=_monthly(loan_rate, found, "Taxa do financiamento")
        if op == "poupar_ou_financiar" and loan_rate is not None
        else None,
        meses_financiamento=loan_term.months if op == "poupar_ou_financiar" and loan_term else None,
        objeto=objeto,
    )
    if params.alvo is None:
        found.missing.append("quanto você quer juntar")
    if op == "aporte" and params.meses is None:
        found.missing.append("em quanto tempo (meses ou anos)")
    if op == "prazo" and params.aporte_mensal is None:
        found.missing.append("quanto consegue guardar por mês")
    return params


def _retirement(q: Quantities, found: _Found) -> AposentadoriaParams:
    t = q.text
    used: set[int] = set()
    withdrawal = _pick(
        _money(
            q,
            before=r"\b(?:sacando|saque de|saco|sacar|retirando|retiro|retirar|tirando|tiro|tirar"
            r"|gastando)\b[^.;]{0,6}$",
        ),
        used,
    )
    income = None
    if withdrawal is None:
        income = _pick(
            _money(
                q,
                before=r"\b(?:renda(?: passiva| mensal)?|viver|vivendo|ganhar|receber|retirar)"
                r"(?: de renda)?(?: de| com)? (?:r\$ ?)?$",
                after=r"^ ?(?:reais )?(?:(?:por|ao) mes )?de renda\b",
            ),
            used,
        )
    contribution = _pick(
        _money(
            q,
            before=r"\b(?:aportar|aportando|guardando|poupando|investindo|depositando"
            r"|aporte de|coloco|colocando|invisto|aplico|deposito|guardar|guardo)\b[^.;]{0,6}$",
            after=r"^ ?(?:reais )?(?:por|ao|todo) mes",
        ),
        used,
    )
    initial = _pick(_money(q, after=r"^ ?(?:reais )?(?:investid|guardad|aplicad|poupad)\w*"), used)
    target = _pick(
        _money(
            q, before=r"\b(?:com|chegar a|chego a|juntar|ter|acumular|atingir|de)\b ?(?:r\$ ?)?$"
        )
        or [m for m in q.money if m.start not in used],
        used,
    )
    if withdrawal is not None:
        op = "duracao"
    elif income is not None:
        op = "capital"
    elif _has(
        t,
        r"\bquanto (?:eu )?(?:terei|vou ter|teria)\b|\bvou ter quanto\b|\bquanto (?:vou )?acumul"
        r"|\bquanto (?:eu )?(?:junto|juntaria|vou juntar|acumulo)\b",
    ):
        op = "valor_futuro"
    elif _has(
        t,
        r"\bem quantos anos\b|\bquanto tempo\b|\bquando (?:eu )?(?:chego|atinjo)\b"
        r"|\bquantos meses\b",
    ):
        op = "prazo"
    else:
        op = "aporte"
    rate = _yield(q, found, "Rendimento real")
    nominal = (
        rate is not None
        and rate > 0
        and not _has(t, r"\breal\b|\bacima da inflacao\b|\balem da inflacao\b|\bipca ?\+")
    )
    if nominal:
        found.assumptions[:] = [
            a.replace("Rendimento real:", "Rendimento:") for a in found.assumptions
        ]
    if rate is None:
        rate = D("0.003273740")  # 4% a.a. real
        found.assumptions.append(
            "Rendimento real de 4% ao ano (≈ 0,33% ao mês acima da inflação), uma premissa "
            "conservadora de longo prazo: você não disse a taxa."
        )
    months = None
    if q.age_now is None or q.age_target is None:
        horizon = next((d for d in q.durations if d.unit in ("anos", "meses")), None)
        months = horizon.months if horizon else None
    params = AposentadoriaParams(
        operacao=op,  # type: ignore[arg-type]  # one of the Literal values assigned above
        idade_atual=q.age_now,
        idade_alvo=q.age_target,
        meses=months,
        alvo=target.value if target and op != "duracao" else (target.value if target else None),
        taxa_mensal=rate,
        aporte_mensal=contribution.value if contribution else None,
        inicial=initial.value if initial else D(0),
        saque_mensal=withdrawal.value if withdrawal else None,
        renda_mensal=income.value if income else None,
        taxa_real=not nominal,
    )
    has_term = months is not None or (q.age_now is not None and q.age_target is not None)
    if op in ("aporte", "valor_futuro") and not has_term:
        found.missing.append("sua idade hoje e com quantos anos quer se aposentar (ou o prazo)")
    if op in ("aporte", "prazo") and params.alvo is None:
        found.missing.append("quanto quer acumular")
    if op in ("prazo", "valor_futuro") and params.aporte_mensal is None:
        found.missing.append("quanto consegue aportar por mês")
    if op == "duracao" and params.alvo is None and params.inicial == 0:
        found.missing.append("quanto você terá acumulado")
    return params


# ---------------------------------------------------------------- reserva e diagnóstico

_MONTH_PHRASE = re.compile(
    r"\b(?:(?:em|de|do mes de) )?(?:janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro"
    r"|outubro|novembro|dezembro)(?: de \d{4})?\b|\bmes passado\b|\beste mes\b|\besse mes\b"
    r"|\bneste mes\b|\bultimo mes\b|\bultimos \d+ meses\b"
)


def _reserve(q: Quantities, found: _Found) -> ReservaParams:
    t = q.text
    expense = _money(
        q,
        before=r"\b(?:gasto|gastos|gasta|gastamos|gastando|despesas?|custo|custos|gasto mensal)"
        r"\b[^.;\d]{0,30}$",
        after=r"^ ?(?:reais )?(?:por|ao) mes",
    )
    reserve_months = next(
        (
            d.months
            for d in q.durations
            if d.unit == "meses"
            and (
                _after(q, d.end, r"^ ?(?:de )?(?:reserva|despesas)")
                or _before(q, d.start, r"\breserva (?:de )?$")
            )
        ),
        None,
    )
    month = _MONTH_PHRASE.search(t)
    income = _money(
        q,
        before=r"\b(?:ganho|ganha|ganhamos|recebo|recebe|renda|salario|ganhando|recebendo)\b"
        r"[^.;\d]{0,14}$",
    )
    surplus = _money(q, before=r"\bsobr\w*\b[^.;\d]{0,10}$") or [
        m
        for m in _money(
            q,
            before=r"\b(?:consigo|posso|da pra|vou) (?:guardar|poupar|separar|juntar)\b"
            r"[^.;\d]{0,6}$|\b(?:guardo|poupo|separo|junto)\b[^.;\d]{0,6}$",
        )
        if _after(q, m.end, r"^ ?(?:reais )?(?:por|ao|todo|no) mes")
    ]
    saved = _money(
        q,
        before=r"\bja (?:tenho|juntei|guardei|poupei)\b[^.;\d]{0,6}$",
        after=r"^ ?(?:reais )?(?:ja )?(?:guardad|poupad|juntad|reservad|na reserva)\w*",
    )
    extra = [
        m
        for m in q.money
        if _before(
            q,
            m.start,
            r"\b(?:fora|alem d[oa]s?|mais|sem contar|somando|e mais)\b (?:o |a |os |as )?"
            r"[a-z]+(?: de)? (?:r\$ ?)?$",
            30,
        )
    ]
    minimum = next(
        (d.months for d in q.durations if _before(q, d.start, r"\bminima (?:de )?$", 12)), None
    )
    monthly = expense[0].value if expense else None
    if monthly is not None:
        monthly += sum((m.value for m in extra if m != expense[0]), D(0))
    return ReservaParams(
        ja_guardado=saved[0].value if saved else None,
        meses_minimo=minimum,
        sobra_mensal=surplus[0].value if surplus else None,
        renda_mensal=income[0].value
        if income and (not expense or income[0] != expense[0])
        else None,
        despesa_mensal=monthly,
        meses_reserva=reserve_months,
        autonomo=_has(t, r"\bautonom\w*|\bfreela\w*|\bpj\b|\brenda varia\w*|\bmei\b|\bcomissao\b"),
        mes_referencia=month.group(0) if month else None,
        guardar_sobra=_has(t, r"\bsobr\w*") and _has(t, r"\bguard\w*|\bjunt\w*|\bmont\w*"),
    )


def _diagnosis(q: Quantities) -> DiagnosticoParams:
    month = _MONTH_PHRASE.search(q.text)
    return DiagnosticoParams(periodo=month.group(0) if month else None)


# ---------------------------------------------------------------- conta rápida

_ASKS_SUM = r"\bquanto\b|\bqto\b|\bqnto\b|\bda quanto\b|\bsobra\b|\bcompensa\b|\bvale\b"
_YEAR = r"\b(?:no|por|em|durante|ao) (?:um |1 )?ano\b"
_MONTHLY = r"\b(?:por|ao|todo|cada) mes\b|\bmensa(?:l|is)\b|\bassinatura\b|\bnetflix\b|\bspotify\b"


def _quick(q: Quantities) -> ContaParams | None:
    """A quick sum with the user's own numbers (see `QuestionKind.CONTA`), or None. Only
    unmistakable shapes, and never with an interest rate (that is a financing or a goal)."""
    t = q.text
    if not _has(t, _ASKS_SUM) or not q.money:
        return None
    rates = [r for r in q.rates if r.period != "cdi"]
    share = re.search(
        r"(?P<pct>\d+(?:[.,]\d+)?) ?(?:%|por cento) d[oae]s? (?:meu |minha |seu |sua )?"
        r"(?P<what>salario|renda|valor|total|faturamento|ganho)\b",
        t,
    )
    if share is not None and len(q.money) == 1 and q.money[0].start > share.start():
        return ContaParams(
            operacao="percentual",
            a=q.money[0].value,
            pct=Decimal(share["pct"].replace(",", ".")),
            o_que=share["what"],
        )
    if rates:
        return None
    instalments = [
        (d, m)
        for d in q.durations
        if d.unit == "parcelas"
        for m in q.money
        if re.fullmatch(r" ?(?:de|x de|vezes de) ?(?:r\$ ?)?", t[d.end : m.start])
    ]
    if instalments:
        d, m = instalments[0]
        cash = [
            x for x in q.money if x is not m and _has(q.around(x.start, x.end, 14), r"\ba vista\b")
        ]
        if cash:
            return ContaParams(
                operacao="a_vista_ou_parcelado", a=cash[0].value, b=m.value, n=d.value
            )
        if len(q.money) == 1:
            return ContaParams(operacao="parcelas_total", a=m.value, n=d.value)
    split = [
        (m, d)
        for m in q.money
        for d in q.durations
        if d.unit == "parcelas"
        and re.fullmatch(r" ?(?:em|parcelad[oa] em|dividid[oa] em) ", t[m.end : d.start])
    ]
    if (
        split
        and len(q.money) == 1
        and _has(t, r"\bparcela\b|\bquanto fica\b|\bqto fica\b|\bcada\b")
    ):
        m, d = split[0]
        return ContaParams(operacao="parcela", a=m.value, n=d.value, o_que=objeto_of(q)[0])
    monthly = [
        m
        for m in q.money
        if _after(
            q,
            m.end,
            r"^ ?(?:reais )?(?:(?:de|com|no|na|em) \w+ )?(?:por|ao|todo|cada) mes\b"
            r"|^ ?mensa(?:l|is)\b",
        )
        or _has(q.around(m.start, m.end, 24), r"\bassinatura\b|\bnetflix\b|\bspotify\b")
    ]
    investing = _has(t, r"\bpoupanca\b|\bcdb\b|\blci\b|\blca\b|\btesouro\b|\brend\w*")
    if len(q.money) == 1 and monthly and not investing:
        months = 12 if _has(t, _YEAR) else None
        if months is None:
            term = next((d for d in q.durations if d.unit in ("meses", "anos")), None)
            months = term.months if term is not None else None
        if months is not None and not _has(t, r"\bquanto tempo\b|\bquantos meses\b|\bjuntar\b"):
            return ContaParams(operacao="mensal_periodo", a=q.money[0].value, n=months)
    if (
        len(q.money) == 2
        and _has(t, r"\bganhar\b|\bganho\b|\brenda\b")
        and _has(t, r"\bgast\w*")
        and _has(t, r"\bguard\w*|\bpoup\w*|\bsobrar\b")
    ):
        return ContaParams(
            operacao="soma", a=q.money[0].value, b=q.money[1].value, o_que="renda necessária"
        )
    if (
        len(q.money) == 2
        and _has(t, r"\bsobra\w*\b|\bfica\b|\bresta\b")
        and _has(t, r"\bvend\w*|\brecebo\b|\breceber\b")
    ):
        first, second = q.money
        b = second.value * 1000 if second.value < 1000 <= first.value else second.value
        return ContaParams(operacao="diferenca", a=first.value, b=b, o_que="o que sobra")
    return None


# ---------------------------------------------------------------- entry point


_LEGACY = r"(?=.*\b(?:analis\w*|situacao financeira)\b).*(?:\brenda passiva\b|\bviver de renda\b)"
"""A passive-income retirement goal (spec flow 6) is planned by the planning coordinator's own
template, with the user's ledger; so is flow 5's "financiar ou poupar" without rates."""


def extract(text: str) -> Question | None:
    """The catalogue question `text` asks, or None when no kind covers it."""
    folded = fold(text)
    if _has(folded, _LEGACY):
        return None
    ages = _has(folded, r"\b(?:tenho|com|estou com)\s+\d{2}\s+anos\b|\baos\s+\d{2}\b")
    q_scan = scan(text)
    quick = _quick(q_scan)
    if quick is not None:
        said = [m.value for m in q_scan.money]
        note: tuple[str, ...] = ()
        if quick.b is not None and quick.b not in said:  # "quitar o financiamento de 25"
            note = (f"Entendi {quick.b / 1000:.0f} como {quick.b / 1000:.0f} mil.",)
        return Question(kind=QuestionKind.CONTA, params=quick, assumptions=note)
    kind = classify(folded, ages=ages)
    if kind is None:
        return None
    q = scan(text)
    if kind is QuestionKind.META and _has(q.text, r"\bfinanc\w*") and not q.rates:
        return None
    found = _Found()
    params: KindParams
    if kind is QuestionKind.FINANCIAMENTO:
        params = _financing(q, found)
    elif kind is QuestionKind.COMPRAR_ALUGAR:
        params = _buy_or_rent(q, found)
    elif kind is QuestionKind.INVESTIMENTOS:
        params = _investments(q, found)
    elif kind is QuestionKind.DIVIDAS:
        params = _debts(q, found)
    elif kind is QuestionKind.META:
        params = _goal(q, found)
    elif kind is QuestionKind.APOSENTADORIA:
        params = _retirement(q, found)
    elif kind is QuestionKind.RESERVA:
        params = _reserve(q, found)
    else:
        params = _diagnosis(q)
    objeto, _ = objeto_of(q)
    return Question(
        kind=kind,
        params=params,
        missing=tuple(dict.fromkeys(found.missing)),
        assumptions=tuple(dict.fromkeys(found.assumptions)),
        indices=tuple(dict.fromkeys(found.indices)),
        objeto=objeto,
    )


__all__ = ["OUT_OF_SCOPE", "Question", "classify", "extract", "objeto_of", "out_of_scope"]
