"""The simplest recall a user could write instead of curation, as a comparison arm.

"Take the top hits by similarity and let the newest of those within 0.05 of the best
similarity come first" (issue 17): a few lines any agent developer could add on top of a
raw vector search. Curation has to beat it, not just raw recall. Its blind spot is by
design: any newer, slightly less relevant entry jumps ahead of an older principle.
"""

from __future__ import annotations

from collections.abc import Sequence

from curation import RecallHit

NEAR_TOP_MARGIN = 0.05


def newest_near_top(hits: Sequence[RecallHit], margin: float = NEAR_TOP_MARGIN) -> list[str]:
    """Ids of ``hits`` (a raw recall, best similarity first) with the near-top ones
    (similarity >= best - margin) reordered newest first; the rest keep their order."""
    if not hits:
        return []
    best = max(hit.similarity for hit in hits)
    near = [hit for hit in hits if hit.similarity >= best - margin]
    rest = [hit for hit in hits if hit.similarity < best - margin]
    near.sort(key=lambda hit: (hit.created_at, hit.similarity), reverse=True)
    return [hit.id for hit in (*near, *rest)]
