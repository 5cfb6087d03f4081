from django.apps import AppConfig


class CoreConfig(AppConfig):
    """Shared machinery (errors, parsers, outbound requests, live delivery, presence): no
    models, no app of its own to import."""

    name = "core"
