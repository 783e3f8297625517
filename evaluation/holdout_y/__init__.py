"""Hold-out set Y: real-world changing facts in eight new domains written in ten new wording
families, a twenty-fifth benchmark set written apart from the change detector.

A helper wrote it from its own general knowledge, nothing from ``/work/shared``. What it read:
the record types (``evaluation/holdout/model.py``) and the typed JSON reader
(``evaluation/tables.py``), set G's code (``evaluation/holdout_g/*.py``, not G's JSON), set X
completely (front door, JSON files, ``tests/test_holdout_x.py``) as the model for structure,
schema and style, and sets T to W the same way (none of their facts, domains or templates is
reused), the store workload (``evaluation/benchmarks/holdout_store.py``), the adapter
(``adapters/holdout.py``), the two CLI help strings that list the sets and ``memgov eval
recall-order --help``, the README's recall-order row, its one sentence naming the sets (both
changed from a…x to a…y) and its rows for the hold-out sets (a row for Y added), the shared
checks (``tests/holdout_checks.py``, ``holdout_helpers.py``, ``test_holdout_common.py``), the
trust gate's negatives test (``tests/test_trust_gate_negatives.py``), the commits that
registered set X and the later test refactor (d0de635), ``tools/duplicate_budget.py``'s
docstring and the Makefile's lint target, the domain lists of sets G to X (``DOMAINS_*`` in the
shared checks, X's docstring) and the names (only) of the wording families of sets A to X
(printed by each set's ``families()``). What it did not read: the change detector (anything
under ``curation/``; the trust gate's finders were only called, as the shared check calls
them), docs/evaluation.md, the recall-order code, and any facts, templates, histories or pairs
of sets A to N. The gate's finders flagged nothing in any draft (no instruction, no personal
data, no secret), and the gate was not touched. Its facts and wordings are its own data
(``catalogue.json``, ``wordings.json``); the code that reads, renders and pairs them is set G's,
through a ``Source`` naming this folder (seed 7339). Only raw recall was run on Y (``memgov eval
recall-order --set y --json``, once; only its raw arm was read, the other arms' figures were not
looked at) to check that its questions are answerable; nothing was tuned for curation. One
template was corrected afterwards, a data mistake the shared relation check found: gdb's
``p fact->value`` wording named neither the slot's label nor its key (so a recurring event's
memory lost its occasion and a subject's memory its slot), and now prints ``p fact->KEY``; the
figures below are the run's, before that. The current value is in the raw top 5 / top 10 for
this share of the 330 questions per family: ``emacs_lisp`` 0.761 / 0.903, ``man_page`` 0.927 /
0.994, ``gdb_session`` 0.858 / 0.927, ``lua_table`` 0.600 / 0.779, ``perl_dumper`` 0.791 /
0.876, ``geojson_feature`` 0.918 / 0.967, ``shell_history`` 0.809 / 0.906,
``fountain_screenplay`` 0.921 / 0.982, ``push_notification`` 0.906 / 0.970, ``slide_deck``
0.939 / 0.979 (current first 0.176 to 0.455, mean 0.317). Lua tables, which wrap entity and
value in ``kb["…"].key = "…"`` and table constructors, are by far the hardest family to answer
from raw recall (0.779 in the top 10), then Perl's dumps (0.876), shell history (0.906) and
Emacs Lisp (0.903); every memory names its entity, its slot and its value, so all were left as
written (the gdb correction above aside).

``holdout_histories()`` gives one subject per (entity, slot) of ``catalogue.json`` in eight
domains, none of sets G to X's: labour law (the minimum wages of the United Kingdom, Germany,
France, the United States, Spain, Ireland, Australia, New Zealand, Italy and Denmark, the state
pension ages of the United Kingdom, France, Ireland, New Zealand and Italy, the legal working
weeks of France, the United States, Spain and Japan), zoos (the giant pandas of Edinburgh Zoo,
the Smithsonian National Zoo, San Diego Zoo, Zoo Atlanta, Memphis Zoo, Adelaide Zoo, Ueno Zoo,
Berlin Zoo, Toronto Zoo and Calgary Zoo, the Smithsonian zoo's director, the operators of
Edinburgh and San Diego), human records (the oldest, tallest and shortest of living women and of
living men, the youngest and oldest Nobel laureates at their award, the most decorated Olympians
in all and at the Winter Games, the oldest and youngest living former US presidents), typefaces
(the system typefaces of Apple, Microsoft, Google's Android and GNOME, the brand typefaces of
Apple, Google and IKEA, the default document typefaces of Microsoft, Google Docs and
LibreOffice), currencies (the currencies of Croatia, Lithuania, Latvia, Estonia, Slovakia,
Cyprus, Germany, Montenegro, Kosovo, Venezuela, Zimbabwe, Ecuador and El Salvador, bitcoin's
status in El Salvador, the eurozone's Eurogroup president and number of members), electoral law
(the voting ages of the United Kingdom, Scotland, Wales, Japan, New Zealand, Australia, Austria,
Brazil and Malaysia, the electoral systems of the United Kingdom, Scotland, Japan, New Zealand,
Australia and Italy, Australia's compulsory voting), human spaceflight (the status of the
International Space Station, the Tiangong space station, Mir, Skylab and Tiangong-1, the vehicle
carrying NASA crews to the ISS and its planned end of operations, Tiangong's crew vehicle, the
records of spacefarers and of American astronauts for cumulative time, single flight and age at
launch) and diplomatic missions (the sites of the US embassies in Israel, London and Cuba, the
US ambassadors in Israel and London and at the US mission to the United Nations, the status of
the US embassies in Cuba, Kyiv, Afghanistan and Syria and of the Canadian embassy in Iran): 110
subjects of 71 entities, 32 of which carry two or three slots changing on their own schedules
(France, Google, living women, living men, Australia, the ISS and spacefarers three), 21
subjects that never change. Values are wages ("£12.21", "€12.82", "$7.25", "A$24.95",
"NZ$23.50", "€1,184 a month", "no statutory minimum wage"), ages ("age 66", "age 66 and 7
months", "age 16"), hours ("35 hours"), pairs of pandas ("Tian Tian and Yang Guang", "Da Mao and
Er Shun", "no giant pandas"), people ("Brandie Smith", "Ethel Caterham", "João Marinho Neto",
"Afshin Ghaderzadeh", "Malala Yousafzai", "Marit Bjørgen", "Joe Biden", "Paschal Donohoe", "Oleg
Kononenko", "Ed Dwight", "Frank Rubio", "Mike Huckabee", "Mike Waltz"), operators ("San Diego
Zoo Wildlife Alliance"), typefaces ("Chicago", "Lucida Grande", "San Francisco", "Segoe UI",
"Calibri", "Aptos", "Product Sans", "Roboto", "Adwaita Sans", "Noto IKEA"), currencies ("the
kuna", "the euro", "the Deutsche Mark", "the bolívar digital", "the RTGS dollar", "the Zimbabwe
Gold", "the US dollar"), statuses ("legal tender", "voluntary to accept", "in orbit",
"deorbited", "re-entered", "under assembly", "complete", "continuously crewed", "operating
normally", "suspended", "reopened", "closed", "an interests section", "a full embassy"), counts
("20 members"), electoral systems ("first past the post", "mixed-member proportional", "the
Rosatellum"), vehicles ("the Crew Dragon", "Shenzhou"), plans ("through 2030") and places
("Jerusalem", "Nine Elms", "the Malecón in Havana"), each dated by the day it took effect (a
wage by the day it applied from, an age by the day its law was passed or took effect, a panda
pair by the day it arrived or left, a record by the day its holder took it, a typeface by the
release that brought it, a currency by the day it became legal tender, an embassy's status by
the day it closed or opened, a holder by the day of taking up the post, a value held before a
documented change by the first of a month or year when only that is known); a current value is
the latest its writer knew of and may since have changed in the world (the set measures memory,
not the news). Histories keep values distinct and no value inside another (so Windows 11's Segoe
UI Variable, iOS's first Helvetica, Turkey's new lira and the bolívar before 2008 are left out),
leave out acting and interim holders, and begin some histories with their latest few values (the
minimum wages before 2021 to 2023, San Diego's pandas before Bai Yun and Xiao Liwu, New
Zealand's voting age before 20).

Facts its writer is unsure of (days, figures or current holders): the Smithsonian zoo's
directors' days (Dennis Kelly 2 August 2010, Steven Monfort 1 October 2014, Brandie Smith 1
March 2021), San Diego's Bai Yun and Xiao Liwu dated 31 October 2018 and their leaving 27 April
2019, the operators' renamings (June 2010, 2 March 2021), Zoo Atlanta's pandas leaving dated 1
October 2024, Adelaide's Yi Lan and Xing Qiu dated 1 November 2024, Calgary's pandas dated 24
March 2018 and their leaving 1 May 2020, Edinburgh's operator dated the zoo's opening;
Juan Vicente Pérez dated 18 January 2022, Afshin Ghaderzadeh's 13 December 2022, Larisa
Latynina's 21 October 1964 and Bjørn Dæhlie's 1 February 1998 (placeholders); Apple's brand
typefaces dated 1 January 1984, 2002 and 2016 (placeholders), Office 97's Times New Roman dated
19 November 1996, Aptos dated 13 July 2023, Google Docs' Arial dated 10 October 2006, IKEA's
typefaces (1983, August 2009, 2019), Roboto as Google's system typeface (Pixel phones now show
Google Sans); the Cypriot pound dated 1879, the sucre 1884 and the colón 1892 (placeholders),
Ecuador's dollar dated 13 March 2000, Kosovo's and Montenegro's Deutsche Mark dated September
and November 1999, Paschal Donohoe as the current Eurogroup president (the post may since have
changed); the United Kingdom's age 18 dated 16 February 1970, Austria's age 18 dated 1992,
Brazil's 1946, New Zealand's ages 20 and 18 dated 1969 and 1974, Australia's age 18 dated 1
March 1973 and its preferential voting 21 November 1918, Japan's parallel voting dated 29
January 1994 and its single non-transferable vote 25 April 1947; the ISS's planned ends dated
1 February 2010 and 31 December 2021, Tiangong's completion dated 3 November 2022, Sergei
Krikalev's record dated 16 August 2005, Jeff Williams's 24 August 2016; the US embassy in
Tel Aviv dated 1949, Grosvenor Square 1960 and the Malecón building 1953 (placeholders), the
London ambassadors' days (Woody Johnson 21 August 2017, Jane Hartley 1 July 2022, Warren
Stephens 1 May 2025), Mike Waltz dated 19 September 2025, the Kyiv, Syria and Iran embassies
dated as operating normally from 1992, 1974 and 1959 (placeholders); France's age 64 dated the
2023 law's promulgation (its application was later debated and may have been suspended).

Questions (330) ask for the current value three ways: in the slot's own words, around them
("What is the least an employer in Spain may legally pay an adult worker?", "Which
black-and-white bears on loan from China can visitors see at Ueno Zoo?", "Which of living men
would look up at everyone else?", "In what lettering does a blank page in the word processor
of Microsoft start out?", "What do shoppers in Zimbabwe pay with at the till?", "How old must
someone be to have a say at the polls in Malaysia?", "Is Mir still up there?", "Can
travellers get help from the US embassy in Kyiv at the moment?"), and by the latest occurrence
("most recently", "newest", "latest", "these days").

``render(family, subject)`` writes the facts in one of ten ``families()``, the way tools, agents
and people leave records today: Emacs Lisp (``setq`` with an alist, a ``kb-put`` call with
``:since``, IELM's ``ELISP>`` prompt, ``puthash`` under a comment, a plist, ``M-x`` and its
"Replaced" message, ``setf`` of ``alist-get``), man pages (roff source with ``.TH``, ``.SH``,
``.SS``, ``.TP``, ``.IP``, ``.B`` and ``.IR``, a rendered page with its footer, HISTORY and BUGS
sections), gdb sessions (``print``, ``p``, a breakpoint's frame, ``info locals``, a hardware
watchpoint's old and new value, ``call``), Lua tables (a returned table, ``kb["…"].key``, the
REPL's ``print``, ``table.insert`` with ``os.time``, Neovim's ``vim.tbl_extend``), Perl's
Data::Dumper (``$VAR1`` hashes, arrays and scalar references, the debugger's ``DB<1> x``),
GeoJSON features (a Feature with ``geometry: null``, a FeatureCollection, pretty-printed
properties), shell history (``history`` with timestamps, plain commands, ``echo`` redirection,
``grep``, ``sed -i``), Fountain screenplays (scene headings, character cues, parentheticals, a
title page's draft date, ``SUPER:``, centred text), push notifications (an app's alert with
"now", "5m ago", "1h ago", "2h ago") and slide decks (a slide with bullets and speaker notes, an
outline export, a footer). Validity is written as ISO dates, ``:since "2019-05-21"``,
``(encode-time '(0 0 0 21 05 2019))``, ";; …, as of May 2019", ``.TH KB 7 2019-05-21``, a man
page footer's "May 2019", "until May 2019", ``since = "2019-05-21"`` in gdb and Lua,
``year = 2019``, ``os.time{year=2019, month=05, day=21}``, ``'since' => '2019-05-21'``, "# …
as of May 2019", ``"since":"2019-05-21"``, ``"year": 2019``, ``"observed":"May 2019"``,
``"added":2019``, a history timestamp "2019-05-21 09:14:02", ``--as-of 'May 2019'``, "Draft
date: 21 May 2019", "SUPER: May 2019", "SUPER: 21 May 2019", "correct as of 21/05/2019.",
"updated 21/05/2019.", "Footer: Briefing pack, May 2019", "(since 2019)", or not at all (1625
of the 2570 memories carry no year or month-and-year; push notifications never date a fact); a
change names the value it replaces as ``:replaces "X"``, ``Replaced …: "X" with "Y"``,
"(formerly X)", "was X until …", gdb's ``Old value = "X"``, ``{value = "X", until = …}``,
``-- was "X"``, ``{ old = "X", new = … }``, ``'replaced' => 'X'``, the debugger's array of old
and new, ``"supersedes":"X"``, ``"was": "X", "now": …``, ``--replace 'X'``, ``sed -i
's/X/Y/'``, "Not X?", "Strike X.", "(was X)", "Y replaces X as …", "(previously X)", "X ➜ Y", or
(one wording of three in every family: ``setf``, a BUGS section, gdb's ``call kb_refresh``,
``vim.tbl_extend``, a bare dump, ``"revised":true``, ``kb set --force``, "has a new …", "New
…", "has a new …; say …") not at all, 460 of the 1470 changes; the value comes before the entity
in some wordings (308 memories) and after it in most (2259).

``holdout_pairs()`` gives 1126 labelled older/newer pairs: 294 changes (147 in one family, 147
across two), 163 restatements, and 669 negatives: 417 of another entity's same slot (157 of
them sharing the value: the voting ages 16, 18, 20 and 21, the euro, the Deutsche Mark and the
US dollar for several countries, "no giant pandas" for six zoos and Da Mao and Er Shun for
Toronto and Calgary, the pension ages 65 and 66, "40 hours", "no statutory minimum wage",
"first past the post", "in orbit" and "re-entered" for three stations, "operating normally"
and "suspended" for four embassies), 92 of another slot of the same entity, 84 of
multi-valued relations (the US states paying at least $15 an hour, the eurozone's member
states, the ISS's modules, the countries with embassies in Jerusalem), 58 of recurring
events' winners or occasions (Mei Xiang's cubs, the French presidential elections, the UK
general elections' largest party leaders, the commanders of NASA's SpaceX Crew missions) and 18
additions.
"""

from pathlib import Path

from evaluation.holdout_g.readers import readers

# Set G's readers bound to this folder: catalogue, families, renderer, subjects and pairs.
SOURCE, domains, families, render, holdout_histories, holdout_pairs = readers(
    Path(__file__).parent, 7339
)
HOLDOUT_SEED = SOURCE.seed
