"""Hold-out set O: real-world changing facts written the way agents, tools and people write
memories today, a fifteenth benchmark set written apart from the change detector.

A helper wrote it from its own general knowledge, nothing from ``/work/shared``. What it
read: the record types (``evaluation/holdout/model.py`` and ``__init__.py``), set G's code
(``evaluation/holdout_g/*.py``, not G's JSON), set N's front door and JSON files (for their
schema and style only; none of N's templates or facts is reused), the store workload
(``evaluation/benchmarks/holdout_store.py``), the two CLI help strings that list the sets,
the shared checks (``tests/holdout_checks.py``, ``holdout_helpers.py``,
``test_holdout_common.py``), set N's tests, ``memgov eval recall-order --help`` and the names
(only) of the wording families of sets A to M, so as not to repeat one. A grep for the places
that list the sets also showed it two table rows of the README's evaluation section (the
one-batch row and the detector-pairs row); it read no further there. What it did not read:
the change detector (``curation/``: ``_change.py``, ``_values.py``, ``_ranking.py``,
``mechanics/`` and the rest; the trust gate's checks were only called, by the shared test),
docs/evaluation.md, the rest of the README's evaluation section, recall_order.py's code, and
any facts, templates, histories or pairs of sets A to M. Its facts and wordings are its own
data (``catalogue.json``, ``wordings.json``); the code that reads, renders and pairs them is
set G's, through a ``Source`` naming this folder (seed 7919). Only raw recall was run on O
(``memgov eval recall-order --set o``, once, its raw arm read) to check that its questions
are answerable; nothing was tuned for curation and no template was rewritten after that run
(two templates were rewritten before it, because the shared trust-gate check flagged them:
an OpenAI ``tool_calls`` wrapper, now a Responses-style ``function_call`` item, and a ReAct
line where a date ran into a value that starts with digits). The current value is in the
raw top 5 / top 10 for this share of the 342 questions per family: ``react_trace`` 0.977 /
1.000, ``tool_use_block`` 0.690 / 0.865, ``csv_with_header`` 0.839 / 0.968, ``jsonld_node``
0.830 / 0.950, ``prometheus_sample`` 0.816 / 0.968, ``hcl_block`` 0.906 / 0.980,
``llm_summary`` 0.950 / 1.000, ``whatsapp_export`` 0.904 / 1.000, ``python_repr`` 0.746 /
0.924, ``wire_dateline`` 0.953 / 0.988. The tool-use blocks, which wrap entity and value in
JSON keys, ids and escaped argument strings, are the hardest to answer from raw recall (0.865
in the top 10); the family was left as written.

``holdout_histories()`` gives one subject per (entity, slot) of ``catalogue.json`` in eight
domains, none of sets A to N's: ice hockey (NHL head coaches, captains and arenas; the
league's salary cap and commissioner), fashion houses (creative directors, menswear
designers, chief executives, Kering's stake in Valentino), postal services (heads of postal
operators and the Universal Postal Union, standard letter stamp prices, Royal Mail's
first-class on-time target, the UPU's seat), social networks (chief executives, owners, the
post length limit, monthly users, maximum video lengths, Meta's Graph API version, a launch
date), police forces (heads of police forces, Interpol and Europol; headquarters), climate
records (national and continental heat records, a cold record, the warmest year and warmest
day on record, the Arctic's record-low sea-ice extent, heads of the IPCC, WMO and UNFCCC
secretariat), engineering records (holders of the world's longest, largest and highest
titles: suspension and cable-stayed spans, rail and road tunnels, cruise ships, bridges, an
airliner, a hydroelectric plant, a sea crossing) and lotteries (draw days, jackpot odds,
record jackpots, ticket prices, a draw time, an operator, a duty, a draw date): 114 subjects
of 77 entities, 29 of which carry two or three slots changing on their own schedules (eight
carry three), 20 subjects that never change (Australia's 50.7 °C equalled in 2022 among
them). Values are people ("Jean-François Palus", "Nóirín O'Sullivan", "Demna"),
organisations and places ("public shareholders", "xAI", "Curtis Green Building", "Lyon",
"1915 Çanakkale Bridge"), money ("$95.5 million", "$0.78", "£1.70", "€0.95", "C$1.24", "$5",
"$2.04 billion"), percentages ("93%", "90%", "12%", "30%"), counts with units ("280
characters", "3 minutes", "2 billion monthly users", "3.41 million km²", "1 in 292.2
million", "40.3 °C", "-27.2 °C" written with a minus sign), versions ("v23.0"), weekdays
("Wednesday and Saturday", "Monday, Wednesday, Saturday", "Friday only"), a time of day
("11 p.m. ET"), dates ("22 July 2024", "5 July 2023", "22 December") and bare years
("2024"), each dated by the day it took effect (a record by the day it was set or ruled
on, a warmest year by the day it was announced, a warmest day a day or two after it, a value
held before a documented change by the first of a year when it is known to hold: Royal
Mail's 93% target, TikTok's 60 seconds, the Spanish Christmas Lottery's 22 December); a
current value is the latest its writer knew of and may since have changed in the world (the
set measures memory, not the news).
Histories start where the writer's memory is firm and keep values distinct, so a value that
came back is left out (Jack Dorsey's first Twitter tenure), interim holders are left out
where the writer is unsure of them (Chicago's Fred Waller, Florida's Tom Rowe; Vegas's,
Boston's and the Rangers' captaincies are not included at all), and the Maple Leafs'
captains start at John Tavares (the 2016-2019 vacancy after Dion Phaneuf is not modelled).
Facts its writer is unsure of (dates or current holders): Mellon Arena's naming day, Dan
Muse's, Marco Sturm's, Glen Gulutzan's and Bob Boughner's hiring days, Victor Hedman's
captaincy day, the salary cap days; Gucci's chief executives' days (Marco Bizzarri,
Jean-François Palus, Stefano Cantino), Sidney Toledano's, Kris Van Assche's, Kim Jones's
Louis Vuitton and Michael Burke's days, Leena Nair's and Karl Lagerfeld's Chanel days,
Tomas Maier's, Christopher Bailey's and Riccardo Tisci's Givenchy days, Sarah Burton's
Givenchy day, Kering's 30% Valentino stake and its day, LVMH's Bulgari and Rimowa days;
Royal Mail's 93%/90% target and the day it changed, Canada Post's and Deutsche Post's
price days, Australia Post's chiefs' days, the UPU heads' start days; Elon Musk's chief
executive day (the day after his purchase closed), Linda Yaccarino as the current chief
executive (she left in July 2025 and no successor was recorded), xAI's ownership day, the
Graph API release days, Instagram's Reels lengths and days, TikTok's lengths and days,
Reddit's owners and days, Yishan Wong's and Jeff Weiner's days; the Met's headquarters
values and days, One Police Plaza's day, Dominic Choi's and Jim McDonnell's days, Iain
Livingstone's confirmation day, Nóirín O'Sullivan's day, Valdecy Urquiza's day, Interpol's
move to Lyon; the warmest-day values and days, the Copernicus and NASA announcement days,
Spain and Germany left out as unsure, the Arctic minimum days; the holders' opening days
(cruise ships in service, Itaipu's completion, the Sidu River Bridge, the Huajiang Grand
Canyon Bridge in 2025, the Jiaozhou Bay Bridge as the longest sea crossing before Hong
Kong-Zhuhai-Macau; a newer cable-stayed record may exist); Powerball's record before 2016,
Mega Millions' $1.602 billion, EuroMillions' and Eurojackpot's second draw days, UK
Lotto's midweek-draw day, the UK lottery duty's day, Mega Millions' draw time.
Questions (342) ask for the current value three ways: in the slot's own words, around them
("Who stands behind the bench for the Boston Bruins?", "How many people use Instagram every
month?") and by the latest occurrence ("most recently", "newest", "latest", "these days");
Earth's heat record and the entities that take an article ("the United States Postal
Service", "the Copernicus Climate Change Service") have questions of their own.
``render(family, subject)`` writes the facts in one of ten ``families()``, the way agents,
tools and people write memories today: ReAct traces (Thought/Action/Observation), tool-use
blocks (Anthropic-style ``tool_use``/``tool_result`` content and Responses-style
``function_call`` items with JSON-string arguments), spreadsheet CSV exports with a header
line (comma and semicolon separated), JSON-LD nodes (schema.org ``PropertyValue``,
``ReplaceAction``, ``@graph``), Prometheus samples (info metrics whose labels hold the fact),
Terraform/HCL blocks (resources, locals, variables, modules, a ``terraform plan`` diff), LLM
conversation summaries ("The user mentioned that ..."), WhatsApp chat exports (iOS and
Android formats), Python reprs of memory objects, and newswire lines (datelines, BRIEF- and
UPDATE- items). Validity is written as ``valid_from``, ``validFrom``, ``validThrough``,
``as_of``, ``observed_at``, ``dateModified``, ``startDate``, ``since``, ``effective``,
``changed_on``, ``ts=``, ``date.fromisoformat(...)``, ISO dates, ``T..Z`` and ``+00:00``
timestamps, "May 2019", "19/05/2015", "19.05.2015", "19-May-2015", "11/20/2018", two-digit
years day first ("19/05/15") and month first ("05/19/15"), "[May 19, 2015 18:30]", a
dateline's "May 21" with no year, a bare year, "last week", "this month", or not at all; a
change names the value it replaces as an ``old_value``/``previous``/``previousValue``/
``supersedes``/``replacee``/``old``/``from`` field, a CSV "Was" column, "# was X", "X -> Y",
"(previously X)", "replaced X", "replacing X", "no longer has X", "Y succeeds X", "changed
from X to Y", "dropped X", "Y, not X", "the old X is out of date", a ``history`` list, a
``validThrough`` node, a plan's ``~ value = "X" -> "Y"``, "nope, Y" after "still X?", "X
retired, Y now", or (in one summary wording) not at all; the value comes before the entity
in some wordings and after it in most.
``holdout_pairs()`` gives 1033 labelled older/newer pairs: 378 changes (189 in one family,
189 across two), 170 restatements, and 485 negatives: 291 of another entity's same slot (32
of them sharing the value: Mike Babcock, Craig Berube, Todd McLellan, Jim Montgomery, Mike
Sullivan, Peter DeBoer, Gerard Gallant and Bruce Cassidy behind two or three benches;
Demna, Pierpaolo Piccioli, Alessandro Michele, Matthieu Blazy, Daniel Lee, Riccardo Tisci,
Sarah Burton, Kim Jones and Pietro Beccari at two houses; public shareholders of Twitter,
Reddit and LinkedIn, 60 seconds and 3 minutes on Instagram and TikTok; Stephen House in
Scotland and London; 56.7 °C for the United States and Earth, 2016 and 2023 as NASA's and
Copernicus's warmest years; Friday only and Tuesday and Friday for EuroMillions and
Eurojackpot, Wednesday and Saturday for Powerball and UK Lotto), 90 of another slot of the
same entity (none happened to draw the two slots that share a value: Jonathan Anderson as
Dior's creative director and menswear designer, Elon Musk as Twitter's owner and chief
executive), 27 of multi-valued relations (the Penguins', Lightning's and Panthers' Stanley
Cups, LVMH's acquired houses, Meta's acquired apps), 66 of recurring events' winners (the
Stanley Cup, the Hart Trophy, the Met Gala's theme, the UN Climate Change Conference's host
city; each series keeps only occasions with distinct winners) and 11 additions.
"""

from pathlib import Path

from evaluation.holdout_g.readers import readers

# Set G's readers bound to this folder: catalogue, families, renderer, subjects and pairs.
SOURCE, domains, families, render, holdout_histories, holdout_pairs = readers(
    Path(__file__).parent, 7919
)
HOLDOUT_SEED = SOURCE.seed
