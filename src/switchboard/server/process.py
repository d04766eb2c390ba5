"""Process-level tuning for `switchboard serve` (never applied by `create_app`, so tests and
embedding applications keep their own interpreter settings)."""

from __future__ import annotations

import gc


def tune_gc(gen0_threshold: int) -> None:
    """Freeze what start-up allocated and raise the gen-0 collection threshold.

    A chat turn allocates thousands of short-lived objects (events, messages, validation); with
    CPython's default threshold (700) the collector runs several times per request and its older
    generations rescan the whole heap. 0 keeps the interpreter's defaults.
    """
    if gen0_threshold <= 0:
        return
    gc.collect()
    gc.freeze()
    _, gen1, gen2 = gc.get_threshold()
    gc.set_threshold(gen0_threshold, gen1, gen2)
