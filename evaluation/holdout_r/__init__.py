"""Hold-out set R: real-world changing facts in eight new domains written in ten new wording
families, an eighteenth benchmark set written apart from the change detector.

A helper wrote it from its own general knowledge, nothing from ``/work/shared``. What it
read: the record types (``evaluation/holdout/model.py`` and ``__init__.py``), set G's code
(``evaluation/holdout_g/*.py``, not G's JSON), sets Q and P completely (their front doors,
JSON files and ``tests/test_holdout_q.py``, ``test_holdout_p.py``, as the models for
structure, schema and style; none of their facts, domains or templates is reused), the store
workload (``evaluation/benchmarks/holdout_store.py``), the holdout command
(``evaluation/benchmarks/adapters/holdout.py``), the two CLI help strings that list the sets,
the README's recall-order command-table row (and, found by grep, one README sentence naming
the sets, changed from a…q to a…r without reading its section), the shared checks
(``tests/holdout_checks.py``, ``holdout_helpers.py``, ``test_holdout_common.py``), the test
that reads every set's memories for the trust gate (``tests/test_trust_gate_negatives.py``
and ``evaluation/trust_gate/labelled.py``'s ``agent_memories``), the commits that registered
set Q, the domain paragraphs of the docstrings of sets G to Q, and the names (only) of the
wording families of sets A to Q (printed by each set's ``families()``), so as not to repeat
one. What it did not read: the change detector (anything under ``curation/``; the trust
gate's checks were only called, through the shared check, to find which memories they
flagged), docs/evaluation.md, the README's evaluation section beyond that row,
``recall_order.py``'s code, and any facts, templates, histories or pairs of sets A to N. Its
facts and wordings are its own data (``catalogue.json``, ``wordings.json``); the code that
reads, renders and pairs them is set G's, through a ``Source`` naming this folder (seed
9127). Two wordings were changed before the data was committed, because the shared
trust-gate check flagged some of their memories: LDIF timestamps of fourteen, then twelve,
digits became eight-digit dates and an ISO ``modifyTimestamp``, and HTTP request paths lost
the slot key (it moved into the body). Only raw recall was run on R (``memgov eval
recall-order --set r --json``, once, its raw arm read; the other arms' figures were not
looked at) to check that its questions are answerable; nothing was tuned for curation and no
template was rewritten after it. The current value is in the raw top 5 / top 10 for this
share of the 345 questions per family: ``turtle_triples`` 0.812 / 0.954, ``ldif_record``
0.742 / 0.878, ``mongo_shell`` 0.725 / 0.846, ``datomic_tx`` 0.614 / 0.794, ``ansible_run``
0.846 / 0.910, ``http_request`` 0.771 / 0.899, ``org_mode`` 0.925 / 0.988,
``wikidata_claim`` 0.901 / 0.988, ``dataframe_repr`` 0.725 / 0.841, ``standup_update`` 0.928
/ 0.974. Datomic transactions, which wrap entity and value in EDN vectors and maps among
``:db/add``, ``:entity/name`` and ``:fact/...`` keywords, are the hardest to answer from raw
recall (0.794 in the top 10), then the pandas prints and MongoDB shell lines (0.841 and
0.846); every memory names its entity, so all three were left as written.

``holdout_histories()`` gives one subject per (entity, slot) of ``catalogue.json`` in eight
domains, none of sets A to Q's: container shipping (chief executives, shipping alliances,
Maersk's net-zero target year, Hapag-Lloyd's revenue, CMA CGM's headquarters, the heads of
the Panama and Suez canal authorities, the publication day of Drewry's World Container
Index), hotel chains (chief executives, Marriott's chairman, loyalty programmes, Hilton's
headquarters, owners of Radisson, Motel 6 and La Quinta, Cascade Investment's stake in Four
Seasons and its founding year), insurers (chief executives, chairmen, Allianz's total
revenue, Lloyd's gross written premiums, Swiss Re's headquarters), news agencies (chief
executives, top editors, owners of Reuters and UPI, founding years, the AP Stylebook's
percentage style and spelling of internet), think tanks (heads, founding years), toy makers
(chief executives, the LEGO Group's revenue and largest set, Hasbro's revenue, Mattel's
headquarters, owners of toy brands, the Rubik's Cube single-solve world record, Monopoly's
Go salary), trade unions (general secretaries and presidents, the United Auto Workers'
Detroit Three contract expiry, membership, the US workforce's union membership rate) and
mining companies (chief executives, chairmen, BHP's headquarters, Anglo American's stake in
De Beers, the LBMA Gold Price's administrator and auction times, the Grasberg mine's
majority owner): 115 subjects of 71 entities, 34 of which carry two or three slots changing
on their own schedules (ten carry three), 15 subjects that never change. Values are people
("Vincent Clerc", "J.W. Marriott Jr.", "Jacques de Vaucleroy", "Mariano-Florentino Cuéllar",
"Derek Simpson and Tony Woodley"), organisations and places ("Gemini Cooperation",
"2M+H Strategic Cooperation", "Jin Jiang International", "ICE Benchmark Administration",
"PT Inalum", "McLean, Virginia", "Marseille"), money ("$4.14 billion", "$200", "€179.8
billion", "€19.1 billion", "DKK 74.3 billion", "£55.5 billion"), percentages ("71.25%",
"85%", "9.9%", "5%" against "5 percent"), counts with units ("11,695 pieces", "1.3 million
members", "3.05 seconds"), a weekday ("Thursday"), times of day ("11 a.m. London time",
"10:30 a.m. and 3 p.m. London time"), dates ("April 30, 2028") and bare years ("2040",
"1851"), each dated by the day it took effect (a revenue or a premium figure by the day it
was published, a membership rate by the day of its release, a contract's expiry by the day
the contract was ratified, a set size by the day the set went on sale, a value held before
a documented change by the first of a month or year when only that is known, a founding
year by the founding); a current value is the latest its writer knew of and may since have
changed in the world (the set measures memory, not the news). Histories keep values
distinct and leave interim holders out (Heritage's Ed Feulner in 2017); Allianz's and Munich
Re's chair histories start after the chairs who took over on a chief executive's day (an
entity's slots change on their own schedules); Hasbro's Rich Stoddart is dated by his
appointment as chief executive, Vale's Eduardo Bartolomeo and SAG-AFTRA's Gabrielle Carteris
by the start of their acting spells, which they kept.
Facts its writer is unsure of (dates, figures or current holders): Nils Smedegaard
Andersen's and Michael Behrendt's start days, Jacques Saadé's from 1978, Hapag-Lloyd's
Grand Alliance dating and its revenue figures and publication days, Ocean Three's and
CKYHE's start days, Alberto Alemán Zubieta dated by the canal handover, Mohab Mamish's and
Osama Rabie's months, Drewry's Thursday, the days of Maersk's, CMA CGM's and Hapag-Lloyd's
acquisitions; J.W. Marriott Jr.'s years as chief executive and chairman, Marriott Rewards'
1995, Hilton Honors' renaming day and the McLean move's month, Hyatt Gold Passport's start,
IHG One Rewards', Le Club AccorHotels' and ALL's days, Gilles Pélisson's and Denis
Hennequin's days, Radisson's HNA and Jin Jiang months, Cascade's 71.25% (dated by the deal's
announcement), OYO's completion day for Motel 6, Regent's, Six Senses's and Dream Hotel
Group's days; Henning Schulte-Noelle's, Giovanni Perissinotto's and James Schiro's starts,
Bernd Pischetsrieder's chair day, Maurice Tulloch's month, Lloyd's premium publication days
and whether John Neal still leads Lloyd's; the starts of David Schlesinger, Stephen Adler,
Tom Curley, Kathleen Carroll and Sally Buzbee, Julie Pace's day, the AP Stylebook's percent
rule day and its earlier dating of "capitalized Internet", Pierre Louette's and Emmanuel
Hoog's days, Sergei Mikhailov's and Andrei Kondrashov's months, UPI's owners' months, World
Press Photo's announcement days; the think tanks' earlier heads' years, John R. Allen's and
Michael Froman's months, Bastian Giegerich's and Mariano-Florentino Cuéllar's days, the
Shangri-La Dialogue's keynote days; Kjeld Kirk Kristiansen dated 1979, Alfred Verrecchia's
2003, the LEGO Group's and Hasbro's revenue publication days, Entertainment One's month for
Peppa Pig, Thomas & Friends' owners' months, Rubik's Brand Ltd dated 2015, the 3.05 seconds
day, Meccano's sale month, Monopoly's owner chain (Kenner Parker Toys, Tonka, Hasbro)
months, Mattel's El Segundo dating; Len McCluskey's start, Mick Cash's and Mick Lynch's
months (and whether Lynch has since handed over), Dennis Williams's, Gary Jones's and Rory
Gamble's days, Sean Astin's day, the unions' membership claims (rounded), the contracts'
ratification days; Ross McEwan's, Simon Thompson's, Dominic Barton's, Simon Murray's and
Kalidas Madhavpeddi's chair days, the De Beers chief executives' days, Anglo American's 45%
dated 2002, the LBMA times (whether the morning fixing moved from 11 a.m. to 10:30 a.m. when
the afternoon fixing began in 1968), London Gold Market Fixing Ltd dated 2004, the Grasberg
mine's Freeport dating, Ivan Glasenberg's 2002.
Questions (345) ask for the current value three ways: in the slot's own words, around them
("Who runs the container line Maersk?", "How big, in bricks, is the biggest kit the LEGO
Group has ever sold?", "When during the London day is the LBMA Gold Price fixed?") and by the
latest occurrence ("most recently", "newest", "latest", "these days"); fourteen entities ask
in their own titles (the unions' general secretaries and presidents, TASS's director general,
the AP's executive editor, Chatham House's director, the IISS's director-general, the
Hoover Institution's director).
``render(family, subject)`` writes the facts in one of ten ``families()``, the way agents,
tools and people write memories today: RDF Turtle (blank nodes, typed literals, a
supersedes node), LDIF records (entries, ``changetype: add`` and ``modify`` with
``delete``/``add``/``replace``, search results), MongoDB shell sessions (``insertOne``,
``findOne``, ``updateOne`` with ``$set``, ``$push`` and ``$addToSet``, change-stream
events), Datomic transactions (``:db/add``, ``:db/retract``, ``:db/cas``, ``d/transact``,
``:db-before``/``:db-after``), Ansible runs (task output, ``--diff`` hunks, ``PLAY RECAP``,
the log file's lines), HTTP requests and access logs (``PUT``, ``PATCH`` merge patches
with ``If-Match``, ``GET`` with its response, ``curl``, form posts, combined-log lines with
bodies), Org mode notes (property drawers, ``LOGBOOK`` state changes, ``CLOSED`` stamps,
tags, strikethrough, quote blocks), Wikidata statements (ranks, start and end times,
``replaced by``, ``wbsetclaim``/``wbcreateclaim``), pandas prints (DataFrames, Series,
``df.loc`` and ``df.query`` sessions) and stand-up updates ("Yesterday / Today / Blockers",
"Y: / T: / B:", "standup 21/05: ..."). Validity is written as ISO dates, an LDIF
"20190521", ``ISODate("2019-05-21T00:00:00Z")``, ``#inst`` and
"2019-05-21T10:14:02.000-00:00", an access log's "[21/May/2019:10:14:02 +0000]", an Ansible
log's "2019-05-21 10:14:02,118", Org's "[2019-05-21]", "[2019-05-21 10:14]" and
"<2019-05-21>", Wikidata's "+2019-05-21T00:00:00Z/11" and "21 May 2019", "point in time
2019", ``xsd:gYear``, "May 2019", "21.05.2019", "21/05/2019", "21/05/19", "21/05" and "May 21"
with no year, ``X-Observed-Year``, fields ``validFrom``, ``valid_from``, ``since``,
``as_of``, ``modifyTimestamp``, ``wallTime``, ``:tx-instant``, ``CLOSED``, ``start time``,
``end time`` and ``retrieved``, or not at all; a change names the value it replaces as
``kb:replaces``, a closed ``kb:validUntil`` node, ``kb:supersedes [ ... ]``, LDIF's
``delete:`` before ``add:``, ``formerValue:``, a ``seeAlso`` history entry, an update
matched on the old value, ``$push: { history: ... }``, ``fullDocumentBeforeChange``,
``:db/retract``, ``:db-before``, ``:db/cas``, a ``--- before``/``+++ after`` diff,
``"previous"``, "was X", ``If-Match: "X"``, ``{"from": X, "to": Y}``, an Org state change
(``State "Y" from "X"``), ``+X+`` struck through, "(replaces X)", an ``end time`` on a
normal-rank claim, "set to normal rank", ``replaced by``, an ``_old`` column, "# was X", a
``previous`` row, "Y in for X", "not X anymore", "moved from X to Y", or (in one HTTP
wording) not at all; the value comes before the entity in some wordings and after it in most.
``holdout_pairs()`` gives 1001 labelled older/newer pairs: 386 changes (193 in one family,
193 across two), 182 restatements, and 433 negatives: 218 of another entity's same slot (12
of them sharing the value: THE Alliance at Hapag-Lloyd, Ocean Network Express and HMM,
Mattel, Hasbro and Spin Master as toy brands' owners, Blackstone at Motel 6 and La Quinta,
Mario Greco at Generali and Zurich, the 1.3 million members Unison and the Teamsters
claim; 2M Alliance, Gemini Cooperation, Premier Alliance and Ocean Alliance began on one day
for both carriers and make no pair), 108 of another slot of the same entity (none sharing
the value: the chief executives who went on to chair Allianz, Munich Re and Marriott were
not drawn), 42 of multi-valued relations (acquisitions of Maersk, CMA CGM, Hapag-Lloyd,
Marriott, IHG, Hyatt, Accor, Mattel, Hasbro, Spin Master, Glencore, Rio Tinto, Newmont and
BHP), 36 of recurring events' winners (World Press Photo of the Year, the Shangri-La
Dialogue's keynote speaker) and 29 additions.
"""

from pathlib import Path

from evaluation.holdout_g.readers import readers

# Set G's readers bound to this folder: catalogue, families, renderer, subjects and pairs.
SOURCE, domains, families, render, holdout_histories, holdout_pairs = readers(
    Path(__file__).parent, 9127
)
HOLDOUT_SEED = SOURCE.seed
