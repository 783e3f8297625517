"""Hold-out set AA: real-world changing facts in eight new domains written in ten new wording
families, a twenty-seventh benchmark set written apart from the change detector.

A helper wrote it from its own general knowledge, nothing from ``/work/shared``. What it read:
set Z (front door, ``catalogue.json``, ``wordings.json``, ``tests/test_holdout_z.py``) as the
model for structure, schema and style, parts of set Y (front door, wordings, an entity's own
questions, ``tests/test_holdout_y.py``), the commits that registered set Z (f9001d7 to 5edac04,
their stat and the diffs of the registration, tests and README commits), the store workload
(``evaluation/benchmarks/holdout_store.py``), the shared checks (``tests/holdout_checks.py``,
``holdout_helpers.py``, ``test_holdout_common.py``), the two CLI help strings that list the
sets, the README's recall-order row and its sentence naming the sets (both now name aa) and its
rows for the hold-out sets (a row for AA added), the Makefile's lint target,
``tools/duplicate_budget.py``'s docstring, pyproject's ruff and mypy settings, the domain lists
of sets G to Y (``DOMAINS_*`` in the shared checks), the domain, entity, slot, relation and
event names of sets O to Z's catalogues (to reuse none: O's ice hockey already holds the NHL's
commissioner and the Stanley Cup, O's engineering records the bridges, V's foreign ministries
their names, so AA writes none of them) and the names (only) of the wording families of sets A
to Z (printed by ``holdout_families``). What it did not read: the change detector (anything
under ``curation/``; the trust gate's finders were only called, as the shared check calls them),
set G's code (its readers are only imported, as Z's front door does), docs/evaluation.md, the
recall-order code, and any facts, templates, histories or pairs of sets A to N. The gate's
finders flagged a draft once, before any run: a DNS zone serial (``2019052101``) read as a phone
number and a TXT string ``three_point_distance=6.75 metres`` as a secret, so the zone wording
writes ``"since=…"`` and separate quoted strings instead; nothing is flagged now and the gate
was not touched. Its facts and wordings are its own data (``catalogue.json``,
``wordings.json``); the code that reads, renders and pairs them is set G's, through a ``Source``
naming this folder (seed 9433). Only raw recall was run on AA (``memgov eval recall-order --set
aa --json``, once; only its raw arm was read, the other arms' figures were not looked at) to
check that its questions are answerable; nothing was tuned for curation, and nothing in the data
was changed after the run. The current value is first / in the raw top 5 / in the top 10 for
this share of the 333 questions per family: ``dockerfile_label`` 0.381 / 0.898 / 0.985,
``registry_export`` 0.489 / 0.934 / 0.988, ``julia_repl`` 0.387 / 0.946 / 0.991,
``kotlin_data_class`` 0.303 / 0.784 / 0.898, ``dns_zone_txt`` 0.342 / 0.826 / 0.922,
``csv_diff`` 0.363 / 0.853 / 0.931, ``errata_sheet`` 0.363 / 0.898 / 0.946, ``tv_chyron`` 0.312
/ 0.964 / 1.000, ``ssml_speech`` 0.450 / 0.937 / 0.991, ``context_summary`` 0.381 / 0.976 /
0.997 (current first 0.303 to 0.489, mean 0.377). Kotlin's data classes (``toString`` lines and
``copy`` calls that bury entity and value among field names) are the hardest family to answer
from raw recall (0.898 in the top 10, 0.784 in the top 5), then DNS TXT records (0.922) and daff
CSV diffs (0.931); every memory names its entity, its slot and its value, so all were left as
written.

``holdout_histories()`` gives one subject per (entity, slot) of ``catalogue.json`` in eight
domains, none of sets G to Z's: national capitals (the capitals of Brazil, Nigeria, Myanmar,
Germany, Côte d'Ivoire, the Netherlands, Australia, Italy, Kazakhstan and Zimbabwe, the seats of
government of Germany, Côte d'Ivoire, the Netherlands, Australia and the United States), sports
leagues (the commissioners of the NFL, the NBA, Major League Baseball, Major League Soccer and
the WNBA, the numbers of teams of those, the NHL and English football's top division, that
division's sponsored name, the regular-season lengths of the NFL, the NBA, MLB and the NHL),
sports rules (the Laws of the Game's substitutes, goalkeeper holding limit and video assistant
referee, the points for a win in English league football and at the FIFA World Cup, the World
Cup's number of finalists, the NFL's extra-point line, kickoff touchback spot and overtime
length, MLB's designated hitter, base size and extra-inning rule, the three-point distances and
shot clocks of FIBA and the NBA, the NHL's overtime format), telephone numbering (the dialling
codes of inner and outer London, the calling codes of the Czech Republic, Slovakia, Montenegro
and Serbia, the emergency numbers of India, the United States and the United Kingdom, the length
of French numbers), postal codes (the postcode formats of Germany, Japan, Singapore, Vietnam,
South Korea, Brazil, India, Switzerland, the United States and Australia), UK government
departments (the names and Secretaries of State of the business, energy, science, culture,
education, housing, justice, environment and welfare departments and of the interior ministry,
which also has its headquarters), administrative divisions (the first-level divisions of
Nigeria, the United States, Canada, France, Norway and Ethiopia, the territories of Canada and
India, the names of the states whose capitals are Bhubaneswar and Dehradun and of the province
whose capital is Peshawar) and stadiums (the names of the dome on the Greenwich peninsula and of
the stadiums of Manchester City, Borussia Dortmund, Eintracht Frankfurt, Atlético Madrid and
Wales, the Lakers' arena, the stadium at Queen Elizabeth Olympic Park and its main tenant,
England's national stadium): 111 subjects of 75 entities, 29 of which carry two or three slots
changing on their own schedules (the NFL, the NBA and MLB among the leagues, the Laws of the
Game, the NFL and MLB among the rules, and the interior ministry three), 21 subjects that never
change. Values are cities ("Brasília", "Naypyidaw", "Washington, D.C."), people ("Roger
Goodell", "Cathy Engelbert", "Peter Kyle", "Thérèse Coffey", "Shabana Mahmood"), counts ("32
teams", "17 games", "36 states", "18 regions", "three territories", "8 union territories"),
names ("the Barclays Premier League", "the Department for Business and Trade", "the Ministry of
Justice", "Odisha", "Khyber Pakhtunkhwa", "Signal Iduna Park", "Crypto.com Arena"), rules ("five
substitutes", "eight seconds", "three points", "the 35-yard line", "10 minutes", "both leagues",
"18-inch bases", "a runner starts on second base", "6.75 metres", "23 feet 9 inches", "24
seconds", "five minutes of three-on-three", "permitted"), codes ("020", "0181", "+420",
"Czechoslovakia's +42", "+382", "112", "999"), formats ("five digits", "seven digits", "10
digits") and addresses ("2 Marsham Street"), each dated by the day it took effect (a capital by
the day of the move or of the law, a commissioner or Secretary of State by the first day in
office, a league's size or season by the first day of the season that changed it, a rule by the
first day of play under it or by the day its body adopted it, a code or format by the day it
went live, a division by the day of the law or of the new unit, a stadium's name by the day it
took it, a value known only by its month or year by the first of that month or year); a current
value is the latest its writer knew of and may since have changed in the world (the set measures
memory, not the news). Histories keep values distinct and no value inside another (so the
Department for Education and Skills, the Department of Health and Social Care, the Department
for Transport, Newfoundland and Labrador and Kazakhstan's capital before 2019 are left out, and
the Czechoslovak code is written "Czechoslovakia's +42"), leave out acting holders and begin
some histories with their latest few values (the culture and housing departments' names from
2017 and 2021, as an earlier name later came back, the Secretaries of State since late 2022,
Norway from 2018, the Metropolitano's names from 2017).

Facts its writer is unsure of (days, or whether a first value is right): Rio de Janeiro dated
the Republic (15 November 1889), Lagos 1 January 1914, Amsterdam 29 March 1814 and The Hague 24
August 1815 (placeholders), Abidjan as the seat from 10 August 1934, Florence 3 February 1865;
the opening days of the seasons that changed a league's size (the NBA's 3 November 1989 and
1995, the WNBA's 15 May 2010, MLS's 16 April 2021) and Don Garber's 4 August 1999, the NFL's 16
games dated 2 September 1978, the NHL's 84 games 6 October 1992; the first values of rules long
in force (the 2-yard extra point dated 17 September 1933, the 20-yard touchback 18 September
1970, 15-inch bases 1 April 1887, innings starting empty 22 April 1876, FIBA's 30 seconds 1956,
its 6.25 metres 1984 and 24 seconds 2000, the six-second goalkeeper rule 1 July 2000, three
substitutes 1 July 1995); Montenegro's +382 dated 15 February 2007, India's 100 dated 1946 (a
placeholder); Germany's four-digit postcodes dated 23 March 1962, Singapore's four digits 1979,
Vietnam's six digits 2004, South Korea's six digits 1 February 1988, Brazil's five and eight
digits May 1971 and May 1992; the Ministry of Agriculture, Fisheries and Food dated 1 April
1955, the Home Office at 50 Queen Anne's Gate from 1978 and at 2 Marsham Street from March 2005;
Orissa dated 1 April 1936 and Odisha 1 November 2011; the Commerzbank-Arena dated May 2005, the
Principality Stadium 6 January 2016, London Stadium June 2016, the Cívitas and Riyadh Air
Metropolitano July 2022 and July 2024; MLS's expansion clubs' first matches, the 711 and 811
codes (1 October 2001, 1 May 2007), and Inter Miami CF as the 2025 MLS Cup winner.

Questions (333) ask for the current value three ways: in the slot's own words, around them
("Which city does Myanmar officially name as its chief city?", "Who presents the championship
trophy on behalf of the NFL?", "How far out do kickers set up for the conversion after a
touchdown in the NFL?", "What must callers abroad dial before a number in Slovakia?", "What does
the routing number on a letter addressed to Japan look like?", "Who sits in Cabinet for the UK's
justice department?", "Into how many parts is Ethiopia split at the top tier of its map?", "What
do tickets for events at Borussia Dortmund's stadium print as the venue?"), and by the latest
occurrence ("most recently", "newest", "latest", "these days").

``render(family, subject)`` writes the facts in one of ten ``families()``, the way tools, agents
and people leave records today: Dockerfile labels (a continued ``LABEL`` with an OCI ``created``
label, a commented label, an ``ENV`` line, ``RUN kb set``), Windows registry exports (a ``.reg``
file with its header, a commented export, ``reg query`` output, ``reg add`` and its reply, a
value deleted with ``=-`` and set again), Julia REPL sessions (``julia>`` lookups, a named tuple
with ``Date``, ``@info`` and ``@warn`` log boxes, ``@show``, ``findfirst``), Kotlin data classes
(a constructor with ``LocalDate.parse``, ``toString`` lines, a backticked ``val`` under a
comment, ``mapOf``, ``copy``), DNS zone TXT records (a record with ``since=`` strings, ``dig
+short`` and ``;; ANSWER SECTION`` output, a commented record, a zone diff, ``nsupdate``), daff
CSV diffs (``@@`` headers with ``+++``, ``---``, ``->`` and context rows, ``...`` for skipped
rows), errata sheets (an errata list for a printing, "for … read …", a corrigendum with its day,
an addendum), TV news chyrons never dated ("LIVE |", "JUST IN ▸", "EARLIER TODAY ▸", "BREAKING",
"DEVELOPING |"), SSML speech (``<speak>`` with ``<say-as>`` dates, ``<emphasis>``, ``<break>``,
``<prosody>``) and an agent's context summaries ("Summary of earlier context:", "Context so
far", "[Conversation compacted]", "Earlier in this session"). Validity is written as ISO dates,
an OCI ``org.opencontainers.image.created`` label, "# …, as of May 2019", a registry ``"Since"``
value, "; exported May 2019", Julia's ``Date("2019-05-21")``, a log box's ``year = 2019``,
"until 2019-05-21", ``LocalDate.parse("2019-05-21")``, "// …, checked May 2019", ``year=2019)``,
a TXT ``"since=2019-05-21"``, "; … (May 2019)", a daff since column, "# daff diff …, May 2019",
"Errata to the 2019 printing", "Corrigendum (21 May 2019)", an SSML ``format="ymd"`` or
``format="y"`` date, "(confirmed 2019-05-21)", "As of 21 May 2019", "on 2019-05-21", a relative
"EARLIER TODAY" or "Earlier in this session", or not at all (1620 of the 2450 memories carry no
year or month-and-year; a chyron never dates a fact); relations and events add "added 2019",
``kb.added``, ``"added=2019"``, "Addendum (2019)" and "(noted 2019)". A change names the value
it replaces as ``org.kb.replaces``, "bumped from", a registry ``"Previous"`` value, "old data",
``# was "X"``, a warning box's ``old =``, ``previous = "X"``, ``Change(…, old=X, new=Y)``, a TXT
``"previous=X"``, a removed zone record, a daff ``X->Y`` cell or ``---`` row, "for "X" read
"Y"", "given as X, is now", "(WAS X)", "drops X", "not X", "no longer X", "changed from X to Y"
or "X is outdated", or (one wording of three in every family: ``RUN kb set``, a registry value
deleted and set, a bare assignment, ``kb.getValue(…)[…] =``, ``nsupdate``, a daff row that
"replaces the row above", "now reads", "CHANGES TO", "Update.", "Updated fact:") not at all, 430
of the 1340 changes; the value comes before the entity in some wordings (304 memories) and after
it in most (2146).

``holdout_pairs()`` gives 1152 labelled older/newer pairs: 268 changes (134 in one family, 134
across two), 157 restatements, and 727 negatives: 339 of another entity's same slot (67 of them
sharing the value: "30 teams" and "28 teams" for several leagues, "four digits", "five digits"
and "six digits" for several countries, "+381", "82 games", "two points", "three points", "24
seconds", and Secretaries of State who moved between departments), 86 of another slot of the
same entity, 106 of multi-valued relations (MLS's recent expansion teams, the NFL's
international venues, the United States' three-digit dialling codes, Canada's territories, the
United States' twentieth-century states, India's newest states), 158 of recurring events (the
NBA Finals', the World Series' and the MLS Cup's champions, the venues of the UEFA Champions
League final and of the Super Bowl) and 38 additions.
"""

from pathlib import Path

from evaluation.holdout_g.readers import readers

# Set G's readers bound to this folder: catalogue, families, renderer, subjects and pairs.
SOURCE, domains, families, render, holdout_histories, holdout_pairs = readers(
    Path(__file__).parent, 9433
)
HOLDOUT_SEED = SOURCE.seed
