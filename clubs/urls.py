from django.urls import path

from . import views

urlpatterns = [
    path("", views.club_list, name="clubs"),
    path("new/", views.club_new, name="club_new"),
    path("join/<str:code>/", views.club_invite, name="club_invite"),
    path("<slug:slug>/", views.club, name="club"),
    path("<slug:slug>/request/", views.club_request, name="club_request"),
    path("<slug:slug>/requests/answer/", views.club_decide, name="club_decide"),
    path("<slug:slug>/invites/new/", views.club_invite_new, name="club_invite_new"),
    path(
        "<slug:slug>/invites/<int:invite>/revoke/",
        views.club_invite_revoke,
        name="club_invite_revoke",
    ),
    path("<slug:slug>/members/role/", views.club_role, name="club_role"),
    path("<slug:slug>/members/remove/", views.club_remove, name="club_remove"),
]
