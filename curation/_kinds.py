"""The closed vocabularies of the data model."""

from __future__ import annotations

from enum import StrEnum


class MemoryKind(StrEnum):
    TOOL_OUTPUT = "tool_output"
    CONVERSATION = "conversation"
    FACT = "fact"
    PREFERENCE = "preference"


class Status(StrEnum):
    ACTIVE = "active"
    ARCHIVED = "archived"
    QUARANTINED = "quarantined"  # held by the trust gate: stored, never recalled


class ArchiveReason(StrEnum):
    SUPERSEDED = "superseded"
    DUPLICATE = "duplicate"
    DECAYED = "decayed"
    SUBSUMED = "subsumed"
    RETIRED = "retired"
    REJECTED = "rejected"  # a quarantined write a curator rejected
    REWOUND = "rewound"  # written after the moment a rewind went back to


class ConflictStatus(StrEnum):
    OPEN = "open"
    DISMISSED = "dismissed"
    RESOLVED = "resolved"


class Resolution(StrEnum):
    REPLACE = "replace"
    NARROW = "narrow"
    RETIRE = "retire"
    DISMISS = "dismiss"


class ProposalStatus(StrEnum):
    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"
    UNMERGED = "unmerged"
    WITHDRAWN = "withdrawn"  # taken back by undoing the run that proposed it


class ChangeReviewStatus(StrEnum):
    """An inferred supersession held for review (``change_review``)."""

    PENDING = "pending"
    CONFIRMED = "confirmed"
    REJECTED = "rejected"
    AUTO_APPLIED = "auto_applied"


class RecallMode(StrEnum):
    CURATED = "curated"
    RAW = "raw"


class Cohort(StrEnum):
    """An agent's arm in an online experiment; each arm recalls in the mode of its name."""

    CURATED = "curated"
    RAW = "raw"


class EventType(StrEnum):
    WRITE = "write"
    RESTATE = "restate"
    REVIVE = "revive"
    RECALL = "recall"
    VALIDATE = "validate"
    FEEDBACK = "feedback"
    CONTEST = "contest"
    ARCHIVE = "archive"
    RESTORE = "restore"
    MERGE = "merge"
    PROPOSE = "propose"
    APPROVE = "approve"
    REJECT = "reject"
    UNMERGE = "unmerge"
    RESOLVE = "resolve"
    REOPEN = "reopen"
    PIN = "pin"
    UNPIN = "unpin"
    POLICY = "policy"
    CURATION_RUN = "curation_run"
    COMPACT = "compact"
    EXPERIMENT_START = "experiment_start"
    EXPERIMENT_STOP = "experiment_stop"
    GATE = "gate"  # what the trust gate redacted or masked in a write (kinds, offsets)
    QUARANTINE = "quarantine"
    RELEASE = "release"
    QUARANTINE_REJECT = "quarantine_reject"
    FORGET = "forget"  # an explicit forget's receipt (curation/_store/forget.py)
    REWIND = "rewind"  # one row put back by a rewind (or its undo), with prior and after
    UNDO = "undo"  # a curation run's undo: what it took back besides restores (to rewind it)
