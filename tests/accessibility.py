"""WCAG 2.1 A/AA checks of a page with axe-core (the `axe-playwright-python` package bundles
axe.min.js: nothing is downloaded at test time)."""

from __future__ import annotations

from typing import Any

WCAG_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}


def wcag_violations(page: Any) -> list[tuple[str, list[Any]]]:
    """axe-core's WCAG A/AA violations on the page as it is now: (rule, targets) pairs."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page, options=WCAG_AA).response["violations"]
    return [(v["id"], [node["target"] for node in v["nodes"]]) for v in found]
