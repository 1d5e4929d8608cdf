"""The one site-wide power to see: who may look at everything, whatever it is.

Organising a club makes a person staff (``clubs.services`` gives them the admin site for their
club's events), so ``is_staff`` says only "may log into the admin" and never "sees everything".
Seeing every private set, import, live table, profile and health detail is for superusers, and
for people a superuser grants the ``accounts.view_everything`` permission (in the admin: a
user's or a group's permissions). Every rule of the apps that has an "or sees everything" asks
this, and nothing else.
"""

from __future__ import annotations

VIEW_EVERYTHING = "accounts.view_everything"


def sees_everything(user) -> bool:
    """Superusers, and people granted ``accounts.view_everything``; never staff as such."""
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    return user.is_superuser or user.has_perm(VIEW_EVERYTHING)
