"""Eight clients at once against the real server, writing (with client ids, some retried)
and recalling with agent ids, two tenants interleaved: nothing lost, nothing doubled,
nothing crossing tenants."""

from __future__ import annotations

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
        logged = store.count_events(tenant, types=["write"])[0]
        assert logged == len(written)
    with store.db.admin_transaction() as conn:
        exposures = conn.exec_driver_sql("SELECT count(*) FROM exposure").scalar_one()
    assert exposures == sum(r for _, _, r in results) == CLIENTS * WRITES
