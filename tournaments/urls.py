from django.urls import path

from . import deal_views, views
from .live import views as live_views

urlpatterns = [
    path("", views.event_list, name="events"),
    path("mine/", views.my_events, name="my_events"),
    path("new/", views.event_new, name="event_new"),
    path("new/style-options/", views.style_options, name="event_style_options"),
    path("club/<slug:slug>/", views.club_events, name="club_events"),
    path("<slug:slug>/", views.event, name="event"),
    path("<slug:slug>/enter/", views.enter, name="event_enter"),
    path("<slug:slug>/leave/", views.leave, name="event_leave"),
    path("<slug:slug>/check-in/", views.check_in, name="event_check_in"),
    path("<slug:slug>/edit/", views.event_edit, name="event_edit"),
    path("<slug:slug>/run/", views.event_run, name="event_run"),
    path("<slug:slug>/run/enter/", views.enter_for, name="event_enter_for"),
    path("<slug:slug>/run/reseat/", views.reseat, name="event_reseat"),
    path("<slug:slug>/run/room/", views.event_room, name="event_room"),
    path("<slug:slug>/run/<str:step>/", views.event_step, name="event_step"),
    path(
        "<slug:slug>/entries/<int:entry>/<str:action>/",
        views.entry_action,
        name="event_entry_action",
    ),
    path("<slug:slug>/tables/<int:table>/result/", views.table_result, name="table_result"),
    path("<slug:slug>/export/<str:what>.csv", views.export, name="event_export"),
    path("<slug:slug>/print/", views.print_round, name="event_print"),
    path("<slug:slug>/rounds/<int:number>/deals/", deal_views.round_deals, name="round_deals"),
    path("<slug:slug>/screen/", live_views.screen, name="event_screen"),
]
