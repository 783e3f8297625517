"""Hold-out set W: real-world changing facts in eight new domains written in ten new wording
families, a twenty-third benchmark set written apart from the change detector.

A helper wrote it from its own general knowledge, nothing from ``/work/shared``. What it read:
the record types (``evaluation/holdout/model.py``) and the typed JSON reader
(``evaluation/tables.py``), set G's code (``evaluation/holdout_g/*.py``, not G's JSON), set V
completely (front door, JSON files, ``tests/test_holdout_v.py``) and the wordings of sets T and
U, the opening of ``tests/test_holdout_u.py`` and the question templates of T, U and V (compared
with W's by a script so that none is repeated) as the models for structure, schema and style
(none of their facts, domains or templates is reused), the store workload
(``evaluation/benchmarks/holdout_store.py``), the two CLI help strings that list the sets and
``memgov eval recall-order --help``, the README's recall-order row, its one sentence naming the
sets (both changed from a…v to a…w) and its rows for the hold-out sets (a row for W added; V's
row by then carried later sessions' figures, which were not used), the shared checks
(``tests/holdout_checks.py``, ``holdout_helpers.py``, ``test_holdout_common.py``), the trust
gate's negatives test (``tests/test_trust_gate_negatives.py``), the commits that registered set
V, ``tools/duplicate_budget.py``'s docstring and the Makefile's lint target, the domain
paragraphs of the docstrings of sets G to U, and the names (only) of the wording families of
sets A to V (printed by each set's ``families()``). What it did not read: the change detector
(anything under ``curation/``; the trust gate's finders were only called, as the shared check
calls them), docs/evaluation.md, the recall-order code, and any facts, templates, histories or
pairs of sets A to N. The gate's finders took three first drafts for personal data, so W was
rewritten around them rather than the gate touched: an HL7 timestamp with a time of day (twelve
digits) read as an Indian national id, so W's HL7 timestamps stop at the day; an OCR'd
"13.10.2021" read as a phone number, so OCR scans write "13/10/2021"; and CODATA values read as
a Spanish national id when an exponent followed eight digits ("6.62606896e-34") and as a phone
number at ten significant digits, so the constants are written with a times sign and a power of
ten, the Planck constant's 2014 value (6.626070040) is left out and the Boltzmann constant (nine
digits at most) stands where the Avogadro constant was first written. Its facts and wordings are
its own data (``catalogue.json``, ``wordings.json``); the code that reads, renders and pairs
them is set G's, through a ``Source`` naming this folder (seed 7237). Only raw recall was run on
W (``memgov eval recall-order --set w --json``, once; only its raw arm was read, the other arms'
figures were not looked at) to check that its questions are answerable; nothing was tuned for
curation and no template was rewritten after it (one date of a multi-valued relation, El
Salvador's accession to the Rome Statute, was corrected afterwards; relations are not part of
that run). The current value is in the raw top 5 / top 10 for this share of the 330 questions
per family: ``hl7_v2`` 0.773 / 0.900, ``datadog_event`` 0.770 / 0.891, ``ocr_scan`` 0.818 /
0.897, ``kindle_clipping`` 0.894 / 0.945, ``zoom_chat`` 0.812 / 0.888, ``web_search_results``
0.858 / 0.933, ``iex_session`` 0.797 / 0.885, ``sentry_issue`` 0.791 / 0.891,
``mermaid_diagram`` 0.785 / 0.876, ``aria_snapshot`` 0.842 / 0.912 (current first 0.218 to
0.436, mean 0.332). Mermaid's diagrams, which scatter entity and value over node ids, brackets
and arrows, are the hardest family to answer from raw recall (0.876 in the top 10), then iex
sessions and Zoom chat (0.885 and 0.888); every memory names its entity, so all were left as
written.

``holdout_histories()`` gives one subject per (entity, slot) of ``catalogue.json`` in eight
domains, none of sets G to V's: intelligence agencies (the chiefs of MI6, MI5, GCHQ, Mossad,
Shin Bet, the BND, the DGSE, India's Research and Analysis Wing, Turkey's MIT and Pakistan's
ISI; the headquarters of MI6, MI5, GCHQ and the BND), treaties (the status of New START, the INF
Treaty, the Treaty on the Prohibition of Nuclear Weapons and the CTBT, New START's expiry date;
the Rome Statute status of Hungary, the Philippines, Armenia and Ukraine; the Open Skies status
of the United States and Russia, the United States' Paris Agreement and Iran nuclear deal
status, Russia's Test-Ban and CFE Treaty status, the Istanbul Convention status of Turkey and
the United Kingdom), world heritage (the World Heritage status of eleven sites, among them
Liverpool's waterfront, the Dresden Elbe Valley, the Historic Centres of Vienna and Odesa and
the Great Barrier Reef; the count of sites on the List, the United Kingdom's site on the danger
list, Venice's day-tripper fee, the A303 tunnel scheme at Stonehenge), chemistry (the names of
elements 112 to 118 and who is credited with their discovery, the number of named elements,
IUPAC's president and secretariat), metrology (the definitions of seven SI base units, the
CODATA values of the Planck and Boltzmann constants, the SI's prefix and base-unit counts, the
BIPM's director and seat), scientific journals (the editors-in-chief of Nature, Science, the New
England Journal of Medicine, the BMJ, JAMA, the Lancet and PNAS, three publishers, eLife's peer
review model, arXiv's host), dog sports (the American Kennel Club's most popular breed and
museum, the venues of Crufts and of the Westminster show, the Iditarod's race record and most
wins, greyhound racing in Florida and Massachusetts, the XL Bully rules of England and Wales and
of Scotland) and internet governance (ICANN's chief executive and board chair, the operator of
the IANA functions and of the .com registry, the DNS root zone's trust anchor, the IPv4 pools of
four regional registries, RIPE NCC's and ARIN's chief executives, the .com wholesale price): 110
subjects of 80 entities, 28 of which carry two or three slots changing on their own schedules
(the United States and Russia three), 14 subjects that never change. Values are people ("Blaise
Metreweli", "Bernard Émié", "Erard Corbin de Mangoux", "Javier García-Martínez", "Kirsten
Bibbins-Domingo", "Göran Marby", "Peter Dengate Thrush"), places and bodies ("Vauxhall Cross",
"the Doughnut in Cheltenham", "Pullach", "Research Triangle Park", "the NEC in Birmingham", "the
USTA Billie Jean King National Tennis Center", "Springer Nature", "Public Technical
Identifiers", "RIKEN", "GSI Darmstadt"), statuses ("in force", "suspended by Russia", "not yet
in force", "state party", "withdrawal notified", "notice of withdrawal given", "ratification
revoked", "inscribed", "in danger", "delisted", "removed from the danger list", "unconfirmed",
"rationing its final block", "run out", "legal", "banned", "ownership needs an exemption
certificate", "cancelled", "none"), element names ("ununtrium", "nihonium"), definitions ("the
mass of the International Prototype of the Kilogram", "a fixed value of the Planck constant",
"the distance light travels in 1/299,792,458 of a second"), constants (the Planck constant's
exact 6.62607015 times 10^-34 J s, the Boltzmann constant's 1.38064852 times 10^-23 J/K of
2014), counts with units ("118 named elements", "24 prefixes", "7 base units", "1,248 sites"),
money ("$10.26", "€10"), dates ("5 February 2026"), race marks ("8 days 3 hours 40 minutes",
"Dallas Seavey (6 wins)"), models and keys ("reviewed preprints with an eLife assessment",
"KSK-2017") and breeds ("French Bulldog"), each dated by the day it took effect (a chief by the
day the post was taken up, a treaty status by the day it took effect for that party, a heritage
status by the day the World Heritage Committee decided it, an element's systematic name by
IUPAC's recommendations and its permanent name by the day IUPAC approved it, a discovery credit
by the day the claim was published and the day the joint working party's report came out, a
CODATA value by the day its adjustment was published, a definition by the General Conference
that adopted it, a breed ranking by the day it was announced, a price or a rule by the day it
came into force, a value held before a documented change by the first of a month or year when
only that is known); a current value is the latest its writer knew of and may since have changed
in the world (the set measures memory, not the news). Histories keep values distinct, leave out
acting and interim holders (ICANN's interim chief executive of 2023 and 2024, the acting heads
between Ronen Bar and David Zini) and cut a value that came back before it left (the Westminster
show's venue starts with Lyndhurst in 2021, so Madison Square Garden is only its latest venue).

Facts its writer is unsure of (days, figures or current holders): John Scarlett's 1 August 2004,
Alex Younger's 1 November 2014, MI6's Broadway Buildings from 1924 and Century House from 1964
(some sources say 1966), Vauxhall Cross dated 14 July 1994, Thames House dated December 1994,
Ken McCallum's 1 April 2020, Jeremy Fleming's 24 April 2017, Anne Keast-Butler's 30 May 2023,
Meir Dagan's September 2002 and Tamir Pardo's 1 January 2011, David Zini (5 October 2025) and
Martin Jäger (15 September 2025) as current holders and their days, Samant Goel's 26 June 2019;
the 1 January 2002 of both Open Skies parties (the treaty's entry into force), New START's
suspension dated by Russia's announcement (21 February 2023); the days of the World Heritage
Committee's decisions (known to the session, not always to the day: Liverpool's and Dresden's
2004 inscriptions, Belize's 2009 listing, the Galápagos's 2007 and 2010 decisions), the site
counts' days (the last day of each session), the United Kingdom's inscriptions' days, the Great
Barrier Reef's mass bleachings dated 1 March of their years (placeholders for the summer each
was recorded), Venice's fee days; the systematic element names dated 1979, element 114's first
claim dated 1 January 1999, element 112's credit dated 10 June 2009, the days of GSI's first
bohrium and hassium atoms, IUPAC's secretariat in Oxford dated 1968 (a placeholder for "before
1997") and its move to Research Triangle Park dated September 1997; the days of the General
Conferences' resolutions (1948, 1954, 1960, 1967, 1971, 1975, 1979, 1983, 1991, 1999), CODATA
2006 dated March 2007, Terry Quinn's 1988; Magdalena Skipper's June 2018, Holden Thorp's 28
October 2019, Catherine DeAngelis's 2000, PNAS's editors (Inder Verma's 2011 to 2018 and whether
anyone acted between him and May Berenbaum), eLife's first model dated 13 December 2012, arXiv's
move to Cornell dated 1 July 2001, the Nature and NEJM journals' launch months; the American
Kennel Club's Labrador ranking dated 1992 and its museum's move to St. Louis dated September
1987, Crufts at Olympia from 1948 and Earls Court from 1979 (months guessed), the Westminster
venues' days, the Iditarod's finish days (11 March 2014, 15 March 2016, 14 March 2017, 14 March
1991 for Rick Swenson's fifth win), the days the Biewer Terrier, the Bracco Italiano and the
Lancashire Heeler were recognised, greyhound racing legal in Florida from 4 June 1931 and in
Massachusetts from 6 November 1934; Axel Pawlik's 2000 and Hans Petter Holen's 1 January 2021 at
RIPE NCC, the regional registries' founding days, the .com wholesale prices' days ($7.85 from 15
January 2012, the later rises on 1 September of 2021 to 2024).

Questions (330) ask for the current value three ways: in the slot's own words, around them ("Who
writes in green ink as 'C' at MI6?", "May Russia still fly unarmed observation flights over the
other signatories?", "What do chemists write on the periodic table for element 113?", "How
quickly has a team ever reached Nome in the Iditarod?", "Can a new member still get a block of
old-style internet numbers from APNIC?") and by the latest occurrence ("most recently",
"newest", "latest", "these days").

``render(family, subject)`` writes the facts in one of ten ``families()``, the way tools, agents
and people leave records today: HL7 v2 messages (``MSH``, ``OBR``, ``OBX`` and ``NTE`` segments,
a corrected result with status ``C``, a deleted observation with status ``D`` next to the final
one), Datadog events (the event stream's text, ``[Datadog]`` titles, monitor notifications and
the events API's JSON), OCR scans of paper notices, amendments and receipts (with the scanner's
confidence and its misread 0s and 9s), Kindle clippings (``My Clippings.txt`` highlights and
notes), saved Zoom chat (times only, direct messages, a question and its answer, a reaction, a
reply), web search results (a results page, a ranked hit, a featured snippet, an agent's
``web_search`` call, "People also ask"), Elixir's iex shell (``KB.fetch!``, a struct with a
``~D`` date, maps, ``IO.puts``), Sentry issues (an issue's title and culprit, breadcrumbs, tags,
a release that resolved it), Mermaid diagrams (``graph``, ``flowchart``, ``erDiagram``,
``timeline`` and ``mindmap``) and ARIA snapshots as a browser agent reads a page (headings,
tables, list items, an alert, a status, deletion and insertion). Validity is written as ISO
dates, an HL7 timestamp ``20190521`` in ``MSH-7``, ``OBR-7`` or ``OBX-14``, "as of May 2019", a
``valid_from:2019-05-21`` tag, an ``"as_of:2019"`` tag, "Since May 2019 · kb-facts monitor", "on
2019-05-21", a ``"date"`` field, "Filed 21/05/2019", "Effective 21/05/2019", "(stamp: RECEIVED
21 May 2019)", "as recorded in May 2019", "Added on May 21, 2019", "(2019)" after a Kindle note,
"May 21, 2019 — " in a result, "Updated 2019-05-21", "(kb.example.org, 2019)", a
``~D[2019-05-21]`` sigil, ``as_of: "May 2019"``, "first seen May 21, 2019", "(valid_from
2019-05-21)", "Resolved in release kb@2019.1", a Mermaid edge "since 2019-05-21", a ``%% as of
May 2019`` comment, a timeline's ``2019 :`` row, an edge "until 2019", "Last updated
2019-05-21", "(as of May 2019)", or not at all (1564 of the 2690 memories carry no year a year
pattern finds, HL7's compact timestamps among them; Zoom chat never dates a fact); a change
names the value it replaces as "corrected result, replaces X", a deleted ``OBX`` holding X,
"amended from X", "Value changed from X to Y", "(was X)", "X replaced by Y", "(formerly X)", "X
[struck through] Y [handwritten]", "changed from X to Y", ", formerly X, is now", "out of date,
it says X", "no longer X", a Zoom reply quoting X, "Y replaces X as the", "(earlier: X)",
``%{old: X, new: Y}``, an iex history's ``{:earlier, X}``, "is still X in the cache", "X → Y",
"the cached X was dropped", a dotted Mermaid edge to X "until", a timeline's ``earlier : X``, a
``:::retired`` node, an ARIA ``deletion``, or (in four wordings: Kindle's "has a new ...",
Zoom's "heads up, new ...", iex's ``KB.put!`` and an ARIA status) not at all, 204 of the 1590
changes; the value comes before the entity in some wordings (467 memories) and after it in most
(2223).

``holdout_pairs()`` gives 1124 labelled older/newer pairs: 318 changes (159 in one family, 159
across two), 172 restatements, and 634 negatives: 338 of another entity's same slot (160 of them
sharing the value: "inscribed", "in danger", "delisted" and "removed from the danger list" for
eleven heritage sites, "unconfirmed" and the collaboration of Dubna and Livermore for the
superheavy elements, "available", "rationing its final block" and "run out" for four regional
registries, "in force" for three treaties, "state party" and "signatory" for four countries,
"legal" and "banned" for greyhound racing, the XL Bully rules of England and Wales and of
Scotland), 64 of another slot of the same entity (two of them sharing the value "party": the
United States' Open Skies and Paris Agreement status, Russia's CFE and Open Skies status), 98 of
multi-valued relations (the United Kingdom's newly inscribed sites, the Great Barrier Reef's
mass bleachings, the elements first made at GSI, Nature's sister journals and NEJM's new
journals, the American Kennel Club's newly recognised breeds, the regional internet registries,
the states that joined the Rome Statute, the SI's newly named derived units), 105 of recurring
events' winners (the UN Climate Change Conference's host cities, the Nobel Prize in Chemistry,
best in show at Crufts and at Westminster, the Internet Governance Forum's host cities: Katowice
hosted both a COP and an IGF) and 29 additions.
"""

from pathlib import Path

from evaluation.holdout_g.readers import readers

# Set G's readers bound to this folder: catalogue, families, renderer, subjects and pairs.
SOURCE, domains, families, render, holdout_histories, holdout_pairs = readers(
    Path(__file__).parent, 7237
)
HOLDOUT_SEED = SOURCE.seed
