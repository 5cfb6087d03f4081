from django.urls import path

import core.paths  # noqa: F401 - registers <name:…>, <id:…> and <code:…>

from . import invitation_views, offline_views, open_table_views, player_views, views

urlpatterns = [
    path("", views.ApiRootView.as_view(), name="api-root"),
    path("rules/", views.RulesView.as_view(), name="rules"),
    path("matches/", views.MatchListView.as_view(), name="match-list"),
    path("matches/join/", views.MatchJoinView.as_view(), name="match-join"),
    path("matches/vs-computer/", player_views.VsComputerView.as_view(),
         name="match-vs-computer"),
    path("matches/offline/", offline_views.OfflineMatchView.as_view(), name="match-offline"),
    path("matches/export/", player_views.MatchExportView.as_view(), name="match-export"),
    path("invites/<code:invite_code>/", player_views.InvitePreviewView.as_view(),
         name="invite-preview"),
    path("matches/<id:match_id>/", views.MatchDetailView.as_view(), name="match-detail"),
    path("matches/<id:match_id>/call/", views.MatchCallView.as_view(), name="match-call"),
    path("matches/<id:match_id>/play/", views.MatchPlayView.as_view(), name="match-play"),
    path("matches/<id:match_id>/redeal/", views.MatchRedealView.as_view(), name="match-redeal"),
    path("matches/<id:match_id>/finish/", views.MatchFinishView.as_view(),
         name="match-finish"),
    path("matches/<id:match_id>/back/", views.MatchBackView.as_view(), name="match-back"),
    path("matches/<id:match_id>/rematch/", views.MatchRematchView.as_view(),
         name="match-rematch"),
    path("matches/<id:match_id>/record/", views.MatchRecordView.as_view(), name="match-record"),
    path("matches/<id:match_id>/analysis/", views.MatchAnalysisView.as_view(),
         name="match-analysis"),
    path("matches/<id:match_id>/ratings/", player_views.MatchRatingsView.as_view(),
         name="match-ratings"),
    path("matches/<id:match_id>/reactions/", views.MatchReactionView.as_view(),
         name="match-reactions"),
    path("invitations/", invitation_views.InvitationListView.as_view(), name="invitation-list"),
    path("invitations/<id:match_id>/accept/", invitation_views.InvitationAcceptView.as_view(),
         name="invitation-accept"),
    path("invitations/<id:match_id>/decline/",
         invitation_views.InvitationDeclineView.as_view(), name="invitation-decline"),
    path("tables/", open_table_views.OpenTableListView.as_view(), name="table-list"),
    path("users/<name:username>/stats/", player_views.UserStatsView.as_view(),
         name="user-stats"),
    path("users/<name:username>/profile/", player_views.ProfileView.as_view(),
         name="user-profile"),
]
