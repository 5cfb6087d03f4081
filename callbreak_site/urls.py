from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from accounts.admin import admin_login

# Swagger UI's page styles itself inline and draws its icons as data: images; its script is
# a file of its own (the split view), so scripts stay as strict as everywhere else.
api_docs = csp_update({"style-src": ["'unsafe-inline'"], "img-src": ["data:"]})(
    SpectacularSwaggerSplitView.as_view(url_name="schema"))

urlpatterns = [
    # Ahead of the admin's own login URL: the same page, throttled.
    path("admin/login/", admin_login),
    path("admin/", admin.site.urls),
    path("api/auth/", include("accounts.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", api_docs, name="api-docs"),
    path("api/", include("notifications.api.urls")),
    path("api/", include("social.api.urls")),
    path("api/", include("games.api.urls")),
    path("api/", include("matchmaking.api.urls")),
    path("", include("frontend.urls")),
]

handler400 = "core.api.bad_request"
handler403 = "core.api.permission_denied"
handler404 = "core.api.page_not_found"
handler500 = "core.api.server_error"
