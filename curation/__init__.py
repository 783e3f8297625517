"""Memgov's domain core: the memory store and the curation policy behind it.

This package imports no framework (no dagster, streamlit or mlflow); orchestration,
evaluation and the dashboard depend on it, never the other way round.

The names below are the front door: other packages import only from here (plus
``curation.internals`` for the benchmark and reliability harness, and ``curation.cli`` for
command-line plugins). Modules whose names start with ``_`` are private; the import-linter
contracts in pyproject.toml keep it so.
"""

from curation._clock import Clock, FixedClock, SystemClock, ensure_aware, parse_iso
from curation._cohorts import assign_cohort
from curation._embedding import (
    Embedder,
    HashingEmbedder,
    MiniLMEmbedder,
    Vectors,
    default_embedder,
    embedder_from_env,
)
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
from curation._health import COSINE as NEAR_DUPLICATE_COSINE
from curation._health import JACCARD as NEAR_DUPLICATE_JACCARD
from curation._health import near_duplicate_share, near_duplicates
from curation._jsondoc import loads as parse_json_field
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
from curation._plan import (
    ConflictCandidate,
    CurationPlan,
    Mechanic,
    MergeCluster,
    ProposalCandidate,
)
from curation._policy import (
    NEAR_PRUNE_BAND,
    CompressionMode,
    CurationPolicy,
    Mode,
    RankingWeights,
    max_decays,
    max_decays_in_window,
)
from curation._records import (
    ApiKeyRecord,
    Approval,
    ConflictRecord,
    ConflictResolution,
    EventRecord,
    ExperimentRecord,
    Explanation,
    ExposureObservation,
    GoldenProbe,
    ImportReport,
    InferredSupersession,
    MemoryRecord,
    NewApiKey,
    ProposalRecord,
    RecallHit,
    RecallResult,
    RejectedRow,
    Reopened,
    RunRecord,
    RunReport,
    UndoReport,
    Unmerge,
    WriteResult,
)
from curation._safety import (
    ProbeComparison,
    ProbeOutcome,
    foreign_ids,
    golden_probes_with_plan,
    pinned_targets,
    plan_memory_ids,
    prune_cap,
    prune_cap_violation,
)
from curation._scoring import rank_scores, retention_scores
from curation._settings import Settings
from curation._slots import SlotComparison, SlotVerdict, compare_slots
from curation._snapshot import MemorySnapshot
from curation._store import insights
from curation._store.apply import effective_mechanics
from curation._store.database import Database, app_role_url, normalise_url, recreate_database
from curation._store.insights import ARCHIVE_REASONS, RetentionDistribution
from curation._store.locks import curation_lock, lock_name
from curation._store.memory_store import MemoryStore
from curation._store.server import embedded_server_uri, sqlalchemy_url
from curation._validation import MAX_CONTENT_CHARS, MAX_RECALL_K
from curation._values import distinct_subjects, value_differences

__all__ = [
    "ARCHIVE_REASONS",
    "MAX_CONTENT_CHARS",
    "MAX_RECALL_K",
    "NEAR_DUPLICATE_COSINE",
    "NEAR_DUPLICATE_JACCARD",
    "NEAR_PRUNE_BAND",
    "ApiKeyRecord",
    "Approval",
    "ArchiveReason",
    "Clock",
    "Cohort",
    "CompressionMode",
    "ConflictCandidate",
    "ConflictRecord",
    "ConflictResolution",
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
    "GoldenProbe",
    "HashingEmbedder",
    "ImportFormatError",
    "ImportReport",
    "InferredSupersession",
    "InvalidStateError",
    "Mechanic",
    "MemgovError",
    "MemoryKind",
    "MemoryRecord",
    "MemorySnapshot",
    "MemoryStore",
    "MergeCluster",
    "MiniLMEmbedder",
    "Mode",
    "NewApiKey",
    "NotFoundError",
    "ProbeComparison",
    "ProbeOutcome",
    "ProposalCandidate",
    "ProposalRecord",
    "ProposalStatus",
    "RankingWeights",
    "RecallHit",
    "RecallMode",
    "RecallResult",
    "RejectedRow",
    "Reopened",
    "Resolution",
    "RetentionDistribution",
    "RunRecord",
    "RunReport",
    "Settings",
    "SlotComparison",
    "SlotVerdict",
    "StalePlanError",
    "Status",
    "SystemClock",
    "TenantExistsError",
    "UndoReport",
    "UnknownTenantError",
    "Unmerge",
    "ValidationError",
    "Vectors",
    "WriteResult",
    "app_role_url",
    "assign_cohort",
    "compare_slots",
    "curation_lock",
    "default_embedder",
    "distinct_subjects",
    "effective_mechanics",
    "embedded_server_uri",
    "embedder_from_env",
    "ensure_aware",
    "foreign_ids",
    "golden_probes_with_plan",
    "insights",
    "lock_name",
    "max_decays",
    "max_decays_in_window",
    "near_duplicate_share",
    "near_duplicates",
    "normalise_url",
    "parse_iso",
    "parse_json_field",
    "pinned_targets",
    "plan_memory_ids",
    "prune_cap",
    "prune_cap_violation",
    "rank_scores",
    "recreate_database",
    "retention_scores",
    "sqlalchemy_url",
    "value_differences",
]
