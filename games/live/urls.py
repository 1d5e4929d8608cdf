from django.urls import path

from . import views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("new/", views.create_table, name="create_table"),
    path("new/form/", views.create_form, name="create_form"),
    path("mine/", views.my_tables, name="my_tables"),
    path("t/<str:code>/take-seat/", views.take_seat, name="take_seat"),
    path("t/<str:code>/", views.table, name="table"),
    path("t/<str:code>/join/", views.join, name="join"),
    path("t/<str:code>/leave/", views.leave, name="leave"),
    path("t/<str:code>/swap/", views.swap, name="swap"),
    path("t/<str:code>/swap/decline/", views.decline_swap, name="decline_swap"),
    path("t/<str:code>/bot/", views.add_bot, name="add_bot"),
    path("t/<str:code>/bot/remove/", views.remove_bot, name="remove_bot"),
    path("t/<str:code>/start/", views.start, name="start"),
    path("t/<str:code>/move/", views.move, name="move"),
    path("t/<str:code>/new-set/", views.start, name="new_set"),
    path("t/<str:code>/give-up/<str:way>/", views.give_up, name="give_up"),
    path("t/<str:code>/next-game/", views.next_game, name="next_game"),
]
