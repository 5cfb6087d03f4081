from django.urls import path

import core.paths  # noqa: F401 - registers <name:…>

from . import offline_views, player_views, views

urlpatterns = [
    path("", views.ApiRootView.as_view(), name="api-root"),
    path("rules/", views.RulesView.as_view(), name="rules"),
    path("matches/", views.MatchListView.as_view(), name="match-list"),
    path("matches/join/", views.MatchJoinView.as_view(), name="match-join"),
    path("matches/vs-computer/", player_views.VsComputerView.as_view(),
         name="match-vs-computer"),
    path("matches/offline/", offline_views.OfflineMatchView.as_view(), name="match-offline"),
    path("matches/export/", player_views.MatchExportView.as_view(), name="match-export"),
    path("invites/<str:invite_code>/", player_views.InvitePreviewView.as_view(),
         name="invite-preview"),
    path("matches/<int:match_id>/", views.MatchDetailView.as_view(), name="match-detail"),
    path("matches/<int:match_id>/call/", views.MatchCallView.as_view(), name="match-call"),
    path("matches/<int:match_id>/play/", views.MatchPlayView.as_view(), name="match-play"),
    path("matches/<int:match_id>/redeal/", views.MatchRedealView.as_view(), name="match-redeal"),
    path("matches/<int:match_id>/finish/", views.MatchFinishView.as_view(),
         name="match-finish"),
    path("matches/<int:match_id>/back/", views.MatchBackView.as_view(), name="match-back"),
    path("matches/<int:match_id>/rematch/", views.MatchRematchView.as_view(),
         name="match-rematch"),
    path("matches/<int:match_id>/record/", views.MatchRecordView.as_view(), name="match-record"),
    path("matches/<int:match_id>/analysis/", views.MatchAnalysisView.as_view(),
         name="match-analysis"),
    path("matches/<int:match_id>/ratings/", player_views.MatchRatingsView.as_view(),
         name="match-ratings"),
    path("matches/<int:match_id>/reactions/", views.MatchReactionView.as_view(),
         name="match-reactions"),
    path("users/<name:username>/stats/", player_views.UserStatsView.as_view(),
         name="user-stats"),
    path("users/<name:username>/profile/", player_views.ProfileView.as_view(),
         name="user-profile"),
]
