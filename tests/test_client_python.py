"""The Python client (clients/python) against a real server on a free port: the agent
loop with every recall filter, the async client, curator routes, typed errors carrying
the server's error schema, and retries that store a write once."""

from __future__ import annotations

import asyncio
import uuid
from datetime import timedelta

import httpx
import pytest
from api_helpers import Served, free_port, serving
from memgov_client import (
    AsyncMemgovClient,
    ForbiddenError,
    MemgovClient,
    NotFoundError,
    RateLimitedError,
    RetryPolicy,
    TransportError,
    UnauthorizedError,
    UnprocessableError,
)
from memgov_client.errors import InvalidError

from api import ApiSettings
from curation import FixedClock, MemoryStore


def test_the_agent_loop_with_every_filter(served: Served, clock: FixedClock) -> None:
    client = MemgovClient(served.url, served.key("acme"), agent_id="bot-1")
    assert client.health().status == "ok"
    old = client.remember(
        "Refunds over 500 euros need a manager",
        kind="fact",
        topic="refunds",
        source="handbook",
        metadata={"team": "billing", "tier": 2},
    )
    clock.advance(timedelta(days=1))
    after_old = clock.now()
    clock.advance(timedelta(days=1))
    batch = client.remember_many(
        [
            {
                "content": "Ana prefers refunds by bank transfer",
                "kind": "preference",
                "topic": "refunds",
                "metadata": {"team": "support"},
            },
            {"content": "The refund tool timed out twice", "kind": "tool_output", "source": "tool"},
        ]
    )
    assert old.created and [w.created for w in batch] == [True, True]

    def ids(**options: object) -> set[str]:
        return {hit.id for hit in client.recall("refunds", k=10, **options).hits}  # type: ignore[arg-type]

    everything = {old.id, batch[0].id, batch[1].id}
    assert ids() == everything
    assert ids(kind="preference") == {batch[0].id}
    assert ids(kind=["fact", "tool_output"]) == {old.id, batch[1].id}
    assert ids(topic="refunds") == {old.id, batch[0].id}
    assert ids(source="tool") == {batch[1].id}
    assert ids(metadata={"team": "billing", "tier": 2}) == {old.id}
    assert ids(metadata={"tier": 3}) == set()
    assert ids(written_after=after_old) == {batch[0].id, batch[1].id}
    assert ids(written_before=after_old) == {old.id}

    recalled = client.recall("who approves refunds?", k=3)
    assert recalled.recall_id and recalled.cohort
    top = recalled.hits[0].id
    observed = client.outcome(recalled.recall_id, success=True, score=1.0)
    assert observed.success is True and observed.agent_id == "bot-1"
    assert client.feedback(top, True, recall_id=recalled.recall_id).proven == 1
    conflict = client.contest(old.id, "The limit is 800 now", "policy memo of March")
    assert conflict.memory_id == old.id and conflict.status == "open"
    explained = client.explain(old.id)
    assert explained.memory.metadata == {"team": "billing", "tier": 2}
    assert {event.type for event in explained.events} >= {"write", "contest"}


def test_the_async_client(served: Served) -> None:
    key = served.key("acme")

    async def loop() -> tuple[str, list[str]]:
        async with AsyncMemgovClient(served.url, key) as client:
            written = await client.remember("The staging database is db-7", topic="infra")
            hits = (await client.recall("staging database", topic="infra")).hits
            with pytest.raises(NotFoundError):
                await client.explain(str(uuid.uuid4()))
            return written.id, [hit.id for hit in hits]

    written, hits = asyncio.run(loop())
    assert hits == [written]


def test_the_curator_routes(served: Served) -> None:
    agent = MemgovClient(served.url, served.key("acme"))
    curator = MemgovClient(served.url, served.key("acme", scope="curator"))
    memory = agent.remember("Deploys freeze on Fridays").id
    conflict = agent.contest(memory, "No freeze since May", "release notes")
    assert [c.id for c in curator.conflicts()] == [conflict.id]
    resolved = curator.resolve(conflict.id, "retire", note="stale")
    assert resolved.archived and curator.conflicts() == []
    assert agent.explain(memory).memory.status == "archived"
    assert curator.restore(memory).status == "active"
    assert curator.pin(memory).pinned and not curator.pin(memory, False).pinned
    report = curator.curate()
    assert report.dry_run and [run.id for run in curator.runs()] == [report.run_id]
    assert curator.proposals(status="all") == [] and curator.changes(status="all") == []
    assert curator.change_gate().pending == 0
    counted = curator.forget(match="deploys FREEZE", dry_run=True)
    assert (counted.dry_run, counted.matched, counted.receipt_event_id) == (True, 1, None)
    assert agent.explain(memory).memory.status == "active"  # a dry run deletes nothing
    receipt = curator.forget(ids=[memory])
    assert receipt.forgotten == 1 and receipt.receipt_event_id is not None
    assert set(receipt.verification.values()) <= {0}
    with pytest.raises(NotFoundError):
        agent.explain(memory)


def test_errors_are_typed_and_carry_the_server_schema(served: Served) -> None:
    key = served.key("acme")
    with pytest.raises(UnauthorizedError) as unauthorized:
        MemgovClient(served.url, "mgk_not-a-key").recall("anything")
    assert unauthorized.value.status == 401 and unauthorized.value.type == "unauthorized"
    with pytest.raises(ForbiddenError) as forbidden:
        MemgovClient(served.url, key).curate()
    assert forbidden.value.status == 403 and "curator" in forbidden.value.message
    missing = str(uuid.uuid4())
    with pytest.raises(NotFoundError) as not_found:
        MemgovClient(served.url, key).explain(missing)
    assert not_found.value.status == 404 and missing in not_found.value.message
    with pytest.raises(UnprocessableError) as unprocessable:
        MemgovClient(served.url, key).recall("anything", k=0)
    error = unprocessable.value
    assert (error.status, error.type, error.field, error.value) == (422, "unprocessable", "k", 0)
    with pytest.raises(InvalidError) as invalid:
        MemgovClient(served.url, key).remember("x", metadata={"blob": "y" * 70_000})
    assert invalid.value.field == "metadata" and invalid.value.status == 400


def test_rate_limits_raise_after_honouring_retry_after(store: MemoryStore) -> None:
    slow = ApiSettings(rate_per_second=0.01, burst=1)
    with serving(store, slow) as live:
        waited: list[float] = []
        client = MemgovClient(
            live.url, live.key("acme"), retry=RetryPolicy(retries=2), sleep=waited.append
        )
        client.remember("the first call takes the only token")
        with pytest.raises(RateLimitedError) as limited:
            client.remember("the second is over the rate")
    retry_after = limited.value.retry_after
    assert limited.value.status == 429 and retry_after is not None and retry_after >= 1
    assert waited == [retry_after, retry_after]  # Retry-After, not the shorter backoff


def test_a_throttled_call_succeeds_once_the_server_allows_it(store: MemoryStore) -> None:
    with serving(store, ApiSettings(rate_per_second=2.0, burst=1)) as live:
        waited: list[float] = []

        def sleep(seconds: float) -> None:
            waited.append(seconds)
            import time

            time.sleep(seconds)

        client = MemgovClient(live.url, live.key("acme"), sleep=sleep)
        first = client.remember("one token a half second")
        second = client.remember("so this one waits for the next")
    assert first.created and second.created and waited and all(w >= 1 for w in waited)


class _LoseTheFirstAnswer(httpx.BaseTransport):
    """The network between client and a real server losing one answer: the request
    reaches the server (which stores it), the client gets a 503 instead of the answer."""

    def __init__(self) -> None:
        self.real = httpx.HTTPTransport()
        self.requests: list[bytes] = []

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        answer = self.real.handle_request(request)
        answer.read()
        self.requests.append(request.content)
        if len(self.requests) == 1:
            lost = {"type": "internal", "field": None, "value": None, "message": "lost"}
            return httpx.Response(503, json={"error": lost})
        return answer


def test_a_retried_write_is_stored_once(served: Served) -> None:
    network = _LoseTheFirstAnswer()
    waited: list[float] = []
    client = MemgovClient(served.url, served.key("acme"), transport=network, sleep=waited.append)
    written = client.remember("Invoices are sent on the 1st", topic="billing")
    assert len(network.requests) == 2 and network.requests[0] == network.requests[1]
    assert written.duplicate and not written.created and waited == [0.25]
    hits = client.recall("invoices", k=10, mode="raw").hits
    assert [hit.id for hit in hits] == [written.id]  # one memory, with the client's id
    again = client.remember_many([{"content": "Invoices are sent on the 1st", "id": written.id}])
    assert again[0].duplicate and again[0].id == written.id


def test_an_unreachable_server_is_retried_then_raised() -> None:
    waited: list[float] = []
    client = MemgovClient(f"http://127.0.0.1:{free_port()}", "mgk_x", sleep=waited.append)
    with pytest.raises(TransportError) as failed:
        client.outcome(str(uuid.uuid4()), success=True)  # never sent: safe to resend
    assert isinstance(failed.value.__cause__, httpx.ConnectError)
    assert waited == [0.25, 0.5, 1.0]
