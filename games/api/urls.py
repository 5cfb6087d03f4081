from django.urls import path

from . import views

urlpatterns = [
    path("", views.ApiRootView.as_view(), name="api-root"),
]
