"""Hold-out set L: real-world changing facts, a twelfth benchmark set written apart from
the change detector.

A helper wrote it from its own general knowledge, nothing from ``/work/shared``. What it
read: the record types (``evaluation/holdout/model.py`` and ``__init__.py``), set G's code,
set K's front door, K's JSON files for their schema only, the store workload
(``evaluation/benchmarks/holdout_store.py``), the holdout command
(``evaluation/benchmarks/adapters/holdout.py``), the shared checks (``tests/holdout_checks.py``,
``holdout_helpers.py``, ``test_holdout_common.py``), set K's tests and the JSON reader
(``evaluation/tables.py``). What it did not read: the change detector (``curation/_change.py``,
``_values.py``, ``_ranking.py``, ``_planner.py``, ``_claims.py``, ``mechanics/``),
docs/evaluation.md, the README's evaluation section, and any data of sets A to K beyond
K's schema. Its facts and wordings are its own data (``catalogue.json``, ``wordings.json``);
the code that reads, renders and pairs them is set G's, through a ``Source`` naming this
folder. Only raw recall was run on L (``--no-curate``, once) to check that its questions are
answerable; nothing was tuned for curation and no template was rewritten after that run.
The current value is in the raw top 5 for 0.785 (``spreadsheet_cell``) to 0.973
(``prolog_fact``) of the 339 questions per family and in the top 10 for 0.923
(``spreadsheet_cell``) to 0.997 (``yaml_front_matter``, ``prolog_fact``,
``dictionary_entry``); ballet companies are the hardest domain, religious institutions
next.

``holdout_histories()`` gives one subject per (entity, slot) of ``catalogue.json`` in eight
domains, none of sets A to K's: road cycling (riders' trade teams, Grand Tour and world
title tallies, Tour de France stage wins), rail operators (chief executives, board chairs,
India's railways minister, Deutsche Bahn's long-distance punctuality, Amtrak's ridership,
the Deutschlandticket's monthly price, England's regulated fare rise), record labels (chief
executives, parent companies, annual revenue), web frameworks (latest major version,
Django's long-term support release, steward, project lead), ballet companies (artistic
director, resident choreographer), religious institutions (leaders, the Holy See's
Secretary of State and doctrinal prefect, the Archbishop of York, general secretaries, the
Southern Baptist Convention's president and membership), NBA teams (head coach, home arena,
championship count, controlling owner; the league's commissioner and salary cap) and
publishing houses (chief executive, owner, annual revenue): 113 subjects of 77 entities, 31
of which carry two or three slots changing on their own schedules, 15 subjects that never
change. Values are names of people, organisations and buildings ("Crypto.com Arena",
"OpenJS Foundation", "KKR"), versions ("v19", "v5.2", "v8.0"), tallies ("5 Grand Tours",
"18 NBA titles", "35 Tour stage wins"), counts ("32.8 million trips", "12.98 million
members"), money ("€63", "$154.647 million", "€11.83 billion", "£342.7 million") and rates
("62.5%", "4.6%"), each dated by the day it took effect (the first of a month or year where
only that is known); a current value is the latest its writer knew of and may since have
changed in the world (the set measures memory, not the news). A rider's trade team is named
as it was when the rider joined (Roglič's Bora-Hansgrohe took the Red Bull name in mid-2024).
Facts its writer is unsure of (dates or current holders): Jean Castex's start at SNCF, who
leads Amtrak after Stephen Gardner and Network Rail after Andrew Haines (neither recorded),
Mike Cooper's spell and the dates of Eurostar's chief executives, the exact days of the
Indian Railway Board's chairs, Deutsche Bahn's punctuality figures' publication days, the
Deutschlandticket's €63 from 2026, Monika Ribar still chairing SBB, Universal's and Warner's
revenue figures (rounded from memory) and Bloomsbury's, Rob Stringer's start at Columbia,
Def Jam's and Capitol's heads' start days (Capitol's brief Jeff Vaughn spell left out),
Jimmy Iovine's start year, the release day of Next.js 16, Express's stewardship dates,
Mark Cavendish's 30th stage day, Aaron S. Watkin's, Hope Muir's and Peter Martins's start
dates, the Southern Baptist membership figures, Richard Moth's installation day, the close
of the Celtics' sale to Bill Chisholm, the Oracle Arena naming date, Jordan Ott's hiring
day, Nihar Malaviya's and Matthew Kissner's start (each acting at first), Ron Mobed's start
at Elsevier and Peter Warwick's at Scholastic.
Questions (339) ask for the current value three ways: in the slot's own words, around them
("Who runs the bench for the Boston Celtics?", "Which organisation looks after Express?"),
and by the latest occurrence ("most recently", "newest", "latest", "these days"); two
subjects have questions of their own (the Catholic Church's pope, the Salvation Army's
General).
``render(family, subject)`` writes the facts in one of ten ``families()``: YAML front
matter, chat-bot alerts, spreadsheet cells and formulas, meeting minutes, command-line
output, issue-tracker transitions, Prolog facts, dictionary entries, telegrams ("STOP") and
Graphviz DOT edges (undated); validity is written as a year, an ISO date, month and year,
"since", "as of", "effective", "w.e.f.", "valid_from", ``DATEVALUE(...)``, ``date(...)``,
"Attested from", "EFFECTIVE ... STOP" or not at all.
``holdout_pairs()`` gives 1017 labelled older/newer pairs: 346 changes (173 in one family,
173 across two), 171 restatements, and 500 negatives: 316 of another entity's same slot
(61 of them sharing the value: riders on the same Grand Tour or world title tally, React and
Angular on the same major version, a coach or director who moved from one team or company
to another, two teams that shared the Staples Center, Parlophone and Virgin under EMI), 82
of another slot of the same entity, 23 of multi-valued relations (van der Poel's and
Pogačar's Monuments, Eurostar's destinations from London, Universal's labels, Rails's
built-in frameworks, the Catholic Church's Doctors, the Lakers' and Celtics' retired
numbers), 68 of recurring events' winners (the Giro d'Italia, the Vuelta a España, the
Grammys' Album of the Year, the Church of Scotland's Moderator, the NBA Finals, the NBA's
Most Valuable Player; each series keeps only occasions with distinct winners) and 11
additions.
"""

from pathlib import Path

from evaluation.holdout_g.readers import readers

# Set G's readers bound to this folder: catalogue, families, renderer, subjects and pairs.
SOURCE, domains, families, render, holdout_histories, holdout_pairs = readers(
    Path(__file__).parent, 9377
)
HOLDOUT_SEED = SOURCE.seed
