"""The payload-size bound: never below the real JSON size, so no oversized payload slips by."""

from __future__ import annotations

import json
import random

from switchboard.bus.boundary import json_bound


def test_json_bound_is_never_below_the_encoded_size():
    rng = random.Random(11)
    atoms = [
        "",
        "plain",
        'quote " and \\ backslash',
        "control \x00\x1f\n\t",
        "acentuação",
        "emoji 😀🚀",
        0,
        -(10**17),
        10**17,
        1.5,
        -1.2345678901234567e-308,
        float("inf"),
        True,
        None,
    ]

    def value(depth: int) -> object:
        roll = rng.random()
        if depth > 3 or roll < 0.5:
            return rng.choice(atoms)
        if roll < 0.75:
            return [value(depth + 1) for _ in range(rng.randint(0, 4))]
        keys = rng.sample(["a", "ção", "😀", 'k"', "x" * 40], rng.randint(0, 4))
        return {k: value(depth + 1) for k in keys}

    for _ in range(3000):
        sample = value(0)
        assert json_bound(sample) >= len(json.dumps(sample, default=str)), sample


def test_json_bound_gives_up_on_what_it_cannot_bound_cheaply():
    from decimal import Decimal

    assert json_bound(Decimal("1.5")) > 10**18  # encoded with default=str: measured instead
    assert json_bound(10**40) > 10**18
    assert json_bound({1: "non-string key"}) > 10**18
