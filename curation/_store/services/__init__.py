"""The services behind the ``MemoryStore`` facade: each built on one ``StoreContext``
(the database, embedder, clock and default policy), each returning typed records."""
