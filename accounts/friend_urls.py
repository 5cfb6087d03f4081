from django.urls import path

from . import friend_views as views

urlpatterns = [
    path("friends/requests/", views.FriendRequestListView.as_view(), name="friend-requests"),
    path("friends/requests/<str:username>/accept/", views.FriendRequestAcceptView.as_view(),
         name="friend-request-accept"),
    path("friends/requests/<str:username>/decline/", views.FriendRequestDeclineView.as_view(),
         name="friend-request-decline"),
    path("friends/<str:username>/", views.FriendDetailView.as_view(), name="friend-detail"),
    path("blocks/", views.BlockListView.as_view(), name="blocks"),
    path("blocks/<str:username>/", views.BlockDetailView.as_view(), name="block-detail"),
]
