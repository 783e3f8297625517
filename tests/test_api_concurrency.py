"""Eight clients at once against the real server, writing (with client ids, some retried)
and recalling with agent ids, two tenants interleaved: nothing lost, nothing doubled,
nothing crossing tenants."""

from __future__ import annotations

import threading
import uuid
from concurrent.futures import ThreadPoolExecutor

from api_helpers import serving

from curation import MemoryStore

CLIENTS, WRITES = 8, 20


def test_eight_concurrent_clients_lose_nothing(store: MemoryStore) -> None:
    with serving(store) as served:
        keys = {t: served.key(t) for t in ("acme", "globex")}

        def agent(n: int) -> tuple[str, list[str], int]:
            tenant = "acme" if n % 2 else "globex"
            ids: list[str] = []
            recalls = 0
            with served.client(keys[tenant]) as client:
                for w in range(WRITES):
                    ident = str(uuid.uuid4())
                    body = {"content": f"client {n} note {w}: {uuid.uuid4().hex}", "id": ident}
                    first = client.post("/v1/memories", json=body)
                    assert first.status_code == 201, first.text
                    if w % 5 == 0:  # a retry after a "lost" answer
                        retry = client.post("/v1/memories", json=body)
                        assert retry.json()["results"][0]["duplicate"] is True
                    ids.append(ident)
                    answer = client.post(
                        "/v1/recall",
                        json={"query": f"client {n} note {w}", "k": 3, "agent_id": f"a{n}"},
                    )
                    assert answer.status_code == 200, answer.text
                    assert answer.json()["recall_id"]
                    recalls += 1
                    writers = {int(h["content"].split()[1]) for h in answer.json()["hits"]}
                    assert all(m % 2 == n % 2 for m in writers), writers  # same tenant only
            return tenant, ids, recalls

        with ThreadPoolExecutor(CLIENTS) as pool:
            results = list(pool.map(agent, range(CLIENTS)))

    for tenant in ("acme", "globex"):
        written = {i for t, ids, _ in results if t == tenant for i in ids}
        stored = {m.id for m in store.memories(tenant)}
        assert stored == written and len(written) == CLIENTS // 2 * WRITES
        logged = store.ledger.count_events(tenant, types=["write"])[0]
        assert logged == len(written)
    with store.db.admin_transaction() as conn:
        exposures = conn.exec_driver_sql("SELECT count(*) FROM exposure").scalar_one()
    assert exposures == sum(r for _, _, r in results) == CLIENTS * WRITES


def test_simultaneous_retries_of_one_client_id_store_once(store: MemoryStore) -> None:
    """Eight copies of one write, released together: the id check happens inside the
    write's transaction, so one stores it and seven answer ``duplicate`` (never a 400)."""
    with serving(store) as served:
        key = served.key("acme")
        ident = str(uuid.uuid4())
        body = {"content": "the on-call rota changes on Mondays", "id": ident}
        gate = threading.Barrier(CLIENTS)

        def retry(_: int) -> tuple[int, dict[str, object]]:
            with served.client(key) as client:
                client.get("/v1/health")  # connect first, so the posts start together
                gate.wait()
                answer = client.post("/v1/memories", json=body)
            return answer.status_code, answer.json()["results"][0]

        with ThreadPoolExecutor(CLIENTS) as pool:
            answers = list(pool.map(retry, range(CLIENTS)))
    assert sorted(status for status, _ in answers) == [200] * (CLIENTS - 1) + [201]
    assert all(result["id"] == ident for _, result in answers)
    assert sum(bool(result["created"]) for _, result in answers) == 1
    assert sum(bool(result["duplicate"]) for _, result in answers) == CLIENTS - 1
    assert [m.id for m in store.memories("acme")] == [ident]
    assert store.ledger.count_events("acme", types=["restate"])[0] == 0
