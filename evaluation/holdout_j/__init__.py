"""Hold-out set J: real-world changing facts, a tenth benchmark set written apart from
the change detector.

The helper ``holdj`` wrote it from its own general knowledge, nothing from ``/work/shared``.
What it read: the record types (``evaluation/holdout/model.py`` and ``__init__.py``), set G's
code, set I's front door, I's and H's JSON files for their schema only, the store workload
(``evaluation/benchmarks/holdout_store.py``), the holdout command
(``evaluation/benchmarks/adapters/holdout.py``), the shared checks (``tests/holdout_checks.py``,
``holdout_helpers.py``, ``test_holdout_common.py``) and the tests of sets G and I. What it
did not read: the change detector (``curation/_change.py``, ``_values.py``, ``_ranking.py``,
``_planner.py``, ``_claims.py``, ``mechanics/``), docs/evaluation.md, the README's
evaluation table, and any data of sets A to I. Its facts and wordings are its own data
(``catalogue.json``, ``wordings.json``); the code that reads, renders and pairs them is set
G's, through a ``Source`` naming this folder. Only raw recall was run on J, once
(``--no-curate``), to check that its questions are answerable; nothing was tuned. The
current value is in the raw top 5 for 0.839 (``http_response``) to 0.949 (``social_post``)
of the 336 questions per family and in the top 10 for 0.967 to 0.994; smartphones (models
and chips much like each other) the hardest domain, chess next.

``holdout_histories()`` gives one subject per (entity, slot) of ``catalogue.json`` in eight
domains, none of sets A to I's: programming languages (latest stable release, project lead,
Python's release manager), chess (world champions, top-rated players, federation
presidents), US state governors (governor, the capital's census population), city mayors
(mayor, census population), web browsers (version, rendering engine, market share),
smartphones (flagship phone, in-house chip), observatories (director, operator, largest
telescope) and parliaments' speakers (speaker, seat count): 112 subjects of 76 entities, 33
of which carry two or three slots changing on their own schedules, 12 subjects that never
change. Values are names, places, institutions, versions ("3.14", "142"), percentages
("68.3%"), counts ("961,855 people", "630 seats") and models ("Galaxy S25 Ultra",
"Tensor G5"), each dated by the day it took effect (the first of a month or year where only
that is known); a current value is the latest its writer knew of and may since have changed
in the world (the set measures memory, not the news). Questions (336) ask for the current
value three ways: in the slot's own words, around them ("Who runs City Hall in Chicago?"),
and by the latest occurrence ("most recently", "newest", "latest").
``render(family, subject)`` writes the facts in one of ten ``families()``: SQL statements,
iCalendar entries, HTTP API responses, notebook cells, Markdown checklists, voice-assistant
replies (undated), subtitle cues, properties files, social posts and audit-log entries;
validity is written as a year, an ISO date, month and year, "since", "as of", "effective",
"until", a DTSTART attribute, a timestamp or not at all.
``holdout_pairs()`` gives 1011 labelled older/newer pairs: changes, restatements, and
negatives (another entity's same slot, another slot of the same entity, multi-valued
relations — Rust's editions, Python's supported releases, Samsung's foldables, Xiaomi's
cars, Keck's instruments, ESO's member states, London's rail lines, the Olympics Tokyo and
Paris hosted —, recurring events' winners — TIOBE's language of the year, the Candidates
Tournament —, additions).
"""

from pathlib import Path

from evaluation.holdout_g.readers import readers

# Set G's readers bound to this folder: catalogue, families, renderer, subjects and pairs.
SOURCE, domains, families, render, holdout_histories, holdout_pairs = readers(
    Path(__file__).parent, 6131
)
HOLDOUT_SEED = SOURCE.seed
