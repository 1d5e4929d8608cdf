"""Marks English texts of the engine for translation without the engine knowing Django.

``gettext_noop`` is the name Django's ``makemessages`` already looks for, so the labels and
summaries of the rules classes land in the site's catalogues; the call itself returns its text
unchanged (the CLI and the ``score`` output stay English), and the site translates the text
where it shows it (``gettext(rules.label)``; a style's label with its context: ``pgettext``).
"""


def gettext_noop(text: str) -> str:
    """Return ``text`` as it is: a marker for makemessages, nothing more."""
    return text


def pgettext(context: str, text: str) -> str:
    """Return ``text`` as it is: a marker for makemessages with a context (the name it looks
    for, as ``pgettext:1c,2``), for a word that means something else elsewhere. The styles'
    labels are marked so ("Draw" the style is not drawing from the boneyard; "French" the style
    is not the language); the site translates them with ``games.models.style_label``."""
    return text
