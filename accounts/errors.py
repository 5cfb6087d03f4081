"""Refusals of the friends and blocks services, in the API's one error shape: each carries a
stable ``code`` and a ``detail`` sentence, and the API's exception handler keeps both."""

from __future__ import annotations

from rest_framework import exceptions, status


class Refused(exceptions.APIException):
    """A request that breaks a rule (to yourself, to a blocked player): nothing changed."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "refused"


class Missing(exceptions.APIException):
    """No such player, request or friendship."""

    status_code = status.HTTP_404_NOT_FOUND
    default_code = "not_found"


class Conflict(exceptions.APIException):
    """The request was already made, or the friendship already exists."""

    status_code = status.HTTP_409_CONFLICT
    default_code = "conflict"
