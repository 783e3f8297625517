"""Hold-out set P: real-world changing facts in eight new domains written in ten new wording
families, a sixteenth benchmark set written apart from the change detector.

A helper wrote it from its own general knowledge, nothing from ``/work/shared``. What it
read: the record types (``evaluation/holdout/model.py`` and ``__init__.py``), set G's code
(``evaluation/holdout_g/*.py``, not G's JSON), set O completely (its front door, JSON files
and ``tests/test_holdout_o.py``, as the model for structure, schema and style; none of O's
facts, domains or templates is reused), the store workload
(``evaluation/benchmarks/holdout_store.py``), the holdout command
(``evaluation/benchmarks/adapters/holdout.py``), the two CLI help strings that list the sets,
the README's recall-order command-table row, the shared checks (``tests/holdout_checks.py``,
``holdout_helpers.py``, ``test_holdout_common.py``), ``memgov eval recall-order --help``, the
domain paragraphs of the docstrings of sets G to O, and the names (only) of the wording
families of sets A to O, so as not to repeat one. What it did not read: the change detector
(anything under ``curation/``; the trust gate's checks were only called, by the shared test),
docs/evaluation.md, the README's evaluation section beyond that one row,
``recall_order.py``'s code, and any facts, templates, histories or pairs of sets A to N. Its
facts and wordings are its own data (``catalogue.json``, ``wordings.json``); the code that
reads, renders and pairs them is set G's, through a ``Source`` naming this folder (seed
7933). Only raw recall was run on P (``memgov eval recall-order --set p``, once, its raw arm
read; the other arms' figures were not looked at) to check that its questions are
answerable; nothing was tuned for curation and no template was rewritten (the shared
trust-gate check flagged none). The current value is in the raw top 5 / top 10 for this
share of the 345 questions per family: ``otel_span`` 0.809 / 0.936, ``obsidian_daily`` 0.942
/ 0.997, ``mem0_memory`` 0.861 / 0.962, ``learner_english`` 0.957 / 1.000, ``cypher_query``
0.678 / 0.872, ``redis_command`` 0.904 / 0.965, ``cited_answer`` 0.965 / 1.000,
``cloudevent`` 0.832 / 0.962, ``sse_event`` 0.814 / 0.916, ``filler_speech`` 0.957 / 1.000.
The Cypher queries, which wrap entity and value in node patterns, backquoted relationship
types and property maps, are the hardest to answer from raw recall (0.872 in the top 10);
the family was left as written.

``holdout_histories()`` gives one subject per (entity, slot) of ``catalogue.json`` in eight
domains, none of sets A to O's: pharmaceutical companies (chief executives, chairs, annual
revenue in dollars, Swiss francs, Danish kroner and euros, Keytruda's US patent expiry year),
chipmakers (chief executives, chairs, leading-edge process nodes, Nvidia's flagship
data-centre GPU, SoftBank's stake in Arm), supercomputers (the TOP500 No. 1, laboratories'
flagship machines and directors, HPL performance of three machines, EuroHPC's executive
director), endangered species (IUCN Red List categories, wild population counts), national
parks (the National Park Service's director and park count, pass prices, Yellowstone's
superintendent, vehicle fee and visits, the Smokies' visits and parking tag, Arches'
timed-entry hours, Scotland's park count, the Galápagos entry fee, the Everest permit fee),
open-source foundations (heads and seats of foundations, English Wikipedia's article
milestones, Firefox's release cycle, ESR and release weekday, the Linux kernel's latest
longterm series and release weekday), restaurant chains (chief executives, headquarters,
restaurant and store counts, owners, Chick-fil-A's day closed) and airports (chief
executives, Heathrow's passengers and drop-off charge, owners, terminal and runway counts,
night curfews, Istanbul's main airport, Berlin Brandenburg's planned opening dates, the
Heathrow third runway's target year): 115 subjects of 74 entities, 33 of which carry two or
three slots changing on their own schedules (eight carry three), 21 subjects that never
change. Values are people ("Albert Bourla", "Lars Rebien Sørensen", "C.C. Wei", "José Cil"),
organisations and places ("Roark Capital", "Sydney Aviation Alliance", "St. Petersburg,
Florida", "Istanbul Airport"), money ("$100.3 billion", "CHF 60.5 billion", "DKK 290.4
billion", "€46.6 billion", "£7", "$15,000", "$80 for life"), percentages ("100%", "90.6%"),
counts with units ("1,864 pandas", "6 to 8 vaquitas", "43,477 restaurants", "83.9 million
passengers", "63 national parks", "1.353 exaflops", "415.5 petaflops", "3 runways"), versions
and models ("ESR 140", "6.12", "Intel 18A", "3 nm", "H100"), IUCN categories ("Vulnerable
(VU)"), weekdays ("Tuesday", "Sunday"), times of day ("11 p.m. to 6 a.m.", "7 a.m. to 4
p.m."), dates ("31 October 2020") and bare years ("2028", "2035"), each dated by the day it
took effect (a count or a revenue by the day it was published, a planned opening date by the
day it was announced, a value held before a documented change by the first of a year when
only that is known: the panda's 1990 listing, Yellowstone's $25, McDonald's Oak Brook); a
current value is the latest its writer knew of and may since have changed in the world (the
set measures memory, not the news). Histories keep values distinct, so a value that came
back is left out (Howard Schultz's interim return to Starbucks is not modelled), and
interim holders are left out (Papa John's between Rob Lynch and Todd Penegor, Chipotle's
months before Scott Boatwright's day); Wendy's interim chief after Kirk Tanner left in 2025
is not recorded, so Kirk Tanner stands as its current value.
Facts its writer is unsure of (dates, figures or current holders): Ian Read's Pfizer chair
day, Daniel Vasella's chair day, the revenue figures and their publication days (Pfizer,
Novartis, Roche, Novo Nordisk, Bayer), Luke Miels's start at GSK, Maziar Mike Doustdar's day,
Keytruda's 2028 and its dating; Intel's chairs' days and node days (Intel 18A by Panther
Lake's unveiling), TSMC's node days (2 nm's volume-production day), Eric Meurice's and Paul
Jacobs's days; Oak Ridge's, Livermore's, RIKEN's, Jülich's and NERSC's machine days and
directors' days (Stephen Streiffer's, Bill Goldstein's, Kimihiko Hirao's, Sudip Dosanjh's),
Anders Dam Jensen's day, Frontier's, El Capitan's and Fugaku's HPL figures by list; the
species' earlier listing days, the gorilla, tiger, vaquita, lynx and kākāpō counts and
days; Chuck Sams as the last confirmed National Park Service director (the office has been
held in an acting capacity since 2025), the senior pass's $10 day, Yellowstone's
superintendents' days, fee days and visit figures, the Smokies' visit figures, Scotland's
date, the Galápagos $100 day; Mozilla's Laura Chambers as current chief, Rebecca Rumbul's
and Mike Milinkovich's days, the Eclipse Foundation's move to Brussels, Geoffrey Knauth as
the FSF's current president, the Linux kernel's and Firefox's release weekdays' nominal
days (6.18 may since have become the latest longterm kernel); restaurant counts and days,
Patrick Doyle's, Dan Cathy's, Scott Boatwright's and Todd Penegor's Papa John's days,
Chipotle's Newport Beach day, McDonald's Oak Brook day; Colin Matthews's day, Heathrow's
passenger figures and drop-off charges, Sydney's owners and curfew day, Dubai's and
Frankfurt's chiefs' days, Berlin Brandenburg's announcement days (27 October 2013's above
all), the third runway's 2035, and Skytrax's award days.
Questions (345) ask for the current value three ways: in the slot's own words, around them
("Who runs Pfizer day to day?", "How many people come to Yellowstone National Park in a
year?") and by the latest occurrence ("most recently", "newest", "latest", "these days");
the National Park Service's count and the Linux kernel's slots have questions of their own.
``render(family, subject)`` writes the facts in one of ten ``families()``, the way agents,
tools and people write memories today: OpenTelemetry spans as the collector's debug exporter
prints them (attributes, a span event, a status message), Obsidian daily notes (headings,
[[wikilinks]], Dataview ``key:: value`` fields, callouts, a struck-through old value), mem0
memories (``memory``, ``event`` ADD/UPDATE/DELETE, ``old_memory``), sentences in learner
English ("The head of X is since May 2019 Y."), Neo4j Cypher queries (MERGE/MATCH/CREATE/SET),
redis-cli sessions (HSET, HGET, XADD, GETSET, PUBLISH), answers with numbered citations,
CloudEvents envelopes, server-sent event streams (``event:``/``data:``/``id:``) and spoken notes
with fillers ("so, um, ..."), in lower case. Validity is written as ``valid_from``,
``effective``, ``since``, ``as_of``, ``created_at``, ``updated_at``, ``time``, ``validfrom``,
``validmonth``, ``date("...")``, ISO dates, ``T..Z`` and ``-07:00`` timestamps, a span's
"+0000 UTC" start time, "May 2019", "[[May 2019]]", "19/05/2015", "05/19/2015", "05/19/15",
"19.05.2015", "19-May-2015", "(seen May 19)" with no year, a bare year, "in May" or not at
all; a change names the value it replaces as ``value.old``/``old``/``old_memory``/
``previous_memory``/``_previous``/``prev_``/``was`` fields, ``kb.stale_cache``, "superseding
X", "supersedes X", "(was ~~X~~)", "replaced:: X", "X is history", a DELETE then an ADD,
"is not more X", "before was X", "in place of X", a relation's ``valid_to``, "// replaces X",
GETSET's reply, "X => Y", "before that it was X", "succeeding X", "older sources still say
X", "(not X any more)", "went from X to Y", "not X anymore", "X was before", "swapped X out
for Y", or (in one CloudEvents wording) not at all; the value comes before the entity in
some wordings and after it in most.
``holdout_pairs()`` gives 878 labelled older/newer pairs: 332 changes (166 in one family,
166 across two), 173 restatements, and 373 negatives: 215 of another entity's same slot (41
of them sharing the value: Brian Niccol at Chipotle and Starbucks, Todd Penegor at Wendy's
and Papa John's, IUCN categories shared by species), 98 of another slot of the same entity
(four sharing the value: Albert Bourla as Pfizer's chief executive and chair, Severin
Schwan as Roche's; Ian Read, who held both at Pfizer too, was not drawn), 27 of
multi-valued relations (Pfizer's, AMD's and Restaurant Brands International's
acquisitions), 22 of recurring events' winners (the FDA's yearly novel drug approvals, the
SC conference's host city, Skytrax's World's Best Airport; each series keeps only occasions
with distinct winners) and 11 additions.
"""

from pathlib import Path

from evaluation.holdout_g.readers import readers

# Set G's readers bound to this folder: catalogue, families, renderer, subjects and pairs.
SOURCE, domains, families, render, holdout_histories, holdout_pairs = readers(
    Path(__file__).parent, 7933
)
HOLDOUT_SEED = SOURCE.seed
