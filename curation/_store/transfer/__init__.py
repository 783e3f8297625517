"""Moving a tenant's rows in and out in bulk: JSON lines (``jsonl``, one line parsed and
validated by ``import_lines``), the lossless dump and its all-or-nothing restore
(``dump``, ``restore``; the format in ``dump_format``, the tables a tenant holds in
``dump_schema``), and the COPY paths every large write takes (``bulk``: COPY under
row-level security; ``bulk_load``: a new partition loaded and attached)."""
