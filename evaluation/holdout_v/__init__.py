"""Hold-out set V: real-world changing facts in eight new domains written in ten new wording
families, a twenty-second benchmark set written apart from the change detector.

A helper wrote it from its own general knowledge, nothing from ``/work/shared``. What it read:
the record types (``evaluation/holdout/model.py`` and ``__init__.py``), set G's code
(``evaluation/holdout_g/*.py``, not G's JSON), sets S, T and U completely (their front doors,
JSON files and ``tests/test_holdout_s.py``, ``test_holdout_t.py``, ``test_holdout_u.py``, as the
models for structure, schema and style; none of their facts, domains or templates is reused, and
the questions of S, T and U were compared with V's so that none is repeated), the store workload
(``evaluation/benchmarks/holdout_store.py``), the holdout command
(``evaluation/benchmarks/adapters/holdout.py``), the two CLI help strings that list the sets,
the README's recall-order command-table row, its one sentence naming the sets (both changed from
a…u to a…v) and its rows for the hold-out sets (a row for V added), the shared checks
(``tests/holdout_checks.py``, ``holdout_helpers.py``, ``test_holdout_common.py``), the test that
reads every set's memories for the trust gate (``tests/test_trust_gate_negatives.py`` and
``evaluation/trust_gate/labelled.py``'s ``agent_memories``), the commits that registered sets T
and U, ``tools/duplicate_budget.py``'s docstring, the domain paragraphs of the docstrings of
sets G to U, and the names (only) of the wording families of sets A to U (printed by each set's
``families()``), so as not to repeat one. What it did not read: the change detector (anything
under ``curation/``; the trust gate's checks were only called, as the shared check calls them,
and flag none of V's memories as an instruction, a secret or personal data, so nothing was
changed for them), docs/evaluation.md, the README beyond those rows and sentence,
``recall_order.py``'s code, and any facts, templates, histories or pairs of sets A to N. Its
facts and wordings are its own data (``catalogue.json``, ``wordings.json``); the code that
reads, renders and pairs them is set G's, through a ``Source`` naming this folder (seed 7121).
Only raw recall was run on V (``memgov eval recall-order --set v --json``, once, its raw arm
read; the other arms' figures were not looked at) to check that its questions are answerable;
nothing was tuned for curation and no template was rewritten after it. The current value is in
the raw top 5 / top 10 for this share of the 345 questions per family: ``mcp_tool_result`` 0.742
/ 0.861, ``influx_line`` 0.904 / 0.965, ``jest_snapshot`` 0.835 / 0.971, ``mysql_client`` 0.693
/ 0.780, ``php_print_r`` 0.733 / 0.861, ``voicemail_transcript`` 0.838 / 0.884,
``photo_caption`` 0.936 / 0.991, ``sphinx_rst`` 0.916 / 0.983, ``etcd_kv`` 0.806 / 0.916,
``llm_cli`` 0.919 / 0.988 (current first 0.241 to 0.386). The mysql client's output, which
buries entity and value among table borders, column headers and ``1 row in set (0.00 sec)``, is
the hardest family to answer from raw recall (0.780 in the top 10), then PHP's ``print_r`` and
MCP results (0.861 each: array and JSON-RPC boilerplate around every fact); every memory names
its entity, so all three were left as written.

``holdout_histories()`` gives one subject per (entity, slot) of ``catalogue.json`` in eight
domains, none of sets G to U's: foreign ministries (the foreign ministers of eight countries,
the names of six foreign ministries, the ambassadors of the United Kingdom, the United States,
India and Canada to the United Nations), mathematics (GIMPS's largest known prime and founder,
the record computation of pi, the presidents of the International Mathematical Union, the
American Mathematical Society and the Clay Mathematics Institute, the host of the next
International Congress of Mathematicians, the count of unsolved Millennium Prize Problems, the
status of six conjectures and problems), the solar system (the known moons of Saturn, Jupiter,
Uranus, Pluto and Mars, the spacecraft in orbit around Saturn and Jupiter, Saturn's day, Pluto's
classification, the names of two minor planets, the region of space of the two Voyagers), road
rules (default urban speed limits in four cities and Wales, Paris's ring-road limit, motorway
limits in four countries, France's rural limit, drink-driving limits in five countries, the
handheld-phone penalty in England and Wales), standardised tests (the maximum scores, formats,
testing times and owners of seven admission and language tests, the GCSE's grading scale,
Ofqual's chief regulator, the Gaokao's candidates), mountains (the official heights of five
peaks, Everest's most-ascents record and oldest summiter, the official names of North America's
and Australia's highest mountains, Uluru's climbing rule, the highest peak of the Himalaya and
Karakoram), payments (chief executives of Visa, Mastercard, American Express and SWIFT, three
headquarters, the owners of PayPal, Discover and Worldpay, the contactless limits of the United
Kingdom and France, Apple Pay's executive in charge) and research laboratories
(directors-general of CERN, ITER and EMBL, the member states of CERN and ITER, the LHC's
collision energy, the fusion energy records of the Joint European Torus and the National
Ignition Facility, JET's operating status and operator, ITER's site, the EAST tokamak's H-mode
duration record): 115 subjects of 73 entities, 32 of which carry two or three slots changing on
their own schedules (ten carry three), 19 subjects that never change. Values are people ("Yvette
Cooper", "S. Jaishankar", "T. S. Tirumurti", "François-Philippe Champagne", "László Lovász",
"Yuichiro Miura", "Javier Pérez-Tasso", "Rolf-Dieter Heuer"), organisations and places
("Foreign, Commonwealth & Development Office", "Global Affairs Canada", "Educational Testing
Service", "Nexus Capital Management", "public shareholders", "UKAEA", "Saint-Paul-lès-Durance",
"Purchase, New York"), names of bodies ("2003 UB313", "Ultima Thule", "Arrokoth", "Mount
McKinley", "Mount Kosciuszko"), statuses ("open problem", "proved", "formally verified", "ninth
planet", "dwarf planet", "closed to climbers", "shut down", "none", "interstellar space", "paper
and pencil", "digital", "computer-based"), speed and drink-driving limits ("30 km/h", "20 mph",
"50 mg per 100 ml of blood"), money ("£200", "£100", "€50"), records and measures
("2^136,279,841 - 1", "300 trillion digits", "8,848.86 m", "20,310 ft", "13.6 TeV", "69
megajoules", "1,066 seconds", "10 hours 33 minutes"), counts with units ("274 known moons", "31
summits", "25 member states", "13.35 million", "6 unsolved problems", "1600 points") and testing
times ("1 hour 58 minutes", "under 2 hours"), each dated by the day it took effect (a minister
or a chief executive by the day the post was taken up, a ministry's name by the day it was
adopted, a record by the day it was set, a moon count by the day the new moons were announced, a
status by the day a proof was announced or published and "open problem" by the day or year the
question was posed, a limit by the day it came into force, a value held before a documented
change by the first of a month or year when only that is known); a current value is the latest
its writer knew of and may since have changed in the world (the set measures memory, not the
news). Histories keep values distinct and leave out acting and interim holders (Ofqual's interim
chief regulators, the acting US ambassador of 2025), and a value that came back is cut off
before it left (Japan's foreign ministers start after Toshimitsu Motegi's first spell, the
official name of North America's highest peak starts with Denali in 2015).

Facts its writer is unsure of (dates, figures or current holders): the British and Indian UN
ambassadors' days (Matthew Rycroft's April 2015, Karen Pierce's March 2018, Barbara Woodward's
November 2020 and whether she is still in post, Syed Akbaruddin's January 2016, T. S.
Tirumurti's May 2020, Parvathaneni Harish's September 2024), Mike Waltz's 19 September 2025,
Marc-André Blanchard's April 2016 and whether Bob Rae is still in post, Canada's ministry names
dated 1995 and 26 June 2013, France's renaming dated by the decree of 24 May 2017, Japan's
ministry dated 1869; the primes dated by the day each was found, pi's 300 trillion digits dated
2 April 2025, the International Mathematical Union's General Assembly days, the Clay Institute
presidents' days (2003, July 2012, October 2018), the "open problem" dates (years for Poincaré,
Kepler, Fermat and the sensitivity conjecture), the four colour theorem's formal proof dated
2005; the moon counts dated 2012 and 2013 (67 for Jupiter, 62 for Saturn), Jupiter's 95 dated
May 2023, Uranus's 29 dated 19 August 2025, Saturn's Voyager-era day dated 1981, Juno still in
orbit; the first values of the road limits (Brussels's 1992, Bologna's 1993, Amsterdam's 1957,
the Périphérique's 80 km/h in 1993, the Netherlands' 120 km/h in 1988 and its drink-driving
limit in 1974, France's 90 km/h from December 1973, Denmark's 110 km/h from 1979 and 80 mg from
1976, Ireland's 80 mg from 1994), the Dutch 100 km/h holding by day (06:00 to 19:00); the ACT's
new testing time dated 5 April 2025 and its sale dated 1 May 2024, the GRE's 2011 and TOEFL's
2005 and 2019 days, the GMAT's 800 points dated 1976, the MCAT's paper test dated 1928 and its
45 points April 1991, Ofqual's chief regulators' days (Jo Saxton January 2022, Ian Bauckham
January 2024); Everest's 8,848 m dated 1955, Denali's 20,320 ft dated 1953, Mount McKinley
restored dated 24 January 2025, Aoraki / Mount Cook's 3,764 m dated 1881 and 3,724 m 14 January
2014, Mont Blanc's measurements (2019's and any 2025 measurement left out), Mount St. Helens's
9,677 ft dated 1900, Uluru open from 1936, Kosciuszko's spelling dated 1997; Joseph Saunders's
October 2007, Mastercard's Purchase dated 2001, American Express's New York City dated 1986,
SWIFT's La Hulpe dated 1989 and Lázaro Campos's April 2007, the United Kingdom's £20 dated June
2012 and France's €20 dated 2012, Worldpay's owners ending at GTCR (a later sale is left out);
the Joint European Torus's 21.7 megajoules dated November 1997, the National Ignition Facility's
5.2 and 8.6 megajoules and their days, Kaname Ikeda's day, the EAST tokamak's 403 seconds day,
CERN's 25th member state dated 21 June 2025.

Questions (345) ask for the current value three ways: in the slot's own words, around them ("Who
speaks for Germany when its government deals with other countries?", "How far has anyone worked
out the decimal expansion of pi?", "How many bodies are confirmed to circle Saturn?", "How much
alcohol may a driver have in the bloodstream in Scotland?", "May visitors walk up to the top of
Uluru?", "How hard do proton beams smash together in the main ring at CERN?") and by the latest
occurrence ("most recently", "newest", "latest", "these days").

``render(family, subject)`` writes the facts in one of ten ``families()``, the way tools, agents
and people leave records today: MCP tool results (JSON-RPC 2.0 results with text content and
``structuredContent``, a resource-updated notification, an inspector's ``tools/call`` line and
its result), InfluxDB line protocol (``kb_fact,key=...`` lines with string fields, an InfluxQL
``SELECT last(...)`` with its time column, an ``influx write`` command), Jest snapshots
(``exports[...]`` entries, an inline snapshot, a passing test line, a snapshot diff), the mysql
client (tables with borders and ``1 row in set``, a vertical row, an ``UPDATE`` with its bound
parameters), PHP's ``print_r`` (arrays and ``stdClass`` objects, the PHP error log, the
interactive shell), voicemail transcripts (a caller's header, spoken fillers, a low-confidence
transcription), photo captions (a credit line, ``FILE PHOTO``, alt text, a ``CORRECTS``
caption), Sphinx reStructuredText (a custom directive with fields, a field list, ``note``,
``versionchanged``, ``deprecated`` and ``versionadded`` directives, a ``list-table``), etcd and
Consul key-value reads (``etcdctl get`` in simple and JSON output, ``watch``, a ``txn`` and
``put --prev-kv``, ``consul kv get``) and the llm command line (prompts and answers, ``llm
logs`` in Markdown, a continued conversation). Validity is written as ISO dates, "(valid from
2019-05-21)", "(effective 2019-05-21)", "as of May 2019", an InfluxQL time
``2019-05-21T00:00:00Z``, a ``valid_from="2019-05-21"`` field, "# import of May 2019", a
snapshot's ``"since"`` field, "(as of May 2019)" in a test name, a mysql ``valid_from`` or
``year`` column, ``updated_at: 2019-05-21 10:00:00``, ``changed_at``, a ``[valid_from]``,
``[year]`` or ``[changed]`` key, the PHP error log's ``[21-May-2019 09:14:02 UTC]``, "New
voicemail (0:23), May 21, 2019", "Since May 2019, I think", "From May 2019", "on an information
board in May 2019", "at a news conference on May 21, 2019", "Archive picture, 2019", a
``:since:`` field, ".. versionchanged:: 2019", ".. deprecated:: 2019", ".. versionadded:: 2019",
an ``llm logs`` header ``# 2019-05-21T09:12:44``, "As of May 2019", "Since May 2019", or not at
all (1685 of the 3000 memories; etcd and Consul never date a fact); a change names the value it
replaces as "X -> Y (effective ...)", a ``"replaces"`` field, a ``previous`` or ``old_value``
field, a snapshot diff's ``-`` line, a snapshot's ``"previous"``, "moved from X to Y", a bound
parameter of ``AND value = ?``, a ``previous_value`` row, a ``replaced`` column, an ``[old]``
key, "X is stale, now Y", a ``[history]`` array, "isn't X anymore, it's Y", "not X, it's Y now",
"Y replaces X as", "A board still showing X", "Y, not X", "(previously X)", a ``deprecated``
directive, a ``:replaces:`` field, a ``txn`` comparing against X, a watch's or put's previous
key-value, "Is X still ...? No.", ", replacing X", "Still X?", or (in three wordings: an MCP
upsert call, a line-protocol write with a revision, a voicemail saying "a new ...") not at all,
202 of the 1850 changes; the value comes before the entity in some wordings (584 memories) and
after it in most (2416).

``holdout_pairs()`` gives 1028 labelled older/newer pairs: 370 changes (185 in one family, 185
across two), 164 restatements, and 494 negatives: 225 of another entity's same slot (95 of them
sharing the value: "open problem" and "proved" for six conjectures and "formally verified" for
two, 30 and 50 km/h in four cities, 130 km/h on three countries' motorways, 80 and 50 mg per 100
ml of blood in five countries, "paper and pencil", "digital" and "computer-based" for four
tests, the Educational Testing Service owning the GRE and the TOEFL, public shareholders owning
PayPal, Discover and Worldpay, the Ministry of Foreign Affairs of France and Japan, no
spacecraft at Saturn or Jupiter, the two Voyagers in the heliosphere and then interstellar
space), 104 of another slot of the same entity (none happened to draw Paris's 50 km/h, once its
urban limit and now its ring-road limit), 75 of multi-valued relations (GIMPS's Mersenne primes,
the rovers landed on Mars, the eight-thousanders climbed in winter, Apple Pay's launch
countries, CERN's associate member states), 66 of recurring events' winners (the presidents of
the United Nations General Assembly, one of them Germany's former foreign minister Annalena
Baerbock, the Abel Prize, the International Mathematical Olympiad's host city and the Nobel
Prize in Physics) and 24 additions.
"""

from pathlib import Path

from evaluation.holdout_g.readers import readers

# Set G's readers bound to this folder: catalogue, families, renderer, subjects and pairs.
SOURCE, domains, families, render, holdout_histories, holdout_pairs = readers(
    Path(__file__).parent, 7121
)
HOLDOUT_SEED = SOURCE.seed
