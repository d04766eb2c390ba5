"""The finance assistant (spec 001).

Its face is what another app may use of it: the `jobs` app's spending report reads the finance
ledger and parses period questions the way finance does. Other apps import these names from
`switchboard.apps.finance`, never from its modules (`switchboard.testing.public_faces`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from switchboard._faces import attach

if TYPE_CHECKING:
    from switchboard.apps.finance.ledger import LEDGER as LEDGER
    from switchboard.apps.finance.ledger.records import FlowFilter as FlowFilter
    from switchboard.apps.finance.ledger.records import Kind as Kind
    from switchboard.apps.finance.ledger.records import to_cents as to_cents
    from switchboard.apps.finance.nlu.categories import TAXONOMY as TAXONOMY
    from switchboard.apps.finance.nlu.dates import today_in_sao_paulo as today_in_sao_paulo
    from switchboard.apps.finance.nlu.query import LedgerQuery as LedgerQuery
    from switchboard.apps.finance.nlu.query import parse_query as parse_query
    from switchboard.apps.finance.nlu.text import fold as fold
else:
    __getattr__, __dir__, __all__ = attach(__name__)
