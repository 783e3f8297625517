"""``memgov eval conflict-pairs``: the change detector on labelled pairs, in every wording."""

from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import run_cli
from timeqa_fixture import write_timeqa

from evaluation.benchmarks.wordings import family_names


def test_every_wording_family_is_judged_on_the_same_pairs(
    env: dict[str, str], tmp_path: Path
) -> None:
    root = write_timeqa(tmp_path / "timeqa")
    done = run_cli(
        env, "eval", "conflict-pairs", "--timeqa", str(root), "--wording", "all", "--json"
    )
    result = json.loads(done.stdout)
    assert result["wording"] == "benchmark"
    assert list(result["wordings"]) == family_names()
    sizes = {
        family: {source: c["pairs"] for source, c in row["by_source"].items()}
        for family, row in result["wordings"].items()
    }
    assert len({json.dumps(s, sort_keys=True) for s in sizes.values()}) == 1  # one set of facts
    assert sizes["benchmark"]["timeqa-same-slot"] > 0
    recalls = [row["recall"] for row in result["wordings"].values()]
    assert result["recall_spread"] == round(max(recalls) - min(recalls), 4)


def test_the_table_names_each_family(env: dict[str, str], tmp_path: Path) -> None:
    root = write_timeqa(tmp_path / "timeqa")
    done = run_cli(env, "eval", "conflict-pairs", "--timeqa", str(root), "--wording", "all")
    assert "per wording family" in done.stdout
    assert all(family in done.stdout for family in family_names())


def test_an_unknown_wording_is_refused_by_name(env: dict[str, str], tmp_path: Path) -> None:
    root = write_timeqa(tmp_path / "timeqa")
    done = run_cli(
        env, "eval", "conflict-pairs", "--timeqa", str(root), "--wording", "shouty", code=2
    )
    assert "--wording='shouty'" in done.stderr and "Traceback" not in done.stderr
