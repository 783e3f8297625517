"""Sales and CRM: accounts, deals, quotes, pricing, and the tools a sales team runs on."""

from __future__ import annotations

from evaluation.simulator.packs.base import (
    ClaimSpec,
    DomainPack,
    IntegrationSpec,
    LessonSpec,
    PreferenceSpec,
    PrincipleSpec,
    StateSpec,
    ToolOutputSpec,
)

PACK = DomainPack(
    name="sales",
    entities={
        "customer": (
            "Northwind",
            "Contoso",
            "Fabrikam",
            "Tailspin",
            "Woodgrove",
            "Litware",
            "Proseware",
            "Adatum",
            "Wingtip",
            "Lucerne",
            "Humongous",
            "Margie",
            "Trey",
            "Alpine",
        ),
        "crm": ("Salesforce", "HubSpot", "Pipedrive"),
        "esign": ("DocuSign", "PandaDoc", "Dropbox Sign"),
        "enrich": ("Clearbit", "ZoomInfo", "Apollo"),
    },
    principles=(
        PrincipleSpec(
            "discount-approval",
            "Discounts above 20% require approval from the sales director.",
            (
                "Can I offer a customer 30% off to close the deal this quarter?",
                "Who needs to approve a deep discount?",
            ),
            ("deep discount approval", "big discount to close deal"),
        ),
        PrincipleSpec(
            "log-calls",
            "Log every customer call in the CRM on the same day it happens.",
            (
                "When should call notes go into the CRM?",
                "Is it fine to write up this week's calls on Friday?",
            ),
            ("when to log call notes", "call notes in crm"),
        ),
        PrincipleSpec(
            "pricing-confidential",
            "Never share one customer's pricing with another customer or prospect.",
            (
                "A prospect asked what another company pays us. Can I tell them?",
                "Is it okay to mention a reference customer's price to close a deal?",
            ),
            ("share customer pricing", "prospect asks other company's price"),
        ),
        PrincipleSpec(
            "qualify-first",
            "Qualify budget, authority, need and timeline before sending a proposal.",
            (
                "What do I need to confirm before I send a proposal?",
                "The prospect asked for a proposal after the first call. Should I send one?",
            ),
            ("proposal qualification checklist", "send proposal early"),
        ),
        PrincipleSpec(
            "contract-template",
            "Contracts are signed only on the approved template, and legal reviews every redline.",
            (
                "The customer sent back edits to the contract. Who looks at them?",
                "Can we sign on the customer's own paper?",
            ),
            ("customer contract redlines", "sign on customer paper"),
        ),
    ),
    lessons=(
        LessonSpec(
            "early-renewal",
            (
                "a renewal is coming up",
                "an account approaches its renewal date",
                "a contract nears renewal",
            ),
            (
                "start the renewal conversation a full quarter ahead",
                "reach out a quarter before the renewal date",
                "open renewal talks a quarter in advance",
            ),
            (
                "because procurement cycles take that long",
                "since procurement needs that much time to approve",
            ),
            (
                "How early should I reach out about a renewal?",
                "When is the right moment to start talking renewal with an account?",
            ),
            ("upcoming renewal outreach", "renewal timing"),
        ),
        LessonSpec(
            "champion-left",
            (
                "your champion leaves the account",
                "the main contact changes jobs",
                "the internal sponsor departs",
            ),
            (
                "find a new sponsor and re-qualify the deal",
                "re-qualify the opportunity and identify a new sponsor quickly",
                "map the new stakeholders and run qualification again",
            ),
            (
                "because deals lacking a sponsor stall",
                "since a deal with an absent sponsor rarely closes",
            ),
            (
                "Our main contact at an account just quit. What should I do with the deal?",
                "The person pushing for us internally left the company. Now what?",
            ),
            ("champion left the company", "lost internal sponsor"),
        ),
        LessonSpec(
            "import-duplicates",
            (
                "an import creates duplicate contacts",
                "you find duplicate leads after a list upload",
                "a list import doubles up contacts",
            ),
            (
                "merge them by email domain before assigning owners",
                "dedupe on email domain before routing to reps",
                "collapse the duplicates by email domain first, then assign owners",
            ),
            (
                "so reps avoid chasing the same buyer",
                "because otherwise several reps chase the same person",
            ),
            (
                "We ended up with duplicate contacts after an import. How should we clean it?",
                "Two reps are calling the same lead after the list upload. How do we fix that?",
            ),
            ("duplicate contacts after import", "dedupe leads"),
        ),
        LessonSpec(
            "price-objection",
            (
                "a prospect pushes back on price",
                "the buyer says it is too expensive",
                "a price objection comes up",
            ),
            (
                "anchor on the cost of the problem before talking discounts",
                "talk about what the problem costs them first and hold back the discount",
                "reframe around the cost of the problem before offering any discount",
            ),
            (
                "since an early discount signals the price was padded",
                "because discounting first cheapens the product",
            ),
            (
                "A prospect says we're too expensive. How do I respond?",
                "Should I offer a discount as soon as the buyer complains about price?",
            ),
            ("prospect says too expensive", "handle price objection"),
        ),
        LessonSpec(
            "tailored-demo",
            (
                "you run a first demo for a prospect",
                "a first demo gets scheduled",
                "a prospect asks to see the product",
            ),
            (
                "tailor it to the use case from discovery and skip the full feature tour",
                "show only the workflows they raised in discovery",
                "build the demo around their discovery notes instead of the standard tour",
            ),
            (
                "because feature tours lose the room",
                "as buyers remember the part that matches their problem",
            ),
            (
                "How should I structure a first demo?",
                "Should I walk a new prospect through every feature?",
            ),
            ("first demo structure", "prospect product walkthrough"),
        ),
        LessonSpec(
            "gone-quiet",
            (
                "a prospect goes silent after the proposal",
                "a deal goes quiet after pricing",
                "the buyer stops replying after the quote",
            ),
            (
                "send a short breakup email that asks whether to close the file",
                "try a brief breakup email asking if you should close it out",
                "write a polite breakup note offering to close the opportunity",
            ),
            (
                "because it prompts a reply more often than another check-in",
                "since a clear close-out question gets answers",
            ),
            (
                "The prospect stopped answering after we sent pricing. What works?",
                "How do I revive a deal that went dark after the proposal?",
            ),
            ("prospect went silent after proposal", "deal went dark"),
        ),
        LessonSpec(
            "multi-thread",
            (
                "a deal depends on a single contact",
                "you only talk to a single person at the account",
                "all communication runs through a lone contact",
            ),
            (
                "multi-thread early into finance and the technical buyer",
                "bring finance and the technical buyer into the conversation early",
                "build relationships with finance and the technical evaluator early",
            ),
            (
                "because single-threaded deals die when that person moves",
                "since a lone contact is a single point of failure",
            ),
            (
                "Is it risky to work a deal through just my main contact?",
                "Who else should I be talking to at a big account?",
            ),
            ("single-threaded deal", "contacts beyond the champion"),
        ),
    ),
    integrations=(
        IntegrationSpec(
            "crm-email-sync",
            (
                "Workaround: the {crm} email sync skips messages with attachments, so BCC the "
                "logging address when sending proposals.",
                "Hotfix: BCC the logging address on proposal emails, since the {crm} sync "
                "drops anything with an attachment.",
            ),
            (
                "The {crm} email sync was rewritten and now logs messages with attachments "
                "automatically; BCC-ing the logging address is unnecessary.",
            ),
            (
                "How do I get proposal emails with attachments logged in {crm}?",
                "My emails with PDFs are missing from the {crm} timeline. What should I do?",
            ),
            ("{crm} email sync attachments", "proposal email missing from timeline"),
        ),
        IntegrationSpec(
            "esign-spam",
            (
                "Hotfix: {esign} envelopes land in spam for many recipients, so also send the "
                "signing link manually from your own inbox.",
                "Workaround: paste the {esign} signing link into a personal email because the "
                "envelopes end up in junk folders.",
            ),
            (
                "The {esign} integration moved to a verified sending domain; signing emails "
                "reach inboxes directly and manual links are unnecessary.",
            ),
            (
                "A customer says the {esign} signing email never arrived. What should I do?",
                "Do I still need to send signing links from my own inbox?",
            ),
            ("{esign} envelope in spam", "signing email missing"),
        ),
        IntegrationSpec(
            "enrichment-titles",
            (
                "Workaround: {enrich} enrichment overwrites job titles typed by hand, so put "
                "manual titles in the notes field.",
                "Hotfix: keep hand-entered job titles in notes, because the {enrich} sync "
                "overwrites the title field.",
            ),
            (
                "The {enrich} connector was rebuilt to respect manually edited fields; job "
                "titles can go back into the title field.",
            ),
            (
                "Where should I put a contact's job title so enrichment doesn't overwrite it?",
                "Is it safe to edit the title field on a contact now?",
            ),
            ("{enrich} overwrites job title", "manual title field"),
        ),
    ),
    states=(
        StateSpec(
            "seats-{customer}",
            "seats:{customer}",
            (
                "{customer} has {value} seats on their subscription.",
                "Seat count for {customer}: {value}.",
            ),
            ("50", "75", "120", "200", "90"),
            ("How many seats does {customer} have?", "What's {customer}'s current seat count?"),
            ("{customer} seat count", "{customer} licenses"),
        ),
        StateSpec(
            "tier-{customer2}",
            "tier:{customer2}",
            (
                "{customer2} is on the {value} plan.",
                "{customer2} signed for the {value} plan.",
            ),
            ("Starter", "Business", "Enterprise", "Premium"),
            ("Which plan is {customer2} on?", "What tier did {customer2} end up buying?"),
            ("{customer2} plan tier", "{customer2} subscription"),
        ),
        StateSpec(
            "growth-price",
            "price:growth-edition",
            (
                "The list price for the Growth edition is {value} per user per year.",
                "Growth edition list price: {value} per user annually.",
            ),
            ("$480", "$540", "$600", "$520"),
            ("What's the list price of the Growth edition?", "How much does Growth cost per user?"),
            ("growth edition list price", "price per user growth"),
        ),
        StateSpec(
            "quota",
            "quota:account-executive",
            (
                "Each account executive's quarterly quota is {value}.",
                "Quarterly AE quota is set at {value}.",
            ),
            ("$250k", "$300k", "$350k", "$275k"),
            (
                "What is the AE quota this quarter?",
                "How much does an account executive need to close per quarter?",
            ),
            ("account executive quota", "quarterly quota"),
        ),
        StateSpec(
            "close-date-{customer3}",
            "close:{customer3}",
            (
                "The {customer3} deal is expected to close on {value}.",
                "Forecast: {customer3} closes {value}.",
            ),
            ("May 30", "June 15", "June 28", "July 12", "August 2"),
            (
                "When is the {customer3} deal expected to close?",
                "What's the forecast close date for {customer3}?",
            ),
            ("{customer3} close date", "{customer3} forecast"),
        ),
        StateSpec(
            "promo",
            "promo:new-customer",
            (
                "The current promotion gives new customers {value} off the first year.",
                "New-customer promo: {value} off year one.",
            ),
            ("10%", "15%", "12%", "20%"),
            (
                "What's the current new-customer promotion?",
                "How much off can a new customer get right now?",
            ),
            ("new customer promotion", "first year discount promo"),
        ),
    ),
    claims=(
        ClaimSpec(
            "hq-{customer3}",
            "{customer3} is headquartered in {value}.",
            (
                "Their latest filing shows {customer3} is headquartered in {value}.",
                "Correction: {customer3}'s headquarters are in {value}.",
            ),
            "The annual filing lists {new} as the registered headquarters; {old} is a sales "
            "office.",
            ("Boston", "Austin", "Denver", "Chicago"),
            ("Where is {customer3}'s headquarters?", "Which city is {customer3} based in?"),
            ("{customer3} headquarters", "{customer3} head office city"),
        ),
        ClaimSpec(
            "incumbent-{customer}",
            "{customer} currently uses {value} as their CRM.",
            (
                "On the discovery call {customer} confirmed they run {value}.",
                "Correction: {customer}'s incumbent system is {value}.",
            ),
            "{customer}'s admin shared a screenshot of {new}; {old} was retired last year.",
            ("Zoho", "Freshsales", "Copper", "Insightly"),
            ("Which CRM does {customer} use today?", "What system are we replacing at {customer}?"),
            ("{customer} incumbent crm", "{customer} current system"),
        ),
        ClaimSpec(
            "budget-{customer2}",
            "{customer2}'s budget for this project is {value}.",
            (
                "{customer2}'s finance lead confirmed the project budget is {value}.",
                "Correction: the approved budget at {customer2} is {value}.",
            ),
            "The signed budget memo from {customer2} says {new}; {old} was an early estimate.",
            ("$120k", "$80k", "$200k", "$150k"),
            (
                "What budget does {customer2} have for the project?",
                "How much can {customer2} spend on this?",
            ),
            ("{customer2} project budget", "{customer2} spend limit"),
        ),
        ClaimSpec(
            "decider-{customer4}",
            "The decision maker at {customer4} is {value}.",
            (
                "Per the org chart, the real decision maker at {customer4} is {value}.",
                "Correction: {value} signs off on purchases at {customer4}.",
            ),
            "The procurement policy {customer4} sent names {new} as approver; {old} only "
            "recommends.",
            ("Helen Park", "Victor Osei", "Lena Fischer", "Raj Mehta"),
            (
                "Who makes the buying decision at {customer4}?",
                "Who signs off on the {customer4} purchase?",
            ),
            ("{customer4} decision maker", "{customer4} approver"),
        ),
    ),
    preferences=(
        PreferenceSpec(
            "calls-{customer}",
            (
                "{customer} prefers calls on Thursday afternoons and dislikes cold email.",
                "Best to reach {customer} by phone on a Thursday afternoon, not by cold email.",
            ),
            (
                "When is the best time to reach {customer}?",
                "Should I email {customer} out of the blue?",
            ),
            ("{customer} preferred call time", "contacting {customer}"),
        ),
        PreferenceSpec(
            "quote-format-{customer2}",
            ("{customer2}'s procurement team wants quotes as PDF attachments, not links.",),
            (
                "In what format should I send {customer2} a quote?",
                "Can I send {customer2} a link to the quote?",
            ),
            ("{customer2} quote format", "send quote to {customer2}"),
        ),
        PreferenceSpec(
            "deal-review",
            (
                "The sales director prefers deal reviews written as one-page summaries.",
                "Deal reviews for the director should fit on a single page.",
            ),
            (
                "How should I write up a deal for the director's review?",
                "How long should a deal review doc be?",
            ),
            ("deal review format", "director review write-up"),
        ),
        PreferenceSpec(
            "portal-{customer3}",
            ("{customer3} wants all communication to go through their procurement portal.",),
            (
                "How does {customer3} want us to communicate?",
                "Can I send {customer3} the contract by email?",
            ),
            ("{customer3} procurement portal", "communicating with {customer3}"),
        ),
    ),
    tool_outputs=(
        ToolOutputSpec(
            "quote",
            (
                "Quote #{ref} generated: {amount}, valid for 30 days.",
                "Quote #{ref} sent to the buyer for {amount}.",
            ),
            ("Quote #{ref} status changed to {later}.",),
            {
                "amount": tuple(f"${n:,}" for n in range(4_000, 90_000, 1_750)),
                "later": ("viewed", "signed", "expired", "revised"),
            },
            ("What's the status of quote #{ref}?", "Did the buyer act on quote #{ref}?"),
            ("quote #{ref} status",),
            first_ref=30_000,
        ),
        ToolOutputSpec(
            "sync run",
            (
                "CRM sync run #{ref} imported {contacts} contacts and {deals} deals.",
                "Sync run #{ref}: {contacts} contacts, {deals} deals updated.",
            ),
            ("Sync run #{ref} retried: {contacts} contacts reconciled.",),
            {
                "contacts": tuple(str(n) for n in range(5, 400, 7)),
                "deals": tuple(str(n) for n in range(0, 40)),
            },
            ("How did CRM sync run #{ref} go?", "What did sync run #{ref} import?"),
            ("sync run #{ref} result",),
            first_ref=4_000,
        ),
    ),
)
