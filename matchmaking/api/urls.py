from django.urls import path

from . import views

urlpatterns = [
    path("seeks/", views.SeekListView.as_view(), name="seek-list"),
    path("seeks/<int:seek_id>/", views.SeekDetailView.as_view(), name="seek-detail"),
    path("seeks/<int:seek_id>/bots/", views.SeekBotsView.as_view(), name="seek-bots"),
]
