"""Sign-in tries counted per account as well as per address: an attacker with many addresses
still gets a bounded number of guesses at one account."""

from __future__ import annotations

import hashlib
from typing import Any

from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

from accounts.services.usernames import username_fold


class SignInAccountThrottle(SimpleRateThrottle):
    """Sign-in tries per username (folded, so case and width give no more tries)."""

    scope = "sign_in_account"

    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def allow_request(self, request: Any, view: Any) -> bool:
        # The rate follows the settings at request time, like core.throttles.
        self.rate = self.get_rate()
        if self.rate is None:
            return True
        self.num_requests, self.duration = self.parse_rate(self.rate)
        return super().allow_request(request, view)

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        data = request.data if isinstance(request.data, dict) else {}
        name = data.get("username")
        if not isinstance(name, str) or not name or len(name) > 150:
            return None
        ident = hashlib.sha256(username_fold(name).encode()).hexdigest()
        return self.cache_format % {"scope": self.scope, "ident": ident}
