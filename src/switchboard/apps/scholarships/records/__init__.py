"""Records of the scholarship assistant: repositories reached through the store.

    store.repository(OPPORTUNITIES).search(OpportunityFilters(course="direito", score=700))

Importing `tables` registers the SQL tables on the store's metadata (the Alembic revision
`scholarships_0001` creates them).
"""

from switchboard.apps.scholarships.records.errors import (
    GoldenExampleNotFoundError,
    InvalidProfileError,
    InvalidRecordError,
    InvalidSearchFiltersError,
)
from switchboard.apps.scholarships.records.moderation import (
    MODERATION,
    Moderation,
    ModerationEntry,
)
from switchboard.apps.scholarships.records.opportunities import (
    OPPORTUNITIES,
    Opportunities,
    Opportunity,
    OpportunityFilters,
)
from switchboard.apps.scholarships.records.profiles import (
    PROFILES,
    Profiles,
    ProfileUpdate,
    StudentProfile,
)
from switchboard.apps.scholarships.records.signals import (
    GOLDEN_EXAMPLES,
    SIGNALS,
    GoldenExample,
    GoldenExamples,
    Signal,
    Signals,
)

__all__ = [
    "GOLDEN_EXAMPLES",
    "MODERATION",
    "OPPORTUNITIES",
    "PROFILES",
    "SIGNALS",
    "GoldenExample",
    "GoldenExampleNotFoundError",
    "GoldenExamples",
    "InvalidProfileError",
    "InvalidRecordError",
    "InvalidSearchFiltersError",
    "Moderation",
    "ModerationEntry",
    "Opportunities",
    "Opportunity",
    "OpportunityFilters",
    "ProfileUpdate",
    "Profiles",
    "Signal",
    "Signals",
    "StudentProfile",
]
