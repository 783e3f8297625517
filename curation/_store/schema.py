"""SQLModel mirrors of the tables the first migration creates (the migration is authoritative).

The hot paths (recall, bulk import, snapshot loading, plan apply) use hand-written SQL;
these models serve the small tables and document the columns in one place.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from pgvector.sqlalchemy import Vector
from sqlalchemy import ARRAY, BigInteger, Column, DateTime, Text
from sqlalchemy.dialects.postgresql import JSONB, UUID
from sqlmodel import Field, SQLModel


def _ts(nullable: bool = False) -> Any:
    return Field(sa_column=Column(DateTime(timezone=True), nullable=nullable))


class Tenant(SQLModel, table=True):
    __tablename__ = "tenant"
    name: str = Field(primary_key=True)
    partition_name: str
    policy: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONB, nullable=False))
    created_at: datetime = _ts()


class Memory(SQLModel, table=True):
    """Written once; carries the HNSW index. Never updated by curation or recall."""

    __tablename__ = "memory"
    tenant: str = Field(primary_key=True)
    id: uuid.UUID = Field(primary_key=True)
    kind: str
    content: str
    content_hash: str
    embedding: Any = Field(sa_column=Column(Vector(), nullable=False))
    embedding_model: str
    supersession_key: str | None = None
    topic: str | None = None
    source: str | None = None
    metadata_: dict[str, Any] = Field(
        default_factory=dict, sa_column=Column("metadata", JSONB, nullable=False)
    )
    created_at: datetime = _ts()


class MemoryState(SQLModel, table=True):
    """One narrow row per memory: everything curation and recall change."""

    __tablename__ = "memory_state"
    tenant: str = Field(primary_key=True)
    memory_id: uuid.UUID = Field(primary_key=True)
    kind: str
    importance: float
    generality: int
    proven: int = 0
    recall_count: int = 0
    last_recalled_at: datetime | None = _ts(nullable=True)
    pinned: bool = False
    status: str = "active"
    archive_reason: str | None = None
    archived_at: datetime | None = _ts(nullable=True)
    superseded_by: uuid.UUID | None = None
    parent_id: uuid.UUID | None = None
    version: int = Field(default=1, sa_column=Column(BigInteger, nullable=False))
    updated_at: datetime = _ts()


class Conflict(SQLModel, table=True):
    __tablename__ = "conflict"
    id: uuid.UUID = Field(primary_key=True)
    tenant: str
    memory_id: uuid.UUID
    claim: str
    evidence: str
    source: str
    related_memory_id: uuid.UUID | None = None
    detected_by: str = "contest"
    at: datetime = _ts()
    status: str = "open"
    resolution: str | None = None
    resolution_note: str | None = None
    resolved_at: datetime | None = _ts(nullable=True)
    resolved_by: str | None = None


class Proposal(SQLModel, table=True):
    __tablename__ = "proposal"
    id: uuid.UUID = Field(primary_key=True)
    tenant: str
    kind: str
    text: str
    member_ids: list[uuid.UUID] = Field(sa_column=Column(ARRAY(UUID(as_uuid=True)), nullable=False))
    generality: int
    evidence: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONB, nullable=False))
    status: str = "pending"
    principle_id: uuid.UUID | None = None
    run_id: uuid.UUID | None = None
    created_at: datetime = _ts()
    decided_at: datetime | None = _ts(nullable=True)
    decided_by: str | None = None


class Event(SQLModel, table=True):
    """Append-only history; the database refuses UPDATE, DELETE and TRUNCATE on it."""

    __tablename__ = "event"
    id: int | None = Field(default=None, sa_column=Column(BigInteger, primary_key=True))
    tenant: str
    type: str
    memory_id: uuid.UUID | None = None
    related_ids: list[uuid.UUID] = Field(
        default_factory=list, sa_column=Column(ARRAY(UUID(as_uuid=True)), nullable=False)
    )
    actor: str
    reason: str | None = Field(default=None, sa_column=Column(Text))
    run_id: uuid.UUID | None = None
    data: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONB, nullable=False))
    at: datetime = _ts()


class GoldenProbe(SQLModel, table=True):
    __tablename__ = "golden_probe"
    id: uuid.UUID = Field(primary_key=True)
    tenant: str
    query: str
    expected_ids: list[uuid.UUID] = Field(
        sa_column=Column(ARRAY(UUID(as_uuid=True)), nullable=False)
    )
    k: int = 6
    created_at: datetime = _ts()


class CurationRun(SQLModel, table=True):
    __tablename__ = "curation_run"
    id: uuid.UUID = Field(primary_key=True)
    tenant: str
    started_at: datetime = _ts()
    finished_at: datetime | None = _ts(nullable=True)
    dry_run: bool
    status: str = "running"
    report: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONB, nullable=False))
    policy: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONB, nullable=False))
