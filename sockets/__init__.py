"""The site's live layer: what every WebSocket of every app builds on, and how it is told.

- ``sockets.base``: the viewer's language, a dispatch that outlives a failing handler
  (``Guarded``) and the socket that only listens (``Listening``);
- ``sockets.pool``: a socket's synchronous reads and renders on pool threads, and one render
  shared by every socket of the process that asks for it at once (``Flights``);
- ``sockets.notify``: a group message sent best effort once a change is committed.

The table and lobby sockets (``games.live``), the event and notice sockets
(``tournaments.live``) and the analysis socket (``history.live.consumers``) build on it, so it
imports none of the apps (``.importlinter``: "the live layer imports no app").
"""
