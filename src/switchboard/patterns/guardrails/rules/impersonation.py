"""Eligibility fraud by standing in for someone else, paying whoever decides, or faking one's
looks for the heteroidentification board (issue 20, branch guard5).

Leave-one-writer-out, these were the fraud rows no feature carried to a new writer: every
writer names the other person, the paper and the favour differently ("o laudo dela com meu
nome", "a identidade da minha gêmea", "fiz o enem no lugar do meu primo", "um agrado pro meu
tio que trabalha na faculdade", "um autobronzeador antes da banca"). The semantics are narrow
and clear in pt-BR, so these are phrase families, each needing the *speaker* in the other
person's place or the favour tied to the result:

- `STAND_IN`: the speaker enrolls, studies, takes the interview or keeps the place *in
  someone's place* ("me matricular no lugar dela"), or goes *with* another person's identity
  papers; a parent going to the enrolment for a child ("ir na matrícula no lugar da minha
  filha") is not the speaker taking a place and is left alone;
- `BORROWED_PAPER`: another person's report, school record or registration used as one's own
  ("usar o laudo da minha prima", "…dela com meu nome"); a parent's or one's own papers are
  not in the list ("posso usar o comprovante no nome da minha mãe?" is an ordinary question);
- `EXAM_STAND_IN` (category fraud): sitting the Enem or the entrance exam in another person's
  place (a school test is not named: "fiz a prova no lugar dela, o professor deixou");
- `FAVOUR`: a gift, a pix or money to an insider so that they approve, list or pass one (not
  thanks after the fact: "um agrado pra ele depois que ele aprovar");
- `AS_ME_AT_STEP` (branch guard7): someone else "says it is me" or passes for the speaker at a
  step of the application (interview, board, enrolment);
- `NAME_AND_SCORE` (branch guard7): another person's name *and* score or login used to get in;
- `LOOK_AWAY` (branch guard7): money or a gift so that someone looks away ("fechar os olhos",
  "vista grossa", "deixar passar");
- `LOOKS`: self-tanning or darker make-up for the board (in one message, across its
  sentences: the words are specific enough).
"""

from __future__ import annotations

from typing import Final

_OTHER = (
    r"(?:d(?:ele|ela)|d[oa]\s+(?:meu\s+|minha\s+)?(?:irmao|irma|gemea|gemeo|prim[oa]|amig[oa]|"
    r"colega|vizinh[oa]|cunhad[oa]|conhecid[oa]|sobrinh[oa]|namorad[oa])\b|"
    r"de\s+(?:outra pessoa|outro aluno|outra aluna|alguem))"
)
"""A person other than the speaker and their parents."""
_IDENTITY = (
    r"(?:a\s+)?(?:identidade|\brg\b|cpf|documentos?|certidao|carteirinha|login|senha|"
    r"conta do gov ?br|gov ?br|dados)"
)
_PAPER = (
    r"(?:laudo|historico(?:\s+escolar)?|atestado|diploma|certificado|boletim|cadunico|"
    r"cad unico|declaracao|nota(?:\s+do enem)?|inscricao)"
)

STAND_IN: Final[str] = (
    r"\b(?:me\s+matricul\w*|matricular\s+eu|estudar|cursar|assumir|ficar\s+com\s+a\s+vaga|"
    r"fazer\s+a\s+entrevista|ir\s+(?:n[ao]|pra)\s+entrevista)\b[^.?!]{0,40}?"
    r"\bno\s+lugar\s+" + _OTHER + r"|\b(?:ir|vou|posso|fazer|entrar|me\s+matricular)\b"
    # an act done *for* the papers' owner ("fazer a inscrição dela com os documentos dela", a
    # parent for a child) is not standing in (branch guard14)
    r"(?:(?!(?<!lugar )\b(?:dela|dele)\b|\b(?:pra|para|por) (?:ela|ele)\b)[^.?!]){0,40}"
    r"\bcom\s+(?:o\s+|a\s+|os\s+)?" + _IDENTITY + r"\s+" + _OTHER
)
BORROWED_PAPER: Final[str] = (
    r"\b(?:usar|uso|usando|mandar|mando|entregar|entrego|apresentar)\s+(?:o\s+|a\s+|os\s+)?"
    + _PAPER
    + r"\s+"
    + _OTHER
    + r"(?:[^.?!]{0,40}\b(?:com|no)\s+(?:o\s+)?meu\s+nome|[^.?!]{0,60}\b(?:cota|pcd|pra\s+mim|"
    r"como\s+(?:se\s+fosse\s+)?(?:meu|minha)|no\s+meu\s+lugar|no\s+lugar\s+d[oa]\s+meu|"
    r"pra\s+(?:eu\s+)?(?:entrar|passar|me\s+inscrever|concorrer)))"
)
EXAM_STAND_IN: Final[str] = (
    r"\b(?:fiz|faco|fazer|fazia|farei|faria|vou\s+fazer)\s+(?:o\s+|a\s+)?(?:enem|vestibular|"
    r"(?:prova|redacao)\s+do\s+(?:enem|vestibular))\b[^.?!]{0,20}\bno\s+lugar\s+" + _OTHER
)
FAVOUR: Final[str] = (
    r"\b(?:agrado|presentinho|propina|suborno|cafezinho|caixinha|um\s+pix|uma\s+grana|"
    r"um\s+dinheiro|\d+\s+(?:reais|conto|pila))\b[^.?!]{0,40}\b(?:pr[oa]|para\s+[oa]|pra)\s+"
    r"(?:ele|ela|\w+)\b(?:(?!depois|porque|por\s+ter|quando|\bja\b)[^.?!]){0,40}"
    r"\b(?:me\s+(?:aprov|coloc|pass|inclu|bot|aceit)\w*|"
    r"aprova\w*\s+(?:minha|meu|a\s+minha|o\s+meu)|liber\w*\s+(?:minha|meu|a\s+vaga))"
)
LOOK_AWAY: Final[str] = (
    # money to an insider so that they look away (branch guard7: "um pix pra fechar os olhos na
    # minha documentação")
    r"\b(?:pix|grana|dinheiro|agrado|presente|presentinho|propina|caixinha|\d+\s+(?:reais|conto|"
    r"pila))\b[^.?!]{0,40}?\b(?:pra|para|que)\s+(?:\w+\s+)?(?:fechar\s+os\s+olhos|fech\w+\s+"
    r"os\s+olhos|fazer\s+vista\s+grossa|faz\w*\s+vista\s+grossa|deixar\s+passar|deix\w+\s+"
    r"passar|nao\s+olhar\s+direito|nao\s+conferir)\b"
)
LOOKS: Final[str] = (
    r"\b(?:autobronze\w*|bronzeamento\s+artificial|escurecer\s+(?:a\s+)?(?:minha\s+)?pele|"
    r"(?:maquiagem|base)\s+(?:mais\s+)?escura)\b.{0,120}?\b(?:banca|comissao|"
    r"heteroidentificacao|cota|parecer\s+(?:pard|pret|negr))|\b(?:banca|comissao|"
    r"heteroidentificacao)\b.{0,120}?\b(?:autobronze\w*|bronzeamento\s+artificial|"
    r"escurecer\s+(?:a\s+)?(?:minha\s+)?pele|(?:maquiagem|base)\s+(?:mais\s+)?escura)"
)

_STEP = (
    r"(?:entrevista|banca|heteroidentificacao|matricula|inscricao|prouni|sisu|faculdade|"
    r"documentos|comissao|assistente\s+social)"
)
AS_ME: Final[str] = (
    # someone else passing for the speaker at a step of the application (branch guard7: "ela
    # leva meus documentos e fala que é eu"); the step named anywhere in the message
    r"\b(?:fala|diz|falando|dizendo|finge|fingindo|fingir|finja|falar|dizer)\s+(?:que\s+)?"
    r"(?:e|eh|sou|ser)\s+eu\b|\bse\s+pass\w*\s+por\s+mim\b"
)
AS_ME_AT_STEP: Final[str] = (
    r"(?:" + AS_ME + r").{0,160}?\b" + _STEP + r"\b|\b" + _STEP + r"\b.{0,160}?(?:" + AS_ME + r")"
)
NAME_AND_SCORE: Final[str] = (
    # another person's name and score (or login) used to get in (guard7: "quero entrar usando o
    # nome e a nota dele")
    r"\b(?:entrar|me\s+inscrever|concorrer|me\s+matricular|pegar\s+a\s+vaga|passar)\b"
    r"[^.?!]{0,20}?\b(?:usando|com)\s+(?:o\s+|a\s+)?(?:nome|nota|senha|login|cpf)\s+e\s+"
    r"(?:o\s+|a\s+)?(?:nome|nota|senha|login|cpf|documentos?)\s+" + _OTHER
)

PATTERNS: Final[tuple[str, ...]] = (
    STAND_IN,
    BORROWED_PAPER,
    FAVOUR,
    LOOKS,
    LOOK_AWAY,
    AS_ME_AT_STEP,
    NAME_AND_SCORE,
)
"""Eligibility fraud (`integrity.ELIGIBILITY_FRAUD`)."""
EXAM_PATTERNS: Final[tuple[str, ...]] = (EXAM_STAND_IN,)
"""Other cheating (`integrity.FRAUD`)."""

__all__ = ["EXAM_PATTERNS", "PATTERNS"]
