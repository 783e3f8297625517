"""Cohort assignment and the validation of experiment inputs: pure, no database.

The split tests use 4-sigma binomial bounds, so with a fixed set of agent ids they are
deterministic and an honest hash passes them with a wide margin."""

from __future__ import annotations

import hashlib
import json
import math
import os
import subprocess
import sys
from typing import Any

import pytest

from curation import Cohort, ValidationError, assign_cohort
from curation._cohorts import (
    validate_agent_id,
    validate_alpha,
    validate_duration,
    validate_experiment_name,
    validate_metric,
    validate_outcome,
    validate_raw_share,
    validate_salt,
)

AGENTS = [f"agent-{n:05d}" for n in range(20_000)]


def four_sigma(n: int, p: float) -> float:
    return 4 * math.sqrt(n * p * (1 - p))


def test_the_same_agent_gets_the_same_cohort_on_every_call() -> None:
    first = [assign_cohort("exp-salt", a, 0.5) for a in AGENTS[:500]]
    again = [assign_cohort("exp-salt", a, 0.5) for a in AGENTS[:500]]
    assert first == again
    assert {Cohort.RAW, Cohort.CURATED} == set(first)


def test_assignment_does_not_depend_on_the_process() -> None:
    """Another interpreter with another hash seed assigns exactly the same cohorts."""
    here = [assign_cohort("exp-salt", a, 0.3).value for a in AGENTS[:300]]
    script = (
        "import json; from curation import assign_cohort; "
        "print(json.dumps([assign_cohort('exp-salt', f'agent-{n:05d}', 0.3).value "
        "for n in range(300)]))"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    assert json.loads(done.stdout) == here


@pytest.mark.parametrize(
    ("agent_id", "salt", "share"),
    [("agent-1", "s", 0.5), ("ägent ✓", "salt with spaces", 0.1), ("x" * 256, "u", 0.9)],
)
def test_assignment_is_the_documented_hash(agent_id: str, salt: str, share: float) -> None:
    """The contract other tools rely on: sha256(salt ␟ agent), first 8 bytes / 2**64."""
    digest = hashlib.sha256((salt + "\x1f" + agent_id).encode("utf-8")).digest()
    draw = int.from_bytes(digest[:8], "big") / 2**64
    assert assign_cohort(salt, agent_id, share) == (Cohort.RAW if draw < share else Cohort.CURATED)


@pytest.mark.parametrize("share", [0.5, 0.1, 0.9])
def test_split_matches_the_raw_share(share: float) -> None:
    raw = sum(assign_cohort("split-salt", a, share) == Cohort.RAW for a in AGENTS)
    expected = len(AGENTS) * share
    print(f"raw_share={share}: {raw}/{len(AGENTS)} raw (expected {expected:.0f})")
    assert abs(raw - expected) <= four_sigma(len(AGENTS), share)


def test_a_new_salt_redraws_the_split_independently() -> None:
    """Two salts at 50/50 disagree for about half the agents (independent draws)."""
    first = [assign_cohort("salt-a", a, 0.5) for a in AGENTS]
    second = [assign_cohort("salt-b", a, 0.5) for a in AGENTS]
    moved = sum(x != y for x, y in zip(first, second, strict=True))
    assert abs(moved - len(AGENTS) / 2) <= four_sigma(len(AGENTS), 0.5)


def test_raising_the_raw_share_keeps_raw_agents_raw() -> None:
    """The draw is fixed per agent, so a larger holdout only adds agents to it."""
    small = {a for a in AGENTS[:2000] if assign_cohort("s", a, 0.1) == Cohort.RAW}
    large = {a for a in AGENTS[:2000] if assign_cohort("s", a, 0.3) == Cohort.RAW}
    assert small and small < large


@pytest.mark.parametrize(
    ("validate", "value", "field"),
    [
        (validate_agent_id, "", "agent_id"),
        (validate_agent_id, "   ", "agent_id"),
        (validate_agent_id, "a\x00b", "agent_id"),
        (validate_agent_id, "a\nb", "agent_id"),
        (validate_agent_id, "a\tb", "agent_id"),
        (validate_agent_id, "a" * 257, "agent_id"),
        (validate_agent_id, 42, "agent_id"),
        (validate_agent_id, "\ud800", "agent_id"),
        (validate_experiment_name, "", "name"),
        (validate_experiment_name, "n" * 129, "name"),
        (validate_experiment_name, "a\x1bb", "name"),
        (validate_experiment_name, None, "name"),
        (validate_salt, "", "salt"),
        (validate_raw_share, 0, "raw_share"),
        (validate_raw_share, 1, "raw_share"),
        (validate_raw_share, -0.1, "raw_share"),
        (validate_raw_share, 1.5, "raw_share"),
        (validate_raw_share, math.nan, "raw_share"),
        (validate_raw_share, math.inf, "raw_share"),
        (validate_raw_share, True, "raw_share"),
        (validate_raw_share, "0.5", "raw_share"),
        (validate_alpha, 0, "alpha"),
        (validate_alpha, 0.5, "alpha"),
        (validate_alpha, math.nan, "alpha"),
        (validate_metric, "ctr", "metric"),
        (validate_duration, 0, "duration_days"),
        (validate_duration, -3, "duration_days"),
        (validate_duration, math.inf, "duration_days"),
        (validate_duration, 4000, "duration_days"),
    ],
)
def test_bad_experiment_inputs_are_named(validate: Any, value: Any, field: str) -> None:
    with pytest.raises(ValidationError) as caught:
        validate(value)
    assert caught.value.field == field
    assert caught.value.value is value  # the offending value itself, not a copy


@pytest.mark.parametrize(
    ("validate", "value", "expected"),
    [
        (validate_agent_id, "agent 7 / eu-west", "agent 7 / eu-west"),
        (validate_agent_id, "a" * 256, "a" * 256),
        (validate_raw_share, 0.1, 0.1),
        (validate_raw_share, 0.999, 0.999),
        (validate_alpha, 0.01, 0.01),
        (validate_metric, "score", "score"),
    ],
)
def test_good_experiment_inputs_pass(validate: Any, value: Any, expected: Any) -> None:
    assert validate(value) == expected


@pytest.mark.parametrize(
    ("success", "score", "field"),
    [
        (None, None, "success"),
        ("yes", None, "success"),
        (1, None, "success"),
        (None, math.nan, "score"),
        (None, -math.inf, "score"),
        (None, 1e301, "score"),
        (None, True, "score"),
        (True, "0.4", "score"),
    ],
)
def test_bad_outcomes_are_named(success: Any, score: Any, field: str) -> None:
    with pytest.raises(ValidationError) as caught:
        validate_outcome(success, score)
    assert caught.value.field == field


@pytest.mark.parametrize(
    ("success", "score"), [(True, None), (False, None), (None, 0.25), (False, -3), (True, 1e300)]
)
def test_good_outcomes_pass(success: bool | None, score: float | None) -> None:
    assert validate_outcome(success, score) == (
        success,
        None if score is None else float(score),
    )
