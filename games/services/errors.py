class TableError(Exception):
    """A seating or table action that is not allowed; the message is shown to the player."""
