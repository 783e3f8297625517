"""Hold-out set Z: real-world changing facts in eight new domains written in ten new wording
families, a twenty-sixth benchmark set written apart from the change detector.

A helper wrote it from its own general knowledge, nothing from ``/work/shared``. What it read:
set G's code (``evaluation/holdout_g/*.py``, not G's JSON), set Y (front door, wordings, its
catalogue's shape and summary, ``tests/test_holdout_y.py``) as the model for structure, schema
and style, the domain and entity names of sets T to X's catalogues (to reuse none), the store
workload (``evaluation/benchmarks/holdout_store.py``), the adapter (``adapters/holdout.py``),
the two CLI help strings that list the sets and ``memgov eval recall-order --help``, the README's
recall-order row, its one sentence naming the sets (both changed from a…y to a…z) and its rows
for the hold-out sets (a row for Z added), the shared checks (``tests/holdout_checks.py``,
``holdout_helpers.py``, ``test_holdout_common.py``), the trust gate's negatives tests
(``tests/test_trust_gate_negatives.py``, ``test_trust_gate_report.py``), the commits that
registered set Y (930abb0 to 036ccad), ``tools/duplicate_budget.py``'s docstring and the
Makefile's lint target, the domain lists of sets G to X (``DOMAINS_*`` in the shared checks)
and the names (only) of the wording families of sets A to Y (printed by each set's
``families()``). What it did not read: the change detector (anything under ``curation/``; the
trust gate's finders were only called, as the shared check calls them), docs/evaluation.md,
the recall-order code, and any facts, templates, histories or pairs of sets A to N. The gate's
finders flagged nothing in any draft (no instruction, no personal data, no secret), and the
gate was not touched. Its facts and wordings are its own data (``catalogue.json``,
``wordings.json``); the code that reads, renders and pairs them is set G's, through a
``Source`` naming this folder (seed 8111). Only raw recall was run on Z (``memgov eval
recall-order --set z --json``, once; only its raw arm was read, the other arms' figures were not
looked at) to check that its questions are answerable; nothing was tuned for curation, and the
shared checks found no data mistake, so nothing was corrected after the run. The current value
is in the raw top 5 / top 10 for this share of the 330 questions per family: ``edn_map`` 0.827
/ 0.952, ``kdl_document`` 0.836 / 0.942, ``logcat_line`` 0.958 / 0.991,
``fixed_width_record`` 0.967 / 0.985, ``wiki_talk_page`` 0.930 / 0.976, ``hansard_extract``
0.964 / 0.991, ``postcard`` 0.961 / 0.991, ``support_call_notes`` 0.909 / 0.979,
``jsx_component`` 0.876 / 0.976, ``saved_memory`` 0.973 / 0.991 (current first 0.245 to
0.461, mean 0.371). KDL documents and EDN maps, which wrap entity, key and value in quoted
nodes and keywords, are the hardest families to answer from raw recall (0.942 and 0.952 in the
top 10, 0.836 and 0.827 in the top 5), then JSX components (0.876 in the top 5); every memory
names its entity, its slot and its value, so all were left as written.

``holdout_histories()`` gives one subject per (entity, slot) of ``catalogue.json`` in eight
domains, none of sets G to Y's: public holidays (the dates of Thanksgiving in the United States
and in Canada, of Columbus Day, of the Emperor's Birthday and Coming of Age Day in Japan, of
Japan's autumn sports holiday, of Russia's autumn national holiday and of the United Kingdom's
spring bank holiday, the official names of the Japanese and Russian holidays and of Canada's
national holiday, the numbers of public holidays of the United States and Japan), national
symbols (the anthems of the United Kingdom, Canada, Australia, Russia, South Africa, the United
States and Georgia, the flags of Canada, Australia, Russia, South Africa, Georgia, Mississippi
and Utah, the mottos of Canada, South Africa, the United States and Utah), legislatures (the
seats of the House of Commons of the United Kingdom and of Canada, the European Parliament, the
Bundestag, the Japanese and United States Houses of Representatives, the Italian Chamber of
Deputies, Dáil Éireann and the Riksdag, the meeting places of the European Parliament, the
Bundestag, the Canadian Commons and the Japanese House, the maximum terms of the British
Commons, the Japanese and United States Houses and the Riksdag), compulsory schooling (the
starting ages of England, France, Finland, Ireland and Sweden, the leaving ages of England,
France, Finland, Ireland and Scotland, the years of compulsory education of Portugal, Brazil and
China), writing systems (the official scripts of Azerbaijan, Uzbekistan, Moldova, Turkey,
Mongolia and Kazakhstan, the official languages of Moldova and Belarus, the official spellings
of Indonesian and German, the numbers of official languages of South Africa, the European
Union, Rwanda and Algeria), song contests (the Eurovision Song Contest's host city, director and
number of participating countries, Junior Eurovision's host city, the Sanremo Music Festival's
director, the Eurovision selections of the United Kingdom, France, Spain, Australia and Sweden
and the Eurovision broadcasters of the United Kingdom, Spain and Australia), web records
(YouTube's most-viewed video, most-subscribed channel and most-liked video, Instagram's
most-followed person and most-liked post, the most-followed people on the social network X,
TikTok and Spotify, Spotify's most-streamed song, Netflix's most-watched film and series) and
puzzles and games (the owners of Wordle, the Rubik's Cube and Monopoly, Wordle's editor, the
3x3x3 single-solve world record holder, The New York Times's crossword editor, the American
Crossword Puzzle Tournament's director, the official word lists of tournament Scrabble outside
and in North America, the presenters of Countdown and Wheel of Fortune): 110 subjects of 75
entities, 30 of which carry two or three slots changing on their own schedules (Canada, South
Africa, the Japanese House of Representatives, the Eurovision Song Contest and YouTube three),
20 subjects that never change. Values are days of the year ("23 February", "4 November"),
weekdays of a month ("the fourth Thursday of November", "the second Monday of October", "Whit
Monday"), holiday names ("Supōtsu no Hi", "National Unity Day", "Canada Day"), counts ("16
public holidays", "12 official languages", "720 seats", "37 countries"), anthems ("God Save the
King", "O Canada", "The Patriotic Song", "Die Stem and Nkosi Sikelel' iAfrika",
"Tavisupleba"), flags ("the Maple Leaf", "the six-colour flag", "the magnolia flag", "the
beehive flag"), mottos ("In God We Trust", South Africa's motto in /Xam), meeting places ("the
Reichstag building in Berlin", "the West Block"), terms ("seven years", "a fixed five-year
term", "a five-year maximum"), ages ("age 3", "age 18"), years of schooling ("14 years"),
scripts ("the Latin alphabet", "Cyrillic alongside the traditional script"), languages
("Romanian", "Belarusian and Russian"), spellings ("the Perfected Spelling", "the revised
reformed orthography"), cities ("Basel", "Madrid"), selections ("Benidorm Fest", "an internal
selection"), broadcasters ("the BBC", "RTVE", "SBS"), people ("Martin Green", "Carlo Conti",
"MrBeast", "Cristiano Ronaldo", "Elon Musk", "Khaby Lame", "Arijit Singh", "Will Shortz",
"Tracy Bennett", "Xuanyi Geng", "Colin Murray", "Ryan Seacrest"), works ("Baby Shark Dance",
"Blinding Lights", "KPop Demon Hunters", "Squid Game", "Lionel Messi's World Cup post"),
companies ("The New York Times", "Spin Master", "Hasbro") and word lists ("CSW24",
"NWL2023"), each dated by the day it took effect (a holiday's date or name by the day its law
was passed or first observed, a count by the day the holiday that raised it took effect, an
anthem, flag or motto by the day it was adopted, seats by the day the house they were elected
to first met, a meeting place by its first sitting, an age or length of schooling by the day
its law took effect, a host city by the contest's final, a record by the day its holder took
it, a holder by the day of taking up the post, a value known only by its month or year by the
first of that month or year); a current value is the latest its writer knew of and may since
have changed in the world (the set measures memory, not the news). Histories keep values
distinct and no value inside another (so Australia's Parliament Houses, "Health and Sports Day"
and the fifth edition of the Perfected Spelling are left out), leave out acting holders,
interim hosts and one-off moves (the Olympic years' Sports Day), and
begin some histories with their latest few values (the Eurovision host cities before
Rotterdam, Countdown's presenters before Des O'Connor, the Dáil before 1981).

Facts its writer is unsure of (days, figures or current holders): the 1939 Thanksgiving
proclamation dated 31 October 1939, Columbus Day's 12 October dated 30 April 1934, the Emperor's
Birthday on 23 December dated 17 February 1989 and on 23 February dated 1 May 2019, Russia's
7 November dated 7 November 1918 (a placeholder), the United States' 9 public holidays dated 1
January 1971 and Japan's counts dated the first of January of the year each holiday came; the
Canadian Red Ensign dated 5 September 1945, the Australian Blue Ensign 14 February 1954, the
RSFSR's flag 9 January 1954, Georgia's Dideba 1 December 1990 (a placeholder), South Africa's
two anthems 20 April 1994 and the combined anthem 10 October 1997, Utah's seal flag 11 March
1913 and motto 4 March 1959, "E pluribus unum" (a motto by use, dated the Great Seal); the
European Parliament's 751 seats (754 from 2011 to 2014 left out), the EPP Group's and the
Left's days (23 June 1953, 6 January 1995), the Riksdag's 349 seats dated 4 October 1976;
England's age 5 dated 26 August 1880 and age 14 dated the 1918 Act (applied later), England's
ages 17 and 18 (education or training, dated 28 June 2013 and 26 June 2015), Ireland's age 6
dated 27 July 1926, Scotland's age 16 dated 1 September 1972, Finland's age 7 dated 15 April
1921 and age 16 dated 1 August 1972 (a placeholder); Azerbaijan's Cyrillic dated 1 July 1939,
Turkey's Perso-Arabic script 29 October 1923, Mongolia's traditional script 26 November 1924
and Kazakhstan's Cyrillic 10 November 1940 (placeholders; Kazakhstan's decreed move to Latin is
not complete), Mongolia's two scripts from 1 January 2025, the Van Ophuijsen spelling and the
traditional German orthography dated 1 January and 19 June 1901, Rwanda's four languages dated
8 February 2017, Algeria's one language 10 September 1963; the Eurovision directors' days
(Svante Stockselius 1 January 2004, Jon Ola Sand 1 January 2011, Martin Österdahl 1 June
2020) and Martin Green as the current director (dated 1 September 2025; he is believed to have
followed Österdahl after Basel), France's, Spain's and Australia's internal selections dated 12
January 2023, 8 October 2019 and 2 March 2023, the BBC 1957, RTVE 1961, SBS 10 February 2015
and Melodifestivalen 1959 (placeholders); nearly every web record's day (Smosh 1 October 2012,
Selena Gomez 1 January 2016, Cristiano Ronaldo 1 October 2018, Lady Gaga August 2010, Justin
Bieber January 2013, Katy Perry November 2013, Barack Obama November 2020, Elon Musk March
2023, Loren Gray March 2019, One Dance December 2016, Shape of You September 2017, Blinding
Lights 31 December 2022, Ed Sheeran June 2019, Arijit Singh August 2024, Despacito as the
most-liked video dated 15 June 2017, Bird Box 28 December 2018, KPop Demon Hunters 26 August
2025) and Spotify Wrapped's days; Seven Towns dated 1980, Parker Brothers March 1935 and
Hasbro October 1991, Will Weng and Eugene T. Maleska dated 1 January 1969 and 1977, Will
Shortz 21 November 1993 and his tournament 4 March 1978, Tracy Bennett 7 November 2022, every
Scrabble word list's day (CSW15 to CSW24, NWL2018 to NWL2023), Countdown's presenters' first
days (Colin Murray 4 September 2023), Xuanyi Geng's record dated 12 April 2025 and the Rubik's
Cube World Championships' days.

Questions (330) ask for the current value three ways: in the slot's own words, around them
("When do people get time off for Thanksgiving in Canada?", "What flies over government
buildings in Utah?", "How many lawmakers sit in Dáil Éireann after an election?", "Until how
old must young people in Finland stay in education or training?", "In what characters are
newspapers in Mongolia printed?", "Who decides how the Eurovision Song Contest is staged each
year?", "Which clip has drawn the biggest audience ever on YouTube?", "Whose face greets viewers
at the start of each episode of Countdown?"), and by the latest occurrence ("most recently",
"newest", "latest", "these days").

``render(family, subject)`` writes the facts in one of ten ``families()``, the way tools,
agents and people leave records today: Clojure EDN maps (a map with ``#inst``, a commented map,
the REPL's ``get-in``, a ``:fact`` vector, a tagged ``#kb/fact``, ``swap!``), KDL documents (a
node with children, a node with properties, a ``//`` comment, slashdash ``/-``, ``#true``),
Android logcat lines (threadtime lines with month, day and time, brief ``I/KbSync ( 2231):``
lines), fixed-width records (FACT, CHG, UPD, ADD and MBR records in 44-, 24- and 52-column
fields, a header row, REC lines), wiki talk pages (a section with a signature, indented replies
ending in ``~~~~`` or a name, an infobox, a bullet with ``{{cite web}}``), Hansard extracts (an
oral question and the minister's answer, a sitting's "HC Deb" reference, a written answer,
"Order."), postcards ("Dear Gran,", a postmark, "Wish you were here!", a dated line about the
weather), support call notes (a call summary, day-first case notes, a wrap-up, an agent note, a
disposition line), JSX components (``<FactCard>``, ``<Fact>``, a ``{/* */}`` comment, a
``<dl>``, ``<Stat year={…}>``, ``<del>`` and ``<ins>``) and an assistant's saved memories
("Memory updated", "Saved memory:", "Manage memories"). Validity is written as ISO dates,
``#inst "2019-05-21"``, ``:year 2019``, KDL's ``since "2019-05-21"``, "// …, as of May 2019",
``year=2019``, a logcat line's "05-21 09:14:02.118" (month and day, no year), a fixed-width
date or year column, a signature's "09:14, 21 May 2019 (UTC)", ``as_of = May 2019``,
``|date=2019-05-21``, "HC Deb 21 May 2019, vol 702", "Written answer (May 2019)", "Postmarked
21 May 2019", "May 2019. Weather glorious.", "Case notes 21/05/2019:", "Agent note (May 2019):",
``since="2019-05-21"``, "checked May 2019", ``year={2019}``, "(2019)", or not at all (1818 of
the 2640 memories carry no year or month-and-year; saved memories never date a fact); a change
names the value it replaces as ``:replaces "X"``, ``; was "X"``, ``replaces="X"``, a
slashdashed ``/-"…" "X"``, ``"X" -> "Y"``, ``(old="X", new="Y")``, ``WAS X``, ``OLD X NEW
Y``, "X is out of date", "from X to Y", "it was X", "still X?", "not X!", "Remember we said
X?", "had the old … (X)", "quoted X as", ``previous="X"``, ``<del>X</del>``, "no longer X",
"(replaces X)", or (one wording of three in every family: ``swap!``, ``revised=#true``,
"refreshed", an UPD record, "Done, … now shows", "has a new …", ``KB_UPDATED``, ``updated``,
"Remembers the new …") not at all, 520 of the 1540 changes; the value comes before the entity
in some wordings (250 memories) and after it in most (2381). A field longer than its
fixed-width column (one entity, one label, one value) pushes the rest of the record along.

``holdout_pairs()`` gives 1040 labelled older/newer pairs: 308 changes (154 in one family, 154
across two), 160 restatements, and 572 negatives: 253 of another entity's same slot (67 of
them sharing the value: the Cyrillic and Latin alphabets for several countries, the school ages
6, 7, 14, 15, 16 and 18, "an internal selection" for four countries, "the second Monday of
October" for three holidays, "9 years", "four years", "736 seats", "630 seats", "11 official
languages" and "two official languages"), 80 of another slot of the same entity, 101 of
multi-valued relations (the United States' federal holidays, Canada's official national
symbols, the European Parliament's political groups, the European Union's official languages,
The New York Times's daily games), 113 of recurring events' winners (the Eurovision Song Contest
and Junior Eurovision, Spotify Wrapped's most-streamed song, the Rubik's Cube World
Championship) and 25 additions.
"""

from pathlib import Path

from evaluation.holdout_g.readers import readers

# Set G's readers bound to this folder: catalogue, families, renderer, subjects and pairs.
SOURCE, domains, families, render, holdout_histories, holdout_pairs = readers(
    Path(__file__).parent, 8111
)
HOLDOUT_SEED = SOURCE.seed
