"""Two- and three-turn conversations: (domain tag, turns). Each turn is a dict with `user`,
`intent`, `agent` (None = ambiguous, then `notes` says why), optional `ticket`, or `context`
for a turn that is not graded."""

TEC = "especialista_tecnico"
FIN = "especialista_financeiro"
AV = "assistente_virtual"

MULTI: list[tuple[str, list[dict[str, object]]]] = []
