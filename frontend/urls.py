from django.urls import path

from . import views

urlpatterns = [path("", views.AppShellView.as_view(), name="app-shell")]
