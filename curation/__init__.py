"""Memgov's domain core: the memory store and the curation policy behind it.

This package imports no framework (no dagster, streamlit or mlflow); orchestration,
evaluation and the dashboard depend on it, never the other way round.
"""

from curation.clock import Clock, FixedClock, SystemClock
from curation.embedding import Embedder, HashingEmbedder, MiniLMEmbedder, default_embedder
from curation.errors import (
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
from curation.experiments import assign_cohort
from curation.kinds import (
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
from curation.plan import CurationPlan
from curation.policy import CompressionMode, CurationPolicy, Mode, RankingWeights
from curation.records import (
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
from curation.settings import Settings
from curation.store.database import Database
from curation.store.memory_store import MemoryStore

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
