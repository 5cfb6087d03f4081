from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from accounts.admin import admin_login

urlpatterns = [
    # Ahead of the admin's own login URL: the same page, throttled.
    path("admin/login/", admin_login),
    path("admin/", admin.site.urls),
    path("api/auth/", include("accounts.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("api/", include("accounts.push_urls")),
    path("api/", include("games.api.urls")),
    path("", include("frontend.urls")),
]
