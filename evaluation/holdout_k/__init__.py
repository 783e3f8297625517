"""Hold-out set K: real-world changing facts, an eleventh benchmark set written apart from
the change detector.

A helper wrote it from its own general knowledge, nothing from ``/work/shared``. What it
read: the record types (``evaluation/holdout/model.py`` and ``__init__.py``), set G's code,
set J's front door, J's JSON files for their schema only, the store workload
(``evaluation/benchmarks/holdout_store.py``), the holdout command
(``evaluation/benchmarks/adapters/holdout.py``), the shared checks (``tests/holdout_checks.py``,
``holdout_helpers.py``, ``test_holdout_common.py``), the tests of sets I and J, the JSON
reader (``evaluation/tables.py``) and the benchmark embedding cache
(``evaluation/benchmarks/embed_cache.py``, to replay raw recall's ranking of one family
with the store's own embedder when it fell behind). What it
did not read: the change detector (``curation/_change.py``, ``_values.py``, ``_ranking.py``,
``_planner.py``, ``_claims.py``, ``mechanics/``), docs/evaluation.md, the README's
evaluation table, and any data of sets A to J beyond J's schema. Its facts and wordings are
its own data (``catalogue.json``, ``wordings.json``); the code that reads, renders and pairs
them is set G's, through a ``Source`` naming this folder. Only raw recall was run on K
(``--no-curate``) to check that its questions are answerable; nothing was tuned for
curation. In that run ``protobuf_text`` was far behind the others (current value in the raw
top 10 for 0.846 of its questions: its long multi-field change records lost to its shorter
ones), so that family's change templates were shortened and it alone was run again. The
current value is then in the raw top 5 for 0.804 (``protobuf_text``) to 0.913 (``gloss``)
of the 312 questions per family and in the top 10 for 0.946 (``threaded_reply``) to 0.990
(``gloss``); cricket (one team's Test and ODI captains, often the same people) is the
hardest domain, film festivals next.

``holdout_histories()`` gives one subject per (entity, slot) of ``catalogue.json`` in eight
domains, none of sets A to J's: tennis (players' head coaches and Grand Slam singles tallies,
the tours' world No. 1), opera houses (music director, general director), Linux
distributions (latest release, release codename, project leader, default file system),
broadcasters (chief executive, chair, annual licence fee), film festivals (festival director,
president), prize bodies (executive director, president, chair, secretary, prize money),
databases (latest major version, long-term support release, innovation release, licence)
and cricket (Test and ODI captains, head coach, the ICC's chair): 104 subjects of 74
entities, 26 of which carry two or three slots changing on their own schedules, 15 subjects
that never change. Values are names, versions ("18", "10.0", "Fedora 43", "23ai"),
codenames ("Zara"), counts ("24 majors"), money ("£174.50", "€18.36", "SEK 11 million",
"$1 million") and licences ("Server Side Public License"), each dated by the day it took
effect (the first of a month or year where only that is known); a current value is the
latest its writer knew of and may since have changed in the world (the set measures memory,
not the news). Facts its writer is unsure of (dates or current holders): Djokovic's coach
after Andy Murray's spell ended in 2025, Sinner's coaching team, Alcaraz's titles after the
2025 US Open, Tim Davie (who announced his resignation late in 2025), Hugh Marks's and
Marie-Philippe Bouchard's start dates, Jef Spaleta's start as Fedora Project Leader, NixOS
and MySQL releases after the ones listed, Oracle's 23ai and its renaming, SQL Server 2025's
release day, Vidar Helgesen's, Hans Ellegren's and Marjorie Miller's start dates, Lynette
Howell Taylor's election day, Joana Vicente's and Cameron Bailey's titles at TIFF, Andrew
McDonald's appointment day, Dominique Meyer's and Fortunato Ortombina's start dates at La
Scala, and the exact days of several Linux releases.
Questions (312) ask for the current value three ways: in the slot's own words, around them
("Who sits in Novak Djokovic's player box as the main mentor?"), and by the latest
occurrence ("most recently", "newest", "latest"); seven subjects have questions of their own
(the BBC's director-general, La Scala's two posts, the Pulitzer administrator...).
``render(family, subject)`` writes the facts in one of ten ``families()``: git tag
annotations, threaded chat replies quoting a question, LaTeX table rows, HTML microdata,
protobuf text format, syslog lines, bibliographic citations, wiki edit summaries, shell
environment exports (undated) and foreign-language lines with an English gloss; validity is
written as a year, an ISO date, month and year, "since", "as of", "effective", "until
further notice", "a partir del", a syslog or microdata timestamp, "Retrieved" or not at all.
``holdout_pairs()`` gives 984 labelled older/newer pairs: 368 changes (184 in one family,
184 across two), 159 restatements, and 457 negatives: 271 of another entity's same slot
(40 of them sharing the value: two players on the same Grand Slam tally, a director who
moved from one festival or opera house to another, two Linux distributions on the same
point release), 68 of another slot of the same entity (two sharing the value: India's Test
and ODI captains), 47 of multi-valued relations (Fedora's editions, Debian's architectures,
PostgreSQL's supported versions, the BBC's radio stations, Djokovic's Olympic medals,
cricket teams' ICC titles), 53 of recurring events' winners (Wimbledon, the US Open, the
Palme d'Or, the Golden Lion and Golden Bear, the Nobel Prize in Literature, the Booker
Prize, the Turing Award, the T20 World Cup, the World Test Championship) and 18 additions.
"""

from pathlib import Path

from evaluation.holdout_g.readers import readers

# Set G's readers bound to this folder: catalogue, families, renderer, subjects and pairs.
SOURCE, domains, families, render, holdout_histories, holdout_pairs = readers(
    Path(__file__).parent, 8243
)
HOLDOUT_SEED = SOURCE.seed
