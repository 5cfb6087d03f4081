from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/auth/", include("accounts.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("api/", include("accounts.push_urls")),
    path("api/", include("games.api.urls")),
    path("", include("frontend.urls")),
]

handler400 = "callbreak_site.errors.bad_request"
handler403 = "callbreak_site.errors.permission_denied"
handler404 = "callbreak_site.errors.page_not_found"
handler500 = "callbreak_site.errors.server_error"
