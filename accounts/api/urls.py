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

urlpatterns += [
    path("guest/", views.GuestView.as_view(), name="auth-guest"),
    path("claim/", views.ClaimView.as_view(), name="auth-claim"),
    path("email/", views.EmailView.as_view(), name="auth-email"),
    path("email/confirm/", views.EmailConfirmView.as_view(), name="auth-email-confirm"),
    path("password/", views.PasswordChangeView.as_view(), name="auth-password"),
    path("password-reset/", views.PasswordResetView.as_view(),
         name="auth-password-reset"),
    path("password-reset/confirm/", views.PasswordResetConfirmView.as_view(),
         name="auth-password-reset-confirm"),
    path("delete/", views.AccountDeleteView.as_view(), name="auth-delete"),
]
