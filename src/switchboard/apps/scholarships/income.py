"""What a student says about the household's income, read offline (issue 20, point 4).

The original added every number of the message: "a casa toda ganha 6 mil e somos 4" became
6004 reais per person, "2 salários mínimos por pessoa" became 2 reais, and an Enem score typed
while the income question was pending became the income. Here a message is read as a list of
*number mentions* (digits, "4,5k", "3 mil e 100", number words such as "dois mil e quinhentos",
"um salário e meio"), and each mention is classified by the words around it before anything is
added up:

- money earned: amounts and minimum-wage multiples ("dois mínimos" = 2 × R$ 1.621,00), summed
  over earners ("meu pai ganha 2500 e minha mãe 1800"), a daily rate times the days worked;
- money left out, as the Prouni documentation says (item 3.1 of its annex): Bolsa Família, food
  and transport allowances — reported, so the answer can say it left them out;
- not money: the number of people ("somos 4", "família de 5", "pra 3"), ages ("tenho 17",
  "minha irmã de 12"), Enem scores ("tirei 620 no enem", "612 pontos"), years ("enem 2024"),
  flat numbers ("apartamento 302"), hours and days, expenses ("800 de aluguel");
- the household (`income_household.py`): an explicit count wins; otherwise who the message says
  lives in the house ("moro com meus pais e minha irmã", "somos eu, ela e meu irmão"), the
  relatives who live elsewhere left out.

The result says what is known: a per-capita amount (given per person, or the total divided by
the people, rounded half-up to the cent as `eligibility.share`), or only a total, only a count,
a range ("entre 3 e 4 mil": the student is asked for one value), a refusal, or nothing. The
amounts are `Decimal`; nothing is a float.

A small grammar, not sentence patterns: a mention is a number (digits or words) with a unit (1,
"mil"/"k", the minimum wage); a run of number words splits where a scale word repeats ("mil e
dois mil" is two numbers); two mentions joined by "a", "até", "ou", "-" (or "e" after "entre"/
"de") are a range, the first taking the second's unit ("uns 2 ou 3 mil", "de 1 a 2 salários");
a year is a year only after a year cue ("em 2025", not "renda: 2000"). An amount with no "por
pessoa" is the household total the question asked for, never a per-capita value by default:
the people are asked next ("uns 3 mil" → "E quantas pessoas moram na sua casa?").
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from functools import lru_cache
from itertools import pairwise
from operator import attrgetter

from switchboard.apps.scholarships.eligibility import MINIMUM_WAGE_2026, share
from switchboard.apps.scholarships.income_household import (
    PART_AFTER,
    PEOPLE_AFTER,
    RELATIVES_AFTER,
    UNSURE_HOUSEHOLD,
    absent_relatives,
    household_members,
)
from switchboard.apps.scholarships.income_mentions import (
    CENT,
    HALF_AFTER,
    SELF_CORRECTION,
    Mention,
    number_mentions,
    numeric_value,
)


class IncomeKind(StrEnum):
    PER_CAPITA = "per_capita"
    """The per-capita income is known (given per person, or a total and a count)."""
    TOTAL_ONLY = "total_only"
    """A household total without the number of people."""
    MEMBERS_ONLY = "members_only"
    """The number of people without an amount."""
    RANGE = "range"
    """Two amounts given as a range or as varying months: one value is needed."""
    REFUSED = "refused"
    """Declined: a refusal ("prefiro não falar") or not knowing it ("sei lá, minha mãe que
    sabe"). Nothing is stored; the income question is passed over."""
    INFORMAL = "informal"
    """Informal work named without an amount ("a gente vive de bico"): it is income, to ask."""
    BENEFIT = "benefit"
    """A retirement, pension or benefit named without an amount ("ninguém trabalha, só o BPC da
    minha vó"): it is income, to ask (only transfer programmes such as Bolsa Família are left
    out)."""
    PARTIAL = "partial"
    """Amounts for some earners and none for another ("minha mãe ganha um salário e meu pai faz
    Uber", "meu pai paga pensão mas não sei quanto"): summing what was given would understate
    the income, so the whole is asked."""
    PROVISIONAL = "provisional"
    """An amount the student says is a guess to be checked ("acho que uns 2 mil, vou perguntar
    pra minha mãe"): storing it would decide eligibility on a guess, so it is asked again."""
    NET_ONLY = "net_only"
    """Only the net pay, the gross said unknown ("1.500 líquido, o bruto não sei"): the rules
    count the gross, so it is asked."""
    NONE = "none"


@dataclass(frozen=True, slots=True)
class IncomeReading:
    """What one message says about the household's income."""

    kind: IncomeKind
    per_capita: Decimal | None = None
    total: Decimal | None = None
    """The household's gross monthly income (what was summed), when given as a total."""
    members: int | None = None
    low: Decimal | None = None
    high: Decimal | None = None
    """The range's ends (RANGE)."""
    excluded: tuple[tuple[str, Decimal], ...] = ()
    """Amounts left out of the income (benefit name, amount)."""
    given_per_person: bool = False
    in_wages: bool = False
    """An amount was given in minimum wages (the answer states the wage used)."""
    annual: bool = False
    """An amount was given per year and divided by 12 (the answer says so)."""
    periods: tuple[str, ...] = ()
    """Periods some amounts were given in and made monthly ("semana", "quinzena")."""

    @property
    def complete(self) -> bool:
        return self.kind is IncomeKind.PER_CAPITA


NOTHING = IncomeReading(IncomeKind.NONE)


def fold(text: str) -> str:
    """Lower case, accents stripped, spacing collapsed; digits and punctuation kept."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(stripped.split())


_TYPOS = (
    (re.compile(r"\bganah\b|\bgnaha\b"), "ganha"),
    (re.compile(r"\bnois\b"), "nos"),
    (re.compile(r"\bvdd\b"), "verdade"),
    (re.compile(r"\b(\d|um|dois|tres|quatro|cinco|seis) contos? e meio\b"), r"\1 mil e quinhentos"),
    (
        re.compile(
            r"(?<!mundo )(?<!todos )(?<!eles )(?<!elas )"
            r"\b(ganha|recebe|ganho|recebo|tira|ganham|recebem) (?:o |um )?salario\b"
        ),
        r"\1 1 salario",
    ),
    # "a vó é aposentada, tbm salário mínimo", "aposentado com salário mínimo": one wage
    (
        re.compile(
            r"\b(tambem|tb|tbm|(?:aposentad|pensionista)[oa]?s? (?:com|de|recebendo|ganhando))"
            r" (?:o |um )?salario\b"
        ),
        r"\1 1 salario",
    ),
    # a phone ("(11) 98765-4321") or a CEP ("04567-000") is no amount nor a range
    (re.compile(r"\(?\b\d{2}\)?\s*9?\d{4}-\d{4}\b|\b\d{5}-\d{3}\b"), " "),
    # "dois e quinhentos" is 2.500 (nobody earns 502)
    (
        re.compile(
            r"\b(um|dois|tres|quatro|cinco|seis|sete|oito|nove) e "
            r"(cem|duzentos|trezentos|quatrocentos|quinhentos|seiscentos|setecentos|oitocentos"
            r"|novecentos)\b"
        ),
        r"\1 mil e \2",
    ),
    (
        re.compile(
            r"\b(duzent|trezent|quatrocent|quinhent|seiscent|setecent|oitocent|novecent)o\b"
        ),
        r"\1os",
    ),
    (re.compile(r"\bganho\b"), "ganho"),
    (re.compile(r"\bsoms?o\b|\bsomo\b|\bsomso\b|\bsemos?\b"), "somos"),
    (re.compile(r"\bpe(?:s|s{3,})oa(s?)\b"), r"pessoa\1"),
    (re.compile(r"\b(?:rensa|rnda|redna|rend)\b"), "renda"),
    (re.compile(r"\bper capt?a\b|\bpercapita\b|\bper-capita\b"), "per capita"),
    (re.compile(r"\bminah\b"), "minha"),
    (re.compile(r"\bq\b"), "que"),  # "tem mes q tira 3 mil": the variable-income cue
    (re.compile(r"\bmorro em\b"), "moro em"),
    (re.compile(r"(?<![\w/])c/\s*"), "com "),
    (re.compile(r"(?<![\w/])p/\s*"), "para "),
    (re.compile(r"\bsalarios? minimos?\b"), "salario"),
    (re.compile(r"\bsalarios?\b"), "salario"),
    (re.compile(r"\bminimos\b|\bminimo\b"), "salario"),
)

# -- roles ----------------------------------------------------------------------------------------
_NOTPEOPLE_AFTER = re.compile(
    r"\s*(?:quartos?|comodos?|banheiros?|andares?|cachorros?|gatos?|carros?|anos\b|meses\b)"
)
_PEOPLE_BEFORE = re.compile(
    r"(?:\bsomos(?: em)?|\bsomos so|\bmoramos(?: em)?|\bmoram(?: em)?|\bmora(?: em)?|\bsao"
    r"|\bvivemos(?: em)?|\bvivem(?: em)?|\beu (?:e )?mais|\bcom mais"
    r"|\ba gente (?:e|eh|vive)(?: em)?"
    r"|\bfamilia (?:de|com)|\bgrupo familiar (?:tem|de|com|e de)|\bpessoas\s*:?|\bpra|\bpara"
    r"|\bcasa (?:de|com)|\bdividid[oa] (?:por|entre|em)|\bnos(?: (?:e|eh|somos|sao)(?: em)?)?)\s*$"
)
_AGE_AFTER = re.compile(r"\s*(?:anos|aninhos|anos de idade)\b")
_AGE_BEFORE = re.compile(
    r"(?:\btenho|\btem|\bidade (?:e|de)|\bcom)\s*$|\b(?:irma|irmao|filho|filha|primo|prima|sobrinho"
    r"|sobrinha|bebe|caçula|cacula|neto|neta)\w* (?:de|com)\s*$"
)
_NOT_AGE_AFTER = re.compile(
    r"\s*(?:irmaos?|irmas?|filhos?|filhas?|pessoas?|reais|mil|k\b|salario|conto|pila|filh)"
)
_SCORE_BEFORE = re.compile(
    r"\b(?:enem|nota|notas|media|tirei|pontuacao|redacao|fiz|score)\b[^0-9]{0,25}$"
)
_PEOPLE_VERB_BEFORE = re.compile(
    r"\b(?:somos|moramos|moram|vivemos|vivem|a gente e|a gente eh|nos e|nos eh|familia de)"
    r"(?: em| so)?\s*$"
)
"""A count of people right before the number: "tirei 700 no enem, somos 4 em casa" — the
Enem named earlier in the message does not make the 4 a score."""
_SCORE_AFTER = re.compile(
    r"\s*(?:pontos|pts|no enem|na redacao|de media|de nota|na prova|no exame)\b"
)
_YEAR = re.compile(r"(?:19[89]\d|20[0-3]\d)")
_YEAR_BEFORE = re.compile(
    r"(?:\b(?:em|desde|ano|ano de|anos de|enem|enem de|ate|no|nasci em|de)|^)\s*$"
)
"""What comes before a year ("em 2025", "enem 2024", "nasci em 2008"); "renda: 2000" and
"ganha 2000" are money."""
_MONEY_BEFORE = re.compile(
    r"\b(?:renda|ganh\w*|receb\w*|salario|tir\w*|entra\w*|total|familiar|r\$)\W{0,3}"
    r"(?:(?:e|eh|fica|da|de|uns|umas|cerca de)\s+)*$"
)
_ADDRESS_BEFORE = re.compile(
    r"(?:\brua|\bavenida|\bav|\btravessa)\b[^.;!?]{0,30}\bcasa\s*$|"
    r"\b(?:rua|avenida|travessa|alameda)\b[^,.;!?\d]{0,30},\s*$|"
    r"\b(?:rua|avenida|travessa|alameda|estrada)\b(?:(?!\bganh|\breceb|\btir|\bentra)[^,.;!?\d])"
    r"{0,30}\s$|"
    r"\b(?:apartamento|apto|ap|casa (?:numero|n)|numero|n|no|rua|bloco|quadra|lote|cep)\.?"
    r"\s*[:.o°º]?\s*$"
)
_TIME_AFTER = re.compile(
    r"\s*(?:horas?|h\b|hrs?\b|dias?\b|semanas?\b|meses\b|vezes\b|x\b|anos\b|km\b|%|por cento)"
)
_PER_DAY_AFTER = re.compile(r"\s*(?:reais\s+)?(?:por dia|ao dia|a diaria|por diaria|a cada dia)")
_PER_DAY_BEFORE = re.compile(r"\b(?:diaria|diarias) (?:de|a)\s*(?:r\$\s*)?$")
"""A daily rate said first ("faz diária de 120")."""
_DAYS_AFTER = re.compile(r"\s*(?:dias|diarias)\b")
_EXPENSE_AFTER = re.compile(
    r"\s*(?:reais\s+)?(?:(?:de|do|da|no|na) (?:aluguel|condominio|conta|contas|luz|agua|internet"
    r"|gasto|gastos|despesa|despesas|financiamento|prestacao|divida|mensalidade|matricula)"
    r"|(?:de|do|da) mercado)"
)
"""An expense named after its amount ("800 de aluguel", "300 de mercado"); "1.800 no mercado"
is where someone works."""
_NOT_A_GUESS = (
    r"(?! (?:ser|dar|ficar|estar|chegar|passar|ganhar|receber|tirar|entrar|somar|ter uns)\b)"
)
""""A renda deve ser 1.800", "deve dar uns 2 mil": a guess at the amount, not a debt."""
_EXPENSE_BEFORE = re.compile(
    rf"\b(?:pag\w*|gast\w*|devemos|devo|deve|custa|custo)\b{_NOT_A_GUESS}[^0-9]{{0,20}}$"
    r"|\b(?:aluguel|conta de luz|conta de agua|luz|agua|internet|condominio|prestacao|parcela"
    r"|divida|mensalidade|matricula)\b(?: (?!ganh|receb|tir|entr|faz|sao|somos)\w+){0,2}"
    r"(?: e| de| da| fica| sai)?\s*"
    r"(?:uns |umas |r\$\s*)?$"
)
"""An expense named before its amount ("o aluguel é 700"); "pago aluguel e ganho 2.100": the
amount after an earning verb is income."""
_PAID_BEFORE = re.compile(
    rf"\b(?:pag\w*|gast\w*|custa\w*|devemos|deve)\b{_NOT_A_GUESS}[^0-9]{{0,20}}$"
)
_RENT_RECEIVED = re.compile(
    r"\b(?:receb\w*|ganh\w*|tir\w*|entra\w*|rende\w*)\b[^0-9]{0,25}#\s*(?:reais )?(?:de|do|da|com)"
    r" alug|#\s*(?:reais )?(?:de|do|da|com) alug\w*[^.;!?#]{0,40}\bque (?:a gente|nos|ele|ela"
    r"|meu \w+"
    r"|minha \w+) (?:tem|temos|aluga\w*)\b"
)
"""Rent the house receives ("recebe 500 de aluguel", "800 do aluguel de uma casinha que a gente
tem") is income (the Prouni documentation lists rental income); rent paid is an expense."""
_PENSION_RECEIVED = re.compile(
    r"\bpensao\b.*\b(?:pra|para|pro|pros|pras) (?:mim|gente|nos|minha mae|meu irmao|minha irma"
    r"|meus irmaos|minhas irmas|casa|os filhos|nossa casa|ele|ela|o menino|a menina)\b"
    r"|\b(?:pai|mae)\b[^#]{0,12}\b(?:paga|manda|da)\s*#\s*(?:reais )?(?:de|da) pensao"
    r"|\b(?:pai|mae)\b[^#]{0,20}\b(?:paga|manda|da) (?:a |uma )?pensao (?:de )?(?:r\$)?\s*#"
    r"|\bpensao\b[^#]{0,40}\b(?:paga|manda|da)\W{0,3}(?:uns |r\$\s*)?#"
)
"""A pensão a parent outside the home pays to the student ("meu pai paga pensão de 500 pra
mim"): income the household receives, not an expense it pays."""
_EXCLUDED_AFTER: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            r"\s*(?:reais\s+)?(?:de|do|da|no|em)\s+(?:bolsa[ -]?familia|auxilio[ -]?brasil)"
        ),
        "Bolsa Família",
    ),
    (
        re.compile(r"\s*(?:reais\s+)?(?:de|do|da|no|em)\s+(?:vale|auxilio)[ -]?gas"),
        "auxílio gás (unificado ao Bolsa Família)",
    ),
    (
        re.compile(
            r"\s*(?:reais\s+)?(?:de|do|da|no|em)\s+(?:pro[ -]?jovem|peti|agente jovem"
            r"|auxilio emergencial)"
        ),
        "programa de transferência de renda",
    ),
    (
        re.compile(r"\s*(?:reais\s+)?(?:de|do|da|em)\s+(?:diarias? de viagem|reembolsos?)\b"),
        "diárias e reembolsos",
    ),
    (
        re.compile(
            r"\s*(?:reais\s+)?(?:de|do|da|em)\s+(?:vale|auxilio|ticket)[ -]?(?:alimentacao"
            r"|refeicao|transporte|va\b|vr\b|vt\b)"
        ),
        "auxílio alimentação/transporte",
    ),
    (
        re.compile(r"\s*(?:reais\s+)?(?:de|do|da)\s+(?:va|vr|vt)\b"),
        "auxílio alimentação/transporte",
    ),
    (re.compile(r"\s*(?:reais\s+)?(?:de|do|da)\s+pe[ -]de[ -]meia"), "Pé-de-Meia"),
)
_ALSO_GLUE = r"(?:\s*(?:tb|tbm|tambem|ainda|todo mes|por mes|mensal))?\s*[,:=(-]?\s*"
"""What may follow a left-out benefit's name before its amount: "recebo bolsa família tb 750",
"o pé-de-meia (200)"."""
_EXCLUDED_BEFORE: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            rf"\b(?:bolsa[ -]?familia|auxilio[ -]?brasil){_ALSO_GLUE}(?:de|que e|que da|no valor de"
            r"|d[eo] uns|de uns)?\s*(?:r\$)?\s*$"
        ),
        "Bolsa Família",
    ),
    (
        re.compile(rf"\b(?:vale|auxilio)[ -]?gas{_ALSO_GLUE}(?:de|:|=)?\s*(?:r\$)?\s*$"),
        "auxílio gás (unificado ao Bolsa Família)",
    ),
    (
        re.compile(rf"\bpe[ -]de[ -]meia{_ALSO_GLUE}(?:de|d[eo] uns|que e|que da)?\s*(?:r\$)?\s*$"),
        "Pé-de-Meia",
    ),
    (
        re.compile(
            r"\b(?:vale|auxilio)[ -]?(?:alimentacao|refeicao|transporte)(?: d[oa] \w+(?: \w+)?)?"
            r"\s*(?:de|:|=|e)?\s*"
            r"(?:r\$)?\s*$"
        ),
        "auxílio alimentação/transporte",
    ),
)
_PER_PERSON_AFTER = re.compile(
    r"\s*(?:reais\s*)?(?:por pessoa|per capita|por cabeca|pra cada (?:um|uma|pessoa)"
    r"|para cada (?:um|uma|pessoa)|(?:pra|para|p) cada\b(?! (?:um|uma) d[oa]s?\b)|cada um"
    r"|cada pessoa"
    r"|por membro|por integrante|individual)"
)
_PER_PERSON_BEFORE = re.compile(
    r"(?:per capita|por pessoa|cada um|cada uma|por cabeca|por membro)\b[^0-9]{0,30}$"
)
_RANGE_BETWEEN = re.compile(r"^\s*(?:e|a|ate|ou|-|–)\s*$")
_RANGE_LEAD = re.compile(r"\b(?:entre|de)\s*(?:r\$\s*)?$")
_VARIES = re.compile(r"\b(?:varia|variando|tem mes que|alguns meses|depende do mes|oscila)\b")
_ZERO = re.compile(
    r"\b(?:renda zero|zero|nenhuma renda|sem renda|ninguem trabalha|nao temos renda"
    r"|nao tem renda|ninguem (?:aqui )?ganha|renda nenhuma|nada de renda)\b"
    r"|(?:r\$|\brenda (?:e )?(?:de )?)\s*0(?:,00)?(?!\d|[.,]\d)|(?<![\d.,])0(?:,00)? reais\b"
)
_INFORMAL = re.compile(
    r"\b(?:bicos?|biscates?|bico(?:zinho)?s?|faxinas?|diarista|diarias|ambulante|camel[oô]"
    r"|informal|autonom[oa]|por conta (?:propria|dele|dela)|freelas?|freela\w*|vende\w*"
    r"|vendendo|uber|ifood|entregador\w*|manicure|costura\w*|pedreiro|servente|catador\w*"
    r"|reciclage\w*|trabalho(?:s)? (?:avulso|temporario)s?)\b"
)
"""Informal work ("vive de bico", "faz faxina", "vende salgado"): said without an amount it is
still income — the household is not "sem renda" (the Prouni counts every earner's gross
income; its documentation lists what autônomos bring, item 4)."""
_BENEFIT = re.compile(
    r"\b(?:bpc|loas|aposentadoria|aposentad[oa]s?|pensao(?! alimenticia)|pensionista"
    r"|auxilio[- ](?:doenca|acidente|maternidade)|salario[- ]maternidade|seguro[- ]desemprego"
    r"|beneficio do inss|inss)\b"
)
"""A benefit that counts as income (the Prouni documentation, 3.1, leaves out only food and
transport allowances, reimbursements and transfer programmes such as Bolsa Família)."""
_REFUSAL = re.compile(
    r"\b(?:prefiro nao|nao quero (?:falar|dizer|informar|passar)|nao vou (?:falar|dizer|informar)"
    r"|depois (?:eu )?(?:falo|digo|informo|vejo)|agora nao|nao me sinto a vontade"
    r"|(?:pular|pula|pulo|passa|passar) (?:essa|esta|essa parte|a pergunta)|nao e da sua conta"
    r"|nao (?:quero|vou|prefiro) (?:responder|compartilhar|contar|revelar|passar|mandar|dar"
    r"|expor))\b"
)
_DONT_KNOW = re.compile(
    r"\b(?:nao sei|sei la|nao faco (?:a menor )?ideia|nao tenho (?:a menor )?ideia|nao lembro"
    r"|nao tenho certeza|nao sei dizer|nao sei informar|nao sei ao certo)\b"
    r"|\b(?:minha mae|meu pai|minha vo|meu vo|minha avo|meu avo|meus pais|ela|ele)"
    r" (?:(?:e )?que(?:m)?|quem) sabe\b"
)
"""Not knowing the income ("não sei quanto a gente ganha", "sei lá, minha mãe que sabe"):
said without any amount, the question is declined like a refusal."""
_WEEKLY_AFTER = re.compile(
    r"\s*(?:dias\s+|diarias\s+|vezes\s+)?(?:por|na|pela|a|da|toda|cada) semana\b"
    r"|\s*(?:dias|diarias|vezes) semanais\b"
)
_INCLUDED_BEFORE = re.compile(
    r"\b(?:contando|incluindo|inclusive|incluso|ja com|junto com|somando|somado|com)\s+"
    r"(?:o |a |os |as )?(?:bolsa|auxilio|vale|ticket|va\b|vr\b|vt\b|pe[ -]de)[^0-9]{0,30}$"
)


def _included(folded: str, m: Mention, money: list[Mention]) -> bool:
    """A left-out benefit said to be inside the total given before it ("2.500 contando o Bolsa
    Família de 300") is taken out of that total."""
    before = folded[max(0, m.start - 45) : m.start]
    return any(x.end <= m.start for x in money) and bool(_INCLUDED_BEFORE.search(before))


_ONLY = re.compile(
    r"\b(?:so|apenas|somente|unica renda|unico dinheiro)\b"
    r"|\b(?:a gente vive|vivemos|vivo|sobrevive\w*|dependemos|depende|a renda e)"
    r" (?:com|de|do|da|o|a)\b"
)
"""With only left-out benefits named, "só recebemos o Bolsa Família" (or "a gente vive com o
Bolsa Família") is no income."""
_PROVISIONAL = re.compile(
    r"\b(?:vou|vo|tenho que|preciso|vou ter que|tenho de) (?:perguntar|confirmar|conferir|checar"
    r"|ver (?:com|direito|certinho))\b"
    r"|\bdepois (?:eu )?(?:te |lhe )?(?:falo|digo|confirmo|passo|mando|corrijo)\b"
    r"|\bte (?:falo|digo|confirmo|passo) (?:depois|certinho|o valor certo)\b"
)
"""The student says the amount is to be checked with someone or told later ("acho que uns 2
mil, vou perguntar pra minha mãe"): a guess, not stored."""
_GROSS_UNKNOWN = re.compile(
    r"\b(?:o |a )?(?:bruto|bruta|sem (?:os )?descontos|antes dos descontos)\b[^.;!?\d]{0,20}"
    r"\b(?:nao sei|sei la|nao lembro|nao faco ideia|nao tenho ideia)\b"
    r"|\b(?:nao sei|sei la|nao lembro|nao faco ideia)\b[^.;!?\d]{0,20}\b(?:o |a )?(?:bruto|bruta"
    r"|sem (?:os )?descontos|antes dos descontos)\b"
)
"""The gross said unknown ("o bruto eu não sei"): a net amount alone is not the income."""
_MONEY_CUE = re.compile(r"r\$|\breais\b|\bconto\b|\bpila\b")
_SMALL = Decimal(100)
"""Bare numbers below this, with no money word, scale or wage unit, are counts, not income."""


_EARNING = re.compile(r"\b(?:ganh|receb|tir|vend|fatur|faz|trabalh)\w*")


def _score_before(folded: str, m: Mention) -> bool:
    """A score cue before the number; "média" after earning words in the same line or sentence
    ("vende salgado na rua, média de 800") is an average income, not an Enem average."""
    cue = _SCORE_BEFORE.search(folded[max(0, m.start - 40) : m.start])
    if cue is None:
        return False
    if not re.fullmatch(r"media(?: de)?(?: uns| umas)?(?: r\$)?", cue.group(0).strip()):
        return True
    line = re.split(r"[.;!?\n]", folded[: m.start])[-1]
    if re.search(r"\b(?:enem|nota|redacao|pontos)\b", line):
        return True
    return not (_EARNING.search(line) or _INFORMAL.search(line))


_SCORE_SHAPE = re.compile(r"[3-9]\d{2}[.,]\d")
"""An Enem score's shape: three digits and one decimal ("712,4", "655.8"); money is written
with two decimals or none."""


def _score_shaped(folded: str, m: Mention) -> bool:
    """A number shaped like an Enem score, with no money word before it: a score typed at the
    income question ("712,4") is not the income."""
    before = folded[max(0, m.start - 40) : m.start]
    return bool(
        _SCORE_SHAPE.fullmatch(folded[m.start : m.end]) and not _MONEY_BEFORE.search(before)
    )


def _role(folded: str, m: Mention) -> str:
    before = folded[max(0, m.start - 40) : m.start]
    after = folded[m.end : m.end + 40]
    if m.wage:
        if _PER_PERSON_AFTER.match(after):
            return "per_person"
        return "money"
    for pattern, _name in _EXCLUDED_AFTER:
        if pattern.match(after):
            return "excluded"
    for pattern, _name in _EXCLUDED_BEFORE:
        if pattern.search(before):
            return "excluded"
    if (
        (_SCORE_AFTER.match(after) or _score_before(folded, m) or _score_shaped(folded, m))
        and not _PEOPLE_VERB_BEFORE.search(before)
        and not m.scaled
        and Decimal(0) <= m.value <= Decimal(1000)
        and not _MONEY_CUE.search(folded[max(0, m.start - 4) : m.end + 8])
    ):
        return "score"
    if (
        not m.scaled
        and _YEAR.fullmatch(folded[m.start : m.end])
        and _YEAR_BEFORE.search(before)
        and not _MONEY_BEFORE.search(before)
    ):
        return "year"
    if _PER_DAY_AFTER.match(after) or _PER_DAY_BEFORE.search(before):
        return "per_day"
    if _DAYS_AFTER.match(after):
        return "days"
    if _TIME_AFTER.match(after) and not m.scaled:
        return "age" if _AGE_AFTER.match(after) else "time"
    if (
        _ADDRESS_BEFORE.search(before)
        and not m.scaled
        and not _MONEY_CUE.search(before[-6:])
        and not _MONEY_CUE.match(after.lstrip()[:6])
    ):
        return "address"
    around = f"{before[-40:]} # {folded[m.end : m.end + 60]}"
    if (_EXPENSE_AFTER.match(after) or _EXPENSE_BEFORE.search(before)) and not (
        _PENSION_RECEIVED.search(around)
        or (_RENT_RECEIVED.search(around) and not _PAID_BEFORE.search(before))
    ):
        return "expense"
    if not m.scaled and m.value < _SMALL:
        if RELATIVES_AFTER.match(after):
            return "relatives"
        if PART_AFTER.match(after):
            return "people_part"
        if PEOPLE_AFTER.match(after) or (
            _PEOPLE_BEFORE.search(before) and not _NOTPEOPLE_AFTER.match(after)
        ):
            return "people"
        if _AGE_BEFORE.search(before) and not _NOT_AGE_AFTER.match(after):
            return "age"
        if not _MONEY_CUE.search(after[:8]) and not _MONEY_CUE.search(before[-6:]):
            return "count"
    if PEOPLE_AFTER.match(after) and m.value < _SMALL:
        return "people"
    if _PER_PERSON_AFTER.match(after) or _PER_PERSON_BEFORE.search(before):
        return "per_person"
    return "money"


def _excluded_name(folded: str, m: Mention) -> str:
    before = folded[max(0, m.start - 40) : m.start]
    after = folded[m.end : m.end + 40]
    for pattern, name in _EXCLUDED_AFTER:
        if pattern.match(after):
            return name
    for pattern, name in _EXCLUDED_BEFORE:
        if pattern.search(before):
            return name
    return "benefício"


_EARNER_BEFORE = re.compile(
    r"\b(?:pai|mae|irmao|irma|padrasto|madrasta|avo|vo|tio|tia|marido|esposa|namorad[oa]"
    r"|companheir[oa]|filh[oa]|ele|ela)\s*(?:ganha|recebe|tira)?\s*$"
    r"|\b(?:ganha|recebe|tira|ganham|recebem)\s+(?:uns\s+|umas\s+|mais\s+)?$"
)
"""Who earns a bare number after an amount with a unit: a relative ("e meu pai dois") or the
verb itself ("meu pai é aposentado, ganha um e meio")."""
_FLOOR_BEFORE = re.compile(r"(?<!pouco )\b(?:mais|acima|(?<!nao )passa) de\s*(?:r\$\s*)?$")
"""A floor alone ("mais de 2 salários"); "pouco mais de 2 mil" is about 2 mil."""
_ABOVE_BEFORE = re.compile(r"\b(?:mais|acima|(?<!nao )passa) de\s*(?:r\$\s*)?$")
_CAP_BEFORE = re.compile(
    r"\b(?:quase|no maximo|nem chega a|nao chega a|beirando)\s*(?:uns |umas )?(?:r\$\s*)?$"
)
"""A ceiling said for the whole ("quase 3 mil", "no máximo 4 mil"): the two writers who used it
expected a question, not the ceiling as the value."""
_BOUND_BEFORE = re.compile(
    r"\b(?:(?:menos|mais|abaixo|acima|nao passa|passa) de|nao chega a|nem chega a)\s*(?:r\$\s*)?$"
)
_ANNUAL_AFTER = re.compile(r"\s*(?:reais\s*)?(?:por ano|ao ano|no ano|anuais|anualmente|/ano)\b")
_ANNUAL_BEFORE = re.compile(r"\b(?:anual|anuais|por ano|no ano)\b[^0-9]{0,20}$")
_TAX_RETURN = re.compile(
    r"\b(?:imposto de renda|irpf|declaracao (?:anual|do imposto|do ir)|no ir|do ir)\b"
)
"""A tax return declares a year's income (Prouni documentation, 2.4.3: divided by twelve)."""
_MONTHLY_AFTER = re.compile(r"\s*(?:reais\s*)?(?:por mes|ao mes|mensais|mensal|/mes|todo mes)\b")
_NET_BEFORE = re.compile(
    r"\b(?:liquido|liquida|na mao|descontando|com os descontos|depois dos descontos"
    r"|tirando os descontos)\b[^0-9]{0,20}$"
)
"""A net amount next to the gross one: the rules count the gross ("renda bruta")."""
_GROSS_AFTER = re.compile(r"\s*(?:reais\s*)?(?:brut[oa]s?|sem (?:os )?descontos)\b")
_FALLS_TO = re.compile(
    r"^\s*(?:reais\s*)?(?:brut[oa]s?|sem (?:os )?descontos)\W*(?:mas|so que|porem|e)\s+"
    r"(?:(?:so|na mao|na conta|pra ele|pra ela|pra mim)\s+)?(?:vem|cai|sobra|fica|chega|recebe"
    r"|entra)\b[^0-9]{0,20}$"
)
"""A gross amount, then what is left of it ("4 mil bruto mas vem 3.400"): the second is net."""
_NET_AFTER = re.compile(r"\s*(?:reais\s*)?(?:liquido|liquidos|na mao|limpo)\b")
_PERIOD_AFTER = re.compile(
    r"\s*(?:reais\s*)?(?:(?P<week>(?:por|na|toda|cada|a) semana|semanais|semanal|/semana)"
    r"|(?:por|na|cada|a) quinzena|quinzenais|quinzenal|a cada (?:15|quinze) dias)\b"
)
"""A weekly or fortnightly amount, made monthly: × 52 ÷ 12, × 2 (the answer says so)."""
_PERIOD_BEFORE = re.compile(
    r"(?<!\d)(?<!\d )(?<!dias )(?<!vezes )(?<!diarias )"
    r"\b(?:(?P<week>(?:por|na|toda|cada|a) semana|semanal(?:mente)?)"
    r"|(?:por|na|toda|cada|a) quinzena|quinzenal(?:mente)?|a cada (?:15|quinze) dias)"
    r"(?: (?:ele|ela|eu|a gente|(?:o|a|meu|minha) \w+))?(?: (?:ganha|recebe|tira|faz|ganho|recebo"
    r"|tiro|faco|entra|entram|vem|cai))?\s*(?:e de |de |uns |umas |mais ou menos |r\$\s*)*$"
)
"""The period said before the amount ("recebe por quinzena 900", "toda semana ele ganha 400",
"a cada 15 dias ela recebe 800"); not a count's ("5 dias por semana, ganha 2.000")."""


_EACH_AFTER = re.compile(
    r"\s*(?:reais\s*)?(?:por mes\s*)?cada(?: um| uma)?\b(?! (?:pessoa|membro))"
)
_PLURAL_EARNERS = re.compile(
    r"\b(?:ganham|ganhamos|recebem|recebemos|tiram|tiramos|trabalham|os dois|as duas|ambos|ambas"
    r"|os tres|as tres|meus pais|meus avos|aposentad[oa]s|pensionistas)\b[^0-9]{0,30}$"
)
_THREE_EARNERS = re.compile(r"\b(?:os tres|as tres|tres ganham|tres recebem)\b")


_EACH_BEFORE = re.compile(r"\bcada (?:um|uma) (?:ganha|recebe|tira)\s*(?:uns |umas |r\$\s*)?$")
_EARNERS_NAMED = re.compile(r",?\s*(?:o |a |meu |minha )\w+,? e (?:o |a |meu |minha )\w+")
"""Two earners named right after "cada um": "2 mil e 200 cada um, meu pai e minha mãe"."""


def _each(folded: str, mentions: list[Mention]) -> None:
    """An amount earned by each of several earners is multiplied by them: "meus pais ganham
    1.400 cada" is 2.800 for the house, not 1.400 per person ("cada um" after a plural earner
    is not "por pessoa")."""
    for m in mentions:
        each = _EACH_AFTER.match(folded, m.end)
        if m.role in ("money", "per_person") and _EACH_BEFORE.search(
            folded[max(0, m.start - 30) : m.start]
        ):  # "são aposentados, cada um ganha um salário"
            m.each = 3 if _THREE_EARNERS.search(folded[max(0, m.start - 80) : m.start]) else 2
            m.value, m.role = (m.value * m.each).quantize(CENT), "money"
            continue
        if m.role not in ("money", "per_person") or each is None:
            continue
        before = folded[max(0, m.start - 60) : m.start]
        if not (_PLURAL_EARNERS.search(before) or _EARNERS_NAMED.match(folded, each.end())):
            continue
        m.each = 3 if _THREE_EARNERS.search(before) else 2
        m.value, m.role = (m.value * m.each).quantize(CENT), "money"


_NOT_AN_AMOUNT_AFTER = re.compile(r"\s+(?:pouco|pouquinho|tanto|parte|pouca)\b")


def _resolve(folded: str, mentions: list[Mention]) -> None:
    """What a mention means next to the others:

    - an earner's bare number after an amount with a unit takes that unit ("minha mãe ganha um
      salário e meu pai dois", "ela ganha 2 mil e ele 3");
    - a bound ("menos de um salário", "mais de 2 mil") is not the value when a value is also
      given ("menos de meio salário por pessoa, uns 700");
    - an amount corrected in the same message is dropped ("2.000, quer dizer 2.500").
    """
    unit: Mention | None = None
    for m in mentions:
        if m.role in ("money", "per_person") and m.unit != 1:
            unit = m
            continue
        before = folded[max(0, m.start - 25) : m.start]
        bare = (
            m.unit == 1
            and not m.scaled
            and m.value < _SMALL
            and not _NOT_AN_AMOUNT_AFTER.match(folded, m.end)  # "ganha um pouco mais que ele"
        )
        if (
            unit is not None
            and bare
            and m.role in ("count", "money")
            and _EARNER_BEFORE.search(before)
        ):
            raw = m.raw if m.raw is not None else m.value
            if half := HALF_AFTER.match(folded, m.end):  # "ganha um e meio"
                raw, m.end = raw + Decimal("0.5"), half.end()
            m.value, m.raw, m.unit = (raw * unit.unit).quantize(CENT), raw, unit.unit
            m.wage, m.scaled, m.role = unit.wage, unit.scaled, unit.role
    for m in mentions:
        if m.role in ("money", "per_person") and _BOUND_BEFORE.search(
            folded[max(0, m.start - 20) : m.start]
        ):
            m.role = "bound"
    money = [m for m in mentions if m.role in ("money", "per_person")]
    for first, second in pairwise(money):
        if SELF_CORRECTION.search(folded[first.end : second.start]):
            first.role = "corrected"
            for later in money[money.index(second) + 1 :]:
                # "renda de 3 mil. ops, 3.600, esqueci o bico de 600": the 600 is inside it
                if later.value == second.value - first.value:
                    later.role = "explained"
    for first, second in pairwise(mentions):  # "somos 4, ou melhor 5"
        if (
            first.role == "people"
            and second.role == "count"
            and SELF_CORRECTION.search(folded[first.end : second.start])
        ):
            first.role, second.role = "corrected", "people"
    _each(folded, mentions)
    money = [m for m in mentions if m.role in ("money", "per_person")]
    if len(money) > 1:  # "bruta 5.200 mas o líquido cai pra 4.600": the gross one counts
        net_after = {id(m) for m in money if _NET_AFTER.match(folded, m.end)}
        previous: Mention | None = None
        for m in money:  # "3000 líquido, 3500 bruto": the word after the first is not before
            net_before = _NET_BEFORE.search(folded[max(0, m.start - 30) : m.start]) or (
                previous is not None
                and _GROSS_AFTER.match(folded, previous.end)
                and _FALLS_TO.match(folded[previous.end : m.start])
            )
            if id(m) in net_after or (
                net_before and (previous is None or id(previous) not in net_after)
            ):
                m.role = "net"
            previous = m
    for m in mentions:  # "36 mil por ano", "renda anual de 48.000": a month is a twelfth
        if (
            m.role in ("money", "per_person")
            and (
                _ANNUAL_AFTER.match(folded, m.end)
                or (
                    (  # "18 mil por ano, 1.500 por mês": the month said after is a month
                        _ANNUAL_BEFORE.search(folded[max(0, m.start - 30) : m.start])
                        or _TAX_RETURN.search(folded[max(0, m.start - 40) : m.end + 40])
                    )
                    and not _MONTHLY_AFTER.match(folded, m.end)
                )
            )
        ):
            m.value = (m.value / 12).quantize(CENT)
            m.annual = True
        elif m.role in ("money", "per_person") and (
            period := _PERIOD_AFTER.match(folded, m.end)
            or _PERIOD_BEFORE.search(folded[max(0, m.start - 30) : m.start])
        ):
            weekly = period["week"] is not None  # "600 por semana", "2.000 por quinzena"
            m.value = (m.value * (Decimal(52) / 12 if weekly else 2)).quantize(CENT)
            m.period = "semana" if weekly else "quinzena"


_WHICH_ONE = re.compile(
    r"\b(?:um dos dois|nao sei qual|sei la qual|nao lembro qual|nao tenho certeza|sem certeza"
    r"|nao sei (?:direito|ao certo)|nao lembro (?:direito|bem))\b"
)


def _doubted_correction(folded: str, mentions: list[Mention]) -> tuple[Decimal, Decimal] | None:
    """A correction the student then doubts ("uns 1.800, não, 2.100, sei lá, um dos dois"): the
    two amounts are a range, so one value is asked."""
    for index, m in enumerate(mentions):
        if m.role != "corrected":
            continue
        later = [n for n in mentions[index + 1 :] if n.role in ("money", "per_person")]
        if later and _WHICH_ONE.search(folded, later[0].end) and later[0].value != m.value:
            low, high = sorted((m.value, later[0].value))
            return (low.quantize(CENT), high.quantize(CENT))
    return None


def _net(folded: str, m: Mention) -> bool:
    """Whether an amount is said to be net ("1.500 líquido", "na mão vem 1.500")."""
    return bool(
        _NET_AFTER.match(folded, m.end)
        or _NET_BEFORE.search(folded[max(0, m.start - 30) : m.start])
    )


_PARENS = re.compile(r"\(([^()]*)\)")
_SAID_AGAIN = re.compile(
    r"^\s*(?:reais\s*)?(?:(?:por|ao|no|na) (?:mes|ano|semana|quinzena)|mensais|anuais|semanais)?"
    r"\s*[,.;(]?\s*(?:ou|ou seja|isto e|que da"
    r"|que e|da|dando|sao|o que da)?\s*(?:uns |umas |r\$\s*)?$"
)
"""What joins an amount said again in another period ("1.500 por mês, ou seja, 18 mil por
ano")."""


def _restated(folded: str, mentions: list[Mention]) -> None:
    """An amount said again in parentheses, in words or digits ("R$ 4.862,00 (quatro mil,
    oitocentos e sessenta e dois reais)") is the same money once."""
    for parens in _PARENS.finditer(folded):
        said = [
            m for m in mentions
            if m.role in ("money", "per_person") and 0 <= parens.start() - m.end <= 8
        ]  # fmt: skip
        inside = [
            m for m in mentions if parens.start() < m.start and m.end <= parens.end()
        ]  # fmt: skip
        again = sum((m.value for m in inside), Decimal(0))
        if said and inside and abs(again - said[-1].value) <= 1:
            for m in inside:
                m.role = "restated"
    money = [m for m in mentions if m.role in ("money", "per_person")]
    for first, second in pairwise(money):  # "1.500 por mês ou 18 mil por ano": one amount
        converted = first.annual or second.annual or first.period or second.period
        if (
            converted
            and abs(first.value - second.value) <= 1
            and _SAID_AGAIN.match(folded[first.end : second.start])
        ):
            second.role = "restated"


_HYPOTHETICAL = re.compile(
    r"(?:^|[\s,])(?:e )?se (?:a |minha |nossa )?(?:renda (?:for|fosse|der|desse|ficar)|a gente"
    r" (?:ganhar|ganhasse|tiver|tivesse)|eu (?:ganhar|ganhasse|tiver|tivesse)|for|fosse|ganhar"
    r"|ganhasse|der|desse|tiver|tivesse)\b"
    r"|\bquem (?:ganha|recebe|tem renda|tem uma renda)\b"
    r"|^\W*(?:e )?com (?:uma )?(?:renda (?:de )?)?(?:uns |r\$\s*)?\d"
)
"""A question about the rules with an amount in it ("se a renda for 3 mil, dá pra ter bolsa?",
"quem ganha 1 salário tem direito?", "com 2 mil de renda eu consigo?"): not an answer. An
answer followed by a question ("somos 4 e a renda é 3 mil, consigo?") is still an answer."""
_OUTSIDER_BEFORE = re.compile(
    r"\b(?:amig[oa]|colega|vizinh[oa]|conhecid[oa])s?(?: dele| dela| minha| meu)?"
    r" (?:ganha|recebe|tira|ganham|recebem)\s*(?:uns |umas |r\$\s*)?$"
)
"""Someone else's pay ("minha amiga ganha 3 mil e conseguiu bolsa"): not the household's."""


def _sentence(folded: str, m: Mention) -> tuple[int, int]:
    begin = max(folded.rfind(mark, 0, m.start) for mark in ".!?\n;") + 1
    ends = [i for i in (folded.find(mark, m.end) for mark in ".!?\n;") if i >= 0]
    return begin, min(ends) if ends else len(folded)


def _not_answers(folded: str, mentions: list[Mention]) -> None:
    """The amounts (and counts) of a hypothetical question and someone else's pay set aside."""
    for m in mentions:
        if m.role not in ("money", "per_person"):
            continue
        if _OUTSIDER_BEFORE.search(folded[max(0, m.start - 40) : m.start]):
            m.role = "asked"
            continue
        begin, end = _sentence(folded, m)
        if end < len(folded) and folded[end] == "?" and _HYPOTHETICAL.search(folded[begin:end]):
            for other in mentions:
                if begin <= other.start < end:
                    other.role = "asked"


# -- the reading ----------------------------------------------------------------------------------
def read_income(text: str, minimum_wage: Decimal = MINIMUM_WAGE_2026) -> IncomeReading:
    """What `text` says about the household's income (see the module docstring).

    A turn asks this of the same message up to four times (the router, the refusal check, the
    slots, the onboarding's volunteered values): the reading is immutable, so it is computed
    once per message and wage and kept in a small cache."""
    return _read(text, minimum_wage)


@lru_cache(maxsize=256)
def _read(text: str, minimum_wage: Decimal) -> IncomeReading:
    folded = fold(text)
    for pattern, replacement in _TYPOS:
        folded = pattern.sub(replacement, folded)
    mentions = number_mentions(folded, minimum_wage)
    for m in mentions:
        m.role = _role(folded, m)
    _not_answers(folded, mentions)
    _resolve(folded, mentions)
    _restated(folded, mentions)
    for m in mentions:  # "uns 4 conto", "3 pau": thousands, as no household earns R$ 4 a month
        if (
            m.role == "money"
            and not m.scaled
            and m.value < _SMALL
            and _THOUSANDS.match(folded, m.end)
        ):
            m.value, m.scaled, m.unit = (m.value * 1000).quantize(CENT), True, Decimal(1000)
    mentions = sorted(
        [*mentions, *_fixed_benefits(folded, mentions, minimum_wage)], key=attrgetter("start")
    )
    members = household_members(folded, mentions)
    money = [m for m in mentions if m.role in ("money", "per_person")]
    money = [m for m in money if m.scaled or m.wage or m.value >= _SMALL or m.word]
    if not money:  # only bounds: one value is asked
        money = [m for m in mentions if m.role == "bound"]
        floor = [m for m in money if _FLOOR_BEFORE.search(folded[max(0, m.start - 20) : m.start])]
        cap = [m for m in money if _CAP_BEFORE.search(folded[max(0, m.start - 25) : m.start])]
        if floor:  # "mais de 2 salários" (and "mas não chega a 4"): one value is asked
            high = cap[0].value if cap and cap[0].value > floor[0].value else None
            return IncomeReading(IncomeKind.RANGE, members=members, low=floor[0].value, high=high)
        if money:  # "menos de um salário por pessoa, isso eu sei": a ceiling (wi7 and wi8 alike)
            above = [
                m for m in money if _ABOVE_BEFORE.search(folded[max(0, m.start - 20) : m.start])
            ]
            if above:  # "um pouco mais de um salário, só isso": a floor
                return IncomeReading(IncomeKind.RANGE, members=members, low=above[0].value)
            ceiling = min(m.value for m in money)
            return IncomeReading(IncomeKind.RANGE, members=members, high=ceiling)
    if len(money) == 1 and _CAP_BEFORE.search(folded[max(0, money[0].start - 25) : money[0].start]):
        # "quase 3 mil", "no máximo uns 2 mil": only a ceiling, one value is asked
        return IncomeReading(IncomeKind.RANGE, members=members, high=money[0].value)
    excluded = tuple(
        (_excluded_name(folded, m), m.value.quantize(CENT))
        for m in mentions
        if m.role == "excluded"
    )
    money = [m for m in money if not _PAST_BEFORE.search(folded[max(0, m.start - 25) : m.start])]
    money = _present_earners(folded, money)
    money = _superseded(folded, _stated_sum(folded, money))
    money += _also_earned(folded, money)
    if (varying := _varying(folded, money)) is not None:
        return IncomeReading(IncomeKind.RANGE, members=members, low=varying[0], high=varying[1])
    daily = [m for m in mentions if m.role == "per_day"]
    days = [m for m in mentions if m.role == "days"]
    if daily and not days:  # "cobra 150 a diária e faz umas 4 por semana": days a week
        days = [
            m
            for m in mentions
            if m.role in ("count", "time")
            and m.start > daily[0].end
            and _WEEKLY_AFTER.match(folded, m.end)
        ]
    if daily and not any(_MONTH_TOLD.match(folded, m.end) for m in money):
        worked = days[0].value if days else Decimal(22)
        if days and _WEEKLY_AFTER.match(folded, days[0].end):  # "5 dias por semana"
            worked = worked * 52 / 12
        money.append(Mention((daily[0].value * worked).quantize(CENT), daily[0].start, 0))
    if (doubted := _doubted_correction(folded, mentions)) is not None:
        return IncomeReading(IncomeKind.RANGE, members=members, low=doubted[0], high=doubted[1])
    if money and _PROVISIONAL.search(folded):
        return IncomeReading(IncomeKind.PROVISIONAL, members=members, excluded=excluded)
    if money and _GROSS_UNKNOWN.search(folded) and all(_net(folded, m) for m in money):
        return IncomeReading(IncomeKind.NET_ONLY, members=members, excluded=excluded)
    if money and _SEASONAL.search(folded):  # "3 mil de maio a agosto, no resto do ano bico"
        return IncomeReading(IncomeKind.INFORMAL, members=members, excluded=excluded)
    if money and _ROUGHLY_MORE.match(folded, money[-1].end):
        step = Decimal(1000) if money[-1].scaled or money[-1].value % 1000 == 0 else Decimal(100)
        low = sum((m.value for m in money), Decimal(0)).quantize(CENT)
        # "mil e pouco": somewhere above the amount, one value is asked
        return IncomeReading(IncomeKind.RANGE, members=members, low=low, high=low + step)
    if (span := _range(folded, money, mentions)) is not None:
        low, high = span
        return IncomeReading(IncomeKind.RANGE, members=members, low=low, high=high)
    if money and _unpriced_earner(folded, money):
        return IncomeReading(IncomeKind.PARTIAL, members=members, excluded=excluded)
    if not money:
        if _INFORMAL.search(folded) and not _REFUSAL.search(folded):
            return IncomeReading(IncomeKind.INFORMAL, members=members, excluded=excluded)
        if _BENEFIT.search(folded) and not _REFUSAL.search(folded):
            return IncomeReading(IncomeKind.BENEFIT, members=members, excluded=excluded)
        if _ZERO.search(folded) or (excluded and _ONLY.search(folded)):
            return IncomeReading(
                IncomeKind.PER_CAPITA, Decimal("0.00"), Decimal("0.00"), members, excluded=excluded
            )
        if _REFUSAL.search(folded) or (_DONT_KNOW.search(folded) and members is None):
            return IncomeReading(IncomeKind.REFUSED)
        if members is not None:
            return IncomeReading(IncomeKind.MEMBERS_ONLY, members=members)
        return NOTHING
    total = sum((m.value for m in money), Decimal(0)).quantize(CENT)
    included = sum(
        (m.value for m in mentions if m.role == "excluded" and _included(folded, m, money)),
        Decimal(0),
    )
    total = max(total - included, Decimal(0)).quantize(CENT)
    wages = any(m.wage for m in money)
    annual = any(m.annual for m in money)
    periods = tuple(sorted({m.period for m in money if m.period}))
    each = any(m.each > 1 for m in money)
    per_person = any(m.role == "per_person" for m in money) or bool(
        re.search(r"\b(?:per capita|por pessoa|cada pessoa|por cabeca)\b", folded)
        or (not each and re.search(r"\bcada um\b|\bcada uma\b", folded))
    )
    if per_person:
        return IncomeReading(
            IncomeKind.PER_CAPITA, total, None, members, excluded=excluded,
            given_per_person=True, in_wages=wages, annual=annual, periods=periods,
        )  # fmt: skip
    if members is not None:
        return IncomeReading(
            IncomeKind.PER_CAPITA, share(total, members), total, members, excluded=excluded,
            in_wages=wages, annual=annual, periods=periods,
        )  # fmt: skip
    # An amount with no "por pessoa" answers the question asked ("quanto entra por mês na casa
    # toda, somando todo mundo?"): it is the household's total, and the people are asked next.
    return IncomeReading(
        IncomeKind.TOTAL_ONLY,
        total=total,
        excluded=excluded,
        in_wages=wages,
        annual=annual,
        periods=periods,
    )


_MONTH = (
    r"(?:janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro"
    r"|dezembro)"
)
_SEASONAL = re.compile(
    rf"\b(?:de|entre) {_MONTH} (?:a|ate|e) {_MONTH}\b|\bnesses meses\b|\bno resto do ano\b"
    r"|\b(?:na|durante a|so na|fora da|depois da) (?:safra|temporada|colheita)\b"
    r"|\bso (?:no verao|no fim do ano|no final do ano|em dezembro)\b"
)
"""Seasonal pay ("ganha 3 mil de maio a agosto, no resto do ano faz bico"): not a month's
income; the average over the year is asked, as for informal work."""
_FIXED_BENEFIT = re.compile(r"\b(?:bpc|loas)\b")
"""The BPC (LOAS) is one minimum wage by law (Lei 8.742/1993, art. 20): named without an amount
("ela recebe BPC"), that is its amount — every income writer counted it so."""


_BENEFIT_GLUE = re.compile(
    r"^[\s:=(-]*(?:(?:reais|de|do|da|no valor de|que (?:e|da)|uns|umas|r\$|mensais|por mes)"
    r"[\s:=(-]*)*$"
)
"""What may stand between a BPC and its amount ("1.621 de BPC", "BPC: 1621", "BPC de uns
1.600"); a comma or another earner between them ("avô 1 salário, avó BPC, mãe 1.900") makes
the amount someone else's."""


def _glued(folded: str, benefit: re.Match[str], m: Mention) -> bool:
    """Whether `m` is the amount of the benefit named at `benefit` (next to it, glued)."""
    if 0 <= m.start - benefit.end() < 15:
        return bool(_BENEFIT_GLUE.match(folded[benefit.end() : m.start]))
    if 0 <= benefit.start() - m.end < 15:
        return bool(_BENEFIT_GLUE.match(folded[m.end : benefit.start()]))
    return False


def _fixed_benefits(folded: str, mentions: list[Mention], wage: Decimal) -> list[Mention]:
    """A BPC named with no amount next to it, as one minimum wage."""
    added: list[Mention] = []
    for benefit in _FIXED_BENEFIT.finditer(folded):
        near = [m for m in mentions if _glued(folded, benefit, m)]
        # "recebe LOAS porque é deficiente, um salário mínimo": its amount, later in the clause
        stop = re.compile(r"[.;!?]|" + _EARNER_NOUN.pattern).search(folded, benefit.end())
        clause_end = stop.start() if stop else len(folded)
        near += [m for m in mentions if m.wage and benefit.end() <= m.start < clause_end]
        if not any(m.role in ("money", "per_person", "excluded") for m in near):
            added.append(
                Mention(wage, benefit.start(), benefit.end(), wage=True, raw=Decimal(1), unit=wage)
            )
    return added


_THOUSANDS = re.compile(r"\s*(?:contos?|paus?|pilas?)\b")
_ROUGHLY_MORE = re.compile(r"\s+e (?:pouco|poucos|pouquinho|tanto|tantos|quebrado|quebrados)\b")
"""An amount said as a floor ("mil e pouco", "dois mil e tanto"): a range up to the next
thousand (or hundred), so one value is asked."""
_MONTH_TOLD = re.compile(
    r"\s*(?:reais\s*)?(?:no mes|por mes|ao mes|mensais|mensal|/mes|todo mes|no fim do mes"
    r"|no final do mes)\b"
)
"""A monthly amount told next to a daily rate ("150 por dia, 4 dias por semana… faz uns 2400 no
mês") is the student's own sum of it: the daily rate is not added again."""
_RESULT_BEFORE = re.compile(
    r"(?:=|\b(?:total|no total|ao todo|totaliza\w*|da|dao|fica|ficam|soma|somando|juntando"
    r"|junto|juntos)\b)[^0-9]{0,12}$"
)


_TOTAL_SAID = re.compile(
    r"(?:=|\b(?:total|no total|ao todo|tudo junto|somando tudo|juntando tudo|somando os dois"
    r"|juntos|juntas)\b)[^0-9]{0,12}$"
)


def _stated_sum(folded: str, money: list[Mention]) -> list[Mention]:
    """The student's own sum ("2.000 + 1.500 = 3.500", "mãe 1800 e pai 2200, total 4000"): an
    amount after a result word that equals the amounts before it replaces them; after "total"
    or "ao todo" the last amount is the household's whatever the parts were read as."""
    last = money[-1] if money else None
    if (
        last is not None
        and len(money) > 1
        and _TOTAL_SAID.search(folded[max(0, last.start - 20) : last.start])
        and last.value >= max(m.value for m in money[:-1])
    ):
        return [last]
    for index in range(2, len(money)):
        result = money[index]
        addends = sum((m.value for m in money[:index]), Decimal(0))
        before = folded[max(0, result.start - 20) : result.start]
        if abs(addends - result.value) <= 1 and _RESULT_BEFORE.search(before):
            return money[index:]
    return money


_NOT_EARNED_BETWEEN = re.compile(r"\b(?:pensao|paga|manda|da pra|pra|para)\b|[.;!?]")


def _present_earners(folded: str, money: list[Mention]) -> list[Mention]:
    """The amounts of relatives who do not live in the house left out ("meu pai 2.200 — na
    verdade meu pai não mora mais com a gente"; "meu irmão ganha 4 mil, mas ele mora em
    Curitiba"): the Prouni counts the income of who lives there. What such a relative pays to
    the house ("meu pai paga 500 de pensão") is the house's."""
    present = absent_relatives(folded)
    kept: list[Mention] = []
    for m in money:
        owners = [
            e for e in _EARNER_NOUN.finditer(folded, max(0, m.start - 60), m.start)
            if not _NOT_EARNED_BETWEEN.search(folded[e.end() : m.start])
            and not _NOT_AN_EARNER_BEFORE.search(folded[max(0, e.start() - 25) : e.start()])
        ]  # fmt: skip
        owner = owners[-1] if owners else None
        if owner is not None and not present[owner.start() : owner.end()].strip():
            continue
        kept.append(m)
    return kept


_PAST_BEFORE = re.compile(r"\b(?:ganhava|recebia|tirava|fazia|ganhou|recebeu)\b[^0-9]{0,15}$")
"""An amount someone used to earn ("meu pai ganhava uns 2 mil mas está desempregado") is not
the household's income now."""


_BOTH_EARN = re.compile(
    r"\b(?:os dois|as duas|ambos|ambas|os tres|todos)(?: eles)? (?:ganham|recebem|tiram)"
    r"(?: (?:o|um|uns))?\s*$"
)


def _superseded(folded: str, money: list[Mention]) -> list[Mention]:
    """Amounts the next one says again, dropped for it: a weekly or fortnightly amount followed
    by the student's own monthly figure for it ("600 por semana, dá uns 2600 por mês"), and an
    amount said loosely and then exactly ("1.700 e pouco, 1.720")."""
    dropped: set[int] = set()
    for m, n in pairwise(money):
        told = _MONTH_TOLD.match(folded, n.end) or _RESULT_BEFORE.search(
            folded[max(0, n.start - 20) : n.start]
        )
        restated = (
            m.period and told and abs(n.value - m.value) <= m.value / 10 and n.start - m.end < 60
        )
        loose = _ROUGHLY_MORE.match(folded, m.end)
        refined = (  # "1.100 e pouco por pessoa... 1.120 pra ser exato"
            loose
            and n.start - loose.end() < 40
            and not _EARNER_NOUN.search(folded, loose.end(), n.start)
            and m.value <= n.value <= m.value * 2
        )
        both = _BOTH_EARN.search(folded[max(0, n.start - 30) : n.start])
        earlier = money[: money.index(n)]
        if both and n.wage and len(earlier) > 1 and all(x.value == n.value for x in earlier):
            dropped.add(id(n))  # "mãe 1.621 e pai 1.621, os dois ganham um salário": said again
        if restated or refined:
            dropped.add(id(m))
    return [m for m in money if id(m) not in dropped]


_VARY_CUE = re.compile(
    r"\b(?:as vezes|tem (?P<unit>mes|semana|dia|quinzena)s? (?:que|q)|uns meses|outros meses"
    r"|tem mes que)\b"
)


def _varying(folded: str, money: list[Mention]) -> tuple[Decimal, Decimal] | None:
    """One earner's amount that varies ("faz bico, às vezes 500, às vezes 1500"; "tem semana
    que faz 300, tem semana que faz 600") beside fixed ones: the household's range, each end
    with the fixed amounts added, so one value (the month's average) is asked."""
    varying: list[Mention] = []
    weekly = False
    for cue in _VARY_CUE.finditer(folded):
        following = [m for m in money if 0 <= m.start - cue.end() < 25]
        if following and following[0] not in varying:
            varying.append(following[0])
            weekly = weekly or cue["unit"] == "semana"
    if len(varying) < 2:
        return None
    fixed = sum((m.value for m in money if m not in varying), Decimal(0))
    factor = Decimal(52) / 12 if weekly else Decimal(1)
    low = min(m.value for m in varying) * factor + fixed
    high = max(m.value for m in varying) * factor + fixed
    return (low.quantize(CENT), high.quantize(CENT)) if low < high else None


_ALSO = re.compile(
    r"\b(?:e|,)\s*(?:o |a |meu |minha |seu |sua )?(?:pai|mae|padrasto|madrasta|avo|vo|irmao|irma"
    r"|tio|tia|marido|esposa|companheir[oa]|namorad[oa]|ele|ela)\s+"
    r"(?P<also>tambem|tb|tbm|(?:ganha|recebe|tira) (?:o mesmo|a mesma coisa|igual))\b"
    r"(?!\s+(?:trabalh\w*|faz\b|e\b|tem\b|vende\w*|recebe\b|ganha\b))"
)


def _also_earned(folded: str, money: list[Mention]) -> list[Mention]:
    """A second earner of the same amount ("minha vó ganha um salário mínimo e meu avô
    também"): the amount again, once per earner."""
    copies: list[Mention] = []
    for match in _ALSO.finditer(folded):
        earlier = [m for m in money if m.end <= match.start()]
        if earlier and not any(m.start >= match.start() for m in money):
            last = earlier[-1]
            copies.append(
                Mention(last.value, match.start("also"), match.end("also"), wage=last.wage,
                        scaled=last.scaled, raw=last.raw, unit=last.unit)
            )  # fmt: skip
    return copies


_EARNER_NOUN = re.compile(
    r"\b(?:meu|minha|o|a)\s+(?:pai|mae|padrasto|madrasta|avo|vo|irmao|irma|tio|tia|marido"
    r"|esposa|companheir[oa]|namorad[oa]|filh[oa])\b"
)
_PAST_WORK = re.compile(r"\b(?:era|eram|foi|ja foi|trabalhava|fazia)\b[^.;!?,\d]{0,25}")
"""Work someone did ("ele era pedreiro", "ela que era aposentada"): not an earner now."""
_OWNER_AFTER = re.compile(
    r"\s*(?:reais\s*)?(?:por mes\s*)?d[oa]\s+(?:meu |minha )?(?:pai|mae|padrasto|madrasta|avo|vo"
    r"|irmao|irma|tio|tia|marido|esposa|companheir[oa]|namorad[oa]|filh[oa])\b"
)
_NO_AMOUNT = re.compile(r"\bnao sei\b|\bsei la\b|\bnao faco ideia\b")
_NOT_AN_EARNER_BEFORE = re.compile(
    r"\b(?:morte|falecimento|pensao(?: \w+)?|heranca|beneficio) d[oa]\s*$"
)
"""A relative named as the source of someone's income ("pensão por morte do meu avô") is no
earner of the house."""
_WORKS = re.compile(
    r"(?<!nao )(?<!ninguem )(?<!nunca )(?<!sem )\btrabalh(?!am\b)\w*"
    r"|\bfaz (?:bico|freela|corrida|entrega)|\bautonom[oa]\b"
)
_TOTAL_BEFORE = re.compile(
    r"\b(?:renda|total|ao todo|juntos|somando|a gente (?:ganha|tira|recebe)|entra\w*"
    r"|em casa)\b[^0-9]{0,20}$"
)


_PLUS_UNPRICED = re.compile(r"\b(?:mais|fora|alem d[oa]|e tambem) o que\b")
"""A total and what someone else makes on top ("entra 2.500 fixo mais o que meu irmão tira de
bico"): the told amount is not everything."""
_VAGUE_PAY = re.compile(
    r"\b(?:ganha|recebe|tira)\b[^.;!?\d]{0,20}\b(?:(?:mais|menos) (?:do )?que (?:ele|ela|o|a|meu"
    r"|minha)\b|por comissao|por producao)|\bvaria muito\b|\bnunca e igual\b|\bnao e fixo\b"
)
"""Someone's pay said only relative to another's or as varying ("ganha um pouco mais que ele",
"ganha por comissão, varia muito"): an earner without an amount."""
_MORE_UNPRICED = re.compile(
    r"[^\d]*?\be (?:tambem |ainda )?(?:recebe|ganha|tem|faz)\s+(?:a |uma |o |um |uns )?"
    r"(?:pensao|aposentadoria|bpc|loas|beneficio|bicos?|extra)\b(?![^.;!?]{0,30}\d)"
)
"""A second income of the same earner named after the amount, without one ("minha mãe ganha
1.900 e recebe pensão do meu pai")."""
_PRONOUN_EARNER = re.compile(
    r"\b(?P<p>ele|ela)\b(?= (?:e|ganha|recebe|tira|trabalha|faz|vende|so|tambem)\b)"
)


_NAMED_BEFORE = re.compile(
    r"\b(?:aposentadoria|pensao|bpc|loas|beneficio|salario|auxilio[- ]\w+)\s*(?:de\s*|:\s*)?$"
)
"""An income's name right before its amount ("aposentadoria de 1 salário do meu avô")."""


def _earner_starts(folded: str, nouns: list[re.Match[str]]) -> list[tuple[int, int]]:
    """Where each earner's words start, and whose they are: each relative named is someone; a
    pronoun is the last relative of its gender named before it ("minha mãe é diarista, meu
    padrasto está parado, ela ganha 1.400": the mother), or someone else when there is none
    ("moro com minha tia e meu primo. ela ganha 2.100 e ele faz bico")."""
    marks = [
        (m.start(), "f" if m.group(0).split()[0] in ("minha", "a") else "m", True) for m in nouns
    ]
    for pronoun in _PRONOUN_EARNER.finditer(folded):
        marks.append((pronoun.start(), "f" if pronoun["p"] == "ela" else "m", False))
    marks.sort()
    starts: list[tuple[int, int]] = []
    last_of: dict[str, int] = {}
    for start, gender, is_noun in marks:
        if is_noun or gender not in last_of:
            last_of[gender] = len({person for _, person in starts})
        starts.append((start, last_of[gender]))
    return starts


def _unpriced_earner(folded: str, money: list[Mention]) -> bool:
    """An earner named with work, a benefit or "não sei quanto" but no amount, beside others'
    amounts: the told amounts are not the household's income. A household total said as
    such ("a renda é uns 3 mil") already counts everyone."""
    if any(
        _TOTAL_BEFORE.search(folded[max(0, m.start - 30) : m.start]) for m in money
    ) and not _PLUS_UNPRICED.search(folded):
        return False
    if len(money) == 1 and _RESULT_BEFORE.search(
        folded[max(0, money[0].start - 20) : money[0].start]
    ):
        return False  # "meu pai é Uber e minha mãe aposentada, dá uns 3.500": one amount for all
    # "minha vó morreu, ela que era aposentada": no earner ("meu pai paga pensão" is one)
    present = absent_relatives(folded, payers=False)
    nouns = [
        m
        for m in _EARNER_NOUN.finditer(folded)
        if not _NOT_AN_EARNER_BEFORE.search(folded[max(0, m.start() - 25) : m.start()])
        and present[m.start() : m.end()].strip()
    ]
    if not nouns:
        return False
    starts = _earner_starts(folded, nouns)
    if starts[0][0] > 0:  # the lead-in is someone too: "não sei quanto meu pai ganha, minha mãe…"
        starts.insert(0, (0, -1))
    # "1 salário e meio do meu pai e meio salário da minha mãe": an amount before "do/da" and an
    # earner is that earner's
    owners = [_OWNER_AFTER.match(folded, m.end) for m in money]
    places = [owner.end() - 1 if owner else m.start for m, owner in zip(money, owners, strict=True)]
    # "BPC do meu irmão e o salário da minha mãe 1.750": the owned amount's own words ("BPC")
    # are the owner's, not someone's named before the owner
    for m, owner in zip(money, owners, strict=True):
        if owner is not None:  # "aposentadoria de 1 salário do meu avô": the name is his too
            named = _NAMED_BEFORE.search(folded, max(0, m.start - 30), m.start)
            start = named.start() if named else m.start
            folded = folded[:start] + " " * (owner.start() - start) + folded[owner.start() :]
    priced: dict[int, bool] = {}
    working: dict[int, bool] = {}
    extra = 0
    for (start, person), (end, _) in pairwise([*starts, (len(folded), -2)]):
        segment = _PAST_WORK.sub(" ", folded[start:end])  # "ela que era aposentada"
        told = any(start <= place < end for place in places)
        # "meu primo tá morando aqui por uns meses, não sei se conta": who lives there, asked
        # with the household, not an amount not known
        if not told and _NO_AMOUNT.search(segment) and not UNSURE_HOUSEHOLD.search(segment):
            return True
        priced[person] = priced.get(person, False) or told
        working[person] = working.get(person, False) or bool(
            _INFORMAL.search(segment)
            or _BENEFIT.search(segment)
            or _WORKS.search(segment)
            or _VAGUE_PAY.search(segment)
        )
        last = max(
            (m.end for m, p in zip(money, places, strict=True) if start <= p < end), default=None
        )
        if last is not None and _MORE_UNPRICED.match(folded, last, end):
            extra += 1  # "ganha 1.900 e recebe pensão": a second income, without its amount
    earners = extra + sum(priced[p] or working[p] for p in priced)
    unpriced = extra + sum(working[p] and not priced[p] for p in priced)
    # "minha mãe é diarista, meu pai é aposentado; ela tira 800 e ele um salário": the amounts
    # come back by pronoun, so an earner is unpriced only when there are fewer amounts than
    # earners
    return unpriced > 0 and len(money) < earners


_RANGE = re.compile(
    r"\b(?:entre|de)\s+(?:r\$\s*)?(?P<low>\d[\d.,]*)\s*(?P<low_scale>mil|k)?\s+(?:e|a|ate)\s+"
    r"(?:r\$\s*)?(?P<high>\d[\d.,]*)\s*(?P<high_scale>mil|k)?"
    r"|(?<![\d.,])(?P<low2>\d{1,3})\s*(?:a|ate|-)\s*(?P<high2>\d{1,3})\s*(?P<scale2>mil|k)\b"
)


_CONNECTOR = re.compile(r"^\s*(?:e|a|ate|ou|-|–)\s*$")
_ALTERNATIVE = re.compile(
    r"^\s*[,.;?!…]*\s*(?:ou(?: (?:era|e|sera|seria|foi|entao|talvez|quem sabe))?"
    r"|(?:mas |ou )?(?:talvez|pode ser|quem sabe|capaz de ser))\s*(?:uns |umas |r\$\s*)?$"
)
"""Two amounts given as alternatives after a pause ("3 mil, ou 3.500 sei lá"; "3.200? ou
2.500?"; "1.800, talvez 2.000"; "2.400 mas pode ser 2.600"): the student is unsure which one, so
one value is asked."""
_RANGE_ROLES = frozenset({"money", "per_person", "count", "people"})


def _pair_range(folded: str, mentions: list[Mention]) -> tuple[Decimal, Decimal] | None:
    """Two adjacent numbers joined as a range, the first one taking the second one's unit when
    it has none: "entre 3 e 4 mil", "uns 2 ou 3 mil", "de 1 a 2 salários", "entre mil e dois
    mil". A bare "e" joins a range only after "entre"/"de" ("ganha 1800 e minha mãe 2200" is
    two earners)."""
    for first, second in pairwise(mentions):
        if first.role not in _RANGE_ROLES or second.role not in ("money", "per_person"):
            continue
        between = folded[first.end : second.start]
        if not (_CONNECTOR.match(between) or _ALTERNATIVE.match(between)):
            continue
        lead = folded[max(0, first.start - 14) : first.start]
        if between.strip() == "e" and not _RANGE_LEAD.search(lead):
            continue
        low = first.value
        raw = first.raw if first.raw is not None else first.value
        if first.unit == 1 and second.unit != 1 and raw * second.unit <= second.value:
            low = (raw * second.unit).quantize(CENT)
        if low != second.value:
            return (min(low, second.value).quantize(CENT), max(low, second.value).quantize(CENT))
    return None


def _range(
    folded: str, money: list[Mention], mentions: list[Mention]
) -> tuple[Decimal, Decimal] | None:
    """Two amounts given as a range ("entre 3 e 4 mil", "de 1.500 a 2.000") or as months that
    differ ("tem mês que é 1500, tem mês que é 4000"); the low end of "3 e 4 mil" is in
    thousands too."""
    if (pair := _pair_range(folded, mentions)) is not None:
        return pair
    if (m := _RANGE.search(folded)) and m["low2"]:
        low, high = Decimal(m["low2"]) * 1000, Decimal(m["high2"]) * 1000
        if low < high:
            return (low.quantize(CENT), high.quantize(CENT))
    elif m:
        try:
            low, high = (
                numeric_value(m["low"].rstrip(".,")),
                numeric_value(m["high"].rstrip(".,")),
            )
        except ArithmeticError:
            low = high = Decimal(0)
        if m["high_scale"]:
            high *= 1000
            low *= 1000 if m["low_scale"] or low < 1000 else 1
        elif m["low_scale"]:
            low *= 1000
        if low != high and high >= _SMALL:
            return (min(low, high).quantize(CENT), max(low, high).quantize(CENT))
    if len(money) < 2:
        return None
    first, second = money[0], money[1]
    between = folded[first.end : second.start]
    lead = folded[max(0, first.start - 12) : first.start]
    ranged = _RANGE_BETWEEN.match(between) and (
        _RANGE_LEAD.search(lead) or between.strip() in ("a", "ate", "-", "–", "ou")
    )
    if ranged or _VARIES.search(folded):
        low, high = first.value, second.value
        if second.scaled and not first.scaled and low < 1000 <= high:
            low *= 1000
        return (min(low, high).quantize(CENT), max(low, high).quantize(CENT))
    return None


__all__ = ["NOTHING", "IncomeKind", "IncomeReading", "fold", "read_income"]
