"""The floor of ``bench/live.py``: what a live move costs on the same stack with no game in it.

A Channels app on what the site runs on (daphne, Django, PostgreSQL through the same
connection pool, Redis pub/sub as the channel layer), doing only what a live move must: one
view takes the move and writes one row, then publishes one message; four sockets per table
listen and send a small frame each. No rules, no bots, no rendering.

Two stacks (``FLOOR_STACK``):

- ``django`` (the floor the site is held to): the project as ``django-admin startproject``
  makes it (its default middleware: security, sessions, CSRF, authentication, messages,
  clickjacking), with the move refused to anyone not signed in and the sockets behind Channels'
  ``AuthMiddlewareStack`` and origin check, as any live app that must know who moved.
- ``bare``: no middleware, no sessions, no authentication: the plumbing alone, reported
  beside it so that nobody mistakes one for the other.

It has a database of its own (``bench/live.py`` makes it), for Django's own user and session
tables. The site's live table is measured against it in the same run, so a slow day on the
host moves both figures and not the ratio.
"""
