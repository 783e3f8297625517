"""The process the crash harness kills: applies one pickled plan exactly as
``store.runs.curate`` does (the tenant's session lock on one connection, then
``run_apply`` in one transaction), reporting its progress on a pipe:
``("APPLYING", backend pid)`` just before taking the lock, then ``("DONE", seconds)``
after the commit or ``("ERROR", type, message)`` (exit status 3).

Children are forked from a forkserver that imported this module once, so a kill costs
the apply it interrupts, not an interpreter start. The plan is made once by the parent
(planning is pure: every child would compute the same one)."""

from __future__ import annotations

import logging
import multiprocessing
import pickle
import sys
import time
from datetime import datetime
from multiprocessing.connection import Connection as Channel
from multiprocessing.context import ForkServerContext
from pathlib import Path

from sqlalchemy import text

from curation import CurationPlan, Database, curation_lock
from curation.internals import run_apply


def apply_child(channel: Channel, plan_path: str, url: str, now_iso: str) -> None:
    # a dropped connection is what the harness does to this process on purpose
    logging.getLogger("psycopg").setLevel(logging.ERROR)
    plan: CurationPlan = pickle.loads(Path(plan_path).read_bytes())
    # one pooled connection: the warm-up below and the run's lock share the backend
    database = Database(url, pool_size=1, max_overflow=0)
    with database.engine.connect() as conn:
        backend = int(conn.execute(text("SELECT pg_backend_pid()")).scalar_one())
    channel.send(("APPLYING", backend))
    started = time.perf_counter()
    try:
        with curation_lock(database, plan.tenant) as conn:
            run_apply(
                conn, plan, dry_run=False, now=datetime.fromisoformat(now_iso), actor="curation"
            )
    except Exception as exc:  # the dropped-connection variant lands here
        channel.send(("ERROR", type(exc).__name__, str(exc)[:300]))
        sys.exit(3)
    channel.send(("DONE", time.perf_counter() - started))


def fork_context() -> ForkServerContext:
    """The forkserver context with this module preloaded (the server starts on first use
    and lives as long as the harness process)."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    return context
