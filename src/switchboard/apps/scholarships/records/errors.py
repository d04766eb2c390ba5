"""Typed errors of the scholarship records (each with a stable `code`)."""

from __future__ import annotations

from switchboard import SwitchboardError


class InvalidSearchFiltersError(SwitchboardError):
    """Opportunity search filters that do not validate (unknown UF, score out of range, ...)."""

    code = "invalid_search_filters"
    http_status = 422


class InvalidProfileError(SwitchboardError):
    """A profile update that does not validate (age out of range, unknown education, ...)."""

    code = "invalid_profile"
    http_status = 422


class InvalidRecordError(SwitchboardError):
    """A moderation entry or learning signal that does not validate."""

    code = "invalid_record"
    http_status = 422


class GoldenExampleNotFoundError(SwitchboardError):
    code = "golden_example_not_found"
    http_status = 404
