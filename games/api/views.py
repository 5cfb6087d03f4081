"""DRF views for matches: validate input, call a service or selector, shape the answer."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView


class ApiRootView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(exclude=True)
    def get(self, request: Request) -> Response:
        return Response(
            {
                "name": "Call Break online",
                "auth": {
                    "register": reverse("auth-register", request=request),
                    "token": reverse("auth-token", request=request),
                    "me": reverse("auth-me", request=request),
                },
                "schema": reverse("schema", request=request),
                "docs": reverse("api-docs", request=request),
            }
        )
