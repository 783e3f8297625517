"""``MemoryStore``: the public API agents and curators use. Every call is tenant-scoped;
an id that belongs to another tenant is indistinguishable from one that does not exist."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, text

from curation._clock import Clock, SystemClock
from curation._cohorts import validate_agent_id
from curation._embedding import Embedder, default_embedder
from curation._errors import (
    EmbeddingMismatchError,
    InvalidStateError,
    NotFoundError,
    UnknownTenantError,
    ValidationError,
)
from curation._kinds import Cohort, ConflictStatus, EventType, RecallMode, Status
from curation._policy import CurationPolicy
from curation._records import (
    ConflictRecord,
    EventRecord,
    Explanation,
    ImportReport,
    MemoryRecord,
    RecallResult,
    WriteResult,
)
from curation._store import exposures
from curation._store import recall as recall_sql
from curation._store.curation_api import CurationOps
from curation._store.database import Database
from curation._store.dump_format import DumpReport, RestoreReport
from curation._store.events import record_event
from curation._store.experiments_api import ExperimentOps
from curation._store.keys import KeyOps
from curation._store.lifecycle import restore_rows
from curation._store.rows import (
    CONFLICT_COLUMNS,
    MEMORY_COLUMNS,
    MEMORY_JOIN,
    conflict_record,
    event_record,
    memory_record,
)
from curation._store.tenant_policy import merge_policy, store_policy
from curation._store.write_hooks import after_write
from curation._store.writes import PreparedWrite, tenant_exists, write_batch
from curation._validation import (
    MAX_RECALL_K,
    MemoryInput,
    content_hash,
    validate_actor,
    validate_bool,
    validate_content,
    validate_embedding,
    validate_items,
    validate_label,
    validate_limit,
    validate_memory,
    validate_memory_mapping,
    validate_mode,
    validate_now,
    validate_path,
    validate_query,
    validate_search_text,
    validate_status,
    validate_tenant,
    validate_uuid,
)


class MemoryStore(CurationOps, ExperimentOps, KeyOps):
    """Remember, recall, contest, give feedback, pin, restore and explain memories.

    Dependencies are passed in (database, embedder, clock) so tests and simulations swap
    them; every method that needs the time also accepts ``now=`` explicitly.
    """

    def __init__(
        self,
        database: Database,
        *,
        embedder: Embedder | None = None,
        clock: Clock | None = None,
        default_policy: CurationPolicy | None = None,
    ) -> None:
        self.db = database
        self.embedder: Embedder = embedder or default_embedder()
        self.clock: Clock = clock or SystemClock()
        self.default_policy = default_policy or CurationPolicy()
        self._meta: dict[str, str] | None = None
        self._policy_cache: dict[str, tuple[CurationPolicy, CurationPolicy]] = {}

    @classmethod
    def open(cls, *, embedder: Embedder | None = None, clock: Clock | None = None) -> MemoryStore:
        """The store configured by the environment (embedded server unless
        MEMGOV_DATABASE_URL is set), migrated to the current schema."""
        database = Database.from_settings()
        if not database.is_current():
            database.upgrade()
        return cls(database, embedder=embedder, clock=clock)

    # -- plumbing -----------------------------------------------------------------
    def _now(self, now: datetime | None) -> datetime:
        return validate_now(now) if now is not None else self.clock.now()

    @contextmanager
    def _tx(self, tenant: str, *, must_exist: bool = True) -> Iterator[Connection]:
        with self.db.transaction(tenant) as conn:
            if must_exist and not tenant_exists(conn, tenant):
                raise UnknownTenantError(tenant)
            yield conn

    def meta(self) -> dict[str, str]:
        if self._meta is None:
            with self.db.transaction() as conn:
                rows = conn.execute(text("SELECT key, value FROM store_meta")).all()
            self._meta = {row.key: row.value for row in rows}
        return self._meta

    @property
    def dimension(self) -> int:
        return int(self.meta()["embedding_dimension"])

    @property
    def embedding_model(self) -> str:
        return self.meta().get("embedding_model", self.embedder.model_name)

    def _check_embedder(self) -> None:
        """The first write fixes the store's model; later embedders must match it."""
        meta = self.meta()
        if self.embedder.dimension != self.dimension:
            raise EmbeddingMismatchError(
                "embedder.dimension",
                self.embedder.dimension,
                f"the store holds {self.dimension}-dimensional embeddings",
            )
        stored = meta.get("embedding_model")
        if stored is None:
            with self.db.transaction() as conn:
                conn.execute(
                    text(
                        "INSERT INTO store_meta (key, value) VALUES ('embedding_model', :m) "
                        "ON CONFLICT (key) DO NOTHING"
                    ),
                    {"m": self.embedder.model_name},
                )
                stored = conn.execute(
                    text("SELECT value FROM store_meta WHERE key = 'embedding_model'")
                ).scalar_one()
            self._meta = None
        if stored != self.embedder.model_name:
            raise EmbeddingMismatchError(
                "embedder.model_name",
                self.embedder.model_name,
                f"the store's embeddings come from {stored!r}",
            )

    # -- policy -------------------------------------------------------------------
    def policy(self, tenant: str) -> CurationPolicy:
        tenant = validate_tenant(tenant)
        with self.db.transaction(tenant) as conn:
            overrides = conn.execute(
                text("SELECT policy FROM tenant WHERE name = :t"), {"t": tenant}
            ).scalar()
        return self._merged_policy(overrides)

    def _merged_policy(self, overrides: Mapping[str, Any] | None) -> CurationPolicy:
        """The default policy with a tenant's stored overrides. Validation is a full pydantic
        round, so the result is cached by the overrides' content (never stale: other
        overrides are another key) — recall asks for it on every call."""
        key = json.dumps(overrides or {}, sort_keys=True)
        cached = self._policy_cache.get(key)
        if cached is not None and cached[0] is self.default_policy:
            return cached[1]
        base = self.default_policy.model_dump(mode="json")
        base.update(overrides or {})
        policy = CurationPolicy.model_validate(base)
        if len(self._policy_cache) > 256:
            self._policy_cache.clear()
        self._policy_cache[key] = (self.default_policy, policy)
        return policy

    def set_policy(
        self,
        tenant: str,
        policy: CurationPolicy | Mapping[str, Any],
        *,
        actor: str = "curator",
        now: datetime | None = None,
    ) -> CurationPolicy:
        """Store a tenant's policy overrides (validated in full before anything is written)."""
        tenant = validate_tenant(tenant)
        at = self._now(now)
        merged = merge_policy(self.policy(tenant), policy)
        from curation._store.writes import ensure_tenant

        with self.db.transaction(tenant) as conn:
            ensure_tenant(conn, tenant, at)
            store_policy(conn, tenant, merged, at=at, actor=actor)
        return merged

    # -- writes -------------------------------------------------------------------
    def remember(
        self,
        tenant: str,
        content: str,
        kind: str = "fact",
        *,
        importance: float = 0.5,
        generality: int = 0,
        proven: int = 0,
        supersession_key: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        pinned: bool = False,
        embedding: Sequence[float] | None = None,
        embedding_model: str | None = None,
        topic: str | None = None,
        source: str | None = None,
        created_at: datetime | None = None,
        id: str | uuid.UUID | None = None,
        actor: str = "agent",
        now: datetime | None = None,
    ) -> WriteResult:
        item = validate_memory(
            content=content,
            kind=kind,
            importance=importance,
            generality=generality,
            proven=proven,
            supersession_key=supersession_key,
            metadata=dict(metadata) if isinstance(metadata, Mapping) else metadata,
            pinned=pinned,
            embedding=embedding,
            embedding_model=embedding_model,
            id=id,
            created_at=created_at,
            topic=topic,
            source=source,
            dimension=self.dimension,
        )
        return self.remember_many(tenant, [item], actor=actor, now=now)[0]

    def remember_many(
        self,
        tenant: str,
        items: Sequence[MemoryInput | Mapping[str, Any]],
        *,
        actor: str = "agent",
        now: datetime | None = None,
    ) -> list[WriteResult]:
        """Batch form of ``remember``: one embedding batch, one COPY, one transaction."""
        tenant = validate_tenant(tenant)
        actor = validate_actor(actor)
        at = self._now(now)
        inputs = [
            i
            if isinstance(i, MemoryInput)
            else validate_memory_mapping(i, dimension=self.dimension)
            for i in validate_items(items)
        ]
        prepared = self.prepare(inputs)
        policy = self.policy(tenant)
        with self.db.transaction(tenant) as conn:
            results = write_batch(conn, tenant, prepared, now=at, actor=actor)
            return after_write(
                conn,
                tenant,
                results,
                prepared,
                policy,
                model=self.embedding_model,
                now=at,
                actor=actor,
            )

    def prepare(self, inputs: Sequence[MemoryInput]) -> list[PreparedWrite]:
        """Embed what lacks an embedding (one batch) and refuse foreign embeddings."""
        self._check_embedder()
        model = self.embedder.model_name
        for item in inputs:
            if item.embedding is not None and item.embedding_model not in (None, model):
                raise EmbeddingMismatchError(
                    "embedding_model", item.embedding_model, f"the store's model is {model!r}"
                )
        missing = [i for i, item in enumerate(inputs) if item.embedding is None]
        computed = self.embedder.embed([inputs[i].content for i in missing]) if missing else None
        vectors = {i: computed[n] for n, i in enumerate(missing)} if computed is not None else {}
        return [
            PreparedWrite(
                item=item,
                content_hash=content_hash(item.content),
                embedding=item.embedding if item.embedding is not None else vectors[i],
                embedding_model=model,
            )
            for i, item in enumerate(inputs)
        ]

    # -- recall -------------------------------------------------------------------
    def recall(
        self,
        tenant: str,
        query: str,
        k: int = 6,
        *,
        mode: str | RecallMode | None = None,
        agent_id: str | None = None,
        actor: str = "agent",
        record: bool = True,
        query_embedding: Sequence[float] | None = None,
        now: datetime | None = None,
    ) -> RecallResult:
        """Curated (the default): active entries, re-ranked, with open conflicts, recorded
        as a vote. Raw: every memory ever written, by similarity alone, recording nothing.

        With ``agent_id`` the agent's cohort in the tenant's live experiment picks the mode
        (curated when none is live; an explicit ``mode`` must agree), and the recall is
        logged as an exposure in the same transaction: the result carries its ``recall_id``
        for ``outcome`` and ``feedback``. A raw-cohort recall leaves the curated store
        untouched. ``record=False`` skips the vote, never the exposure.

        ``query_embedding`` lets a caller that recalls many queries embed them in one batch
        (it must come from the store's embedder)."""
        tenant = validate_tenant(tenant)
        query = validate_query(query)
        requested = None if mode is None else validate_mode(mode)
        agent = None if agent_id is None else validate_agent_id(agent_id)
        actor = validate_actor(actor)
        record = validate_bool("record", record)
        recall_mode = requested or RecallMode.CURATED
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_RECALL_K:
            raise ValidationError("k", k, f"must be an integer between 1 and {MAX_RECALL_K}")
        at = self._now(now)
        if query_embedding is None:
            vector = self.embedder.embed([query])[0]
        else:
            vector = validate_embedding(query_embedding, self.dimension)
        curated = recall_mode == RecallMode.CURATED
        # One transaction, three round trips in the common case: open it (the tenant's
        # policy, its settings), search, record the vote. The candidates' conflicts are
        # fetched only when the search saw some.
        guess = k * self.default_policy.candidate_multiplier if curated else k
        with self.db.engine.begin() as conn:
            found = conn.execute(
                text(recall_sql.START), {"t": tenant, "ef": recall_sql.ef_search(guess)}
            ).first()
            if found is None:
                raise UnknownTenantError(tenant)
            serving = None if agent is None else exposures.serve(conn, tenant, agent, requested, at)
            if serving is not None:  # the agent's cohort decides the mode
                recall_mode = serving.mode
                curated = recall_mode == RecallMode.CURATED
            policy = self._merged_policy(found.policy)
            limit = k * policy.candidate_multiplier if curated else k
            rows = recall_sql.search(
                conn, tenant, vector, limit, active_only=curated, configure=limit != guess
            )
            contested = [r.id for r in rows if r.open_conflicts]
            conflicts = (
                recall_sql.open_conflicts(conn, tenant, contested) if curated and contested else {}
            )
            hits = recall_sql.rank_candidates(
                rows,
                conflicts,
                policy,
                tenant=tenant,
                model=self.embedding_model,
                now=at,
                k=k,
                curated=curated,
            )
            if curated and record and hits:
                recall_sql.record_recall(
                    conn,
                    tenant,
                    [h.id for h in hits],
                    now=at,
                    actor=actor,
                    query=query,
                    reinforce=policy.reinforce_on == "recall",
                    recall_id=None if serving is None else serving.recall_id,
                )
            if serving is not None:
                exposures.record_exposure(conn, tenant, serving, query, [h.id for h in hits], at)
        return RecallResult(
            tenant=tenant,
            query=query,
            mode=recall_mode.value,
            at=at,
            hits=hits,
            recall_id=None if serving is None else serving.recall_id,
            cohort=None if serving is None else serving.cohort.value,
        )

    # -- single-memory operations ---------------------------------------------------
    def _state(self, conn: Connection, tenant: str, memory_id: uuid.UUID) -> Any:
        row = conn.execute(
            text(
                f"SELECT {MEMORY_COLUMNS} FROM {MEMORY_JOIN} "
                "WHERE m.tenant = :t AND m.id = :id FOR UPDATE OF s"
            ),
            {"t": tenant, "id": memory_id},
        ).first()
        if row is None:
            raise NotFoundError("memory", str(memory_id), tenant)
        return row

    def get(self, tenant: str, memory_id: str | uuid.UUID) -> MemoryRecord:
        tenant = validate_tenant(tenant)
        mid = validate_uuid("memory_id", memory_id)
        with self.db.transaction(tenant) as conn:
            row = conn.execute(
                text(
                    f"SELECT {MEMORY_COLUMNS} FROM {MEMORY_JOIN} WHERE m.tenant = :t AND m.id = :id"
                ),
                {"t": tenant, "id": mid},
            ).first()
        if row is None:
            raise NotFoundError("memory", str(mid), tenant)
        return memory_record(row)

    def get_many(self, tenant: str, memory_ids: Sequence[str | uuid.UUID]) -> list[MemoryRecord]:
        """The tenant's memories among ``memory_ids`` (ids of other tenants are absent)."""
        tenant = validate_tenant(tenant)
        ids = [validate_uuid("memory_ids", m) for m in memory_ids]
        if not ids:
            return []
        with self.db.transaction(tenant) as conn:
            rows = conn.execute(
                text(
                    f"SELECT {MEMORY_COLUMNS} FROM {MEMORY_JOIN} "
                    "WHERE m.tenant = :t AND m.id = ANY(:ids) ORDER BY m.id"
                ),
                {"t": tenant, "ids": ids},
            ).all()
        return [memory_record(r) for r in rows]

    def existing_ids(self, tenant: str, memory_ids: Sequence[str | uuid.UUID]) -> set[str]:
        """Which of ``memory_ids`` belong to the tenant."""
        return {m.id for m in self.get_many(tenant, memory_ids)}

    def count_events(
        self, tenant: str, *, types: Sequence[str] | None = None, after_id: int = 0
    ) -> tuple[int, int]:
        """(count, highest id) of the tenant's events after ``after_id``: a cursor for
        sensors that react to new writes without reading them."""
        tenant = validate_tenant(tenant)
        where = "tenant = :t AND id > :after" + (" AND type = ANY(:types)" if types else "")
        with self.db.transaction(tenant) as conn:
            row = conn.execute(
                text(
                    f"SELECT count(*) AS n, coalesce(max(id), :after) AS top FROM event "
                    f"WHERE {where}"
                ),
                {"t": tenant, "after": after_id, "types": list(types or [])},
            ).one()
        return int(row.n), int(row.top)

    def contest(
        self,
        tenant: str,
        memory_id: str | uuid.UUID,
        claim: str,
        evidence: str,
        source: str = "agent",
        *,
        related_memory_id: str | uuid.UUID | None = None,
        detected_by: str = "contest",
        actor: str = "agent",
        now: datetime | None = None,
    ) -> ConflictRecord:
        """Attach evidence against an entry. The entry itself is not edited."""
        tenant = validate_tenant(tenant)
        mid = validate_uuid("memory_id", memory_id)
        from curation._validation import validate_content

        claim = validate_content(claim, "claim")
        evidence = validate_content(evidence, "evidence")
        source = validate_label("source", source) or "agent"
        detected_by = validate_label("detected_by", detected_by) or "contest"
        related = (
            None
            if related_memory_id is None
            else validate_uuid("related_memory_id", related_memory_id)
        )
        at = self._now(now)
        with self._tx(tenant) as conn:
            # Both rows locked in id order, as every multi-row writer does (no deadlock).
            for locked in sorted({mid} if related is None else {mid, related}, key=str):
                self._state(conn, tenant, locked)
            conflict_id = uuid.uuid4()
            row = conn.execute(
                text(
                    f"""
                    INSERT INTO conflict (id, tenant, memory_id, claim, evidence, source,
                                          related_memory_id, detected_by, at)
                    VALUES (:id, :t, :m, :c, :e, :s, :r, :d, :at)
                    RETURNING {CONFLICT_COLUMNS}
                    """
                ),
                {
                    "id": conflict_id,
                    "t": tenant,
                    "m": mid,
                    "c": claim,
                    "e": evidence,
                    "s": source,
                    "r": related,
                    "d": detected_by,
                    "at": at,
                },
            ).one()
            record_event(
                conn,
                tenant,
                EventType.CONTEST,
                at=at,
                actor=actor,
                memory_id=mid,
                related_ids=[related] if related else [],
                reason=claim[:500],
                data={"conflict_id": str(conflict_id), "source": source},
            )
        return conflict_record(row)

    def feedback(
        self,
        tenant: str,
        memory_id: str | uuid.UUID,
        useful: bool,
        *,
        recall_id: str | uuid.UUID | None = None,
        actor: str = "agent",
        now: datetime | None = None,
    ) -> MemoryRecord:
        """A validated use proves the entry (proven + 1); with ``reinforce_on=feedback``
        it is also the recall vote.

        With ``recall_id`` the judgement is attributed to that recall's experiment and
        cohort (the memory must be one it returned, judged once). Feedback on a raw-cohort
        recall is recorded but changes nothing: the raw arm must not train the curated one."""
        tenant = validate_tenant(tenant)
        mid = validate_uuid("memory_id", memory_id)
        useful = validate_bool("useful", useful)
        rid = None if recall_id is None else validate_uuid("recall_id", recall_id)
        at = self._now(now)
        policy = self.policy(tenant)
        with self._tx(tenant) as conn:
            self._state(conn, tenant, mid)
            attribution: dict[str, Any] = {}
            if rid is not None:
                exposure = exposures.feedback_attribution(conn, tenant, rid, mid)
                attribution = {
                    "recall_id": exposure.recall_id,
                    "experiment_id": exposure.experiment_id,
                    "cohort": exposure.cohort,
                }
            proves = useful and attribution.get("cohort") != Cohort.RAW
            if proves:
                reinforce = policy.reinforce_on == "feedback"
                conn.execute(
                    text(
                        """
                        UPDATE memory_state SET proven = proven + 1,
                            recall_count = recall_count + CASE WHEN :r THEN 1 ELSE 0 END,
                            last_recalled_at = CASE WHEN :r THEN :at ELSE last_recalled_at END,
                            version = version + 1, updated_at = :at
                        WHERE tenant = :t AND memory_id = :id
                        """
                    ),
                    {"t": tenant, "id": mid, "at": at, "r": reinforce},
                )
            record_event(
                conn,
                tenant,
                EventType.VALIDATE if proves else EventType.FEEDBACK,
                at=at,
                actor=actor,
                memory_id=mid,
                data={"useful": useful, **attribution},
            )
        return self.get(tenant, mid)

    def pin(
        self,
        tenant: str,
        memory_id: str | uuid.UUID,
        *,
        pinned: bool = True,
        actor: str = "curator",
        now: datetime | None = None,
    ) -> MemoryRecord:
        """Pinned entries are never touched by curation and score a retention of 1."""
        tenant = validate_tenant(tenant)
        mid = validate_uuid("memory_id", memory_id)
        pinned = validate_bool("pinned", pinned)
        actor = validate_actor(actor)
        at = self._now(now)
        with self._tx(tenant) as conn:
            prior = self._state(conn, tenant, mid)
            if bool(prior.pinned) != pinned:
                conn.execute(
                    text(
                        "UPDATE memory_state SET pinned = :p, version = version + 1, "
                        "updated_at = :at WHERE tenant = :t AND memory_id = :id"
                    ),
                    {"t": tenant, "id": mid, "p": pinned, "at": at},
                )
                record_event(
                    conn,
                    tenant,
                    EventType.PIN if pinned else EventType.UNPIN,
                    at=at,
                    actor=actor,
                    memory_id=mid,
                )
        return self.get(tenant, mid)

    def unpin(
        self,
        tenant: str,
        memory_id: str | uuid.UUID,
        *,
        actor: str = "curator",
        now: datetime | None = None,
    ) -> MemoryRecord:
        return self.pin(tenant, memory_id, pinned=False, actor=actor, now=now)

    def restore(
        self,
        tenant: str,
        memory_id: str | uuid.UUID,
        *,
        actor: str = "curator",
        reason: str = "restored by curator",
        now: datetime | None = None,
    ) -> MemoryRecord:
        """Return an archived entry to the active set; the event keeps its prior state."""
        tenant = validate_tenant(tenant)
        mid = validate_uuid("memory_id", memory_id)
        actor = validate_actor(actor)
        reason = validate_content(reason, "reason")
        at = self._now(now)
        with self._tx(tenant) as conn:
            prior = self._state(conn, tenant, mid)
            if prior.status != Status.ARCHIVED:
                raise InvalidStateError(f"memory {mid} is {prior.status}, not archived")
            restore_rows(conn, tenant, [prior], now=at, actor=actor, reason=reason)
        return self.get(tenant, mid)

    def explain(self, tenant: str, memory_id: str | uuid.UUID) -> Explanation:
        """Why is this entry where it is: status, reason, the supersession chain, the trail."""
        tenant = validate_tenant(tenant)
        mid = validate_uuid("memory_id", memory_id)
        memory = self.get(tenant, mid)
        with self.db.transaction(tenant) as conn:
            events = conn.execute(
                text(
                    "SELECT * FROM event WHERE tenant = :t AND (memory_id = :id "
                    "OR related_ids @> ARRAY[CAST(:id AS uuid)]) ORDER BY id"
                ),
                {"t": tenant, "id": mid},
            ).all()
            conflicts = conn.execute(
                text(
                    f"SELECT {CONFLICT_COLUMNS} FROM conflict WHERE tenant = :t "
                    "AND memory_id = :id ORDER BY at, id"
                ),
                {"t": tenant, "id": mid},
            ).all()
        chain: list[str] = []
        cursor = memory.superseded_by
        while cursor is not None and cursor not in chain and len(chain) < 50:
            chain.append(cursor)
            cursor = self.get(tenant, cursor).superseded_by
        parent = self.get(tenant, memory.parent_id) if memory.parent_id else None
        return Explanation(
            memory=memory,
            events=[event_record(e) for e in events],
            conflicts=[conflict_record(c) for c in conflicts],
            superseded_chain=chain,
            parent=parent,
        )

    # -- listings -----------------------------------------------------------------
    def tenants(self) -> list[str]:
        """Every tenant's name: the one cross-tenant read, through the SECURITY DEFINER
        ``memgov_tenants()`` (row-level security hides the ``tenant`` table's other rows)."""
        with self.db.transaction() as conn:
            return list(conn.execute(text("SELECT memgov_tenants()")).scalars())

    def memories(
        self,
        tenant: str,
        *,
        status: str | None = None,
        reason: str | None = None,
        contains: str | None = None,
        limit: int = 100,
        offset: int = 0,
    ) -> list[MemoryRecord]:
        tenant = validate_tenant(tenant)
        contains = validate_search_text("contains", contains)
        clauses = ["m.tenant = :t"]
        params: dict[str, Any] = {
            "t": tenant,
            "limit": validate_limit("limit", limit),
            "offset": validate_limit("offset", offset, minimum=0),
        }
        if status is not None:
            clauses.append("s.status = :status")
            params["status"] = validate_status(status, Status).value
        if reason is not None:
            clauses.append("s.archive_reason = :reason")
            params["reason"] = validate_label("reason", reason)
        if contains:
            # the text is matched literally: LIKE's escape character and wildcards escaped
            escaped = contains.replace("\\", "\\\\").replace("%", r"\%").replace("_", r"\_")
            clauses.append("m.content ILIKE :pattern")
            params["pattern"] = "%" + escaped + "%"
        with self.db.transaction(tenant) as conn:
            rows = conn.execute(
                text(
                    f"SELECT {MEMORY_COLUMNS} FROM {MEMORY_JOIN} WHERE {' AND '.join(clauses)} "
                    "ORDER BY m.created_at DESC, m.id LIMIT :limit OFFSET :offset"
                ),
                params,
            ).all()
        return [memory_record(r) for r in rows]

    def conflicts(self, tenant: str, *, status: str | None = "open") -> list[ConflictRecord]:
        tenant = validate_tenant(tenant)
        if status:
            status = validate_status(status, ConflictStatus).value
        where = "tenant = :t" + (" AND status = :s" if status else "")
        with self._tx(tenant) as conn:  # an unknown tenant is an error, not an empty queue
            rows = conn.execute(
                text(f"SELECT {CONFLICT_COLUMNS} FROM conflict WHERE {where} ORDER BY at, id"),
                {"t": tenant, "s": status},
            ).all()
        return [conflict_record(r) for r in rows]

    def events(
        self, tenant: str, *, types: Sequence[str] | None = None, limit: int = 1000
    ) -> list[EventRecord]:
        tenant = validate_tenant(tenant)
        types = [validate_status(t, EventType, "types").value for t in types or []]
        limit = validate_limit("limit", limit)
        where = "tenant = :t" + (" AND type = ANY(:types)" if types else "")
        with self.db.transaction(tenant) as conn:
            rows = conn.execute(
                text(f"SELECT * FROM event WHERE {where} ORDER BY id DESC LIMIT :n"),
                {"t": tenant, "types": list(types or []), "n": limit},
            ).all()
        return [event_record(r) for r in reversed(rows)]

    def counts(self, tenant: str) -> dict[str, int]:
        """Active/archived totals and archived-by-reason, for reports and dashboards."""
        tenant = validate_tenant(tenant)
        with self.db.transaction(tenant) as conn:
            rows = conn.execute(
                text(
                    "SELECT status, coalesce(archive_reason, '') AS reason, count(*) AS n "
                    "FROM memory_state WHERE tenant = :t GROUP BY 1, 2"
                ),
                {"t": tenant},
            ).all()
        out = {"active": 0, "archived": 0}
        for row in rows:
            out[row.status] += int(row.n)
            if row.reason:
                out[f"archived_{row.reason}"] = int(row.n)
        return out

    # -- import / export ------------------------------------------------------------
    def import_jsonl(
        self,
        path: str | Path,
        tenant: str,
        *,
        rejects_path: str | Path | None = None,
        batch_size: int = 2000,
        actor: str = "import",
        now: datetime | None = None,
    ) -> ImportReport:
        from curation._store.jsonl import import_file

        return import_file(
            self,
            validate_path("path", path),
            tenant,
            rejects_path=rejects_path,
            batch_size=batch_size,
            actor=actor,
            now=self._now(now),
        )

    def export_jsonl(self, path: str | Path, tenant: str, *, include_archived: bool = True) -> int:
        from curation._store.jsonl import export_file

        return export_file(
            self, validate_path("path", path), tenant, include_archived=include_archived
        )

    def dump_tenant(
        self, path: str | Path, tenant: str, *, now: datetime | None = None
    ) -> DumpReport:
        """A full, lossless dump of the tenant; see ``curation._store.dump``."""
        from curation._store.dump import dump_tenant

        return dump_tenant(self.db, tenant, Path(path), now=self._now(now))

    def restore_tenant(self, path: str | Path, *, tenant: str | None = None) -> RestoreReport:
        """Recreate a dumped tenant here, all or nothing; refuses an existing tenant."""
        from curation._store.restore import restore_tenant

        report = restore_tenant(self.db, Path(path), expect_tenant=tenant)
        self._meta = None  # the restore may have fixed the store's embedding model
        return report

