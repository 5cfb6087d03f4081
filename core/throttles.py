"""Throttles whose rates follow the settings at request time (so tests and ops can tune them)."""

from rest_framework.settings import api_settings
from rest_framework.throttling import ScopedRateThrottle


class LiveScopedRateThrottle(ScopedRateThrottle):
    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def allow_request(self, request, view) -> bool:  # noqa: ANN001 - DRF signature
        self.THROTTLE_RATES = api_settings.DEFAULT_THROTTLE_RATES
        return super().allow_request(request, view)
