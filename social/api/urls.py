from django.urls import path

import core.paths  # noqa: F401 - registers <name:…>

from . import views

urlpatterns = [
    path("friends/", views.FriendListView.as_view(), name="friend-list"),
    path("friends/requests/", views.FriendRequestListView.as_view(), name="friend-requests"),
    path("friends/requests/<name:username>/accept/", views.FriendRequestAcceptView.as_view(),
         name="friend-request-accept"),
    path("friends/requests/<name:username>/decline/", views.FriendRequestDeclineView.as_view(),
         name="friend-request-decline"),
    path("friends/<name:username>/", views.FriendDetailView.as_view(), name="friend-detail"),
    path("blocks/", views.BlockListView.as_view(), name="blocks"),
    path("blocks/<name:username>/", views.BlockDetailView.as_view(), name="block-detail"),
    path("ratings/me/", views.MyRatingView.as_view(), name="rating-me"),
    path("leaderboard/", views.LeaderboardView.as_view(), name="leaderboard"),
    path("reactions/", views.ReactionChoicesView.as_view(), name="reaction-choices"),
]
