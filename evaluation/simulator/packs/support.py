"""Customer support: tickets, orders, refunds, plans, a help desk and a storefront."""

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
    name="support",
    entities={
        "customer": (
            "Initech",
            "Globex",
            "Umbrella",
            "Hooli",
            "Soylent",
            "Vandelay",
            "Wonka",
            "Cyberdyne",
            "Tyrell",
            "Aperture",
            "Oscorp",
            "Nakatomi",
            "Virtucon",
            "Monarch",
        ),
        "helpdesk": ("Zendesk", "Freshdesk", "Gorgias", "Kustomer"),
        "store": ("Shopify", "Magento", "BigCommerce", "WooCommerce"),
        "chat": ("Intercom", "Drift", "LiveChat", "Crisp"),
    },
    principles=(
        PrincipleSpec(
            "verify-identity",
            "Always verify the customer's identity before discussing any account details.",
            (
                "Someone called about an account; can I go over the billing history with them?",
                "What do I have to do before talking about a customer's account?",
            ),
            ("caller asks about account details", "identity check before account talk"),
        ),
        PrincipleSpec(
            "refund-approval",
            "Refunds over $500 need a supervisor's approval before they are issued.",
            (
                "A customer wants an $800 refund; can I just issue it myself?",
                "Who has to sign off on a large refund?",
            ),
            ("large refund sign-off", "big refund approval"),
        ),
        PrincipleSpec(
            "delivery-promises",
            "Never promise a delivery date that the carrier has not confirmed.",
            (
                "The customer wants to know exactly when the parcel will arrive. What can I say?",
                "Can I tell a buyer their package will be there by Friday?",
            ),
            ("customer wants a guaranteed arrival date", "promise delivery date"),
        ),
        PrincipleSpec(
            "acknowledge-first",
            "Acknowledge the customer's frustration before explaining any policy.",
            (
                "How should I open a reply to an angry customer?",
                "A customer is furious about a delay; where do I start my answer?",
            ),
            ("reply to upset customer", "angry customer opening line"),
        ),
        PrincipleSpec(
            "data-deletion",
            "Requests to delete personal data go to the privacy team within 24 hours; "
            "agents never delete data themselves.",
            (
                "A customer asked us to erase all their personal data. What do I do?",
                "Can I delete a user's data myself when they ask for it?",
            ),
            ("gdpr erasure request", "customer wants personal data deleted"),
        ),
    ),
    lessons=(
        LessonSpec(
            "legacy-billing",
            (
                "a plan change errors out",
                "an upgrade request bounces",
                "a customer gets stuck switching plans",
                "the plan change screen throws an error",
            ),
            (
                "check whether the account is still on legacy billing and migrate it first",
                "migrate the account off legacy billing before retrying the change",
                "move the customer to the current billing system, then change the plan",
            ),
            (
                "because legacy accounts reject plan edits",
                "since the old billing system locks plan edits",
            ),
            (
                "What should I check before changing a customer's plan?",
                "Why would a plan change keep erroring for an older account?",
            ),
            ("plan change error legacy account", "upgrade request bounced"),
        ),
        LessonSpec(
            "reset-loop",
            (
                "a customer is stuck in a password reset loop",
                "the reset link keeps expiring for a user",
                "someone keeps landing back on the reset page",
            ),
            (
                "clear their active sessions and send a fresh reset link",
                "sign them out everywhere, then issue a new reset link",
                "revoke the existing sessions before resending the reset email",
            ),
            (
                "because old sessions invalidate new links",
                "as stale sessions reuse the old token",
            ),
            (
                "How do I fix a customer who keeps getting bounced back to the password page?",
                "A user's password reset link expires every time. What works?",
            ),
            ("password reset loop", "reset link expired again"),
        ),
        LessonSpec(
            "double-charge",
            (
                "a customer reports being charged twice",
                "a double charge shows up on a card",
                "a duplicate payment appears on a statement",
            ),
            (
                "look for a pending authorization before refunding anything",
                "wait for the pending authorization to drop off before issuing a refund",
                "check for an uncaptured authorization first, it usually disappears by itself",
            ),
            (
                "so the customer is refunded only once",
                "because the hold usually releases on its own",
            ),
            (
                "A customer says they were billed two times for a single order. What's the "
                "first thing to check?",
                "How should I handle what looks like a duplicate payment?",
            ),
            ("customer billed twice", "duplicate card payment refund"),
        ),
        LessonSpec(
            "address-after-dispatch",
            (
                "a customer asks to change the address after the order shipped",
                "someone wants a new delivery address on a shipped order",
                "an address correction comes in after dispatch",
            ),
            (
                "ask the carrier for an intercept instead of editing the order",
                "request a carrier redirect rather than changing the order record",
                "open a carrier intercept, since editing the order at that point is pointless",
            ),
            (
                "because the label is already printed",
                "since the warehouse printed the label at dispatch",
            ),
            (
                "The package already left but the customer gave us the wrong address. What now?",
                "How do I reroute a parcel that is already on its way?",
            ),
            ("change address on shipped order", "parcel reroute request"),
        ),
        LessonSpec(
            "public-complaint",
            (
                "a complaint goes public on social media",
                "an unhappy customer posts about us publicly",
                "a customer vents about an order in a public thread",
            ),
            (
                "reply briefly in public and move the conversation to a private channel",
                "answer once publicly and continue the conversation in direct messages",
                "acknowledge it in the thread, then take the details to a private message",
            ),
            (
                "so account details stay out of public view",
                "because order details belong in a private channel",
            ),
            (
                "A customer is complaining about us publicly online. How should I respond?",
                "What's the right way to handle an angry public post about an order?",
            ),
            ("public social media complaint", "customer venting in public thread"),
        ),
        LessonSpec(
            "bug-report",
            (
                "a customer reports a bug",
                "someone describes something broken in the app",
                "a user sends in a bug report",
            ),
            (
                "collect the browser version and a screenshot before escalating to engineering",
                "get a screenshot and the browser details first, then hand it to engineering",
                "ask for the browser version plus a screenshot prior to any engineering escalation",
            ),
            (
                "since engineering bounces reports that lack them",
                "because engineers ask for those details first anyway",
            ),
            (
                "What info should I gather before I pass a bug over to the engineers?",
                "A customer found a glitch in the app; what do I ask them before escalating?",
            ),
            ("customer found app glitch", "escalate bug report to engineering"),
        ),
        LessonSpec(
            "chargeback",
            (
                "a chargeback notice arrives",
                "a customer disputes a payment with their bank",
                "the bank opens a payment dispute",
            ),
            (
                "hold the account's pending orders and gather delivery proof for the dispute",
                "pause open orders on the account and pull the proof of delivery",
                "freeze pending shipments and collect tracking evidence for the bank",
            ),
            (
                "because the response deadline is short",
                "since banks decide disputes on the evidence sent",
            ),
            (
                "We just got a chargeback notice. What should support do?",
                "How do we respond when a customer disputes a charge with their bank?",
            ),
            ("chargeback dispute evidence", "bank payment dispute"),
        ),
        LessonSpec(
            "foreign-language",
            (
                "a ticket arrives in another language",
                "a customer writes in a language the agent is unfamiliar with",
                "someone contacts us in a foreign language",
            ),
            (
                "reply with the translation macro and flag the ticket for a native speaker review",
                "use the translation macro for the reply and tag it for review by a native speaker",
                "answer through the translation macro, then queue the ticket for native review",
            ),
            (
                "so the tone survives translation",
                "because machine translation misses nuance",
            ),
            (
                "A customer wrote to us in a language I don't speak. How do I handle it?",
                "What's the process for tickets that aren't in our working language?",
            ),
            ("ticket in foreign language", "translate customer message"),
        ),
    ),
    integrations=(
        IntegrationSpec(
            "helpdesk-attachments",
            (
                "Workaround: the {helpdesk} sync drops attachments over 10 MB, so upload large "
                "files to the shared drive and paste the link into the ticket.",
                "Hotfix until {helpdesk} is fixed: attachments bigger than 10 MB get dropped "
                "by the sync; share them through a shared drive link instead.",
                "If a {helpdesk} attachment above 10 MB vanishes, put the file on the shared "
                "drive and link it in the reply.",
            ),
            (
                "The {helpdesk} integration was rewritten; attachments of any size now sync "
                "directly and the shared-drive workaround is no longer needed.",
            ),
            (
                "How do I send a customer a large attachment through {helpdesk}?",
                "A big file did not make it into the {helpdesk} ticket. What should I do?",
            ),
            ("{helpdesk} attachment too large", "large attachment missing from ticket"),
        ),
        IntegrationSpec(
            "store-order-lookup",
            (
                "Workaround: the {store} order lookup times out for orders older than 90 days; "
                "use the CSV export in the admin panel instead.",
                "Hotfix: old {store} orders (90+ days) time out in the lookup tool, so pull "
                "them from the admin CSV export.",
            ),
            (
                "The {store} order-lookup integration was rebuilt on the new API and returns "
                "orders of any age in seconds, so the CSV export workaround is obsolete.",
            ),
            (
                "How do I look up an order from last year in {store}?",
                "The order lookup keeps timing out on an old {store} order. Any way around it?",
            ),
            ("old {store} order lookup timeout", "lookup tool times out on old order"),
        ),
        IntegrationSpec(
            "chat-transcripts",
            (
                "Hotfix: the {chat} widget loses the conversation when a customer switches "
                "tabs; ask them to keep the tab open and copy the transcript into the ticket.",
                "Workaround for {chat}: chats vanish on a tab switch, so paste the transcript "
                "into the ticket by hand before closing.",
            ),
            (
                "The {chat} widget was rewritten to persist conversations across tabs; "
                "transcripts now save automatically and manual copying is unnecessary.",
            ),
            (
                "A customer's chat disappeared when they changed tabs. How do I keep the "
                "transcript?",
                "Do I still need to copy {chat} transcripts into tickets by hand?",
            ),
            ("{chat} conversation lost on tab switch", "save chat transcript to ticket"),
        ),
    ),
    states=(
        StateSpec(
            "plan-{customer}",
            "plan:{customer}",
            (
                "{customer} is on the {value} plan.",
                "Account note: {customer} now subscribes to the {value} plan.",
                "{customer} moved to the {value} plan this week.",
            ),
            ("Basic", "Starter", "Pro", "Business", "Enterprise"),
            ("What plan is {customer} on now?", "Which subscription tier does {customer} have?"),
            ("{customer} plan", "{customer} subscription tier"),
        ),
        StateSpec(
            "refund-window",
            "policy:refund-window",
            (
                "The refund window is {value} days from delivery.",
                "Customers can ask for a refund up to {value} days after delivery.",
            ),
            ("14", "21", "30", "45", "60"),
            (
                "How long after delivery can a customer still get their money back?",
                "What's our refund period at the moment?",
            ),
            ("refund window days", "refund period"),
        ),
        StateSpec(
            "first-response-sla",
            "sla:first-response",
            (
                "The first-response SLA for priority tickets is {value} hours.",
                "Priority tickets must get a first reply within {value} hours.",
            ),
            ("4", "2", "8", "6", "3"),
            (
                "How fast do we have to answer an urgent ticket?",
                "What's the response-time target for high-priority tickets?",
            ),
            ("priority ticket response time", "first response sla"),
        ),
        StateSpec(
            "phone-hours",
            "hours:phone",
            (
                "Phone support is open from {value} on weekdays.",
                "The phone line runs {value}, Monday to Friday.",
            ),
            ("8am to 6pm", "7am to 9pm", "9am to 5pm", "8am to 8pm"),
            ("When can customers reach us by phone?", "What are the phone support hours now?"),
            ("phone support hours", "phone line opening times"),
        ),
        StateSpec(
            "pro-price",
            "price:pro-seat",
            (
                "The Pro plan costs {value} per seat per month.",
                "Pricing update: a Pro seat is {value} a month.",
            ),
            ("$29", "$35", "$39", "$45", "$32"),
            ("How much is a Pro seat these days?", "What do we charge per seat for Pro?"),
            ("pro seat price", "monthly price per seat"),
        ),
        StateSpec(
            "return-label",
            "price:return-label",
            (
                "Return shipping labels cost the customer {value}.",
                "We charge {value} for a prepaid return label.",
            ),
            ("$6.95", "$4.95", "$7.50", "$5.50"),
            (
                "What do we charge for a return label?",
                "How much does a customer pay to send something back?",
            ),
            ("return label fee", "prepaid return shipping cost"),
        ),
        StateSpec(
            "renewal-{customer2}",
            "renewal:{customer2}",
            (
                "{customer2}'s contract renews on {value}.",
                "Renewal date for {customer2}: {value}.",
            ),
            ("March 1", "April 15", "June 30", "September 1", "November 20"),
            (
                "When does {customer2}'s contract come up for renewal?",
                "What's the renewal date on the {customer2} account?",
            ),
            ("{customer2} renewal date", "{customer2} contract renewal"),
        ),
    ),
    claims=(
        ClaimSpec(
            "eu-data-location",
            "EU customer data is hosted in the {value} data center.",
            (
                "Checked with infrastructure: EU customer data actually lives in the {value} "
                "data center.",
                "Correction: EU customer data is stored in {value}.",
            ),
            "The data residency audit shows EU customer data in {new}, not {old}.",
            ("Frankfurt", "Dublin", "Amsterdam", "Paris"),
            ("Where is our EU customer data stored?", "Which data center holds EU customer data?"),
            ("EU data residency location", "where EU data is hosted"),
        ),
        ClaimSpec(
            "account-manager-{customer3}",
            "{customer3}'s account manager is {value}.",
            (
                "{customer3} is actually managed by {value}, per the CRM owner field.",
                "Correction: {value} owns the {customer3} account.",
            ),
            "The CRM lists {new} as owner of {customer3} since the territory change; "
            "{old} handed it over.",
            ("Dana Whitfield", "Marcus Lee", "Priya Natarajan", "Tom Okafor"),
            (
                "Who is {customer3}'s account manager?",
                "Who should I loop in for the {customer3} account?",
            ),
            ("{customer3} account manager", "{customer3} account owner"),
        ),
        ClaimSpec(
            "warranty-length",
            "The hardware warranty lasts {value} months.",
            (
                "Per the updated terms, the hardware warranty covers {value} months.",
                "Legal confirmed the hardware warranty period is {value} months.",
            ),
            "The signed warranty terms say {new} months; {old} months was the old draft.",
            ("12", "24", "18", "36"),
            (
                "How long is the hardware warranty?",
                "Is a device bought last year still under warranty?",
            ),
            ("hardware warranty length", "warranty period months"),
        ),
    ),
    preferences=(
        PreferenceSpec(
            "contact-{customer}",
            (
                "{customer} prefers to be contacted by email, never by phone.",
                "Reminder: {customer} wants email only and dislikes phone calls.",
            ),
            ("How should I reach out to {customer}?", "Is it okay to phone {customer}?"),
            ("{customer} contact preference", "how to contact {customer}"),
        ),
        PreferenceSpec(
            "invoices-{customer2}",
            (
                "{customer2} wants invoices addressed to their finance department, not the "
                "account owner.",
                "Send {customer2}'s invoices to the finance department rather than the owner.",
            ),
            ("Who at {customer2} should receive invoices?", "Where do {customer2}'s invoices go?"),
            ("{customer2} invoice recipient", "{customer2} billing contact"),
        ),
        PreferenceSpec(
            "shared-inbox-{customer3}",
            (
                "{customer3} asks that all replies go to their shared support inbox rather "
                "than to individual people.",
            ),
            (
                "Where should replies to {customer3} go?",
                "Can I email my contact at {customer3} directly?",
            ),
            ("{customer3} reply address", "{customer3} shared inbox"),
        ),
        PreferenceSpec(
            "tone-small-business",
            (
                "Small-business customers prefer a friendly, first-name tone in replies.",
                "Keep replies to small-business customers warm and on a first-name basis.",
            ),
            (
                "What tone should replies to small businesses have?",
                "How formal should I be with a small shop owner?",
            ),
            ("tone for small business replies", "reply style small shops"),
        ),
    ),
    tool_outputs=(
        ToolOutputSpec(
            "order",
            (
                "Order #{ref} lookup: {status}, carrier {carrier}.",
                "Order lookup #{ref}: status {status}, shipped with {carrier}.",
                "Tracking for order #{ref}: {status} ({carrier}).",
            ),
            ("Order #{ref} update: {later} with {carrier}.",),
            {
                "status": ("processing", "shipped", "in transit", "awaiting pickup"),
                "later": ("delivered", "out for delivery", "returned to sender"),
                "carrier": ("UPS", "DHL", "FedEx", "USPS"),
            },
            ("What's the status of order #{ref}?", "Where is order #{ref} right now?"),
            ("order #{ref} status",),
            first_ref=10_000,
        ),
        ToolOutputSpec(
            "ticket",
            (
                "Ticket #{ref} auto-triage: tagged {tag}, priority {prio}.",
                "Triage bot on ticket #{ref}: {tag}, {prio} priority.",
            ),
            ("Ticket #{ref} reassigned: {tag} queue, priority {prio}.",),
            {
                "tag": ("billing", "shipping", "login", "returns", "product question"),
                "prio": ("low", "normal", "high", "urgent"),
            },
            ("How was ticket #{ref} triaged?", "Which queue is ticket #{ref} in?"),
            ("ticket #{ref} triage",),
            first_ref=80_000,
        ),
    ),
)
