"""Hold-out set I: real-world changing facts, a ninth benchmark set written apart from
the change detector.

The helper ``holdi`` wrote it from its own general knowledge, nothing from ``/work/shared``.
What it read: the record types and set A's front door (``evaluation/holdout/model.py`` and
``__init__.py``), ``evaluation/tables.py``, the store workload
(``evaluation/benchmarks/holdout_store.py``), the shared checks (``tests/holdout_checks.py``,
``holdout_helpers.py``, ``test_holdout_common.py``), the tests of sets G and H, set G's code,
set H's front door, the holdout command (``evaluation/benchmarks/adapters/holdout.py``), H's
JSON files for their schema only and G's for its domain names only. What it did not read: the
change detector (``curation/_change.py``, ``_values.py``, ``_ranking.py``, ``_planner.py``,
``_claims.py``, ``mechanics/``), docs/evaluation.md, the README's evaluation table, and any
data of sets A to G. Its facts and wordings are its own data (``catalogue.json``,
``wordings.json``); the code that reads, renders and pairs them is set G's, through a
``Source`` naming this folder. Only raw recall was run on I, once (``--no-curate``), to check
that its questions are answerable; nothing was tuned. The current value is in the raw top 5
for 0.793 (``xml_snippet``) to 0.976 (``definition_list``) of the 338 questions per family
and in the top 10 for 0.920 to 1.000; video games (Sony's and Nintendo's three slots, each
a console or handheld name much like the others) the hardest domain, universities next.

``holdout_histories()`` gives one subject per (entity, slot) of ``catalogue.json`` in eight
domains, none of them G's or H's: universities (president, vice-chancellor, chancellor,
endowment; Harvard's fund's annual return; the top of two rankings), airlines (chief
executive, main hub, alliance, owner, headquarters), international organisations
(secretary-general, director-general, managing director or president; UN and NATO member
counts; headquarters; NATO's Supreme Allied Commander Europe), car makers (chief executive,
chair, headquarters), skyscrapers (the tallest building of a country, region or city), video
games (Sony's, Nintendo's and Xbox's home console, head and handheld; Grand Theft Auto VI's
announced release date; Unreal Engine's latest release), stock exchanges (chief executive
or president, owner; the latest round-number close of three indices; the Dow's publisher)
and ceremonial and religious offices (pope, archbishops, patriarchs, poets laureate, the
Master of the King's Music, the Astronomer Royal, the Librarian of Congress): 111 subjects
of 74 entities, 30 of which carry two to four slots changing on their own schedules, 18
subjects that never change. Values are names, places, buildings, amounts ("$56.9 billion"),
percentages ("-1.8%"), counts ("32 members"), index levels ("40,000"), dates
("19 November 2026"), versions ("5.6") and models ("PlayStation 5", "Switch 2"), each dated
by the day it took effect (the first of a month or year where only that is known); a
current value is the latest its writer knew of and may since have changed in the world (the
set measures memory, not the news). Questions (338) ask for the current value three ways:
in the slot's own words, around them ("Which general leads the military side of NATO?"),
and by the latest occurrence ("most recently", "newest", "latest"); five subjects add a
question of their own.
``render(family, subject)`` writes the facts in one of ten ``families()``: voice dictation
without punctuation or dates, XML and HTML snippets, TOML and INI config, annotated source
comments, news-ticker lines, "TIL" notes, formal memoranda, asked-and-answered notes, agent
scratchpad observations and Markdown definition lists; validity is written as a year, an
ISO date, month and year, "since", "as of", "effective", "until", "right now" or not at all.
``holdout_pairs()`` gives 1005 labelled older/newer pairs: changes, restatements, and
negatives (another entity's same slot, another slot of the same entity, multi-valued
relations — Star Alliance's and NATO's members, Xbox's studios —, recurring events'
winners — European Car of the Year, The Game Awards, the S&P 500's yearly return, the Nobel
Peace and Booker prizes —, additions).
"""

from pathlib import Path

from evaluation.holdout_g.readers import readers

# Set G's readers bound to this folder: catalogue, families, renderer, subjects and pairs.
SOURCE, domains, families, render, holdout_histories, holdout_pairs = readers(
    Path(__file__).parent, 9919
)
HOLDOUT_SEED = SOURCE.seed
