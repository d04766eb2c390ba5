"""A description as the user reads it back in a confirmation: "(mãe de presente)", not the raw
"(mae de presente)"; "(aluguel do apartamento)", not "(aluguel do apto q eu alugo)".

The stored description keeps what was typed (searches match it); only what is shown is
cleaned: chat fillers are dropped ("vdd", "né", "kkk"), a trailing relative clause is cut
("q eu alugo"), a few chat abbreviations are spelled out, and accents are restored only on
words known here (a word not in `_ACCENTED` is left exactly as typed).
"""

from __future__ import annotations

import re

__all__ = ["shown_description"]

_FILLERS = frozenset(
    {"vdd", "vdade", "ne", "né", "mano", "kkk", "kkkk", "kk", "rs", "rsrs", "haha", "slk", "pô",
     "po", "tipo", "aí", "ai", "hein", "ué", "ue", "pfv", "pls", "blz", "ok"}
)  # fmt: skip
_SPELLED = {"apto": "apartamento", "ap": "apartamento", "hj": "hoje", "tb": "também",
            "tbm": "também", "vc": "você", "msm": "mesmo", "pq": "porque", "qdo": "quando",
            "cel": "celular", "mae": "mãe", "irmao": "irmão", "irma": "irmã", "pao": "pão",
            "agua": "água", "cafe": "café", "onibus": "ônibus", "farmacia": "farmácia",
            "salario": "salário", "cartao": "cartão", "almoco": "almoço", "acougue": "açougue",
            "remedio": "remédio", "medico": "médico", "oculos": "óculos", "feijao": "feijão",
            "acai": "açaí", "mecanico": "mecânico", "manutencao": "manutenção",
            "condominio": "condomínio", "eletrica": "elétrica", "gas": "gás",
            "credito": "crédito", "debito": "débito", "pensao": "pensão",
            "aniversario": "aniversário", "sapatenis": "sapatênis", "tenis": "tênis",
            "veterinario": "veterinário", "combustivel": "combustível",
            "pedagio": "pedágio"}  # fmt: skip
_RELATIVE = re.compile(r"\s+(?:q|que|ke)\s+(?:eu|a\s+gente|nos|nós|ele|ela)\b.*$", re.IGNORECASE)


def shown_description(description: str | None) -> str:
    """The description cleaned for display (module docstring); "" when nothing is left."""
    if not description:
        return ""
    text = _RELATIVE.sub("", description.strip())
    words: list[str] = []
    for word in text.split():
        key = word.lower()
        if key in _FILLERS or key == "q":
            continue
        spelled = _SPELLED.get(key)
        words.append(spelled if spelled is not None else word)
    return " ".join(words)
