"""The policy sweep: trials on one fleet, each a fresh database, best policy written out."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import TEMPLATE
from sqlalchemy import create_engine, text
from test_eval_ab import mini_fleet

from curation import CurationPolicy, HashingEmbedder, Mode
from curation._store.database import Database, normalise_url
from curation._store.server import sqlalchemy_url
from evaluation.sweep import (
    SPACE,
    Trial,
    apply_choice,
    best,
    run_sweep,
    sample_choices,
    write_policy,
)


@pytest.fixture
def fresh_databases(pg_server: str) -> Iterator[list[Database]]:
    made: list[Database] = []
    yield made
    admin = create_engine(
        normalise_url(sqlalchemy_url(pg_server, "postgres")), isolation_level="AUTOCOMMIT"
    )
    with admin.connect() as conn:
        for database in made:
            database.dispose()
            conn.execute(
                text(f'DROP DATABASE IF EXISTS "{database.engine.url.database}" WITH (FORCE)')
            )
    admin.dispose()


def test_choices_start_with_the_defaults_and_cover_the_space() -> None:
    choices = sample_choices(6, seed=3)
    assert choices[0] == {} and len(choices) == 6
    assert all(set(c) == set(SPACE) for c in choices[1:])
    assert sample_choices(6, seed=3) == choices  # deterministic for a seed


def test_apply_choice_sets_nested_fields() -> None:
    policy = apply_choice(
        CurationPolicy(),
        {
            "weights.rank": 0.3,
            "max_idle_days": 14.0,
            "duplicate_threshold.all-MiniLM-L6-v2": 0.9,
            "half_life_hours.fact": 240.0,
        },
    )
    assert policy.weights.rank == 0.3 and policy.max_idle_days == 14.0
    assert policy.duplicate_threshold_for("all-MiniLM-L6-v2") == 0.9
    assert policy.half_life_seconds("fact") == 240.0 * 3600


def test_sweep_runs_each_trial_on_a_fresh_store_and_writes_the_best(
    pg_server: str, fresh_databases: list[Database], tmp_path: Path
) -> None:
    def factory() -> Database:
        name = "sw_" + uuid.uuid4().hex[:10]
        admin = create_engine(
            normalise_url(sqlalchemy_url(pg_server, "postgres")), isolation_level="AUTOCOMMIT"
        )
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}" TEMPLATE "{TEMPLATE}"'))
        admin.dispose()
        database = Database(sqlalchemy_url(pg_server, name))
        fresh_databases.append(database)
        return database

    logged: list[Trial] = []
    trials = run_sweep(
        mini_fleet(),
        trials=2,
        seed=5,
        database_factory=factory,
        embedder=HashingEmbedder(),
        k=4,
        log=logged.append,
        progress=lambda _m: None,
    )
    assert [t.index for t in trials] == [0, 1] and logged == trials
    assert len(fresh_databases) == 2  # every trial replays into its own store
    assert trials[0].choice == {}
    assert trials[0].policy == CurationPolicy().with_all_modes(Mode.APPLY)
    for trial in trials:
        assert trial.summary["top1"]["n"] == 3
    winner = best(trials)
    out = tmp_path / "best.json"
    write_policy(winner, out)
    adopted = CurationPolicy.model_validate(json.loads(out.read_text()))
    assert adopted == winner.policy
