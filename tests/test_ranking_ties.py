"""Equal similarities are ordered by when the entries were written, never by their random
ids: the same replay (the simulated A/B's raw arm) must rank the same way in every run."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from itertools import permutations

from record_helpers import search_row

from curation import CurationPolicy
from curation._ranking import rank_candidates

NOW = datetime(2026, 6, 1, tzinfo=UTC)


def test_equal_similarities_keep_the_order_they_were_written_in() -> None:
    # the ids sort the other way round from the writes: "a-third" is the newest
    written = [
        search_row(memory_id, 0.8, NOW - timedelta(days=days))
        for memory_id, days in [("c-first", 30.0), ("b-second", 20.0), ("a-third", 10.0)]
    ]
    for rows in permutations(written):
        hits = rank_candidates(
            list(rows), {}, CurationPolicy(), tenant="t", model="m", now=NOW, k=3, curated=False
        )
        assert [h.id for h in hits] == ["c-first", "b-second", "a-third"]
