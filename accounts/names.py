"""Names other players see: nobody may pass for a bot, for staff, for another player or "You".

The table shows a player's display name (or username) beside every seat, move and result, so a
name is the one thing that must not be borrowed. Names are compared the way people read them:
Unicode-normalised (NFKC), case-folded, with spacing collapsed, after refusing invisible and
direction-changing characters that can make two different names look alike.
"""

from __future__ import annotations

import re
import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

#: Words a name may not contain: they are how the site labels bots and staff.
RESERVED_WORDS = {"bot", "bots", "admin", "administrator", "organiser", "organizer", "staff",
                  "moderator", "system", "server", "referee"}  # fmt: skip
#: Whole names that the table uses for someone else: "You" and its translations.
RESERVED_NAMES = {"you", "me", "empty seat", "dominoes club", "tú", "tu", "usted", "vous",
                  "toi", "bo", "abo", "voi", "dumneavoastră", "вы", "ты"}  # fmt: skip
INVISIBLE = re.compile("[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f"
                       "\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]")  # fmt: skip


def normal(name: str) -> str:
    """How a name reads: NFKC, case-folded, single spaces."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def check_name(name: str, taken: list[str]) -> str:
    """``name`` tidied (spacing collapsed), or a ValidationError saying why it cannot be used.
    ``taken`` holds the names (display names and usernames) of everyone else."""
    if INVISIBLE.search(name) or any(unicodedata.category(c).startswith("C") for c in name):
        raise ValidationError(_("Names may not contain invisible or control characters."))
    tidy = " ".join(name.split())
    reads = normal(tidy)
    if not reads:
        return ""
    if reads in RESERVED_NAMES:
        raise ValidationError(_("That name is how the table speaks of someone else."))
    if RESERVED_WORDS & set(re.findall(r"[^\W\d_]+", reads)):
        raise ValidationError(_("Names may not pass for a bot or for the organisers."))
    if reads in {normal(other) for other in taken if other}:
        raise ValidationError(_("Another player already goes by that name."))
    return tidy
