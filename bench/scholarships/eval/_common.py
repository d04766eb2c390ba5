"""Shared helpers of the suite builders: ids, the deterministic split, JSONL writing.

The suites are hand-written data; these builders only lay them out as `switchboard eval` JSONL
(docs/eval.md). Split: sha1(id), last hex digit < 5 -> "test" (held out), else "dev".
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
TODAY = "2026-01-12"

DOCS = {
    "S": "sisu_edital_2026.txt (Edital MEC/SESu nº 29, de 22/12/2025 — Sisu 2026)",
    "P": "prouni_edital_2026.txt (Edital MEC/SESu nº 2, de 07/01/2026 — Prouni 1º/2026)",
    "PD": "prouni_documentacao.txt (Prouni: documentação e critérios de apuração de renda)",
    "SD": "sisu_documentacao.txt (Sisu: documentação para matrícula)",
}

# 2026 national minimum wage assumed by these suites: R$ 1.621,00 (Decreto nº 12.797/2025).
# The editais state limits in multiples of it (Prouni item 1.4) but never its value.
MINIMUM_WAGE_2026 = 1621.00


def split_of(case_id: str) -> str:
    """Held-out membership by hash, so nobody chooses which cases are tested."""
    return "test" if int(hashlib.sha1(case_id.encode()).hexdigest()[-1], 16) < 5 else "dev"


def write(name: str, cases: list[dict[str, Any]]) -> Path:
    ids = [c["id"] for c in cases]
    assert len(ids) == len(set(ids)), "duplicate ids"
    path = HERE / name
    with path.open("w", encoding="utf-8") as fh:
        for case in cases:
            fh.write(json.dumps(case, ensure_ascii=False) + "\n")
    return path
