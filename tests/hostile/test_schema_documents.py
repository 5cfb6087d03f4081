"""The OpenAPI schema states the constraints the API enforces and every error status each
operation can answer with, each in the one error shape."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

MOVES = ("call", "play", "redeal")
THROTTLED = [("post", f"/api/matches/{{match_id}}/{m}/") for m in (*MOVES, "rematch")] + [
    ("post", "/api/matches/"), ("post", "/api/matches/join/"),
    ("post", "/api/auth/login/"), ("post", "/api/auth/register/"), ("post", "/api/auth/token/")]
THROTTLED += [("post", f"/api/auth/{p}/") for p in (
    "guest", "claim", "email", "email/confirm", "password", "password-reset",
    "password-reset/confirm", "delete")]
THROTTLED += [("post", "/api/matches/vs-computer/"), ("get", "/api/matches/export/"),
              ("get", "/api/invites/{invite_code}/")]
OPEN = ("/api/rules/", "/api/reactions/", "/api/auth/csrf/", "/api/auth/login/",
        "/api/auth/register/", "/api/auth/token/", "/api/auth/email/confirm/",
        "/api/auth/password-reset/", "/api/auth/password-reset/confirm/",
        "/api/invites/{invite_code}/")


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    from rest_framework.test import APIClient

    with django_db_blocker.unblock():
        response = APIClient().get("/api/schema/?format=json")
    assert response.status_code == 200
    return response.json()


def operations(schema):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            yield method, path, operation


def parameter(operation, name):
    return next(p for p in operation["parameters"] if p["name"] == name)


def body_schema(schema, operation):
    ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    return schema["components"]["schemas"][ref.rsplit("/", 1)[1]]


@pytest.mark.parametrize("move", MOVES)
def test_the_idempotency_key_is_documented_as_it_is_checked(schema, move):
    key = parameter(schema["paths"][f"/api/matches/{{match_id}}/{move}/"]["post"],
                    "Idempotency-Key")
    assert key["in"] == "header"
    assert key["schema"] == {"type": "string", "minLength": 8, "maxLength": 80,
                             "pattern": "^[!-~]+$"}


def test_the_seat_of_an_analysis_is_0_to_3(schema):
    for method in ("get", "post"):
        seat = parameter(schema["paths"]["/api/matches/{match_id}/analysis/"][method], "seat")
        assert seat["required"] is True
        assert seat["schema"] == {"type": "integer", "minimum": 0, "maximum": 3}


def test_a_card_is_one_of_the_52_names(schema):
    play = schema["paths"]["/api/matches/{match_id}/play/"]["post"]
    card = body_schema(schema, play)["properties"]["card"]
    if "$ref" in card:
        card = schema["components"]["schemas"][card["$ref"].rsplit("/", 1)[1]]
    assert len(card["enum"]) == 52 and {"AS", "2C", "TD"} <= set(card["enum"])


def test_every_operation_documents_its_error_statuses_in_the_error_shape(schema):
    for method, path, operation in operations(schema):
        responses = operation["responses"]
        expected = {"400"}
        if "requestBody" in operation:
            expected |= {"413", "415"}
        if "{" in path:
            expected.add("404")
        if path not in OPEN:
            expected |= {"401", "403"}
        elif path in ("/api/rules/", "/api/reactions/"):
            expected.add("401")  # open, but a bad token is still refused
        if (method, path) in THROTTLED:
            expected.add("429")
        assert expected <= set(responses), (method, path, sorted(responses))
        for status, response in responses.items():
            if status.startswith(("4", "5")):
                ref = response["content"]["application/json"]["schema"]["$ref"]
                assert ref.endswith("/ErrorOut"), (method, path, status)
