"""Hold-out set H: real-world changing facts, an eighth benchmark set written apart from
the change detector.

Written by the helper ``holdh`` from its own general knowledge (nothing from
``/work/shared``), reading only the shared record types (``evaluation/holdout/model.py``,
``evaluation/holdout/__init__.py``), the typed JSON reader (``evaluation/tables.py``), the
store workload (``evaluation/benchmarks/holdout_store.py``), the shared checks
(``tests/holdout_checks.py``, ``tests/holdout_helpers.py``, ``tests/test_holdout_common.py``),
``tests/test_holdout_g.py`` and set G's code (not its data) — not the change detector
(``curation/_change.py``, ``_values.py``, ``_ranking.py``, ``_planner.py``, ``_claims.py``,
``mechanics/``), not docs/evaluation.md nor the README's evaluation table, nor any
catalogue, wordings, families or histories of sets A to G. Its facts and wordings are its
own data (``catalogue.json``, ``wordings.json``); the code that reads, renders and pairs
them is set G's, through a ``Source`` naming this folder. Only raw recall was run on H
(``--no-curate``), to check that its questions are answerable; nothing was tuned. The
current value is in the raw top 5 for 0.646 (``tool_call``) to 0.937 (``sheet_cell``) of the
333 questions per family and in the top 10 for 0.877 to 0.991; athletics records (the same
events for men and women) the hardest domain.

``holdout_histories()`` gives one subject per (entity, slot) of ``catalogue.json`` in eight
domains, none of them G's: central banks (governor, chair or president; policy rate),
athletics records (world record; reigning Olympic champion), sports bodies (FIDE's
president, world and women's champions; ATP and WTA world No. 1 and their heads; IOC,
FIFA, UEFA, World Athletics, FIA and ICC heads), Formula One teams (team principal, race
car, engine supplier, factory base), space agencies (heads; NASA's crew vehicle and
Artemis II launch target; ESA's heavy launcher), orchestras (music director or chief
conductor, home venue), museums (director or secretary, the Louvre's annual visitors, the
British Museum's chair of trustees) and newspapers (editor, executive editor or editor in
chief, owner, print format): 110 subjects of 71 entities, 33 of which carry two or three
slots changing on their own schedules, 13 subjects that never change. Values are names,
places, rates ("5.25%", ranges of them), marks with units ("9.58 s", "6.28 m", "2:00:35"), amounts
("8.7 million"), dates ("April 2026") and designations ("SF-25", "Ariane 6"), each dated by
the year (and day, where known) it took effect; a current value is the latest its writer
knew of and may since have changed in the world (the set measures memory, not the news).
Questions (333) ask for the current value three ways: in the slot's own words, around them
("Who conducts the Boston Symphony Orchestra these days?"), and by the latest occurrence;
three subjects add a question of their own.
``render(family, subject)`` writes the facts in one of ten ``families()``: agent tool-call
log lines with JSON arguments, changelog bullets, spoken transcripts, ticket comments,
undated SMS-style notes, "was X, now Y" status updates, spreadsheet cells, e-mail subject
lines, wiki infobox lines, and a mixed family whose statements each take another of those
shapes; validity is written as a year, an ISO date, month and year, "since", "as of",
"effective" or not at all. ``holdout_pairs()`` gives 998 labelled older/newer pairs:
changes, restatements, and negatives (another entity's same slot, another slot of the same
entity, multi-valued relations, recurring events' winners, additions).
"""

from pathlib import Path

from evaluation.holdout.model import LabeledPair, Memory, Subject
from evaluation.holdout_g.catalogue import Domain, Source
from evaluation.holdout_g.catalogue import domains as g_domains
from evaluation.holdout_g.families import families as g_families
from evaluation.holdout_g.families import render as g_render
from evaluation.holdout_g.histories import holdout_histories as g_histories
from evaluation.holdout_g.pairs import holdout_pairs as g_pairs

SOURCE = Source(Path(__file__).parent, 8808)
HOLDOUT_SEED = SOURCE.seed


def domains() -> tuple[Domain, ...]:
    """Set H's catalogue (``catalogue.json``), in G's shape."""
    return g_domains(SOURCE)


def families() -> tuple[str, ...]:
    return g_families(SOURCE)


def render(family: str, subject: Subject) -> list[Memory]:
    return g_render(family, subject, SOURCE)


def holdout_histories() -> tuple[Subject, ...]:
    return g_histories(SOURCE)


def holdout_pairs() -> tuple[LabeledPair, ...]:
    return g_pairs(SOURCE)


__all__ = [
    "HOLDOUT_SEED",
    "SOURCE",
    "domains",
    "families",
    "holdout_histories",
    "holdout_pairs",
    "render",
]
