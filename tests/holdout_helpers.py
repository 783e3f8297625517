"""What the hold-out set tests share: the label every pair kind must carry, and a digest of a
set's whole output computed in a fresh interpreter (so only the code, never the hash seed,
decides what a set generates)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cli_helpers import run_cli

from evaluation.holdout import LabeledPair, Memory, Subject

LABELS = {
    "positive": "change",
    "cross_family_positive": "change",
    "restatement": "same_value",
    "cross_subject": "unrelated",
    "other_slot": "unrelated",
    "multi_valued": "unrelated",
    "recurring_event": "unrelated",
    "addition": "unrelated",
}

DIGEST = """
import hashlib
from {module} import families, holdout_histories, holdout_pairs, render
texts = [m.text for s in holdout_histories() for f in families() for m in render(f, s)]
texts += [{pair_text} for p in holdout_pairs()]
print(hashlib.sha256("\\n".join(texts).encode()).hexdigest())
"""


def set_digest(module: str, hash_seed: str, pair_text: str) -> str:
    """sha256 of set ``module``'s rendered facts and of ``pair_text`` (an expression of a
    pair ``p``) for each labelled pair, under PYTHONHASHSEED=``hash_seed``."""
    script = DIGEST.format(module=module, pair_text=pair_text)
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONHASHSEED=hash_seed),
        check=True,
        cwd=Path(__file__).parents[1],
    )
    return done.stdout.strip()


def assert_spread_over_families(of_kind: Sequence[LabeledPair], names: Sequence[str]) -> None:
    """A kind's pairs start in every family about equally often and end in every family."""
    kind = of_kind[0].kind if of_kind else None
    per_family = Counter(p.older.family for p in of_kind)
    assert set(per_family) == set(names), kind
    assert max(per_family.values()) - min(per_family.values()) <= 1, kind
    assert {p.newer.family for p in of_kind} == set(names), kind


def assert_renders_every_fact(memories: Sequence[Memory], subject: Subject) -> None:
    """One memory per fact of the subject, with the fact's value and time, in order."""
    assert [m.value for m in memories] == [f.value for f in subject.facts]
    assert [m.valid_from for m in memories] == [f.valid_from for f in subject.facts]


ARMS = ("raw", "heuristic", "heuristic_0.10", "curated")


def assert_every_arm_answered(result: dict[str, Any], asked: int) -> None:
    """Each arm of a store run answered each of the ``asked`` questions."""
    assert {arm: v["overall"]["n"] for arm, v in result["arms"].items()} == {
        arm: asked for arm in ARMS
    }


def run_one_family(
    cli_env: dict[str, str], set_name: str, family: str, subjects: Sequence[Subject]
) -> dict[str, Any]:
    """``memgov eval holdout`` on one family of a set: every arm answered every question of
    ``subjects``, in that family's wording."""
    done = run_cli(
        cli_env, "eval", "holdout", "--set", set_name, "--family", family, "--json", "--no-mlflow"
    )
    result: dict[str, Any] = json.loads(done.stdout)
    assert_every_arm_answered(result, sum(len(s.questions) for s in subjects))
    assert result["wording"] == family
    return result
