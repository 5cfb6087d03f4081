"""Generated requests for every operation of the OpenAPI schema, signed in, valid ones and
ones that break the schema: none gets a server error, every answer is one the schema
documents (its status, its content type, its headers and its body), and every request that
breaks the schema is refused (schemathesis's negative data check: booleans sent as 0 and an
empty ``scope=`` were accepted)."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, settings
from knox.models import AuthToken
from schemathesis.checks import not_a_server_error
from schemathesis.generation.modes import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from callbreak_site.wsgi import application
from tests.api.helpers import create

# Each request ends as on a real server (connection handed back), so no test transaction.
pytestmark = pytest.mark.django_db(transaction=True)
# The schema as the site serves it, called in-process through the WSGI application.
schema = schemathesis.openapi.from_wsgi("/api/schema/", application)
# Data that fits the schema and data that breaks it, each operation.
schema.config.generation.update(modes=list(GenerationMode))


@pytest.fixture(autouse=True)
def _no_throttles(settings):
    """Hundreds of requests a minute from one client are the point here, not a flood."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK,
                               "DEFAULT_THROTTLE_RATES": {}}


@pytest.fixture
def seated_owner(owner, owner_api):
    """The owner has a match in play, so ids near 1 lead somewhere."""
    create(owner_api, ["bot:easy"] * 3)
    return owner


@schema.parametrize()
@settings(max_examples=30, deadline=None, phases=[Phase.explicit, Phase.generate],
          suppress_health_check=list(HealthCheck))
def test_no_generated_request_gets_a_server_error_or_an_off_schema_answer(case, seated_owner):
    token = AuthToken.objects.create(user=seated_owner)[1]  # sign-out may delete it
    case.call_and_validate(headers={"Authorization": f"Token {token}"},
                           checks=[not_a_server_error, status_code_conformance,
                                   content_type_conformance, response_headers_conformance,
                                   response_schema_conformance, negative_data_rejection])
