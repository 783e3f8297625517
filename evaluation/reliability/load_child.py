"""One load actor in its own process. Protocol: reads a JSON job line (``url``,
``tenant``, ``actor``, ``name``, ``seed``, actor options), sets up and prints ``READY``;
reads ``{"until": <monotonic deadline>}``, runs, writes its log (JSON) to ``log`` and
prints ``DONE``."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from curation import Database, MemoryStore
from evaluation.reliability import load_actors
from evaluation.reliability.seeding import harness_store


def prepare(job: dict[str, Any], store: MemoryStore) -> Callable[[float], list[load_actors.Op]]:
    """The actor, set up (data loaded, connection made) so that it starts at once."""
    tenant, name, actor = job["tenant"], job["name"], job["actor"]
    if actor == "writer":
        return lambda until: load_actors.writer(store, tenant, name, until, seed=job["seed"])
    if actor == "recaller":
        from evaluation.reliability.load import query_pool

        contents, embeddings = query_pool(job["memories"], job["data_seed"], tenant)
        return lambda until: load_actors.recaller(
            store,
            tenant,
            name,
            until,
            seed=job["seed"],
            contents=contents,
            embeddings=embeddings,
        )
    if actor == "curation":
        return lambda until: load_actors.curation_cycles(
            store, tenant, name, until, pause=job["pause"]
        )
    if actor == "contender":
        return lambda until: load_actors.contender(store, tenant, name, until, pause=job["pause"])
    raise ValueError(f"unknown actor {actor!r}")


def main() -> int:
    job = json.loads(sys.stdin.readline())
    database = Database(job["url"])
    try:
        store = harness_store(database)
        act = prepare(job, store)
        print("READY", flush=True)
        go = json.loads(sys.stdin.readline())
        ops = act(float(go["until"]))
    finally:
        database.dispose()
    Path(job["log"]).write_text(json.dumps([op.as_dict() for op in ops]))
    print("DONE", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
