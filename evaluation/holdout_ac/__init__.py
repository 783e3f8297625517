"""Hold-out set AC: real-world changing facts in eight new domains written in ten new wording
families, a twenty-ninth benchmark set written apart from the change detector.

A helper wrote it from its own general knowledge, nothing from ``/work/shared``. What it read:
set AB (front door, ``catalogue.json``, ``wordings.json``, ``tests/test_holdout_ab.py``) as the
model for structure, schema and style, the commits that registered set AB (fba3e79 to e47d121,
their stat and the diffs of AB's first front door, the registration, tests and README commits),
set G's reader code that AB imports (``readers.py``, ``catalogue.py``, ``families.py``,
``histories.py``, ``pairs.py`` and the import lines of G's front door; none of G's data), the
store workload (``evaluation/benchmarks/holdout_store.py``), the adapter's and the CLI's help
strings that list the sets, the shared checks (``tests/holdout_checks.py``,
``holdout_helpers.py``, ``test_holdout_common.py``), the README's recall-order row and AB's row,
the Makefile's lint target, ``tools/duplicate_budget.py``'s docstring, pyproject's mypy
settings, the domain lists of sets G to AA (``DOMAINS_*`` in the shared checks), the domain,
slot, entity, relation and event names of sets Y, Z, AA and AB (to reuse none) and the names
(only) of the wording families of sets A to AB (``families_before``). What it did not read: the
change detector (anything under ``curation/``; the trust gate's finders were only called, as the
shared check calls them, and ``memgov eval recall-order`` only run), docs/evaluation.md, the
recall-order code, the catalogues of sets O to X, and any facts, templates, histories or pairs
of sets A to N. On the draft, before any run, the gate's finders flagged nothing (no
instruction, secret or personal datum, no line opening with a model's role); the shared checks
found the draft's faults and the data was fixed, not the checks: 116 subjects (one over the
115 allowed), 170 same-slot negatives (under the floor of 180), the Flash plug-in's entity named
"Adobe Flash Player" (its current parent "Adobe" inside its own questions), and four entity or
slot names that held a slot's own words, so that no question asked around them ("Unicode's
character repertoire", "Microsoft's personal cloud storage", "Oracle's Critical Patch Updates",
"Zoom's free group meetings" against the words "meeting" and "meetings"); two histories were
then corrected before any run (AWS Lambda's timeout begins at 60 seconds; Google's office suite
begins at its 2014 name); a pylint duplicate of AB's validity test became
``holdout_checks.check_written_validity``. Its facts and wordings are its own data
(``catalogue.json``, ``wordings.json``); the code that reads, renders and pairs them is set G's,
through a ``Source`` naming this folder (seed 7283). Only raw recall was run on AC (``memgov
eval recall-order --set ac --json --rows``, once; only its raw arm was read, the other arms'
figures were not looked at) to check that its questions are answerable; nothing was tuned for
curation, and nothing in the data was changed after the run. The current value is first / in
the raw top 5 / in the top 10 for this share of the 345 questions per family:
``kubectl_describe`` 0.417 / 0.916 / 1.000, ``sqlite_shell`` 0.391 / 0.928 / 0.997,
``svn_log`` 0.397 / 0.974 / 0.997, ``cmake_cache`` 0.307 / 0.910 / 0.991, ``matlab_session``
0.533 / 0.974 / 1.000, ``go_test_output`` 0.536 / 0.971 / 0.997, ``handover_note`` 0.568 /
0.980 / 1.000, ``research_brief`` 0.470 / 0.991 / 1.000, ``dependabot_pr`` 0.383 / 0.977 /
1.000, ``museum_label`` 0.490 / 1.000 / 1.000 (current first 0.307 to 0.568, mean 0.449). CMake
caches (a ``key:STRING=value`` line under a ``//`` comment, or a configure message) put the
current value first least often (0.307) and are the hardest family to answer from raw recall
(0.991 in the top 10, 0.910 in the top 5), then kubectl descriptions (0.916 in the top 5); every
family's top 10 holds the current value for 0.991 of the questions or more, so all were left as
written.

``holdout_histories()`` gives one subject per (entity, slot) of ``catalogue.json`` in eight
domains, none of sets G to AB's: consumer prices (the annual fees of Amazon Prime in the United
States, Costco's Gold Star and Executive memberships, the Nintendo Switch Online individual
plan, the UK TV licence, Microsoft 365 Personal and Family, the monthly prices of Amazon Prime
and the Xbox Game Pass Ultimate plan, the US prices of Costco's hot dog and soda combo, the
PlayStation 5 with a disc drive, the Xbox Series X and the Nintendo Switch OLED model, the PS5's
UK price, Prime's Prime Video ads policy, the TV licence's over-75 concession), cloud computing
(the chief executives of Amazon Web Services, Google Cloud and DigitalOcean, AWS's home city,
the brand name and executive in charge of Microsoft's cloud platform, Google Cloud's free trial
credit, AWS Lambda's maximum timeout and memory, Amazon S3's consistency model, Amazon EC2's
billing granularity, Heroku's free plan), Unicode and emoji (the Unicode Standard's latest
version and code space, the Unicode repertoire's character count, the depictions of Apple's,
Google's, Samsung's, Microsoft's, Twitter's and Facebook's pistol emoji, Google's cheeseburger
and salad emoji and Apple's bagel emoji), product names (of Google's office suite for
businesses, chatbot, payment app, video-meeting service, team chat app, smart speaker line and
smartwatch platform, Microsoft's AI assistant in Bing, productivity subscription and webmail
service, Meta's VR headset line, the company behind Facebook and Instagram, Amazon's
game-streaming perk and Apple's voice assistant, the office suite's per-user price, the
chatbot's underlying model, the company's ticker symbol and home city, the assistant's wake
phrase), messaging apps (WhatsApp's group size limit, delete-for-everyone window and
subscription price, Signal's subscription price, Telegram's monthly active users, the heads of
Telegram, Signal and Slack, the parent companies of Slack, Skype and ICQ, Slack's free message
history, the service status of Skype, Google Allo, Yahoo Messenger, AOL Instant Messenger, ICQ
and Windows Live Messenger), free tiers (the free storage of Gmail, iCloud, Dropbox Basic,
Microsoft's personal cloud drive and Google Photos, that drive's service name, the free meeting
limits of Zoom's group and one-to-one meetings, ChatGPT's free tier's default model, GitHub's
free plan's private repositories), software support (the end-of-support dates of Python 2,
CentOS Linux 8, AngularJS, the Flash Player plug-in and Internet Explorer 11, the support
status of four of them, the patch days of Microsoft's security updates and Oracle's quarterly
security releases, the release cadences of Java SE, Ubuntu and Kubernetes, Java SE's LTS
cadence, the parent companies of Java SE and the Flash plug-in) and app stores (the standard
commissions of Apple's App Store, the Microsoft Store for PC games, the Epic Games Store and
Steam, the small-business rates of Apple's App Store and Google Play, Google Play's subscription
commission and required target API level, Steam's developer fee, the Epic Games Store's free
game day, the listing status of Fortnite on Apple's US App Store): 115 subjects of 80 entities,
28 of which carry two or three slots changing on their own schedules (Amazon Prime in the
United States, WhatsApp, Slack, the company behind Facebook and Instagram, Java SE, the Flash
Player plug-in and Google Play three), 22 subjects that never change. Values are dates ("1
January 2020", "31 December 2021", "31 May 2029", "15 June 2022": a date is the value, not its
validity), a year ("2015", Python 2's first sunset), weekdays ("the second Tuesday of each
month", "the Tuesday closest to the 17th of January, April, July and October", "Thursday"),
amounts ("$139", "$14.99", "£174.50", "£479.99", "$7.20 per user per month", "$0.99 a year",
"$300 for 90 days", "$100 per game"), shares ("30%", "15%", "12%", "a 30/25/20% sliding scale",
"30% in year one"), counts ("1,024 members", "159,801 characters", "1,114,112 code points", "1
billion", "10,000 messages"), sizes and durations ("10,240 MB", "15 GB", "up to 5 GB", "900
seconds", "40 minutes", "2 days and 12 hours", "90 days"), versions ("Unicode 17.0", "API level
35", "GPT-5"), statuses ("in service", "shut down", "supported", "long-term support", "end of
life", "retired", "listed", "removed", "restored", "no free plan"), cadences ("every six
months", "every two years", "three releases a year"), organisations ("Salesforce", "Silver
Lake's investor group", "Digital Sky Technologies", "Sun Microsystems", "Macromedia"), people
("Matt Garman", "Thomas Kurian", "Scott Guthrie", "Paddy Srinivasan", "Meredith Whittaker",
"Denise Dresser", "Pavel Durov"), product names ("G Suite", "Google Workspace", "Bard",
"Gemini", "Copilot", "Outlook.com", "Meta Platforms", "Wear OS"), ticker symbols ("FB",
"META"), phrases ("Hey Siri", "just Siri") and depictions ("a revolver", "a water pistol", "a
ray gun", "cheese above the patty"), each dated by the day it took effect (a price or fee by
its first day for new buyers or, where it says so, renewing members, an executive by the day
the appointment took effect or was announced, a name by the day it was given, a limit or
feature by its release, a support date by the day it was set or moved, a depiction by the
release that shipped it, a value known only by its month or year by the first of that month or
year); a current value is the latest its writer knew of and may since have changed in the
world (the set measures memory, not the news). Histories keep values distinct and no value
inside another (OneDrive's allowances are written "up to 7 GB", "up to 15 GB", "up to 5 GB", as
"5 GB" sits inside "15 GB"; Lambda's limits in seconds and megabytes), leave out acting or
interim holders but one (Brian Acton at Signal) and begin some histories with their latest few
values (the UK TV licence from 2019, Gmail from 1 GB without the growing counter between 2005
and 2012, Google's office suite from Google Apps for Work, Unicode from 14.0, Google Play's
target level from API level 30, Telegram from 100 million users; WhatsApp's forwarding limit,
Dropbox's device limit and S3's maximum object size are left out).

Facts its writer is unsure of (days, or whether a value is right): Costco's $50 and $100 dated
1 May 2006, the Xbox Game Pass Ultimate's start 9 June 2019, Microsoft 365 Personal's $69.99
dated 15 April 2014, the Costco combo's $1.50 dated 1985 (a placeholder); Andy Jassy as AWS's
chief executive dated 5 April 2016 (his title, not his role, which began in 2003), Thomas Kurian
dated 1 January 2019, Google Cloud's free trial credits and their days, Ben Uretsky dated 2012,
DigitalOcean's days, Heroku's free dynos dated November 2007, AWS Lambda's 1,536 MB dated 9
April 2015 and 300 seconds dated 8 October 2015, S3's eventual consistency dated its launch;
the pistol emoji days other than Apple's 2016 change (Google 25 April 2018, Samsung 7 November
2018, Microsoft's ray gun and revolver 29 July 2015 and 2 August 2016 and water pistol 2
October 2018, Twitter 26 April 2018, Facebook 15 May 2018, and every revolver's first day), the
salad's egg dated 21 August 2017 and its removal 3 September 2019, Unicode 17.0's 159,801
characters and Sidetic as one of its scripts, the code space dated 1 July 1996; the office
suite's $7.20 dated 11 April 2023, Meta Quest dated 19 January 2022, Facebook's Palo Alto dated
29 July 2004 and Menlo Park 19 December 2011, Windows Live Hotmail dated 7 May 2007, the
Pantone announcement days; WhatsApp's 256 and 512 members (17 February 2016, 5 May 2022), 68
minutes dated 5 March 2018, $0.99 a year dated 1 July 2013, Telegram's user counts' days,
Slack's Stewart Butterfield dated its 2013 launch, Signal's heads' days, ICQ's launch day;
Python 2's 2015 sunset dated 3 November 2008, AngularJS's extension dated 27 July 2020, the
Flash plug-in's "supported" dated 1 December 1996 and Macromedia 6 January 1997, Kubernetes's
cadences dated its 1.0 and 1.22 releases, Java SE's "every two to three years" (a summary of
Java 6 to 9); Steam's sliding scale dated 1 December 2018, the Epic Games Store's Thursday
dated 14 December 2018, and the iPhone Apps of the Year and their days.

Questions (345) ask for the current value three ways: in the slot's own words, around them
("How much does it cost to keep Costco's Gold Star membership for twelve months?", "How long may
one invocation on AWS Lambda run before it is stopped?", "What does Microsoft's pistol emoji
look like?", "Under what title does Google's chatbot reach customers?", "How long after sending
can a message on WhatsApp be taken back from all recipients?", "How many gigabytes does iCloud
offer at no charge?", "When in the calendar do Microsoft's security updates arrive?", "What cut
does Google Play take from developers earning under a million dollars a year?"), and by the
latest occurrence ("most recently", "newest", "latest", "these days").

``render(family, subject)`` writes the facts in one of ten ``families()``, the way tools, agents and
people leave records today: ``kubectl describe`` output (a ConfigMap's ``Name:``, ``Annotations:``
and ``Data`` with a ``since`` annotation, a custom resource's ``Spec:`` and ``Status:``, an
``Events:`` table from ``kb-controller``, a ``CreationTimestamp:``, an ``Updated`` condition),
sqlite3 shell sessions (``sqlite>`` queries and their output, ``.mode line`` rows, a query by value
answered by the entity, an ``INSERT`` and ``SELECT changes();``, ``strftime('%Y', since)``, an
``UPDATE … AND value = "X"``, a ``.mode list`` history row), Subversion logs (a revision between
rules, ``svn propget``, ``svn blame``, an ``svn log --xml`` entry, ``svn diff -c``), CMake caches
(``key:STRING=value`` under a ``//`` comment, the cache's header, a configure message,
``:INTERNAL``, ``set(… CACHE STRING …)``, ``cmake -D`` runs, ``list(APPEND …)``), MATLAB sessions
(``>>`` lookups with ``ans =``, a struct with fields, a ``%`` comment over an assignment, ``disp``,
a one-row table, ``kb.set`` with a ``Warning:``), go test output (``=== RUN``, ``--- PASS``/``---
FAIL``, ``kb_test.go:NN:`` log lines, a ``go test -json`` event, ``got "X", want "Y"``), shift
handover notes never dated ("Handover, day to night shift", a ``HANDOVER`` bullet list, "Handing
over to the late shift", ``~~X~~``), an agent's research briefs (numbered findings with ``[n]``
citations, "Key fact:", "Summary:", a bullet with its confidence, "Question: … Findings:", "Caveat:
older sources still give"), Dependabot pull requests ("Bumps … from X to Y", ``<details>`` release
notes and changelog, ``chore(deps):`` titles, ``updated-dependencies`` metadata, a Package/From/To
table) and museum labels (name, slot and value lines, "On display since", "Label text,", "Case 4.",
a dotted "Acquired" day, "Formerly:", "replaces the earlier label reading"). Validity is written as
ISO dates (a kubectl ``since`` annotation and ``CreationTimestamp``, a sqlite ``since`` column,
insert and update, an svn revision's header and ``<date>``, a CMake ``//Since`` and "until",
MATLAB's ``datetime("…")``, go test's "as of", ``"Time"`` and "(changed …)", a brief's "verified
against a source dated", a Dependabot "(released …)" and changelog line), as a day-month-year
(MATLAB's ``since: 05-May-2022``, a brief's "Official announcement, 05 May 2022." and "on 05 May
2022 [4].", a label's "Acquired 05.05.2022"), as a month and year (a kubectl ``Observed:``, a sqlite
history row, an svn "(checked May 2022)", a CMake "(set May 2022)", MATLAB's "checked May 2022", a
brief's "primary source of May 2022", a Dependabot "(May 2022 release)", a label's "Label text, May
2022" and "reading “X”, May 2022"), as a year (a kubectl event's "(2022)" and ``added`` annotation,
``strftime`` output, a sqlite ``added`` column, a CMake "added", a CMake cache string's year,
MATLAB's "before 2022" and "% added 2022", a go log line's "(2022)", "(source: company blog, 2022)",
"Adds … (2022).", "On display since 2022", "(relabelled 2022)"), or not at all (1284 of the 2550
memories carry no year or month-and-year, a date or year that is the value counting as written; a
handover note never dates a fact). A change names the value it replaces as a kubectl ``previous``
annotation or an event's ``changed from "X" to "Y"``, a sqlite ``UPDATE … AND value = "X"`` or
``X|Y|May 2022`` history row, an svn "X -> Y" or a diff's ``-`` line, a CMake "was X until" or
configure message ``changed from "X" to "Y"``, a MATLAB ``Warning: … changed from "X"`` or ``was "X"
before``, go test's ``got "X", want "Y"`` or "updated: X -> Y", "no longer X" or ``~~X~~``, a
brief's "changed from X to Y on" or "older sources still give X", "Bumps … from X to Y" or a From/To
table, a label's "Formerly: X" or "replaces the earlier label reading “X”", or (one wording of three
in every family: an ``Updated`` condition, a bare ``UPDATE``, an "Update …: now Y" revision, a
configure message "updated to", a bare ``kb.set``, "now Y" under ``TestUpdate``, "has changed, it's
Y now", "Update: … is Y", a ``chore(deps): bump``, "(label revised)") not at all, 530 of the 1400
changes; the value comes before the entity in some wordings (367 memories) and after it in most
(2183).

``holdout_pairs()`` gives 1177 labelled older/newer pairs: 280 changes (140 in one family, 140
across two), 171 restatements, and 726 negatives: 301 of another entity's same slot (110 of them
sharing the value: "a revolver" and "a water pistol" among the pistol emoji, "in service" and
"shut down" among the messengers, "supported" and "end of life", "30%", "15%", "12%",
"$499.99", "$99.99", "2 GB", "40 minutes", "31 December 2021", "every six months", "free"), 84
of another slot of the same entity (none sharing the value), 147 of multi-valued relations
(Amazon Prime's member benefits, AWS's European regions, the scripts the Unicode Standard
encoded, WhatsApp's features), 156 of recurring events (Pantone's Colors of the Year, Ubuntu's
release codenames, Apple's iPhone Apps of the Year) and 38 additions.
"""

from pathlib import Path

from evaluation.holdout_g.readers import readers

# Set G's readers bound to this folder: catalogue, families, renderer, subjects and pairs.
SOURCE, domains, families, render, holdout_histories, holdout_pairs = readers(
    Path(__file__).parent, 7283
)
HOLDOUT_SEED = SOURCE.seed
