"""``MemgovClient`` and ``AsyncMemgovClient``: the HTTP API on httpx, typed, with retries
that are safe (writes carry client ids) and errors raised as ``memgov_client.errors``."""

from __future__ import annotations

import asyncio
import time
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any, Generic, Literal, TypeVar, Unpack

import httpx

from memgov_client import calls
from memgov_client.calls import Call, ForgetSelector, MemoryFields, RecallOptions, ResolveOptions
from memgov_client.errors import TransportError, error_from
from memgov_client.models import (
    Approval,
    ChangeDecision,
    ChangeGate,
    ChangeReview,
    ConflictRecord,
    ConflictResolution,
    CurateOut,
    Explanation,
    ExposureObservation,
    ForgetOut,
    HealthOut,
    MemoryIn,
    MemoryRecord,
    ProposalRecord,
    RecallOut,
    RewindOut,
    RunRecord,
    UndoOut,
    WriteOut,
)
from memgov_client.retry import RetryPolicy

T = TypeVar("T")
HttpT = TypeVar("HttpT", httpx.Client, httpx.AsyncClient)
TransportT = TypeVar("TransportT", httpx.BaseTransport, httpx.AsyncBaseTransport)
SleepT = TypeVar("SleepT", Callable[[float], None], Callable[[float], Awaitable[None]])
ProposalStatus = Literal["pending", "approved", "rejected", "unmerged", "withdrawn", "all"]
ConflictStatus = Literal["open", "resolved", "dismissed", "all"]
ChangeStatus = Literal["pending", "confirmed", "rejected", "auto_applied", "all"]
Resolution = Literal["replace", "narrow", "retire", "dismiss"]


class _Settings:
    def __init__(
        self,
        base_url: str,
        api_key: str | None,
        agent_id: str | None,
        retry: RetryPolicy | None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.agent_id = agent_id
        self.retry = retry or RetryPolicy()

    def http_args(self, timeout: float, transport: Any) -> dict[str, Any]:
        """The httpx client's arguments (sync or async alike)."""
        return {
            "base_url": self.base_url,
            "headers": self.headers,
            "timeout": timeout,
            "transport": transport,
        }

    @staticmethod
    def request_args(call: Call[Any]) -> dict[str, Any]:
        args: dict[str, Any] = {"params": call.params}
        if call.body is not None:
            args["content"] = call.body.model_dump_json(exclude_none=True)
            args["headers"] = {"Content-Type": "application/json"}
        return args

    @staticmethod
    def answer(call: Call[T], response: httpx.Response) -> T:
        if response.status_code >= 400:
            raise error_from(response)
        return call.read(response)


class _Client(ABC, Generic[HttpT, TransportT, SleepT]):
    """What both clients are made of: the settings, httpx's client (sync or async) and
    how to wait between retries (``sleep``: by default each one's own)."""

    def __init__(
        self,
        base_url: str,
        api_key: str | None = None,
        *,
        agent_id: str | None = None,
        timeout: float = 30.0,
        retry: RetryPolicy | None = None,
        transport: TransportT | None = None,
        sleep: SleepT | None = None,
    ) -> None:
        self._settings = _Settings(base_url, api_key, agent_id, retry)
        self._http: HttpT = self._open(self._settings.http_args(timeout, transport))
        self._sleep: SleepT = sleep or self._default_sleep()

    @abstractmethod
    def _open(self, args: dict[str, Any]) -> HttpT: ...

    @abstractmethod
    def _default_sleep(self) -> SleepT: ...


class MemgovClient(_Client[httpx.Client, httpx.BaseTransport, Callable[[float], None]]):
    """The Memgov HTTP API. ``api_key`` scopes every call to its tenant; ``agent_id`` is
    sent with each recall (for the agent's experiment cohort and outcomes) unless a call
    names another. ``transport`` and ``sleep`` are httpx's and time's (for tests)."""

    def _open(self, args: dict[str, Any]) -> httpx.Client:
        return httpx.Client(**args)

    def _default_sleep(self) -> Callable[[float], None]:
        return time.sleep

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> MemgovClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def send(self, call: Call[T]) -> T:
        """One call, retried by the policy; a refusal raised as a typed MemgovError."""
        policy = self._settings.retry
        attempt = 0
        while True:
            try:
                response = self._http.request(
                    call.method, call.path, **self._settings.request_args(call)
                )
            except httpx.TransportError as error:
                if not policy.should_retry_error(attempt, error, call.idempotent):
                    raise TransportError(str(error) or type(error).__name__) from error
                self._sleep(policy.delay(attempt))
            else:
                if not policy.should_retry_status(attempt, response.status_code, call.idempotent):
                    return self._settings.answer(call, response)
                self._sleep(policy.delay(attempt, response))
            attempt += 1

    # --- agent ------------------------------------------------------------------------

    def health(self) -> HealthOut:
        return self.send(calls.health())

    def remember(self, content: str, **fields: Unpack[MemoryFields]) -> WriteOut:
        """One memory, with a client id (a new UUID unless ``id`` is given)."""
        return self.send(calls.remember(calls.memory(content, fields)))

    def remember_many(self, memories: Sequence[MemoryIn | Mapping[str, Any]]) -> list[WriteOut]:
        """A batch (at most 1,000), each with a client id; results in the same order."""
        return self.send(calls.remember_many(memories))

    def recall(self, query: str, **options: Unpack[RecallOptions]) -> RecallOut:
        """Curated recall; ``kind``, ``topic``, ``source``, ``metadata`` (exact values),
        ``written_after`` and ``written_before`` filter inside the search itself."""
        return self.send(calls.recall(query, options, self._settings.agent_id))

    def outcome(
        self, recall_id: str, *, success: bool | None = None, score: float | None = None
    ) -> ExposureObservation:
        return self.send(calls.outcome(recall_id, success, score))

    def feedback(
        self, memory_id: str, useful: bool, *, recall_id: str | None = None
    ) -> MemoryRecord:
        return self.send(calls.feedback(memory_id, useful, recall_id))

    def contest(
        self, memory_id: str, claim: str, evidence: str, *, source: str = "agent"
    ) -> ConflictRecord:
        return self.send(calls.contest(memory_id, claim, evidence, source))

    def explain(self, memory_id: str) -> Explanation:
        return self.send(calls.explain(memory_id))

    # --- curator (a curator key) ------------------------------------------------------

    def proposals(self, status: ProposalStatus = "pending") -> list[ProposalRecord]:
        return self.send(calls.proposals(status))

    def approve(self, proposal_id: str, *, text: str | None = None) -> list[Approval]:
        return self.send(calls.approve(proposal_id, text))

    def reject_proposal(self, proposal_id: str, *, note: str | None = None) -> None:
        return self.send(calls.reject_proposal(proposal_id, note))

    def conflicts(self, status: ConflictStatus = "open") -> list[ConflictRecord]:
        return self.send(calls.conflicts(status))

    def resolve(
        self, conflict_id: str, resolution: Resolution, **options: Unpack[ResolveOptions]
    ) -> ConflictResolution:
        """``replacement`` (for replace or narrow) and ``note`` by name."""
        return self.send(calls.resolve(conflict_id, resolution, options))

    def changes(self, status: ChangeStatus = "pending", *, limit: int = 100) -> list[ChangeReview]:
        return self.send(calls.changes(status, limit))

    def change_gate(self) -> ChangeGate:
        return self.send(calls.change_gate())

    def confirm_change(self, change_id: str, *, note: str | None = None) -> ChangeDecision:
        return self.send(calls.decide_change(change_id, "confirm", note))

    def reject_change(self, change_id: str, *, note: str | None = None) -> ChangeDecision:
        return self.send(calls.decide_change(change_id, "reject", note))

    def restore(self, memory_id: str) -> MemoryRecord:
        return self.send(calls.restore(memory_id))

    def pin(self, memory_id: str, pinned: bool = True) -> MemoryRecord:
        return self.send(calls.pin(memory_id, pinned))

    def runs(self, limit: int = 20) -> list[RunRecord]:
        return self.send(calls.runs(limit))

    def curate(self, *, apply: bool = False) -> CurateOut:
        """A curation run: a dry run unless ``apply``."""
        return self.send(calls.curate(apply))

    def forget(self, **selector: Unpack[ForgetSelector]) -> ForgetOut:
        """The explicit hard delete: the memories one selector (``source``, ``metadata``,
        ``ids`` or ``match``) names and all derived from them (``dry_run`` counts only);
        answers the receipt."""
        return self.send(calls.forget(selector))

    def rewind(self, to: str, *, dry_run: bool = False) -> RewindOut:
        """The curated state back as it was at ``to`` (ISO 8601 with a zone), as one run
        ``undo_run`` reverses; ``dry_run`` reports only."""
        return self.send(calls.rewind(to, dry_run))

    def undo_run(self, run_id: str) -> UndoOut:
        """Undo a curation run or a rewind."""
        return self.send(calls.undo_run(run_id))


class AsyncMemgovClient(
    _Client[httpx.AsyncClient, httpx.AsyncBaseTransport, Callable[[float], Awaitable[None]]]
):
    """``MemgovClient`` for asyncio: the same methods, awaited."""

    def _open(self, args: dict[str, Any]) -> httpx.AsyncClient:
        return httpx.AsyncClient(**args)

    def _default_sleep(self) -> Callable[[float], Awaitable[None]]:
        return asyncio.sleep

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> AsyncMemgovClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def send(self, call: Call[T]) -> T:
        policy = self._settings.retry
        attempt = 0
        while True:
            try:
                response = await self._http.request(
                    call.method, call.path, **self._settings.request_args(call)
                )
            except httpx.TransportError as error:
                if not policy.should_retry_error(attempt, error, call.idempotent):
                    raise TransportError(str(error) or type(error).__name__) from error
                await self._sleep(policy.delay(attempt))
            else:
                if not policy.should_retry_status(attempt, response.status_code, call.idempotent):
                    return self._settings.answer(call, response)
                await self._sleep(policy.delay(attempt, response))
            attempt += 1

    async def health(self) -> HealthOut:
        return await self.send(calls.health())

    async def remember(self, content: str, **fields: Unpack[MemoryFields]) -> WriteOut:
        return await self.send(calls.remember(calls.memory(content, fields)))

    async def remember_many(
        self, memories: Sequence[MemoryIn | Mapping[str, Any]]
    ) -> list[WriteOut]:
        return await self.send(calls.remember_many(memories))

    async def recall(self, query: str, **options: Unpack[RecallOptions]) -> RecallOut:
        return await self.send(calls.recall(query, options, self._settings.agent_id))

    async def outcome(
        self, recall_id: str, *, success: bool | None = None, score: float | None = None
    ) -> ExposureObservation:
        return await self.send(calls.outcome(recall_id, success, score))

    async def feedback(
        self, memory_id: str, useful: bool, *, recall_id: str | None = None
    ) -> MemoryRecord:
        return await self.send(calls.feedback(memory_id, useful, recall_id))

    async def contest(
        self, memory_id: str, claim: str, evidence: str, *, source: str = "agent"
    ) -> ConflictRecord:
        return await self.send(calls.contest(memory_id, claim, evidence, source))

    async def explain(self, memory_id: str) -> Explanation:
        return await self.send(calls.explain(memory_id))

    async def proposals(self, status: ProposalStatus = "pending") -> list[ProposalRecord]:
        return await self.send(calls.proposals(status))

    async def approve(self, proposal_id: str, *, text: str | None = None) -> list[Approval]:
        return await self.send(calls.approve(proposal_id, text))

    async def reject_proposal(self, proposal_id: str, *, note: str | None = None) -> None:
        return await self.send(calls.reject_proposal(proposal_id, note))

    async def conflicts(self, status: ConflictStatus = "open") -> list[ConflictRecord]:
        return await self.send(calls.conflicts(status))

    async def resolve(
        self, conflict_id: str, resolution: Resolution, **options: Unpack[ResolveOptions]
    ) -> ConflictResolution:
        """``replacement`` (for replace or narrow) and ``note`` by name."""
        return await self.send(calls.resolve(conflict_id, resolution, options))

    async def changes(
        self, status: ChangeStatus = "pending", *, limit: int = 100
    ) -> list[ChangeReview]:
        return await self.send(calls.changes(status, limit))

    async def change_gate(self) -> ChangeGate:
        return await self.send(calls.change_gate())

    async def confirm_change(self, change_id: str, *, note: str | None = None) -> ChangeDecision:
        return await self.send(calls.decide_change(change_id, "confirm", note))

    async def reject_change(self, change_id: str, *, note: str | None = None) -> ChangeDecision:
        return await self.send(calls.decide_change(change_id, "reject", note))

    async def restore(self, memory_id: str) -> MemoryRecord:
        return await self.send(calls.restore(memory_id))

    async def pin(self, memory_id: str, pinned: bool = True) -> MemoryRecord:
        return await self.send(calls.pin(memory_id, pinned))

    async def runs(self, limit: int = 20) -> list[RunRecord]:
        return await self.send(calls.runs(limit))

    async def curate(self, *, apply: bool = False) -> CurateOut:
        return await self.send(calls.curate(apply))

    async def forget(self, **selector: Unpack[ForgetSelector]) -> ForgetOut:
        return await self.send(calls.forget(selector))

    async def rewind(self, to: str, *, dry_run: bool = False) -> RewindOut:
        return await self.send(calls.rewind(to, dry_run))

    async def undo_run(self, run_id: str) -> UndoOut:
        return await self.send(calls.undo_run(run_id))
