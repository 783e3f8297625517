"""Memgov's domain core: the memory store and the curation policy behind it.

This package imports no framework (no dagster, streamlit or mlflow); orchestration,
evaluation and the dashboard depend on it, never the other way round.
"""

from curation._clock import Clock, FixedClock, SystemClock
from curation._cohorts import assign_cohort
from curation._embedding import Embedder, HashingEmbedder, MiniLMEmbedder, default_embedder
from curation._errors import (
    CurationLockedError,
    DatabaseRoleError,
    DumpFormatError,
    EmbeddingMismatchError,
    ImportFormatError,
    InvalidStateError,
    MemgovError,
    NotFoundError,
    StalePlanError,
    TenantExistsError,
    UnknownTenantError,
    ValidationError,
)
from curation._kinds import (
    ArchiveReason,
    Cohort,
    ConflictStatus,
    EventType,
    MemoryKind,
    ProposalStatus,
    RecallMode,
    Resolution,
    Status,
)
from curation._plan import CurationPlan
from curation._policy import CompressionMode, CurationPolicy, Mode, RankingWeights
from curation._records import (
    ConflictRecord,
    EventRecord,
    ExperimentRecord,
    Explanation,
    ExposureObservation,
    ImportReport,
    MemoryRecord,
    RecallHit,
    RecallResult,
    RejectedRow,
    WriteResult,
)
from curation._settings import Settings
from curation._store.database import Database
from curation._store.memory_store import MemoryStore

__all__ = [
    "ArchiveReason",
    "Clock",
    "Cohort",
    "CompressionMode",
    "ConflictRecord",
    "ConflictStatus",
    "CurationLockedError",
    "CurationPlan",
    "CurationPolicy",
    "Database",
    "DatabaseRoleError",
    "DumpFormatError",
    "Embedder",
    "EmbeddingMismatchError",
    "EventRecord",
    "EventType",
    "ExperimentRecord",
    "Explanation",
    "ExposureObservation",
    "FixedClock",
    "HashingEmbedder",
    "ImportFormatError",
    "ImportReport",
    "InvalidStateError",
    "MemgovError",
    "MemoryKind",
    "MemoryRecord",
    "MemoryStore",
    "MiniLMEmbedder",
    "Mode",
    "NotFoundError",
    "ProposalStatus",
    "RankingWeights",
    "RecallHit",
    "RecallMode",
    "RecallResult",
    "RejectedRow",
    "Resolution",
    "Settings",
    "StalePlanError",
    "Status",
    "SystemClock",
    "TenantExistsError",
    "UnknownTenantError",
    "ValidationError",
    "WriteResult",
    "assign_cohort",
    "default_embedder",
]
