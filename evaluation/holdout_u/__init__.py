"""Hold-out set U: real-world changing facts in eight new domains written in ten new wording
families, a twenty-first benchmark set written apart from the change detector.

A helper wrote it from its own general knowledge, nothing from ``/work/shared``. What it
read: the record types (``evaluation/holdout/model.py`` and ``__init__.py``), set G's code
(``evaluation/holdout_g/*.py``, not G's JSON), sets R, S and T completely (their front doors,
JSON files and ``tests/test_holdout_r.py``, ``test_holdout_s.py``, ``test_holdout_t.py``, as
the models for structure, schema and style; none of their facts, domains or templates is
reused), the store workload (``evaluation/benchmarks/holdout_store.py``), the holdout
command (``evaluation/benchmarks/adapters/holdout.py``), the two CLI help strings that list
the sets, the README's recall-order command-table row and the one README sentence naming
the sets (changed from a…t to a…u), the shared checks (``tests/holdout_checks.py``,
``holdout_helpers.py``, ``test_holdout_common.py``), the test that reads every set's
memories for the trust gate (``tests/test_trust_gate_negatives.py`` and
``evaluation/trust_gate/labelled.py``'s ``agent_memories``), the commits that registered
set T, ``tools/duplicate_budget.py``'s docstring, the domain paragraphs of the docstrings of
sets G to T, and the names (only) of the wording families of sets A to T (printed by each
set's ``families()``), so as not to repeat one. What it did not read: the change detector
(anything under ``curation/``; the trust gate's checks were only called, as the shared check
calls them, and flag none of U's memories as an instruction, a secret or personal data, so
nothing was changed for them), docs/evaluation.md, the README beyond that row and sentence,
``recall_order.py``'s code, and any facts, templates, histories or pairs of sets A to N.
Its facts and wordings are its own data (``catalogue.json``, ``wordings.json``); the code
that reads, renders and pairs them is set G's, through a ``Source`` naming this folder (seed
6089). Only raw recall was run on U (``memgov eval recall-order --set u --json``, once, its
raw arm read; the other arms' figures were not looked at) to check that its questions are
answerable; nothing was tuned for curation and no template was rewritten after it. The
current value is in the raw top 5 / top 10 for this share of the 345 questions per family:
``kafka_record`` 0.788 / 0.887, ``es_search_hit`` 0.649 / 0.786, ``rust_debug`` 0.736 /
0.893, ``trello_card`` 0.893 / 0.965, ``pdf_extract`` 0.806 / 0.904, ``devtools_console``
0.742 / 0.843, ``sparql_results`` 0.412 / 0.542, ``reddit_comment`` 0.916 / 0.983,
``discord_message`` 0.780 / 0.913, ``psql_expanded`` 0.681 / 0.797. SPARQL results, which
bury entity and value as literals among result-format boilerplate (``"head"``, ``"vars"``,
``"bindings"``, ``"type": "literal"``, an XML Schema datatype, ASCII table rules), are the
hardest family to answer from raw recall (0.542 in the top 10), then Elasticsearch hits
(0.786: ``_index``, ``_score``, ``_source`` around every fact) and psql's expanded display
(0.797: one field per line among ids, flags and record headers); every memory names its
entity, so all three were left as written.

``holdout_histories()`` gives one subject per (entity, slot) of ``catalogue.json`` in eight
domains, none of sets G to T's: monarchies (the reigning monarchs of six kingdoms, a grand
duchy, a sultanate, an emirate and Malaysia's elective throne, the heirs of Sweden, Saudi
Arabia and Kuwait, the prime ministers of Saudi Arabia and Kuwait), armed forces (the most
senior officers of twelve services and joint staffs in the United States, the United
Kingdom, France and Germany, the US vice chairman of the Joint Chiefs, the secretaries and
ministers over six of them, the US Navy's newest aircraft carrier), energy utilities (chief
executives of six, EDF's reactor count in France, E.ON's, RWE's and NextEra Energy's
headquarters, RWE's lignite exit year, Ofgem's energy price cap, the owners of Uniper,
innogy and SEFE), sailing (the America's Cup's holder and match venue, the Vendée Globe's
race record, start port and starters, the crewed and single-handed round-the-world records,
the Sydney to Hobart's race record and organiser, the heads of World Sailing, SailGP and
Emirates Team New Zealand), theatres (artistic directors of seven companies and houses in
London, Stratford-upon-Avon and Paris, Broadway's longest-running current show and season
gross, the West End's longest-running show and musical), swimming (long-course world records
of men's and women's freestyle and men's butterfly and breaststroke over 100 to 800 m, the
international federation's name and president), health systems (chief executives of NHS
England, Mayo Clinic, Kaiser Permanente and HCA Healthcare, the Johns Hopkins Hospital's
president, the prescription charge per item in England, Scotland, Wales and Northern
Ireland, two headquarters) and film franchises (the lead actors of James Bond, Spider-Man
and Mission: Impossible, the latest films of four franchises, Bond's creative control,
Mission: Impossible's director, the third Avatar film's release date, the heads of
Lucasfilm's Star Wars and Marvel Studios, the owners of seven franchises): 115 subjects of
71 entities, 33 of which carry two or three slots changing on their own schedules (eleven
carry three), 18 subjects that never change. Values are people ("King Carl XVI Gustaf",
"Mishal Al-Ahmad Al-Sabah", "Sultan Ibrahim of Johor", "Charles Q. Brown Jr.", "Annegret
Kramp-Karrenbauer", "Zoë Yujnovich", "Daniel Evans and Tamara Harvey", "Éric Ruf", "Husain
Al-Musallam"), organisations and places ("Royal New Zealand Yacht Squadron", "Cruising Yacht
Club of Australia", "German government", "The Walt Disney Company", "Amazon MGM Studios",
"Juno Beach, Florida", "Les Sables-d'Olonne", "Rochester, Minnesota"), ships ("USS Gerald R.
Ford"), shows and films ("The Phantom of the Opera", "Chicago", "Les Misérables", "No Time
to Die", "Spider-Man: Across the Spider-Verse"), swimming times ("46.40", "3:54.18"),
sailing times in days, hours and minutes ("40d 23h 30m", "1d 9h 15m"), money ("£1,755",
"£9.90", "£3", "$845 million", "$1.89 billion"), "free of charge", counts with units ("57
reactors", "40 skippers"), a name ("World Aquatics"), bare years ("2030") and release dates
("December 19, 2025"), each dated by the day it took effect (a monarch by the accession, an
officer, a minister or a chief executive by the day the post was taken up, a record by the
day it was swum or sailed home, a count of starters by the start, a season gross by the day
it was published, a release date by the day it was announced, an owner by the day the
purchase was completed, an heir by the law or birth that made them heir, a value held before
a documented change by the first of a month or year when only that is known); a current
value is the latest its writer knew of and may since have changed in the world (the set
measures memory, not the news). Histories keep values distinct and leave out acting and
interim holders (acting US service chiefs and secretaries, the RSC's acting artistic
director of 2022-23, Kuwait's caretaker governments), and a value that came back is cut off
before it left (the America's Cup's holder starts with the Société Nautique de Genève in
2003, after the Royal New Zealand Yacht Squadron's first spell); Bond's lead actor starts
with Pierce Brosnan (the actors before him are a multi-valued list of their own) and is
still Daniel Craig, no successor having been cast when it was written. The id of Ørsted's
subject is ``energy_utilities/rsted/ceo`` (G's slug drops the Ø).
Facts its writer is unsure of (dates, figures or current holders): Grand Duke Guillaume's
regnal number (V) and day, whether Sweden's heir changed on 1 January 1980 exactly; Daryl
Caudle's, John Phelan's and Troy Meink's days, whether David Allvin and Ben Key are still in
post (later holders are left out), Harv Smyth's and Richard Knighton's 2025 days,
Jean-Pierre Bosser's and Thierry Burkhard's French Army days, Catherine Vautrin's 12 October
2025, Christopher Grady as the current vice chairman; Bernard Fontana's day at EDF, EDF's 58
reactors dated 2000, E.ON's move to Essen dated 1 June 2016 and its Düsseldorf dated by the
2000 merger, NextEra Energy's Juno Beach dated 1984, Zoë Yujnovich's 17 November 2025,
Henrik Poulsen's and Rasmus Errboe's days, Fortum's Uniper majority dated 31 March 2020,
SEFE's Gazprom ownership dated 2015; World Sailing's election days (2012, 2016, 2020),
Russell Coutts's SailGP day, Grant Dalton's 2003 day, the Route du Rhum's 2010 finish day,
the Ocean Race finishes' days; the National Theatre's, the Royal Court's, the Donmar's and
the Young Vic's changeover days (Indhu Rubasingham's April 2025, Tim Sheader's June 2024,
Nadia Fall's October 2024, David Byrne's April 2024), Michael Boyd's 2003, Broadway's season
grosses and their publication days, the Sondheim Theatre's renaming day, Les Misérables'
record dated 3 October 2006, The Mousetrap's dated 13 April 1958; Julio Maglione's day,
Ledecky's 8:04.12 of May 2025; Mayo Clinic's 1889 and HCA's 1968 datings, John Noseworthy's
November 2009, Greg Adams's 10 November 2019, Northern Ireland's £3 dated January 2009, Cone
Health's Risant day; Marvel Entertainment dated 1996, The Jim Henson Company's Muppets dated
May 2003, Kathleen Kennedy as Lucasfilm's head today.
Questions (345) ask for the current value three ways: in the slot's own words, around them
("Who is the crowned head of state of Malaysia?", "Which general or admiral sits at the top
of the uniformed chain of command of the Bundeswehr?", "How fast has anyone swum eight
lengths of the pool in long-course women's freestyle?", "Which company does The Muppets
belong to?") and by the latest occurrence ("most recently", "newest", "latest", "these
days"); the Vendée Globe's start port, Shakespeare's Globe's and the Comédie-Française's
artistic directors, Broadway's and the West End's shows and the Johns Hopkins Hospital's
president are asked in questions of their own.
``render(family, subject)`` writes the facts in one of ten ``families()``, the way tools,
agents and people leave records today: Kafka consumer output (``kafka-console-consumer`` with
keys, a partition and offset, headers, a kcat end-of-topic line, a tombstone), Elasticsearch
(``_search`` hits, a GET by id, an index per year, ``_update_by_query``, ``_update``), Rust
debug output (``dbg!``, ``{:?}`` structs, a test line, a builder with ``date!``, an
``assert_eq!`` panic), Trello cards (title, list, description, due date, labels, checklist,
custom fields, comments, a card moved and one archived), text pulled from a report's PDF
(running heads, page numbers, a hyphenated line break, ``ﬁ`` ligatures, a table row, errata),
the browser's DevTools console (expressions and results, ``console.table``, a warning with
its source line), SPARQL results (JSON bindings, an ASCII table, TSV with ``xsd:gYear``,
``ASK``, ``DELETE``/``INSERT``), Reddit comments (bold, quotes, strike-through, an edit note,
a bot's footer), Discord messages (a bot's embed and people's lines with their header lines)
and psql's expanded display (``-[ RECORD 1 ]`` blocks, an ``UPDATE ... RETURNING`` with its
parameters, ``TABLE``). Validity is written as ISO dates, ``"@timestamp"`` with
``T00:00:00Z``, an index named for the year, a ``"year"`` field, a Kafka header
``valid_from:2019-05-21``, an ``"as_of"`` month and year, a Rust ``Debug`` date and
``date!(2019-05-21)``, ``Due: May 21, 2019``, "21 May 2019", "21/05/2019 09:14", "Today at
17:02", "Yesterday at 08:30", ``changed_at | 2019-05-21 09:00:00+00``, ``updated_at | May 21
2019``, "ANNUAL REVIEW 2019", "Fact sheet 2019", "Since May 2019", ``"2019-05-21"^^xsd:date``,
``"2019"^^xsd:gYear``, an XML Schema date binding, "(as of May 2019)", "EDIT (May 2019)",
"(checked May 2019)", a custom field ``"Checked": 2019``, "# Update succeeded, 2019-05-21",
or not at all (1530 of the 3110 memories; the DevTools console never dates a fact); a
change names the value it replaces as a ``"previous"`` field, a header
``op:replace,replaced:X``, a tombstone for X, a ``"previous_value"``, an
``_update_by_query`` on X, an ``assert_eq!`` panic's ``left``, a ``Change``'s ``from``,
``~~X~~`` (Trello, Reddit, Discord), "X is out", an archived card, "succeeding X", "(prev.
X)", an erratum "for X read Y", ``{previous: "X", current: "Y"}``, ``"X" → "Y"``, a
history's ``.at(-2)``, a SPARQL ``DELETE`` of X, a ``"replaced"`` binding, "Not anymore",
"X is out, Y is in", "now, not X", "(was X)", a ``previous_value`` column, a query parameter
``$2 = X``, a second record, or (in three wordings: an Elasticsearch hit, a Rust
``kb.replace`` call, a SPARQL text table) not at all, 180 of the 1960 changes; the value
comes before the entity in some wordings (496 memories) and after it in most (2605).
``holdout_pairs()`` gives 1147 labelled older/newer pairs: 392 changes (196 in one family,
196 across two), 175 restatements, and 580 negatives: 272 of another entity's same slot (47
of them sharing the value: The Walt Disney Company and 20th Century Fox as owners of several
franchises, George Lucas of Star Wars and Indiana Jones, free of charge and £3 as
prescription charges in Scotland, Wales and Northern Ireland, the officers who moved up from
a service to the joint staff, Martin Dempsey, Joseph Dunford, Mark Milley, Charles Q. Brown
Jr., Nick Carter, Tony Radakin, Richard Knighton and Thierry Burkhard, Mark Esper as
Secretary of the Army and of Defense, E.ON and the German government as owners, Essen as
E.ON's and RWE's headquarters), 110 of another slot of the same entity (2 sharing the
value: Mohammed bin Salman as Saudi Arabia's crown prince and prime minister; Kuwait's
emirs were its crown princes first and its present crown prince a prime minister), 90 of
multi-valued relations (the grandchildren of Sweden's and Norway's kings, the children of
Belgium's and the Netherlands' monarchs, the US armed services, EPR units connected to the
grid, Emirates Team New Zealand's America's Cup wins, the actors who have played Bond, the
Avengers films, West End theatres renamed, Risant Health's systems), 73 of recurring events'
winners (the Vendée Globe, The Ocean Race, the Route du Rhum, the Tony Awards for Best
Musical and Best Play, the Olympic men's 100 m and women's 400 m freestyle) and 35
additions.
"""

from pathlib import Path

from evaluation.holdout_g.readers import readers

# Set G's readers bound to this folder: catalogue, families, renderer, subjects and pairs.
SOURCE, domains, families, render, holdout_histories, holdout_pairs = readers(
    Path(__file__).parent, 6089
)
HOLDOUT_SEED = SOURCE.seed
