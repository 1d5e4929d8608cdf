from django.urls import path

from . import views

urlpatterns = [
    path("ratings/", views.leaderboard, name="leaderboard"),
    path("players/<str:username>/", views.player, name="player"),
]
