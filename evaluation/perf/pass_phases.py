"""The curation pass's phases as ``memgov bench`` reports them, named once: the pass's
breakdown (``phases``), the tables (``report``) and the explanations (``explain``)."""

from __future__ import annotations

LOAD = "load"
SCORE = "score"
SUPERSESSION = "supersession"
DUPLICATE_SEARCH = "duplicate search"
CONTRADICTION_SCAN = "contradiction scan"
DECAY = "decay"
PRINCIPLE_CLUSTERING = "principle clustering"
PLAN = "plan (all planning)"
APPLY = "apply"
FULL_PASS = "full pass"

# in the order the tables show them
PHASES = (
    LOAD,
    SCORE,
    SUPERSESSION,
    DUPLICATE_SEARCH,
    CONTRADICTION_SCAN,
    DECAY,
    PRINCIPLE_CLUSTERING,
    PLAN,
    APPLY,
    FULL_PASS,
)
# the phases a 1M pass spends its time in (the others are parts of these or their sum)
WORK_PHASES = (LOAD, DUPLICATE_SEARCH, CONTRADICTION_SCAN, DECAY, PRINCIPLE_CLUSTERING, APPLY)
