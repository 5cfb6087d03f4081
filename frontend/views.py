"""Serves the PWA shell; everything else is static files and the JSON API."""

from django.views.generic import TemplateView


class AppShellView(TemplateView):
    template_name = "frontend/index.html"
