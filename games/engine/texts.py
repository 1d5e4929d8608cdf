"""Marks English texts of the engine for translation without the engine knowing Django.

``gettext_noop`` is the name Django's ``makemessages`` already looks for, so the labels and
summaries of the rules classes land in the site's catalogues; the call itself returns its text
unchanged (the CLI and the ``score`` output stay English), and the site translates the text
where it shows it (``gettext(rules.label)``).
"""


def gettext_noop(text: str) -> str:
    """Return ``text`` as it is: a marker for makemessages, nothing more."""
    return text
