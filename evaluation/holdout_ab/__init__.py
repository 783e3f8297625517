"""Hold-out set AB: real-world changing facts in eight new domains written in ten new wording
families, a twenty-eighth benchmark set written apart from the change detector.

A helper wrote it from its own general knowledge, nothing from ``/work/shared``. What it read:
set AA (front door, ``catalogue.json``, ``wordings.json``, ``tests/test_holdout_aa.py``) as the
model for structure, schema and style, the commits that registered set AA (fd709cd to 0eeeaf4,
their stat and the diffs of AA's first front door, the registration, tests and README commits),
set G's reader code that AA imports (``readers.py``, ``catalogue.py``, ``families.py``,
``histories.py``, ``pairs.py`` and the import lines of G's front door; none of G's data), the
store workload (``evaluation/benchmarks/holdout_store.py``), the adapter's and the CLI's help
strings that list the sets, the shared checks (``tests/holdout_checks.py``,
``holdout_helpers.py``, ``test_holdout_common.py``), the README's recall-order row and AA's row,
the Makefile's lint target, ``tools/duplicate_budget.py``'s docstring, pyproject's mypy
settings, the domain lists of sets G to Z (``DOMAINS_*`` in the shared checks), the domain,
slot, entity, relation and event names of sets Y, Z and AA (to reuse none) and the names (only)
of the wording families of sets A to AA (``families_before``). What it did not read: the change
detector (anything under ``curation/``; the trust gate's finders were only called, as the
shared check calls them, and ``memgov eval recall-order`` only run), docs/evaluation.md, the
recall-order code, the catalogues of sets O to X, and any facts, templates, histories or pairs
of sets A to N. On the draft, before any run, the gate's finders flagged nothing; the shared
history check found one value inside another (Northern Ireland's bag charge "25p" holds
England's "5p", so it is written "25 pence") and two announcements that opened a sentence with
an entity's lower-case "the" were re-worded; the gate was not touched. Its facts and wordings
are its own data (``catalogue.json``, ``wordings.json``); the code that reads, renders and
pairs them is set G's, through a ``Source`` naming this folder (seed 7261). Only raw recall was
run on AB (``memgov eval recall-order --set ab --json``, once; only its raw arm was read, the
other arms' figures were not looked at) to check that its questions are answerable; nothing
was tuned for curation, and nothing in the data was changed after the run. The current value is
first / in the raw top 5 / in the top 10 for this share of the 336 questions per family:
``ocaml_utop`` 0.336 / 0.756 / 0.935, ``pulumi_preview`` 0.259 / 0.878 / 0.970,
``apple_strings`` 0.324 / 0.926 / 0.985, ``jq_query`` 0.274 / 0.732 / 0.884, ``eval_case``
0.223 / 0.845 / 0.949, ``court_docket`` 0.411 / 0.940 / 0.985, ``footnote`` 0.324 / 0.926 /
0.979, ``pa_announcement`` 0.363 / 0.958 / 0.991, ``rspec_expectation`` 0.134 / 0.815 / 0.958,
``stack_answer`` 0.378 / 0.976 / 0.994 (current first 0.134 to 0.411, mean 0.303). jq queries
(the value alone on an output line, or a diff's ``> new`` line, under a command that names the
entity inside ``--arg``) are the hardest family to answer from raw recall (0.884 in the top 10,
0.732 in the top 5), then OCaml toplevel sessions (0.935); RSpec expectations put the current
value first least often (0.134); every memory names its entity, its slot (label or key) and its
value, so all were left as written.

``holdout_histories()`` gives one subject per (entity, slot) of ``catalogue.json`` in eight
domains, none of sets G to AA's: software licences (the licences of Elasticsearch, Redis,
Terraform, MongoDB, React, OpenSSL, the Linux kernel, MySQL and OpenOffice, the stewards of
Redis, MySQL and OpenOffice, the community forks of Elasticsearch, Redis, MySQL and
OpenOffice), road tolls (the car tolls of the M4 and M48 Severn crossings, the Forth Road
Bridge and the Skye Bridge, the official names of the two Severn crossings, the Hudson River
crossing at Tarrytown and the bridge joining Manhattan, the Bronx and Queens, the daily charges
of the London congestion zone and of Manhattan's congestion relief zone, the boundaries of the
London congestion zone and of London's Ultra Low Emission Zone), voice acting (the voices of
Mickey Mouse, Winnie the Pooh, Scooby-Doo, Fred Jones, Mario, Luigi and Sonic the Hedgehog, the
performers of Kermit the Frog, Big Bird and Elmo, the film actors of Scooby-Doo, Mario, Luigi
and Sonic), shop rules (the carrier bag charges of England, Wales, Scotland, Northern Ireland and
the Republic of Ireland, the tobacco sale ages of those four UK nations, the United States and
Japan, the minimum unit prices for alcohol of Scotland, Wales and the Republic of Ireland),
scheduled dates (the opening dates of the Tokyo Olympics, the Euros hosted across Europe, the
Copa América first given to Argentina and Colombia, the Women's Euro in England and the World
Cup in Qatar, that World Cup's final date, Brexit's exit date and transition end date, the
petrol phase-out years of new car sales in the United Kingdom, the European Union and
California, the UK's required zero-emission share), weekly schedules (the weekends of Saudi
Arabia, the United Arab Emirates, Bahrain, Kuwait, Oman and Sharjah, the release days of the
British and American music industries, the UK Official Singles Chart's announcement day, the
sitting day of Prime Minister's Questions), sports kit (the kit suppliers of Arsenal, Manchester
United, Manchester City, Liverpool, AC Milan, the England national team, the NBA, Major League
Baseball and the NFL, the shirt sponsors of the five clubs, Arsenal's sleeve sponsor, the
official ball suppliers of the Premier League, the NBA, Major League Baseball, the NFL and the
FIFA World Cup) and title sponsors (of the Six Nations, Premiership Rugby, the EFL Cup, the EFL
Championship, the Scottish Premiership, LaLiga, Ligue 1, the T20 Blast and the Boat Race, the
numbers of clubs of the Scottish Premiership, LaLiga and Ligue 1, the Six Nations' points for a
win, the Boat Race's women's course): 112 subjects of 74 entities, 32 of which carry two or
three slots changing on their own schedules (Redis, MySQL, OpenOffice, Wales, Scotland and
Arsenal three), 21 subjects that never change. Values are dates ("24 July 2020", "11 June
2021", "31 January 2020", "18 December 2022": a date is the value, not its validity), years
("2035", "2030"), weekdays ("Thursday and Friday", "Friday to Sunday", "Friday", "Tuesday and
Thursday", "Wednesday"), amounts ("£11.50", "£18", "$9", "£5.60", "5p", "25 pence", "22 cent",
"65 pence per unit", "10 cent per gram"), a share ("22%", "28%"), ages ("age 16", "age 21"),
counts and points ("20 clubs", "four points"), statuses ("tolled", "toll-free"), licences
("Apache 2.0", "BUSL 1.1", "a choice of RSALv2, SSPLv1 and AGPLv3", "BSD plus patents", "a
licence barring commercial use"), organisations and brands ("Sun Microsystems", "the Apache
Software Foundation", "Valkey", "Nike", "Fly Emirates", "Carabao", "McDonald's"), people
("Frank Welker", "Charles Martinet", "Matt Vogel", "Kevin Afghani"), names of crossings ("the
Prince of Wales Bridge", "the Governor Mario M. Cuomo Bridge") and areas ("central London plus
the Western Extension", "the whole of Greater London"), each dated by the day it took effect (a
licence by the first release under it or the day its change was announced, a steward by the
day of the acquisition or handover, a toll or charge by its first day, a name by the day it was
given, a voice by the release of the first work with it, a shop rule by the day it came into
force, a scheduled date by the day it was set or moved, a weekend, a release or a sitting day by
its first week, a supplier or sponsor by the first day of the season or the contract, a value
known only by its month or year by the first of that month or year); a current value is the
latest its writer knew of and may since have changed in the world (the set measures memory, not
the news). Histories keep values distinct and no value inside another, leave out acting or
interim holders and begin some histories with their latest few values (the England team's kits
from 1984, Liverpool's from 2012, Manchester City's from 2013, the NBA's, Major League
Baseball's and the NFL's from their first single supplier, Manchester United's shirt sponsors
from 2006, the Scottish Premiership's sponsors from 2015, the UK's petrol phase-out from 2035, as
2030 came back in 2025; Shaggy, Goofy and Bugs Bunny, whose voices went back to earlier holders,
are left out).

Facts its writer is unsure of (days, or whether a first value is right): the first days of
licences (Elasticsearch's Apache 2.0 dated 8 February 2010, Redis's BSD 10 May 2009, MongoDB's
AGPLv3 11 February 2009, React's BSD plus patents 28 October 2014, OpenSSL's licences 23
December 1998, MySQL's GPLv2 29 June 2000, OpenOffice's LGPLv3 13 October 2008, the Linux
kernel's GPLv2 1 February 1992, a placeholder for version 0.12), Redis's stewards (VMware 15
March 2010, Pivotal 1 May 2013, Redis Labs 15 July 2015, Redis Ltd 25 August 2021), the Apache
Software Foundation taking OpenOffice on 13 June 2011, MariaDB 29 October 2009, the Free
Software Foundation's GPLv2, LGPL-2.1 and GFDL-1.1 days (June 1991, February 1999, March 2000);
the Severn crossings' £6.70 dated 1 January 2017, the Robert F. Kennedy Bridge 19 November 2008,
the Western Extension's end dated 24 December 2010 (its last charging day); Jimmy MacDonald
(1947), Wayne Allwine (1977), Bret Iwan (2009), Hal Smith (1981), Kevin Clash (1985) and Ryan
Dillon (2013) dated by year, Steve Whitmire 21 November 1990, Matt Vogel as Kermit July 2017 and
as Big Bird 17 October 2018, Scott Innes 22 September 1998, Charles Martinet as Luigi 14
December 1996, Jason Griffith 15 November 2005, Roger Craig Smith 4 November 2010; the tobacco
sale age of 16 dated 1 April 1909 for all four UK nations, Japan's age 20 dated 1 April 1900,
the United States' age 18 dated 28 February 1997, whether Wales still charges 5p for a bag,
Northern Ireland's 25 pence dated 1 April 2022; the first scheduled dates (the Euros' 12 June
2020 dated 19 September 2014, the Copa América's 3 December 2019, the World Cup in Qatar's 21
November 2022 dated 13 July 2018); every weekend's first value (Thursday and Friday dated by the
state's founding or independence, placeholders) and the days of the moves to Friday and Saturday
(Bahrain and the United Arab Emirates 1 September 2006, Kuwait 1 September 2007, Oman 1 May
2013), the British Monday dated 1990 and the American Tuesday 3 January 1989 (placeholders), the
chart's Sunday 4 October 1987, Prime Minister's Questions' Tuesday and Thursday 18 July 1961;
the England team's Umbro (1984) and Nike (1 April 2013) days, Liverpool's kit days, the Premier
League's Mitre dated 15 August 1992, the NBA's Spalding 28 October 1983, Major League Baseball's
Spalding 22 April 1876 and Majestic 3 April 2005, the NFL's Wilson (1941), Manchester City's
Thomas Cook 2007 and AC Milan's bwin 2006; the EFL Cup's sponsors dated 1 August of their first
season, the Scottish Premiership's Ladbrokes 1 August 2015 and 12 clubs 2 August 2013, LaLiga's
22 and 20 clubs (1995, 1997), Premiership Rugby's Guinness and Aviva days, the T20 Blast's days,
the Six Nations' RBS 15 February 2003, and the women's Boat Race at Henley-on-Thames dated 1977
(a placeholder).

Questions (336) ask for the current value three ways: in the slot's own words, around them
("Under what terms may anyone copy, change and share the source code of Redis?", "How much does
a motorist pay to drive a car over the Skye Bridge?", "Whose hand and voice bring Kermit the Frog
to life on screen?", "What floor does the law in Scotland set on what a drink may cost for each
10 ml of pure alcohol?", "On which day is the United Kingdom due to stop being a member state
under Brexit?", "On which days are government offices in Oman closed each week?", "Whose logo is
stitched on the jerseys of the NBA?", "Which brand's name is in the official name of LaLiga?"),
and by the latest occurrence ("most recently", "newest", "latest", "these days").

``render(family, subject)`` writes the facts in one of ten ``families()``, the way tools, agents
and people leave records today: OCaml toplevel sessions (``utop #`` lookups and a record with
``since``, ``(* … *)`` comments and ``let`` bindings, ``Kb.set`` with its reply ``Replaced
"…"``, ``List.mem``), Pulumi previews (``+``/``=``/``~`` resource steps with their properties,
``Outputs:``, ``Diagnostics:``, one-line steps, ``"old" => "new"``, ``Resources:``), Apple
``.strings`` files (``"key" = "value";`` lines under ``/* … */`` comments, a diff of two lines,
the value as the key), jq queries (``--arg`` lookups with their raw or JSON output, a ``select``
by value answered by the entity, a ``diff`` of two jq runs, an assignment piped to ``sponge``),
JSONL eval cases (question and answer with ``as_of``, ``input``/``expected_output``, a prompt
and completion, a subject-relation-object row, a ``stale_answer``), US court dockets (a numbered
entry under a month-first day, ``DOCKET ENTRY … (Entered: …)``, a minute entry, an order
``Signed`` in a month, exhibits and amended exhibits), footnotes (numbered with superscripts,
"since 21 May 2019", "as reported in 2019", "cf.", "Earlier editions give"), public-address
announcements never dated ("Ding-dong. Ladies and gentlemen", "Attention please.", "This is a
staff announcement … I repeat"), RSpec expectations (``expect(…).to eq(…)``, an ``it`` block
with ``travel_to``, ``describe``, ``change { … }.from(…).to(…)``, ``include``) and answers on a
Q&A site ("Q: … A: …", "A (accepted):", "answered … 09:14:07Z", "(edited 2019)", "Edit: this
answer used to say"). Validity is written as ISO dates (an OCaml record's ``since`` and
``~since:``, a Pulumi ``since :``, a ``.strings`` comment's "since" and "changed", a jq
``"since"`` and ``"at"``, an eval case's ``"as_of"`` and ``"changed_on"``, RSpec's
``travel_to Time.zone.parse(…)``, an answer's timestamp and "Since 2019-05-21"), as a US day
month first ("05/21/2019   12   NOTICE of …", "(Entered: 05/21/2019)"), as a day in words ("since
21 May 2019;", "on 21 May 2019, replacing"), as a month and year (an OCaml comment, a Pulumi
stack comment and ``~ 1 to update (May 2019)``, "Localizable.strings, updated May 2019", a jq
``"checked"``, an eval prompt's "As of May 2019", "Signed May 2019.", a footnote's "As of",
RSpec's "checked May 2019", an answer's "as of May 2019."), as a year (an OCaml "until 2019",
``(* added 2019 *)``, a Pulumi ``added``, ``/* 2019 */``, a jq ``"year"``, an eval case's
``"source_year"`` and ``"since"``, "NOTICE of addition (2019)", "as reported in 2019", "added in
2019", RSpec's ``# added 2019``, "(edited 2019)", "Yes, since 2019."), or not at all (1335 of
the 2460 memories carry no year or month-and-year, a date or year that is the value counting as
written; an announcement never dates a fact). A change names the value it replaces as an OCaml
``Replaced "X"`` or ``was "X" until``, a Pulumi ``"X" => "Y"``, a ``.strings`` ``was "X"`` or
removed line, a jq diff's ``< X`` or ``"old"``, an eval case's ``"stale_answer"`` or "Is the … still
X?", a docket's "replacing X" or "(previously listed as X)", a footnote's "replacing X" or
"Earlier editions give … as X", "is now Y, not X", "has gone from X to Y", RSpec's
``.from("X").to("Y")`` or ``# no longer "X"``, a question "still X?" or "used to say X", or (one
wording of three in every family: a bare ``Kb.set``, a one-line update step, ``/* updated */``,
an assignment piped to ``sponge``, ``"tags": ["updated"]``, a minute entry noting the current
value, "is now", "please update your notes", ``kb.update`` and its expectation, "(edited)") not
at all, 420 of the 1340 changes; the value comes before the entity in some wordings (252
memories) and after it in most (2208).

``holdout_pairs()`` gives 1152 labelled older/newer pairs: 268 changes (134 in one family, 134
across two), 166 restatements, and 718 negatives: 347 of another entity's same slot (135 of them
sharing the value: "Nike", "adidas", "Puma" and "Umbro" among the kit suppliers, "Thursday and
Friday" and "Friday and Saturday" among the weekends, "age 18", "Apache 2.0", "toll-free",
"5p", "2035", "Frank Welker", "Charles Martinet", "Guinness", "NatWest", "Coca-Cola"), 88 of
another slot of the same entity (one sharing the value: Frank Welker, Scooby-Doo's voice on
television and in films), 121 of multi-valued relations (the FIFA World Cup's host nations,
the Prime Ministers who have answered Prime Minister's Questions, the Free Software
Foundation's published licences, the single-use items banned in England and in Scotland), 132
of recurring events (the World Snooker Championship's champions, the winners of the Academy
Award for Best Animated Feature, the official match balls of the FIFA World Cup and of the UEFA
European Championship) and 30 additions.
"""

from pathlib import Path

from evaluation.holdout_g.readers import readers

# Set G's readers bound to this folder: catalogue, families, renderer, subjects and pairs.
SOURCE, domains, families, render, holdout_histories, holdout_pairs = readers(
    Path(__file__).parent, 7261
)
HOLDOUT_SEED = SOURCE.seed
