from django.urls import path

from . import analysis_views, views

urlpatterns = [
    path("", views.history, name="history"),
    path("stats/", views.statistics, name="history_stats"),
    path("player/<int:pk>/", views.history, name="history_of"),
    path("player/<int:pk>/stats/", views.statistics, name="history_stats_of"),
    path("set/<int:pk>/", views.match_page, name="history_match"),
    path("set/<int:pk>/record.json", views.match_record, name="history_match_record"),
    path("set/<int:pk>/game/<int:number>/", views.match_game, name="history_match_game"),
    path(
        "set/<int:pk>/game/<int:number>/record.json",
        views.match_game_record,
        name="history_match_game_record",
    ),
    path(
        "set/<int:pk>/game/<int:number>/analyse/",
        analysis_views.match_game_analyse,
        name="history_match_game_analyse",
    ),
    path(
        "imported/<int:pk>/game/<int:number>/analyse/",
        analysis_views.imported_game_analyse,
        name="history_imported_game_analyse",
    ),
    path("import/", views.import_record, name="history_import"),
    path("imported/<int:pk>/", views.imported_page, name="history_imported"),
    path("imported/<int:pk>/delete/", views.delete_import, name="history_imported_delete"),
    path("imported/<int:pk>/record.json", views.imported_record, name="history_imported_record"),
    path("imported/<int:pk>/game/<int:number>/", views.imported_game, name="history_imported_game"),
    path(
        "imported/<int:pk>/game/<int:number>/record.json",
        views.imported_game_record,
        name="history_imported_game_record",
    ),
]
