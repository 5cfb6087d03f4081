"""Sentences Django REST Framework itself says to players, listed so ``make messages`` puts
them in our catalogues: DRF ships no Hindi or Bengali, and its Nepali is filed as ``ne_NP``,
which a request for ``ne`` does not find. DRF asks gettext for these very strings, so the
translations here are the ones its answers carry. Not imported: a source for extraction only.
"""

from django.utils.translation import gettext_noop

FRAMEWORK_MESSAGES = (
    gettext_noop("This field is required."),
    gettext_noop("This field may not be null."),
    gettext_noop("This field may not be blank."),
    gettext_noop("Ensure this field has no more than {max_length} characters."),
    gettext_noop("Ensure this field has at least {min_length} characters."),
    gettext_noop("A valid integer is required."),
    gettext_noop("Must be a valid boolean."),
    gettext_noop("Enter a valid email address."),
    gettext_noop("Invalid input."),
    gettext_noop("Malformed request."),
    gettext_noop("Incorrect authentication credentials."),
    gettext_noop("Authentication credentials were not provided."),
    gettext_noop("You do not have permission to perform this action."),
    gettext_noop("Not found."),
    gettext_noop("Request was throttled."),
)
