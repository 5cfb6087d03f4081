from django.urls import path

from . import views

urlpatterns = [
    path("register/", views.RegisterView.as_view(), name="auth-register"),
    path("token/", views.TokenView.as_view(), name="auth-token"),
    path("login/", views.LoginView.as_view(), name="auth-login"),
    path("logout/", views.LogoutView.as_view(), name="auth-logout"),
    path("logout-everywhere/", views.LogoutEverywhereView.as_view(),
         name="auth-logout-everywhere"),
    path("me/", views.MeView.as_view(), name="auth-me"),
    path("csrf/", views.CsrfView.as_view(), name="auth-csrf"),
]
