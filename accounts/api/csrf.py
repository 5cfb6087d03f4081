"""The CSRF check for endpoints that start a session (register, browser sign-in).

DRF's views are exempt from Django's CSRF middleware and DRF checks CSRF only once a session
exists, so a forged sign-in (another site signing a visitor in as the attacker) would pass.
A request a browser sends carries an ``Origin``, ``Sec-Fetch-Site`` or cookie header; such a
request gets Django's full check (origin against the allowed origins, and the CSRF token).
A client that sends none of them is not a browser and so cannot be led by another site.
"""

from __future__ import annotations

from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.views import APIView

_BROWSER_HEADERS = ("HTTP_ORIGIN", "HTTP_SEC_FETCH_SITE", "HTTP_COOKIE", "HTTP_REFERER")


class CsrfCheckedForBrowsers(BasePermission):
    def has_permission(self, request: Request, view: APIView) -> bool:
        if not any(request.META.get(header) for header in _BROWSER_HEADERS):
            return True
        try:
            SessionAuthentication().enforce_csrf(request)
        except PermissionDenied as refused:
            raise PermissionDenied(
                detail=f"This sign-in did not come from this site's own pages ({refused.detail}).",
                code="csrf_failed",
            )
        return True
