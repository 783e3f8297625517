"""Hold-out set S: real-world changing facts in eight new domains written in ten new wording
families, a nineteenth benchmark set written apart from the change detector.

A helper wrote it from its own general knowledge, nothing from ``/work/shared``. What it
read: the record types (``evaluation/holdout/model.py`` and ``__init__.py``), set G's code
(``evaluation/holdout_g/*.py``, not G's JSON), sets Q and R completely (their front doors,
JSON files and ``tests/test_holdout_q.py``, ``test_holdout_r.py``, as the models for
structure, schema and style; none of their facts, domains or templates is reused), the store
workload (``evaluation/benchmarks/holdout_store.py``), the holdout command
(``evaluation/benchmarks/adapters/holdout.py``), the two CLI help strings that list the sets,
the README's recall-order command-table row (and, found by grep, one README sentence naming
the sets, changed from a…r to a…s without reading its section), the shared checks
(``tests/holdout_checks.py``, ``holdout_helpers.py``, ``test_holdout_common.py``), the test
that reads every set's memories for the trust gate (``tests/test_trust_gate_negatives.py``
and ``evaluation/trust_gate/labelled.py``'s ``agent_memories``), the commits that registered
set R (and R's data), the domain paragraphs of the docstrings of sets G to R, and the names
(only) of the wording families of sets A to R (printed by each set's ``families()``), so as
not to repeat one. What it did not read: the change detector (anything under ``curation/``;
the trust gate's checks were only called, as the shared check calls them, to find which
memories they flagged), docs/evaluation.md, the README's evaluation section beyond that row,
``recall_order.py``'s code, and any facts, templates, histories or pairs of sets A to N. Its
facts and wordings are its own data (``catalogue.json``, ``wordings.json``); the code that
reads, renders and pairs them is set G's, through a ``Source`` naming this folder (seed
9241). Two wordings were changed before the data was committed, because the shared
trust-gate check flagged some of their memories as personal data: a todo.txt line with a
completion and a creation date (two ISO dates side by side read as a card number) keeps
only the completion date, and a PowerShell history printed as a table (a date followed by a
figure read as a phone number) became a ``Format-List`` with ``Value``, ``ValidFrom`` and
``Replaced`` lines. The catalogue was revised once more before any run (the rating agencies'
revenue and EU sovereign rating actions' weekday added, three subjects dropped to stay at
115 and meet R's pair floors). Only raw recall was run on S (``memgov eval recall-order
--set s --json``, once, its raw arm read; the other arms' figures were not looked at) to
check that its questions are answerable; nothing was tuned for curation and no template was
rewritten after it. The current value is in the raw top 5 / top 10 for this share of the
345 questions per family: ``rails_console`` 0.704 / 0.875, ``dynamodb_item`` 0.522 / 0.693,
``powershell_session`` 0.872 / 0.959, ``todotxt_line`` 0.925 / 0.980, ``slash_command``
0.768 / 0.930, ``pr_review`` 0.835 / 0.962, ``logseq_block`` 0.919 / 0.991,
``pytest_assert`` 0.745 / 0.896, ``irc_log`` 0.901 / 0.974, ``mqtt_message`` 0.838 / 0.957.
DynamoDB items, which bury entity and value in typed attribute maps (``{"S": ...}``) among
``put-item``, ``update-item`` and stream-record keys, are below 0.75 in the top 10 (0.693):
the hardest family to answer from raw recall, then Rails console sessions and pytest
assertions (0.875 and 0.896); every memory names its entity, so all three were left as
written.

``holdout_histories()`` gives one subject per (entity, slot) of ``catalogue.json`` in eight
domains, none of sets A to R's: cruise lines (chief executives, Carnival's chairman and
headquarters, brand presidents, owners of Princess, Crystal, Regent Seven Seas, Silversea and
Cunard, Cunard's flagship, CLIA's president and yearly ocean passengers), car rental (chief
executives, Hertz's headquarters and stock listing, Avis Budget's and Sixt's headquarters,
owners of Europcar, Alamo and National), satellite operators (chief executives,
headquarters, owners of Inmarsat and OneWeb, Starlink's subscribers), auction houses (chief
executives, owners and founding years of Sotheby's, Christie's and Phillips; the auction
records for a work of art, a living artist, a photograph, a dinosaur skeleton, a car and a
bottle of wine), theme parks (heads of Disney Experiences, Universal Destinations &
Experiences, Six Flags and United Parks & Resorts, Six Flags' headquarters and ticker; the
world's fastest and tallest roller coasters, tallest Ferris wheel and tallest drop tower),
dictionaries (the OED's chief editor, the Académie française's perpetual secretary, the Real
Academia Española's director, the Accademia della Crusca's president; latest editions of the
OED, the academies' dictionaries, the Duden, Merriam-Webster's Collegiate and Collins
Scrabble Words; founding years; Merriam-Webster's owner), humanitarian NGOs (heads of
Amnesty, Oxfam, Human Rights Watch, Greenpeace, WWF, Save the Children, the IRC, Mercy
Corps, the Norwegian Refugee Council, CARE USA and Transparency International; WWF's
president, Transparency International's chair, headquarters, founding years) and credit
ratings (Moody's ratings of nine sovereigns, S&P's of three, Fitch's of the United States,
S&P Global's and Moody's chief executives and revenue, Hearst's stake in Fitch Group, the
weekday of EU sovereign rating actions): 115 subjects of 72 entities, 32 of which carry two
or three slots changing on their own schedules (eleven carry three), 22 subjects that never
change. Values are people ("Josh Weinstein", "Alexander and Konstantin Sixt", "Hélène
Carrère d'Encausse", "Tjada D'Oyen McKenna", "Harold McGraw III", "Jennifer Morgan and
Bunny McDiarmid"), organisations and places ("Peninsular and Oriental Steam Navigation
Company", "A&K Travel Group", "Green Mobility Holding", "UK government and Bharti Global",
"Mercury Group", "Estero, Florida", "Betzdorf", "Nairobi"), artworks, fossils, cars, wines,
rides and liners ("Les Femmes d'Alger (Version O)", "Apex", "1955 Mercedes-Benz 300 SLR
Uhlenhaut Coupé", "Romanée-Conti 1945", "Zumanjaro: Drop of Doom", "Queen Mary 2"), credit
ratings ("Aa3", "Baa1", "AA+", "A+"), money ("$14.2 billion", "$5.5 billion"), percentages
("20%", "100%"), counts with units ("34.6 million passengers", "6 million subscribers"),
editions ("ninth edition", "23rd edition", "CSW24"), ticker symbols ("SIX", "FUN"), markets
("Nasdaq", "over-the-counter market"), a weekday ("Friday") and bare years ("1635", "1744"),
each dated by the day it took effect (a rating by the day of the agency's action, a revenue
figure by the day it was published, a passenger or subscriber count by the day it was
announced, a record by the day of the sale or the ride's opening, an edition by the day it
was published, a headquarters move by the day it was announced, a value held before a
documented change by the first of a month or year when only that is known, a founding year
by the founding); a current value is the latest its writer knew of and may since have
changed in the world (the set measures memory, not the news). Histories keep values
distinct and leave interim holders out (Hertz's Mark Fields, Amnesty's Julie Verhaar, SES's
Ruy Pinto), so an S&P scale whose values would hide inside each other ("AA" in "AA+") is left
out: the United Kingdom's and France's S&P and Fitch ratings are not written; Six Flags'
chief executives start after the bankruptcy, Kevin Sheehan, United Parks' John Reilly and
Marc Swanson are dated by the start of the acting spells they kept, and Amitabh Behar by
his appointment.
Facts its writer is unsure of (dates, figures or current holders): Micky Arison's 1979 as
chief executive and 1990 as chairman, Richard Fain's 1988, Kevin Sheehan's November 2008,
Bob Dickinson's and Gerry Cahill's starts, Christine Duffy's June 2015 move (and whether she
still leads Carnival Cruise Line), Jan Swartz's and John Padgett's months, P&O's 1974
purchase of Princess, CLIA's presidents' months and its passenger figures' publication days
(29.7 million dated late 2020), Crystal's Genting and A&K months, Regent's Prestige month,
Silversea's Lefebvre dating, Cunard's presidents (Richard Meadows, Simon Palethorpe, Katie
McAlister) and their months, Trafalgar House's and Kvaerner's months, the days of Costa's,
Pullmantur's and Celebrity's acquisitions, Carnival's and Royal Caribbean's headquarters
datings; Hertz's Park Ridge 1987 and its over-the-counter day, Gil West's day, Ronald
Nelson's and Joe Ferraro's days and Brian Choi's January 2025, Avis Budget's headquarters
dating, Andrew Taylor's 1991 and Chrissy Taylor's day, Erich Sixt's 1969 and Sixt's Pullach
dating, Europcar's Volkswagen 1999 and Green Mobility Holding's completion day, Alamo's and
National's Republic Industries and Vanguard days, the Payless, Maggiore and Donlen days;
Romain Bausch dated 1995, Adel Al-Saleh's, Michel de Rosen's, Jean-François Fallacher's and
David Wajsgras's days, Andrew Sukawaty's 2004, the Apax and Warburg Pincus consortium's
completion day, OneWeb's SoftBank dating and its chief executives' months (and who leads it
since Eutelsat), Starlink's milestone days (5 million left out), the O3b day, the satellite
operators' headquarters datings, Amazon's network left out; William Ruprecht's and Charles
F. Stewart's months, Patrick Drahi's completion day, Christie's chief executives' days
(Edward Dolman's 1999, Patricia Barbizet's, Guillaume Cerutti's, Bonnie Brennan's 2024),
Phillips's Edward Dolman 2014 and Stephen Brooks 2022 (and whether Brooks still leads it),
Mercury Group's 2008, the founding days of Sotheby's and Christie's, the Untitled #96 day,
the Lafite's sale day; Jay Rasulo's 2002, Tom Staggs's 2010, Tom Williams's 2006 and Mark
Woodbury's 2023, the Six Flags chief executives' days, its Grand Prairie dating, SIX dated by
the 2010 relisting, Charlotte dated by the merger's announcement, Star of Nanchang's and
Lex Luthor: Drop of Doom's months, whether Falcon's Flight at Six Flags Qiddiya City has
opened (it would then hold the fastest and tallest records; left out); Maurice Druon's and
García de la Concha's days, the Crusca presidents' months, Michael Proffitt's month, the
Duden's and Collins Scrabble Words' editions' days, the Collegiate's dates, the Words of the
Year's announcement days; Irene Khan's and Salil Shetty's months, Jeremy Hobbs's 2001,
Gabriela Bucher's and Amitabh Behar's days, Oxfam's Nairobi move dated November 2017, Tirana
Hassan's and Philippe Bolopion's days, Mads Christensen's month, Greenpeace's Amsterdam
dating, James Leape's 2005, Marco Lambertini's and Kirsten Schuijt's months, WWF's presidents'
days and its Morges-to-Gland dating, Jasmine Whitbread's 2010 and Inger Ashing's month,
George Rupp's 2002, Tjada D'Oyen McKenna's day, Elisabeth Rasmusson's 2005 and Jan Egeland's
month at the Norwegian Refugee Council, CARE USA's days (and whether Michelle Nunn still
leads it), Transparency International's chairs' days and chief executives (Daniel Eriksson's
month, Maíra Martini's 2024), the 1978 founding of Human Rights Watch; the first ratings'
dates (Moody's United States 1917, S&P 1941, Fitch 1994, the United Kingdom 1978, France 1988,
Japan's Aa2 in 2009, China's Aa3 and AA-, Israel's A1, Saudi Arabia's A1), Harold McGraw
III dated 1998, Raymond McDaniel's day, the revenue figures' publication days, Hearst's
20%, 50% and 80% days, the EU Friday rule dated by its regulation's entry into force.
Questions (345) ask for the current value three ways: in the slot's own words, around them
("Who presides over the Real Academia Española?", "How creditworthy does Moody's judge the
government bonds of Brazil?", "Which piece fetched the highest price ever paid in the
category of the auction record for a photograph?") and by the latest occurrence ("most
recently", "newest", "latest", "these days"); twenty-three entities have questions of their
own: sixteen ask in their own titles (the NGOs' secretaries general, executive directors and
directors general, the academies' perpetual secretary, director and president, the OED's
chief editor, CLIA's president and chief executive), four theme-park operators in their
chairmen's and chief executives' words, and three dictionaries whose name stands for a book
(the Duden, Merriam-Webster's Collegiate, Collins Scrabble Words; the academies' dictionaries
are asked for the same way).
``render(family, subject)`` writes the facts in one of ten ``families()``, the way agents,
tools and people write memories today: Rails console sessions (``Fact.create!``,
``find_by``, ``where(...).pluck``, ``upsert``, ``update!`` with ``saved_changes``,
``update_all`` matched on the old value, ``_was`` dirty tracking, an ActiveRecord inspect),
DynamoDB items (``aws dynamodb put-item``, ``get-item``, ``update-item`` with ``SET``,
``ADD`` and a ``--condition-expression``, ``Items`` query output, stream records with
``OldImage`` and ``NewImage``), PowerShell sessions (``Set-KbFact``, ``Get-KbFact`` piped to
``Format-List`` and ``Format-Table``, ``[pscustomobject]``, ``-Verbose`` output,
``Add-KbFactItem``), todo.txt lines (completed ``x`` tasks, priorities, ``+project``,
``@context`` and ``key:value`` tags), chat slash commands with a bot's reply (``/remember``,
``/kb set``, ``/kb get``, ``/correct``, ``/append``, ✅ and ⚠️), pull request review comments
(a file and line, quoted lines, ``suggestion`` blocks, ``diff`` fences, "LGTM", "nit:",
"Requested changes:"), Logseq blocks (``[[links]]``, ``key:: value`` properties, ``DONE``,
tags, ``~~struck~~``), pytest assertions (test functions, ``parametrize``, ``PASSED`` lines,
an ``AssertionError`` with its diff, a diff of a test), IRC logs (timestamped lines,
``/me`` actions, topic changes, a question and its answer) and MQTT messages
(``mosquitto_pub`` with retained JSON payloads, ``mosquitto_sub -v`` lines, a broker's debug
output). Validity is written as ISO dates, ``Date.parse("2019-05-21")``, ``valid_from``,
``as_of: 2019``, ``observed_on: "May 2019"``, ``"ApproximateCreationDateTime":
"2019-05-21T09:30:00Z"``, ``"year": {"N": "2019"}``, "21/05/2019", ``-ValidFrom
2019-05-21``, "21.05.2019", a todo.txt completion date, ``as_of:May-2019``, ``since:2019``,
``effective:2019-05-21``, "recorded 21/05/2019", Logseq's ``since::``, ``as-of::``,
``completed::``, ``changed::`` and ``added::``, "# as of 2019-05-21", "checked May 2019",
``before="2019-05-21"``, an IRC stamp "[21-05 10:14]" with no year, "checked it on
2019-05-21", "updated 2019-05-21", "since May 2019", "[May 2019]", or not at all (about a
third of the memories); a change names the value it replaces as ``saved_changes`` ``=>
["X", "Y"]``, an update matched on the old value, ``_was``, a ``--condition-expression``
with ``:old``, an ``OldImage``, ``previous_value = :p``, "changed from X to Y",
``Replaced  : X``, ``# replaces "X"``, "from X to Y", "(was X)", ``prev:"X"``,
``replaces:"X"``, ``~X~ → Y``, ``X => Y``, "overwrote the previous value", "replaced X with
Y", "is no longer X", a ``diff`` fence, ``previous-key::``, ``~~X~~``, "replacing [[X]]", an
``AssertionError`` diff, a diff of a test's expected value, ``before=`` returning the old
value, "X is out, Y is in", "X -> Y", a ``"previous"`` field, two retained messages in
turn, or (in one MQTT wording, a retained message overwritten) not at all; the value comes
before the entity in some wordings (473 memories) and after it in most (2497).
``holdout_pairs()`` gives 1008 labelled older/newer pairs: 364 changes (182 in one family,
182 across two), 176 restatements, and 468 negatives: 241 of another entity's same slot (38
of them sharing the value: Moody's Aaa, Aa1, Aa2, Aa3, A1, Baa2 and Baa3 across sovereigns,
S&P's AA- and A+ at Japan and China, Christine Duffy at CLIA and Carnival Cruise Line, Edward
Dolman at Christie's and Phillips, Kumi Naidoo at Greenpeace and Amnesty, Carnival
Corporation as Princess's and Cunard's owner, Republic Industries at Alamo and National; ANC
Rental, Vanguard Automotive Group, Enterprise Holdings, Top Thrill Dragster and Kingda Ka came
on one day for both and make no pair), 108 of another slot of the same entity (4 sharing the
value: Micky Arison as Carnival's chief executive and chairman, the United States' S&P and
Fitch ratings), 51 of multi-valued relations (Disney's resorts, Universal's parks,
acquisitions of Carnival, Royal Caribbean, Avis Budget, Hertz, SES, Eutelsat, Viasat and
Moody's), 45 of recurring events' winners (the Words of the Year of Oxford, Merriam-Webster
and Collins) and 23 additions.
"""

from pathlib import Path

from evaluation.holdout_g.readers import readers

# Set G's readers bound to this folder: catalogue, families, renderer, subjects and pairs.
SOURCE, domains, families, render, holdout_histories, holdout_pairs = readers(
    Path(__file__).parent, 9241
)
HOLDOUT_SEED = SOURCE.seed
