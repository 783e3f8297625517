"""Recall: the curated (re-ranked, conflicts attached, recorded as a vote) or raw view
of a tenant's memories for one query, with the online experiment's cohort and exposure."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np
import numpy.typing as npt
from sqlalchemy import Connection

from curation._cohorts import validate_agent_id
from curation._errors import UnknownTenantError, ValidationError
from curation._history import asks_about_the_past
from curation._kinds import RecallMode, Status
from curation._ranking import current_at, rank_candidates
from curation._recall_filter import RecallFilter
from curation._records import ApiKeyRecord, RecallResult
from curation._store import exposures
from curation._store import recall as recall_sql
from curation._store.retry import retried
from curation._store.services.context import StoreService
from curation._store.services.key_service import key_hash, key_record, plausible_secret
from curation._store.sql.recall import START, START_BY_KEY
from curation._telemetry import recall_searched, traced_recall
from curation._validation import (
    MAX_RECALL_K,
    validate_actor,
    validate_bool,
    validate_datetime,
    validate_embedding,
    validate_mode,
    validate_query,
    validate_tenant,
)


@dataclass(frozen=True)
class _Request:
    """A recall's arguments, validated."""

    query: str
    k: int
    requested: RecallMode | None
    agent_id: str | None
    actor: str
    record: bool
    as_of: datetime | None
    filters: RecallFilter | None

    @classmethod
    def of(
        cls,
        query: str,
        k: int,
        mode: str | RecallMode | None,
        agent_id: str | None,
        actor: str,
        record: bool,
        as_of: datetime | str | None,
        filters: RecallFilter | Mapping[str, Any] | None,
    ) -> _Request:
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_RECALL_K:
            raise ValidationError("k", k, f"must be an integer between 1 and {MAX_RECALL_K}")
        return cls(
            query=validate_query(query),
            k=k,
            requested=None if mode is None else validate_mode(mode),
            agent_id=None if agent_id is None else validate_agent_id(agent_id),
            actor=validate_actor(actor),
            record=validate_bool("record", record),
            as_of=None if as_of is None else validate_datetime("as_of", as_of),
            filters=RecallFilter.coerce(filters),
        )


class RecallService(StoreService):
    @traced_recall("tenant")
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
        as_of: datetime | str | None = None,
        filters: RecallFilter | Mapping[str, Any] | None = None,
    ) -> RecallResult:
        """Curated (the default): active entries, re-ranked, with open conflicts, recorded
        as a vote. Raw: every memory ever written, by similarity alone, recording nothing.

        With ``agent_id`` the agent's cohort in the tenant's live experiment picks the mode
        (curated when none is live; an explicit ``mode`` must agree), and the recall is
        logged as an exposure in the same transaction: the result carries its ``recall_id``
        for ``outcome`` and ``feedback``. A raw-cohort recall leaves the curated store
        untouched. ``record=False`` skips the vote, never the exposure.

        ``query_embedding`` lets a caller that recalls many queries embed them in one batch
        (it must come from the store's embedder).

        ``as_of`` asks about a past moment: curated recall then ranks the entries that were
        current at that time (written by then, and active or since superseded by a later
        entry), raw recall everything written by then.

        ``filters`` (a ``RecallFilter`` or a mapping of its ``of`` fields: kind, topic,
        source, metadata, written_after, written_before) narrow the candidate search
        itself, in both modes."""
        tenant = validate_tenant(tenant)
        request = _Request.of(query, k, mode, agent_id, actor, record, as_of, filters)
        at = self.ctx.now(now)
        if query_embedding is None:
            vector = self.ctx.embedder.embed([query])[0]
        else:
            vector = validate_embedding(query_embedding, self.ctx.dimension)
        # One transaction, three round trips in the common case: open it (the tenant's
        # policy, its settings), search, record the vote. The candidates' conflicts are
        # fetched only when the search saw some. A transaction the database ends as a
        # deadlock's victim runs again as a whole (``retried``): its vote and exposure
        # were rolled back with it, so they are recorded once.
        guess = self._guess(k, request.requested)

        def attempt() -> RecallResult:
            with self.ctx.db.engine.begin() as conn:
                found = START.first(conn, {"t": tenant, "ef": recall_sql.ef_search(guess)})
                if found is None:
                    raise UnknownTenantError(tenant)
                return self._serve(conn, tenant, found.policy, vector, request, guess, at)

        return retried(attempt)

    @traced_recall("key")
    def recall_by_key(
        self,
        secret: str,
        query: str,
        k: int = 6,
        *,
        mode: str | RecallMode | None = None,
        agent_id: str | None = None,
        as_of: datetime | str | None = None,
        filters: RecallFilter | Mapping[str, Any] | None = None,
        admit: Callable[[ApiKeyRecord], str],
        now: datetime | None = None,
    ) -> RecallResult | None:
        """``recall`` for the holder of an API key, in the tenant the key belongs to; None
        when ``secret`` is no live key. The lookup opens the recall's own transaction (one
        statement finds the key and opens its tenant), so an HTTP recall costs no database
        round trip more than an in-process one. ``admit`` sees the key before any other
        work (its rate, its scope: raise to refuse) and names the actor of the vote; the
        query is validated and embedded only then, so an unknown key costs no embedding."""
        if not plausible_secret(secret):
            return None
        at = self.ctx.now(now)
        guess = self._guess(k, mode)
        admitted: list[tuple[_Request, npt.NDArray[np.float32]]] = []  # by the first attempt

        def attempt() -> RecallResult | None:
            with self.ctx.db.engine.begin() as conn:
                found = START_BY_KEY.first(
                    conn, {"h": key_hash(secret), "at": at, "ef": recall_sql.ef_search(guess)}
                )
                if found is None:
                    return None
                key = key_record(found)
                if not admitted:  # a retry spends no second rate token, no second embedding
                    actor = admit(key)
                    request = _Request.of(query, k, mode, agent_id, actor, True, as_of, filters)
                    admitted.append((request, self.ctx.embedder.embed([request.query])[0]))
                request, vector = admitted[0]
                return self._serve(conn, key.tenant, found.policy, vector, request, guess, at)

        return retried(attempt)

    def _guess(self, k: object, mode: object) -> int:
        """The candidate count ``START`` sizes ``ef_search`` for before the policy is read
        (an invalid ``k`` is refused later, after the key check)."""
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= MAX_RECALL_K:
            return 1
        return k if mode == RecallMode.RAW else k * self.ctx.default_policy.candidate_multiplier

    def _serve(
        self,
        conn: Connection,
        tenant: str,
        stored_policy: Any,
        vector: npt.NDArray[np.float32],
        request: _Request,
        guess: int,
        at: datetime,
    ) -> RecallResult:
        """The recall inside its opened transaction: search, re-rank, vote, exposure."""
        recall_mode = request.requested or RecallMode.CURATED
        curated = recall_mode == RecallMode.CURATED
        agent = request.agent_id
        serving = (
            None if agent is None else exposures.serve(conn, tenant, agent, request.requested, at)
        )
        if serving is not None:  # the agent's cohort decides the mode
            recall_mode = serving.mode
            curated = recall_mode == RecallMode.CURATED
        policy = self.ctx.merged_policy(stored_policy)
        limit = request.k * policy.candidate_multiplier if curated else request.k
        about_now = request.as_of is None and not asks_about_the_past(request.query, at)
        past = curated and not about_now and request.as_of is None
        past = past and policy.past_questions_see_superseded
        rows = recall_sql.search(
            conn,
            tenant,
            vector,
            limit,
            active_only=curated,
            configure=limit != guess,
            as_of=request.as_of,
            replaced=past,
            filters=request.filters,
        )
        recall_searched(request.k, limit, len(rows))
        if curated and request.as_of is not None:
            rows = current_at(rows)
        contested = [r.id for r in rows if r.open_conflicts]
        conflicts = (
            recall_sql.open_conflicts(conn, tenant, contested, request.as_of)
            if curated and contested
            else {}
        )
        claimed = [r.id for r in rows if r.kind in policy.claim_kinds]
        claims = (
            recall_sql.best_claims(conn, tenant, vector, claimed) if curated and claimed else {}
        )
        hits = rank_candidates(
            rows,
            conflicts,
            policy,
            tenant=tenant,
            model=self.ctx.embedding_model,
            now=at,
            k=request.k,
            curated=curated,
            claims=claims,
            # for a question about the past, retention would favour the current value over
            # the values it replaced (archived, or active with the change held for review);
            # with none of those among the candidates, as ever
            retention_counts=not (past and _replaced_among(conn, tenant, rows)),
            query=request.query if about_now else None,  # newest of a slot first: now only
            embedder=self.ctx.embedder,
        )
        # a recall votes only for what is still active (an as-of recall or a question about
        # the past may show archived entries): an archived entry's state (its version,
        # which undo and explain rely on) is left as it was
        voted = [h.id for h in hits if h.status == Status.ACTIVE]
        if curated and request.record and voted:
            recall_sql.record_recall(
                conn,
                tenant,
                voted,
                now=at,
                actor=request.actor,
                query=request.query,
                reinforce=policy.reinforce_on == "recall",
                recall_id=None if serving is None else serving.recall_id,
            )
        if serving is not None:
            shown = [h.id for h in hits]
            exposures.record_exposure(conn, tenant, serving, request.query, shown, at)
        return RecallResult(
            tenant=tenant,
            query=request.query,
            mode=recall_mode.value,
            at=at,
            hits=hits,
            recall_id=None if serving is None else serving.recall_id,
            cohort=None if serving is None else serving.cohort.value,
            as_of=request.as_of,
        )


def _replaced_among(conn: Connection, tenant: str, rows: Sequence[Any]) -> bool:
    """Whether a value some later entry replaced is among the candidates: archived as
    such, or still active under a change held for the curator."""
    if any(r.status != Status.ACTIVE for r in rows):
        return True
    return bool(recall_sql.held_as_replaced(conn, tenant, [r.id for r in rows]))
