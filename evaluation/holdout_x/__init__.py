"""Hold-out set X: real-world changing facts in eight new domains written in ten new wording
families, a twenty-fourth benchmark set written apart from the change detector.

A helper wrote it from its own general knowledge, nothing from ``/work/shared``. What it read:
the record types (``evaluation/holdout/model.py``) and the typed JSON reader
(``evaluation/tables.py``), set G's code (``evaluation/holdout_g/*.py``, not G's JSON), set W
completely (front door, JSON files, ``tests/test_holdout_w.py``) as the model for structure,
schema and style (none of its facts, domains or templates is reused), the store workload
(``evaluation/benchmarks/holdout_store.py``), the adapter (``adapters/holdout.py``), the two CLI
help strings that list the sets and ``memgov eval recall-order --help``, the README's
recall-order row, its one sentence naming the sets (both changed from a…w to a…x) and its rows
for the hold-out sets (a row for X added; W's row by then carried later sessions' figures, which
were not used), the shared checks (``tests/holdout_checks.py``, ``holdout_helpers.py``,
``test_holdout_common.py``), the trust gate's negatives test
(``tests/test_trust_gate_negatives.py``), the commits that registered set W,
``tools/duplicate_budget.py``'s docstring and the Makefile's lint target, the domain lists of
sets G to W (``DOMAINS_*`` in the shared checks, W's docstring) and the names (only) of the
wording families of sets A to W (printed by each set's ``families()``). What it did not read:
the change detector (anything under ``curation/``; the trust gate's finders were only called, as
the shared check calls them), docs/evaluation.md, the recall-order code, and any facts,
templates, histories or pairs of sets A to N. The gate's finders took one first draft as an
instruction: a Windows event's XML with its ``<System>`` element (``<System>`` and ``</System>``
read as a model-role tag, in 23 memories), so X's event XML keeps only the ``<EventData>``
element, its validity in a ``validFrom`` field; nothing else was flagged (no personal data, no
secrets), and the gate was not touched. Its facts and wordings are its own data
(``catalogue.json``, ``wordings.json``); the code that reads, renders and pairs them is set G's,
through a ``Source`` naming this folder (seed 7338). Only raw recall was run on X (``memgov eval
recall-order --set x --json``, once; only its raw arm was read, the other arms' figures were not
looked at) to check that its questions are answerable; nothing was tuned for curation and no
template was rewritten after it (two dates were corrected afterwards: Emsland and Neckarwestheim
2, first written as shut a day and two days after Isar 2, are dated 15 April 2023, the day all
three shut; the figures below are the run's, before that). The current value is in the raw top 5
/ top 10 for this share of the 327 questions per family: ``windows_event_log`` 0.930 / 0.982,
``ghci_session`` 0.826 / 0.924, ``smart_speaker`` 0.945 / 0.994, ``gettext_po`` 0.878 / 0.957,
``nix_attrset`` 0.884 / 0.960, ``apple_plist`` 0.853 / 0.927, ``asciidoc_page`` 0.969 / 0.994,
``pino_log`` 0.832 / 0.917, ``anki_note`` 0.905 / 0.969, ``deposition_transcript`` 0.954 / 0.994
(current first 0.248 to 0.394, mean 0.303). pino's JSON lines and ghci sessions, which wrap
entity and value in keys, quotes and constructors, are the hardest families to answer from raw
recall (0.917 and 0.924 in the top 10), then property lists (0.927); every memory names its
entity, so all were left as written.

``holdout_histories()`` gives one subject per (entity, slot) of ``catalogue.json`` in eight
domains, none of sets G to W's: tax rates (the standard VAT or GST rate of the United Kingdom,
Japan, Germany, Italy, Spain, the Netherlands, Greece, Switzerland, Singapore, Canada, Ireland,
Australia and the United Arab Emirates; the main corporate tax rate of the United Kingdom, the
United States, Singapore, Ireland and the United Arab Emirates; the United Kingdom's top income
tax rate), data protection (the heads of the Information Commissioner's Office, the Irish Data
Protection Commission, the CNIL, the European Data Protection Supervisor and Board, Germany's
Federal Commissioner, Italy's Garante, Canada's Privacy Commissioner and the European
Commission; the largest fines of the ICO, the Irish DPC, Luxembourg's CNPD and the CNIL; the
EU-US data transfer framework), nuclear power (the status of Vogtle Units 3 and 4, Olkiluoto 3,
Flamanville 3, Isar 2, Emsland, Neckarwestheim 2, Indian Point 3, Fukushima Daiichi,
Zaporizhzhia and Barakah 1, and the operators of seven of them), epidemics (the WHO emergency
status of COVID-19, mpox, polio, Zika, the West African and Kivu Ebola epidemics and the H1N1
pandemic, the name of the COVID-19 virus, the endemic countries of polio and Guinea worm, the
eradication of smallpox and rinderpest, the WHO's director-general), laureates (the UK and US
Poets Laureate, the Waterstones Children's Laureate, the Scots Makar, the National Poet of
Wales, the US National Ambassador for Young People's Literature, the Laureate for Irish Fiction,
Laureate na nÓg, Canada's Parliamentary Poet Laureate, the Master of the King's Music), boxing
(the heavyweight champions of the WBC, WBA, IBF and WBO and their presidents, the undisputed
heavyweight champion, the IBA's president and IOC recognition, World Boxing's IOC recognition),
science advice (the UK Government Chief Scientific Adviser, England's Chief Medical Officer, the
US Surgeon General, the director of the White House science office, the chief scientists or
science advisers of Australia, New Zealand and Canada, the presidents of the Royal Society, the
US National Academy of Sciences and the Leopoldina, the Royal Society's seat) and meteorology
(the heads of the WMO, ECMWF, the Met Office, the IPCC and the UNFCCC secretariat, the seats of
the WMO, ECMWF, the Met Office and the IPCC, the IPCC's latest assessment report, the Atlantic
season's overflow storm names): 109 subjects of 80 entities, 27 of which carry two or three
slots changing on their own schedules (the United Kingdom and the IPCC three), 19 subjects that
never change. Values are rates ("17.5%", "8.1%", "no federal corporate tax"), people ("Christopher
Graham", "Des Hogan and Dale Sunderland", "Wojciech Wiewiórowski", "Áine Ní Ghlinn", "Oleksandr
Usyk", "Tedros Adhanom Ghebreyesus", "Petteri Taalas"), fines ("€1.2 billion against Meta",
"£20 million against British Airways"), frameworks ("the Privacy Shield"), companies ("Southern
Nuclear", "Holtec International", "a Rosatom subsidiary"), statuses ("under construction", "in
commercial operation", "connected to the grid", "shut down", "in cold shutdown", "being
decommissioned", "a public health emergency of international concern", "no longer an
emergency", "endemic", "eradicated", "suspended by the IOC", "stripped of IOC recognition",
"provisionally recognised by the IOC"), counts ("2 endemic countries"), virus names
("2019-nCoV", "SARS-CoV-2"), places ("Exeter", "Shinfield Park in Reading", "Carlton House
Terrace") and reports ("the Sixth Assessment Report"), each dated by the day it took effect (a
rate by the day it applied from, a holder by the day the post was taken up or the appointment
announced, a fine by the day it was announced, a reactor's status by its first concrete, its
commercial operation or its shutdown, an emergency by the day the WHO declared or ended it, a
champion by the day of the fight or the day a belt was awarded, a value held before a documented
change by the first of a month or year when only that is known); a current value is the latest
its writer knew of and may since have changed in the world (the set measures memory, not the
news). Histories keep values distinct, leave out acting and interim holders and temporary
rates (Germany's 16% of the second half of 2020, Ireland's 21% of 2020 and 2021), and cut a
value that came back before it left (mpox's first emergency of 2022 and 2023, Vivek Murthy's
first term as Surgeon General, the WBA, IBF and WBO belts before Andy Ruiz Jr. or Daniel Dubois).

Facts its writer is unsure of (days, figures or current holders): Richard Thomas's 29 November
2002, Billy Hawkes's July 2005, Des Hogan and Dale Sunderland's 19 February 2024, Francesco
Pizzetti's and Antonello Soro's days, the CNIL's €150 million fine dated 6 January 2022; the
operators' first days (placeholders for "by then": Southern Nuclear 2009, Teollisuuden Voima
2003, EDF 2006, the New York Power Authority 1975, TEPCO 1967, Energoatom 1996, Nawah 2016) and
a Rosatom subsidiary's 5 October 2022, Fukushima Daiichi's decommissioning dated 19 April 2012,
Guinea worm's endemic counts (20 in 1986, 5 in 2015, 4 in 2020), smallpox dated endemic from
1967 and rinderpest from 1994 (the campaigns' starts, placeholders), the naming of 2019-nCoV
dated 12 January 2020; Arthur Sze's 24 April 2025, Frank Cottrell-Boyce's 16 July 2024, Kathleen
Jamie's and Peter Mackay's days, Gillian Clarke's and Hanan Issa's months, the days of the
Laureates for Irish Fiction, Laureate na nÓg and Canada's Poets Laureate (1 January
placeholders), Judith Weir's 21 July 2014; the boxing presidents' days (José Sulaimán 1975,
Gilberto Mendoza 1982 and his son 2015, Daryl Peoples 2011, Francisco Valcárcel 1996), the IBA's
recognition dated 1946 (a placeholder), Daniel Dubois's IBF title dated 25 June 2024 and World
Boxing's founding dated 13 April 2023; Cathy Foley as Australia's current Chief Scientist and
Juliet Gerrard as New Zealand's (the posts may since have changed), the Royal Society's seat
dated November 1967; Dominique Marbouty's 2004, Rob Varley's October 2014 and Penelope
Endersby's December 2018, the Met Office's Bracknell dated 1961 and Exeter September 2003, ECMWF
at Shinfield Park from 1979, the IPCC's seat dated its founding (9 November 1988), the Greek
alphabet first used for overflow names on 22 October 2005, and the retirement days of the
hurricane names (the WMO committee's spring meetings, several guessed).

Questions (327) ask for the current value three ways: in the slot's own words, around them ("How
much does the state add to the price of most goods sold in Japan?", "Who signs the decisions of
the CNIL?", "Is Zaporizhzhia making electricity for anyone?", "Who wears the big men's strap of
the WBC?", "What would forecasters call storms once the usual alphabet of the Atlantic
hurricane season runs out?") and by the latest occurrence ("most recently", "newest",
"latest", "these days").

``render(family, subject)`` writes the facts in one of ten ``families()``, the way tools, agents
and people leave records today: Windows event logs (Event Viewer's detail pane, its
tab-separated export, the event's XML ``EventData``, a one-line summary), Haskell's ghci shell
(``lookupFact``, a record with ``fromGregorian``, ``:t``, ``Map.lookup``, ``:reload``),
smart-speaker voice history (a room's speaker, what was said, what it answered), gettext PO
files (``msgctxt``, ``msgid``, ``msgstr``, extracted and translator comments, a fuzzy entry with
its previous ``#| msgid``, a plural entry), Nix attribute sets (a set with ``since``, a dotted
path, ``nix-repl>``, an override with ``//``, ``lib.mkForce``), Apple property lists (the XML
plist with a ``<date>``, ``defaults read`` and ``defaults write``, ``plutil -p``, PlistBuddy),
AsciiDoc pages (a document with ``:revdate:``, a description list, admonitions, a table, a
sidebar, a line-through), pino logs (JSON lines with an ISO ``time``, pino-pretty lines), Anki
notes (a tab-separated export, a reversed card, question and answer, front and back, a cloze)
and deposition transcripts (questions and answers, the witness, counsel for the record, numbered
lines). Validity is written as ISO dates, "05/21/2019 12:00:00 AM" in an event's ``Date:``
field, "Logged: May 2019", a ``validFrom`` field, ``fromGregorian 2019 05 21``, ``Just ("…","May
2019")``, "#. valid from 2019-05-21", "# as of May 2019", "# updated 2019-05-21", ``since =
"2019-05-21";``, "from 2019" after an override, ``<date>2019-05-21T00:00:00Z</date>``, ``"as_of"
=> "May 2019"``, ":revdate: 21 May 2019", "_As of May 2019._", "(added 2019)", a ``"time"``
field, a pino-pretty ``[2019-05-21 00:00:00.000]`` stamp, ``asOf: "May 2019"``, "added::2019",
"Created: 2019-05-21", "card edited 2019-05-21", "as of May 2019." in an answer, "since 21 May
2019.", "on May 21, 2019?", or not at all (1632 of the 2720 memories carry no year or
month-and-year; smart-speaker voice history never dates a fact); a change names the value it
replaces as "changed from X to Y", "Stale value X replaced", ``[("X",Superseded),…]``,
``Replaced {old = "X", …}``, "It used to be X", "…, not X", ``#| msgid "…: X"``, ``# updated …,
was "X"``, ``# was "X"``, ``# overrides "X"``, a plist's ``previous`` key, ``# replaces "X"``,
``[.line-through]#X#``, "X is out of date", ``"old":"X"``, "changed: X -> Y", "; was X)", "# old
back: X", "Was X still the …?", "You previously testified it was X?", or (one wording of three
in every family: an event's "has a new …", ghci's ``:reload``, the speaker's "has a new …", a PO
entry's "new value", ``lib.mkForce``, ``defaults write``, AsciiDoc's TIP, pino's "now", Anki's
``kb::changed`` tag, the witness's "is now") not at all, 590 of the 1630 changes; the value
comes before the entity in some wordings (253 memories) and after it in most (2467).

``holdout_pairs()`` gives 1226 labelled older/newer pairs: 326 changes (163 in one family, 163
across two), 165 restatements, and 735 negatives: 471 of another entity's same slot (165 of them
sharing the value: the tax rates 5%, 7%, 8%, 10%, 16%, 19%, 20%, 21% and 23%, "under
construction", "in commercial operation" and "shut down" for eleven reactors, Southern Nuclear
for both Vogtle units, the two WHO emergency statuses for seven outbreaks, "endemic" and
"eradicated" for smallpox and rinderpest, Oleksandr Usyk for four belts, Geneva for the WMO and
the IPCC), 62 of another slot of the same entity (one sharing the value: the United Kingdom's
20% VAT and 20% corporation tax), 98 of multi-valued relations (the Gulf states charging VAT,
the European Commission's adequacy decisions, the countries the WHO certified malaria-free, the
IPCC's special reports, the retired Atlantic hurricane names), 87 of recurring events' winners
(the Nobel Prize in Literature, the Booker Prize, the Olympic super-heavyweight gold: Anthony
Joshua won one and held belts) and 17 additions.
"""

from pathlib import Path

from evaluation.holdout_g.readers import readers

# Set G's readers bound to this folder: catalogue, families, renderer, subjects and pairs.
SOURCE, domains, families, render, holdout_histories, holdout_pairs = readers(
    Path(__file__).parent, 7338
)
HOLDOUT_SEED = SOURCE.seed
