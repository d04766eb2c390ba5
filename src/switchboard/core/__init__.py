"""Core vocabulary shared by every layer: messages, events, agent specs, errors, clock.

The face re-exports what `switchboard` itself does not (message metadata keys, usage tallies,
the process clock); the rest of the vocabulary — `Message`, the events, the errors, `Clock` —
is imported from `switchboard`. Names load on first use (`switchboard._faces`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from switchboard._faces import attach

if TYPE_CHECKING:
    from switchboard.core.clock import SYSTEM_CLOCK as SYSTEM_CLOCK
    from switchboard.core.events import keep_ui as keep_ui
    from switchboard.core.messages import META_KIND as META_KIND
    from switchboard.core.messages import META_WORKFLOW as META_WORKFLOW
    from switchboard.core.messages import Usage as Usage
    from switchboard.core.messages import UsageTally as UsageTally
else:
    __getattr__, __dir__, __all__ = attach(__name__)
