"""The store's SQL statements and fragments that more than one function shares, grouped by
table (``memory``, ``conflict``, ``experiment``, ``api_key``) or by the one read they
serve (``recall``, ``snapshot``), and ``driver``: running a statement on the driver's
own cursor. A statement used in one place stays beside its code; a state change is
spelled in ``lifecycle``, never here."""
