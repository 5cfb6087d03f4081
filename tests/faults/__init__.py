"""Faults: processes killed, Redis restarted, PostgreSQL connections dropped, bursts of
identical requests — each while a match is in play.

The sweeper and a task due at the deadline racing on one turn is covered by
``tests/play/test_deadlines.py`` (one autopilot move); twenty identical calls at once, with
and without an ``Idempotency-Key``, in-process, by ``tests/api/test_concurrency.py``.
"""
