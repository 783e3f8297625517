"""Hold-out set N: real-world changing facts written the way agents and tools write memories,
a fourteenth benchmark set written apart from the change detector.

A helper wrote it from its own general knowledge, nothing from ``/work/shared``. What it
read: the record types (``evaluation/holdout/model.py`` and ``__init__.py``), set G's code
(``evaluation/holdout_g/``), set M's front door and JSON files (for their schema and style
only; none of M's templates or facts is reused), the store workload
(``evaluation/benchmarks/holdout_store.py``), the two CLI help strings that list the sets,
the shared checks (``tests/holdout_checks.py``, ``holdout_helpers.py``,
``test_holdout_common.py``), set M's tests and ``memgov eval recall-order --help``. What it
did not read: the change detector (``curation/``: ``_change.py``, ``_values.py``,
``_ranking.py``, ``_planner.py``, ``_claims.py``, ``mechanics/`` and the rest),
docs/evaluation.md, the README's evaluation section, and any data of sets A to L. Its facts
and wordings are its own data (``catalogue.json``, ``wordings.json``); the code that reads,
renders and pairs them is set G's, through a ``Source`` naming this folder. Only raw recall
was run on N (``memgov eval recall-order --set n``, its raw arm read, once) to check that its
questions are answerable; nothing was tuned for curation and no template was rewritten after
that run. The current value is in the raw top 5 / top 10 for this share of the
345 questions per family: ``yaml_document`` 0.919 / 0.991, ``toml_table`` 0.930 / 0.986,
``tool_result_json`` 0.812 / 0.919, ``headerless_tsv`` 0.910 / 0.991, ``sql_migration`` 0.612
/ 0.765, ``logfmt_line`` 0.878 / 0.980, ``html_fragment`` 0.928 / 0.988,
``markdown_changelog`` 0.907 / 0.988, ``diff_hunk`` 0.786 / 0.930, ``field_note`` 0.928 /
0.986. The SQL migrations, which bury entity and value among keywords, column lists and
quoted literals and often name the slot only by its column key, fall below 0.8 in the raw
top 10: part of their questions cannot be answered from raw recall, and the family was left
as written rather than tuned.

``holdout_histories()`` gives one subject per (entity, slot) of ``catalogue.json`` in eight
domains, none of sets A to M's: NFL teams (head coaches, starting quarterbacks, home
stadiums; the league's salary cap and kickoff touchback spot), MLB teams (managers, home
ballparks, two players' clubs; the league's competitive balance tax threshold and pitch
clock), technical standards (latest versions of Unicode, Bluetooth, Wi-Fi and HTTP, top data
rates of USB, HDMI, DisplayPort and Thunderbolt, three standards bodies), AI labs (flagship
models, valuations, chief executives, ChatGPT's weekly users and Plus price),
cryptocurrencies (Bitcoin's block subsidy, reference-client release and all-time high,
Ethereum's latest upgrade and consensus mechanism, exchanges' and issuers' chief executives,
the Grayscale Bitcoin Trust's fee), timekeeping (UTC offsets, weekends, summer time, the US
start of summer time), television shows (late-night and game-show hosts, Doctor Who's lead
actor and showrunner, Jeopardy!'s executive producer, a time slot, an airing night) and
public transport (heads of transit agencies, fares, London's congestion charge, New York's
congestion-pricing start date): 115 subjects of 78 entities, 31 of which carry two or three
slots changing on their own schedules (six carry three), 14 subjects that never change.
Values are people ("Andy Byford", "A.J. Hinch", "Jean-Louis van der Velde"), organisations
and places ("Los Angeles Dodgers", "USB Implementers Forum", "SoFi Stadium"), money
("$279.2 million", "$500 billion", "€11.7 billion", "£1.75", "€63", "$126,000"), percentages
("1.5%"), counts with units ("800 million weekly users", "18 seconds", "35-yard line",
"3.125 BTC", "80 Gbit/s"), versions ("17.0", "v30.0", "HTTP/3", "Wi-Fi 7 (802.11be)",
"Claude Opus 4.5"), UTC offsets ("UTC+13:00"), weekdays ("Saturday and Sunday", "second
Sunday in March", "Sunday"), times of day ("11:35 p.m.") and dates ("5 January 2025"), each
dated by the day it took effect (a quarterback by his first start of the season, a value
held before a documented change by the first of a year when it is known to hold: the Gulf
states' Thursday-Friday weekends, Samoa's, Turkey's and the UAE's offsets); a current value
is the latest its writer knew of and may since have changed in the world (the set measures
memory, not the news). Histories start where the writer's memory is firm and keep values
distinct, so a value that came back is left out: Jon Stewart's first Daily Show tenure, Sam
Altman's November 2023 ouster, Bitcoin's subsidies before 12.5 BTC; point releases are left
out where a name would hide inside another (GPT-4o, Llama 3.1, Claude Opus 4 and 4.1, Claude
Sonnet 4.5), and Jeopardy!'s 2021-2023 shared hosting (Mayim Bialik with Ken Jennings) is
folded into Ken Jennings's sole-host date.
Facts its writer is unsure of (dates or current holders): Jerod Mayo's, Pete Carroll's,
Aaron Glenn's and Ben Johnson's hiring days, Antonio Pierce's interim day, the
quarterbacks' first-start days (Drake Maye's, Kenny Pickett's, Jimmy Garoppolo's, Geno
Smith's 2025 Raiders start), the touchback rule days (2016, 2024, 2025); AT&T Park's and
Globe Life Park's naming days, Tony Vitello's, Skip Schumaker's and Craig Stammen's
appointments (late 2025), the CBT threshold days, Ohtani's 2025 MVP and the Dodgers' 2025
title, the Cy Young announcement days; Unicode's, Bluetooth's and Wi-Fi's release days, the
stewards' founding days, HDMI 2.2's day (announced in January 2025); OpenAI's January 2023
valuation day, Anthropic's $350 billion (November 2025), Mistral's model line and valuation
days, Sam Altman's and Dario Amodei's start days, ChatGPT's weekly-user days; Bitcoin Core's
release days, the all-time highs (rounded), Jesse Powell's, Sam Bankman-Fried's and
Jean-Louis van der Velde's start days, GBTC's 2.0% from its launch; Samoa's -11:00 dated
2000, Samoa's summer time dropped in September 2021, Turkey's 2016 day, Sudan's
+03:00 from January 2000, Bahrain's 2006 weekend day; Ken Jennings's day, Harry
Friedman's, Mike Richards's and Michael Davies's producer days, Pat Sajak's start day,
Chris Chibnall's and Russell T Davies's takeover days, Billie Piper as the Doctor after Ncuti
Gatwa; Joe Lhota's and Pat Foye's days, New York City Transit's presidents after Byford and
their days, Mike Brown's and Andy Lord's days, the Toronto Transit Commission's chiefs and
days, the MTA's $3.00 fare from January 2026, London's £1.50 bus fare day, the Paris Métro
prices and days, the congestion-pricing days.
Questions (345) ask for the current value three ways: in the slot's own words, around them
("Who calls the shots on the sideline for the Chicago Bears?", "How far ahead of or behind
UTC are clocks in Samoa?") and by the latest occurrence ("most recently", "newest",
"latest", "these days"); the Metropolitan Transportation Authority's, Transport for London's
and the Deutschlandticket's fares have questions of their own.
``render(family, subject)`` writes the facts in one of ten ``families()``, the way agents,
tools and people write memories: YAML documents, TOML tables, JSON tool results with nested
objects, header-less TSV/CSV lines (value first in one column order), SQL migrations (INSERT,
UPDATE, upserts), logfmt lines, HTML fragments, Markdown changelogs, unified diff hunks and
people's field notes. Validity is written as ``valid_from``, ``effective_date``, ``as_of``,
``updated_at``, ``since``, ``"asOf"``, ``year =``, ``DATE '...'``, ``<time datetime=...>``, a
leading timestamp or ISO date, a trailing date, ISO dates and ``T..Z`` timestamps, "March
2021", "21/03/2021", a bare year, a changelog heading, or not at all; a change names the
value it replaces as a ``previous``/``old``/``before``/``from``/``prev``/``replaces``/
``old_value`` field, "# was X", "X -> Y", "X → Y", "replacing X", "(formerly X)", "no longer
X", "succeeds X", "changed from X to Y", ``<del>``/``<s>``/``~~X~~`` and a diff's ``-X``/``+Y``
lines; the value comes before the entity in some wordings and after it in most.
``holdout_pairs()`` gives 1075 labelled older/newer pairs: 396 changes (198 in one family,
198 across two), 184 restatements, and 495 negatives: 302 of another entity's same slot (78
of them sharing the value: Pete Carroll, Sean Payton, Russell Wilson, Aaron Rodgers, Geno
Smith, Sam Darnold and Justin Fields with two or three teams, the Rams and Chargers in SoFi
Stadium; Craig Counsell, Bruce Bochy, Bob Melvin, Mike Shildt, A.J. Hinch and Gabe Kapler
with two or three clubs, Ohtani and Betts at the Dodgers; USB, DisplayPort and Thunderbolt on
40 and 80 Gbit/s; Moscow, Turkey, Sudan and Saudi Arabia on UTC+03:00, the Gulf states on
one weekend, Samoa and Mexico dropping summer time; Conan O'Brien and Jimmy Fallon on Late
Night then The Tonight Show; Andy Byford in Toronto, New York and London), 86 of another
slot of the same entity (one sharing the value: Jeopardy!'s executive producer Mike Richards
named its host), 39 of multi-valued relations (the Chiefs' and Patriots' Super Bowls, the
Dodgers' World Series titles, Ohtani's MVP awards, OpenAI's products, London's new lines), 51
of recurring events' winners (the Super Bowl, the NFL's MVP award, the AL Cy Young Award, the World
Series, the Eurovision Song Contest; each series keeps only occasions with distinct
winners) and 17 additions.
"""

from pathlib import Path

from evaluation.holdout_g.readers import readers

# Set G's readers bound to this folder: catalogue, families, renderer, subjects and pairs.
SOURCE, domains, families, render, holdout_histories, holdout_pairs = readers(
    Path(__file__).parent, 6421
)
HOLDOUT_SEED = SOURCE.seed
