"""Hold-out set M: real-world changing facts, a thirteenth benchmark set written apart from
the change detector.

A helper wrote it from its own general knowledge, nothing from ``/work/shared``. What it
read: the record types (``evaluation/holdout/model.py`` and ``__init__.py``), set G's code,
set L's front door and JSON files (for their schema and style), the store workload
(``evaluation/benchmarks/holdout_store.py``), the shared checks (``tests/holdout_checks.py``,
``holdout_helpers.py``, ``test_holdout_common.py``), set L's tests, the head of set K's, the
head of the JSON reader (``evaluation/tables.py``) and ``memgov eval recall-order --help``.
What it did not read: the change detector (``curation/_change.py``, ``_values.py``,
``_ranking.py``, ``_planner.py``, ``_claims.py``, ``mechanics/``), docs/evaluation.md, the
README's evaluation section, and any data of sets A to K. Its facts and wordings are its own
data (``catalogue.json``, ``wordings.json``); the code that reads, renders and pairs them is
set G's, through a ``Source`` naming this folder. Only raw recall was run on M
(``memgov eval recall-order --set m``, its raw arm read, once) to check that its questions are
answerable; nothing was tuned for curation and no template was rewritten after that run.
The current value is in the raw top 5 for 0.681 (``json_patch``) to 0.959
(``press_release``) of the 345 questions per family and in the top 10 for 0.820
(``json_patch``) to 0.997 (``ini_file``); the undated JSON patches, which name the entity
only in a comment or a path and the slot only by its key, are the hardest family.

``holdout_histories()`` gives one subject per (entity, slot) of ``catalogue.json`` in eight
domains, none of sets A to L's: golf (players' major tallies and home tours, chief
executives of the tours and governing bodies, Augusta National's chairman, the majors'
purses), motor racing off Formula One (IndyCar and NASCAR Cup title tallies, race teams,
Indianapolis 500 tallies, IndyCar's owner and title sponsor, NASCAR's chief executive and
owner), streaming services (monthly prices, Amazon Prime's annual fee, Spotify's paid
subscribers, chief executives, Twitch's owner), US federal agencies (heads, the FBI's and
CIA's deputy directors and headquarters), finance ministries (ministers, standard consumption
tax rates, the US statutory debt limit, the date set for Japan's 10% consumption tax), high
courts (presiding judges, the ICC's prosecutor, the ICJ's registrar, the sanctioned strength
of India's Supreme Court), rugby union national teams (head coaches, captains) and developer
platforms (chief executives, owners, Kubernetes's latest minor release, Node.js's active LTS
line and steward, Terraform's licence): 115 subjects of 73 entities, 37 of which carry two
or three slots changing on their own schedules, 15 subjects that never change. Values are
names of people, organisations and buildings ("Chip Ganassi Racing", "Penske
Entertainment", "J. Edgar Hoover Building"), tallies ("5 major titles", "6 IndyCar titles",
"3 Cup titles", "4 Indy 500 wins"), money ("$17.99", "$139", "$21 million", "$41.1
trillion"), rates ("19.6%", "10%"), counts ("263 million subscribers", "34 judges"),
versions ("v1.34", "v24"), licences ("BUSL 1.1") and dates ("1 October 2019"), each dated
by the day it took effect (the first of a month or year where only that is known; a purse
by a day of its championship's week); a current value is the latest its writer knew of and may
since have changed in the world (the set measures memory, not the news). Histories start
where the writer's memory is firm: the Springboks' coaches from Nienaber (Erasmus's first
spell left out), Wales's from Pivac (Gatland's first spell left out), Ireland's 2025
interim coach left out, Netflix's and Disney+'s earliest prices left out.
Facts its writer is unsure of (dates or current holders): Koepka's, Rahm's and McIlroy's
PGA Tour start days, Koepka's LIV day, Billy Payne's, Mike Davis's, Mark Darbon's, Brian
Rolapp's and Craig Kessler's start days, the Open's purses; Palou's clinching days (2023
and 2025), Dixon's and Castroneves's team dates, Newgarden's CFH and Ed Carpenter dates,
IndyCar's title-sponsor years, the Hulman and France family ownership days, Brian France's
start, Larson's 2025 title; Reed Hastings's start as chief executive, Spotify's US $11.99
day (and whether it has risen since), Spotify's co-chief executives from 2026, Peacock's
$10.99 day; David Bowdich's and Michael Ellis's start days, Dan Bongino still deputy, the FBI
still in the Hoover Building, Jim O'Neill acting at the CDC and Scott Bessent acting at the
IRS; the US debt limit's $36.1 trillion on 2025-01-02, Italy's 20% from 1997, Guedes's
merged Ministry of Economy counted as Brazil's finance ministry, the days of Japan's two
postponements; Lady Hale's start day, the 31-judge strength's day, Karim Khan still the
ICC's prosecutor (on leave since 2025); most rugby captains' appointment days, Matt
Sherratt's and Steve Tandy's days, Les Kiss from 2026, Jamie Joseph's start; GitHub's chief
executive after Thomas Dohmke's 2025 departure (none recorded), Sijbrandij's, Jassy's,
Diane Greene's and Joel Spolsky's start days, npm, Inc.'s date and the Prosus closing day.
Questions (345) ask for the current value three ways: in the slot's own words, around them
("Who picks the side and runs training for Wallabies?", "Who holds the purse strings at
Japan's Ministry of Finance?") and by the latest occurrence ("most recently", "newest",
"latest", "these days"); the three purses have questions of their own (the Masters, the
U.S. Open, the Open).
``render(family, subject)`` writes the facts in one of ten ``families()``: INI sections,
GraphQL responses, RSS items, press releases, legal clauses, Beancount entries, radio calls
("Over."), BibTeX entries, Gherkin scenarios and JSON patches (undated); validity is written
as a year, an ISO date, month and year, "since", "as of", "effective", "w.e.f.", "with effect
from", "in force from", "Dated", ``valid_from =``, ``"validFrom"``, ``<pubDate>``,
``year = {...}``, a Beancount date or not at all; the value comes before the entity in some
wordings and after it in others.
``holdout_pairs()`` gives 1128 labelled older/newer pairs: 438 changes (219 in one family,
219 across two), 172 restatements, and 518 negatives: 322 of another entity's same slot (68
of them sharing the value: golfers and drivers on the same tally, streaming services on
the same monthly price, the Masters and
the U.S. Open on one purse, Japan with Australia or Canada and France with Italy on one tax
rate, drivers on one team, Mike Whan at the LPGA then the USGA, Eddie Jones with England,
Australia and Japan, Joe Schmidt with Ireland and Australia, IBM owning Red Hat and
Terraform), 94 of another slot of the same entity (the CIA's Gina Haspel was deputy before
she was director), 27 of multi-valued relations (McIlroy's and Scheffler's majors, the US
Supreme Court's associate justices, the Springboks' and All Blacks' World Cups, GitHub's
acquisitions), 62 of recurring events' winners (the Open, the Ryder Cup's US captains, the
Indianapolis and Daytona 500s, the Emmys' drama series, the Six Nations; each series keeps
only occasions with distinct winners) and 13 additions.
"""

from pathlib import Path

from evaluation.holdout_g.readers import readers

# Set G's readers bound to this folder: catalogue, families, renderer, subjects and pairs.
SOURCE, domains, families, render, holdout_histories, holdout_pairs = readers(
    Path(__file__).parent, 5813
)
HOLDOUT_SEED = SOURCE.seed
