"""What an agent calls: ``/v1`` (any scope)."""

from __future__ import annotations

from typing import Annotated, Any

import anyio
from fastapi import APIRouter, Body, Request, Response

from api import service
from api.auth import AgentKey, Credentials, Store
from api.errors import ERROR_RESPONSES
from api.fast_recall import recall_payload
from api.fields import MemoryId
from api.models import (
    ContestIn,
    FeedbackIn,
    HealthOut,
    MemoryBatchIn,
    OutcomeIn,
    RecallIn,
    RecallOut,
    RememberIn,
    WritesOut,
)
from curation import ConflictRecord, Explanation, ExposureObservation, MemoryRecord

router = APIRouter(prefix="/v1", responses=ERROR_RESPONSES)


@router.get("/health", tags=["meta"])
def health(request: Request) -> HealthOut:
    """Anonymous: is the server up, and which embedding model does it serve."""
    return HealthOut(
        status="ok",
        embedding_model=request.app.state.store.embedder.model_name,
        version=request.app.version,
    )


@router.post(
    "/memories",
    tags=["agent"],
    responses={
        200: {"description": "Nothing new: every memory was re-stated or a known client id"},
        201: {"model": WritesOut, "description": "At least one memory was created"},
    },
)
def remember(
    body: Annotated[RememberIn, Body()], key: AgentKey, store: Store, response: Response
) -> WritesOut:
    """Store one memory or a batch. A re-stated memory is reinforced, never duplicated; a
    client ``id`` seen before answers ``duplicate: true`` and writes nothing. 201 when
    anything new was created."""
    items = body.memories if isinstance(body, MemoryBatchIn) else [body]
    results = service.remember(store, key, items)
    if any(result.created for result in results):
        response.status_code = 201
    return WritesOut(results=results)


@router.post("/recall", tags=["agent"], response_model=RecallOut)
async def recall(body: RecallIn, request: Request, credentials: Credentials) -> Response:
    """Curated recall (or raw). With ``agent_id`` the agent's experiment cohort picks the
    mode and the answer carries ``recall_id`` and ``cohort`` (for outcomes, feedback)."""
    # Well-formed requests are answered by api.fast_recall before reaching here; this
    # route documents the path and answers the rest, through the same recall_payload.
    state = request.app.state
    header = f"Bearer {credentials.credentials}"
    payload = await anyio.to_thread.run_sync(
        recall_payload, state.store, state.limiter, header, body
    )
    return Response(payload, media_type="application/json")


@router.post("/outcomes", tags=["agent"], response_model=ExposureObservation)
def outcome(body: OutcomeIn, key: AgentKey, store: Store) -> dict[str, Any]:
    """How the task behind a recall went (once per recall_id)."""
    return service.outcome(store, key, body.recall_id, body.success, body.score)


@router.post("/memories/{memory_id}/feedback", tags=["agent"], response_model=MemoryRecord)
def feedback(memory_id: MemoryId, body: FeedbackIn, key: AgentKey, store: Store) -> dict[str, Any]:
    """Whether a recalled memory helped (a useful one is proven once more); ``useful`` is
    required: an empty body says nothing."""
    return service.feedback(store, key, memory_id, body.useful, body.recall_id)


@router.post(
    "/memories/{memory_id}/contest",
    tags=["agent"],
    response_model=ConflictRecord,
    status_code=201,
)
def contest(memory_id: MemoryId, body: ContestIn, key: AgentKey, store: Store) -> dict[str, Any]:
    """Attach contrary evidence to a memory; it is held in doubt, not edited."""
    return service.contest(store, key, memory_id, body.claim, body.evidence, body.source)


@router.get("/memories/{memory_id}", tags=["agent"], response_model=Explanation)
def get_memory(memory_id: MemoryId, key: AgentKey, store: Store) -> dict[str, Any]:
    """A memory with its explanation: status, why it was archived, chain, history."""
    return service.explain(store, key, memory_id)
