"""The web and worker processes leave what they start with out of garbage collection."""

from __future__ import annotations

import os

from tests.conftest import run_fresh


def site_env() -> dict[str, str]:
    return dict(os.environ, DJANGO_SETTINGS_MODULE="callbreak_site.settings")


def test_the_web_process_freezes_its_start_up_objects_at_lifespan_start_up():
    found = run_fresh("""
        import asyncio, gc, json, sys
        from callbreak_site.asgi import application

        async def start_up():
            sent, inbox = [], [{"type": "lifespan.startup"}, {"type": "lifespan.shutdown"}]

            async def receive():
                return inbox.pop(0)

            async def send(message):
                sent.append(message["type"])

            before = gc.get_freeze_count()
            await application({"type": "lifespan"}, receive, send)
            return before, sent

        before, sent = asyncio.run(start_up())
        print(json.dumps({"before": before, "after": gc.get_freeze_count(), "sent": sent,
                          "views": "games.api.views" in sys.modules}))
    """, site_env())
    assert found["sent"] == ["lifespan.startup.complete", "lifespan.shutdown.complete"]
    assert found["before"] == 0
    assert found["after"] > 50_000  # Django, DRF, Channels and the site's own modules
    assert found["views"]  # the URL conf was loaded before the freeze


def test_a_celery_worker_freezes_its_start_up_objects_once_ready():
    found = run_fresh("""
        import gc, json
        from celery.signals import worker_ready
        from callbreak_site.celery import app

        before = gc.get_freeze_count()
        worker_ready.send(sender=None)
        once = gc.get_freeze_count()
        keep = [[n] for n in range(1000)]  # made later: not frozen by a second signal
        worker_ready.send(sender=None)
        print(json.dumps({"before": before, "once": once, "twice": gc.get_freeze_count()}))
    """, site_env())
    assert found["before"] == 0
    assert found["once"] > 10_000
    assert found["twice"] == found["once"]
