from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games import events  # noqa: F401 - connects the receivers of services' signals
        from games.services import departures  # noqa: F401 - keeps seats of removed accounts
