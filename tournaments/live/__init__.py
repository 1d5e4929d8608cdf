"""The live parts of events: sockets that re-render event pages, the club-night screen, and
each entrant's "your table is ready" notice on every page of the site (docs/tournaments.md,
"Live pages")."""
