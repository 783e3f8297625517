"""The agent-facing experiment options of the CLI, run as a user runs them: ``memgov
recall --agent-id``, ``memgov outcome`` and ``memgov feedback --recall-id`` (in process,
``run_cli``) against the test's database (hashing embedder), checked through the store."""

from __future__ import annotations

from cli_helpers import NOW, as_json, run_cli
from experiment_helpers import QUERY, SALT, T, agents, seed

from curation import Cohort, CohortFeedback, EventType, MemoryStore


def test_agent_recall_outcome_and_feedback(store: MemoryStore, env: dict[str, str]) -> None:
    seed(store)
    plain = as_json(run_cli(env, "recall", QUERY, "-t", T, "-k", "3", "--json", *NOW))
    assert isinstance(plain, list) and len(plain) == 3  # the documented list, unchanged

    store.experiments.start(T, "exp", salt=SALT)
    raw_agent, curated_agent = agents(Cohort.RAW, 1)[0], agents(Cohort.CURATED, 1)[0]
    raw = as_json(
        run_cli(env, "recall", QUERY, "-t", T, "-k", "3", "--agent-id", raw_agent, "--json", *NOW)
    )
    curated = as_json(
        run_cli(env, "recall", QUERY, "-t", T, "--agent-id", curated_agent, "--json", *NOW)
    )

    assert (raw["cohort"], raw["mode"], len(raw["hits"])) == ("raw", "raw", 3)
    assert (curated["cohort"], curated["mode"]) == ("curated", "curated")
    observed = {o.recall_id: o for o in store.experiments.observations(T, "exp")}
    assert observed[raw["recall_id"]].returned_ids == [h["id"] for h in raw["hits"]]
    assert observed[curated["recall_id"]].agent_id == curated_agent

    refused = run_cli(
        env, "recall", QUERY, "-t", T, "--agent-id", raw_agent, "--mode", "curated", *NOW, code=2
    )
    assert "mode='curated'" in refused.stderr and raw_agent in refused.stderr

    won = as_json(
        run_cli(env, "outcome", curated["recall_id"], "-t", T, "--success", "--json", *NOW)
    )
    lost = as_json(
        run_cli(
            env, "outcome", raw["recall_id"], "-t", T, "--failure", "--score", "0.5", "--json", *NOW
        )
    )
    assert (won["success"], won["cohort"]) == (True, "curated")
    assert (lost["success"], lost["score"], lost["cohort"]) == (False, 0.5, "raw")
    again = run_cli(env, "outcome", curated["recall_id"], "-t", T, "--failure", *NOW, code=2)
    assert "already has an outcome" in again.stderr
    empty = run_cli(env, "outcome", raw["recall_id"], "-t", T, *NOW, code=2)
    assert "success" in empty.stderr

    memory_id = raw["hits"][0]["id"]
    proven = store.get(T, memory_id).proven
    run_cli(env, "feedback", memory_id, "-t", T, "--recall-id", raw["recall_id"], *NOW)
    assert store.get(T, memory_id).proven == proven  # the raw arm trains nothing
    [event] = store.ledger.events(T, types=[EventType.FEEDBACK])
    assert (event.data["recall_id"], event.data["cohort"]) == (raw["recall_id"], "raw")
    assert store.experiments.feedback(T, "exp").raw == CohortFeedback(useful=1, not_useful=0)
