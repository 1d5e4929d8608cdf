"""Django's own texts that our pages show, repeated here so our catalogues carry them.

Django ships no catalogue for Papiamentu, and a form error in English would break the page for
a Papiamentu reader. Our ``locale/`` catalogues take precedence over Django's, so listing the
texts a player can meet (sign-up, log-in and password errors, required fields) lets each of our
translators word them, and fixes a wording we prefer in the other languages too. Nothing
imports this module: ``makemessages`` reads it. The msgids must match Django's exactly.
"""

# ruff: noqa: RUF001 (Django writes these with a typographic apostrophe; msgids must match)

from django.utils.translation import gettext_noop, ngettext_lazy

TEXTS = (
    gettext_noop("This field is required."),
    gettext_noop("Enter a valid email address."),
    gettext_noop("Enter a valid value."),
    gettext_noop("username"),
    gettext_noop("password"),
    gettext_noop("email address"),
    gettext_noop("Password"),
    gettext_noop("Password confirmation"),
    gettext_noop("Enter the same password as before, for verification."),
    gettext_noop("The two password fields didn’t match."),
    gettext_noop("A user with that username already exists."),
    gettext_noop("Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only."),
    gettext_noop(
        "Please enter a correct %(username)s and password. Note that both "
        "fields may be case-sensitive."
    ),
    gettext_noop("This account is inactive."),
    gettext_noop(
        "Enter a valid username. This value may contain only letters, "
        "numbers, and @/./+/-/_ characters."
    ),
    gettext_noop("The password is too similar to the %(verbose_name)s."),
    gettext_noop("Your password can’t be too similar to your other personal information."),
    gettext_noop("This password is too common."),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("This password is entirely numeric."),
    gettext_noop("Your password can’t be entirely numeric."),
)

#: Month names, for dates ("F": January, "M": Jan) in a language Django has no catalogue for.
MONTHS = (
    gettext_noop("January"),
    gettext_noop("February"),
    gettext_noop("March"),
    gettext_noop("April"),
    # Translators: the month's full name (as in "20 May 2026").
    gettext_noop("May"),
    gettext_noop("June"),
    gettext_noop("July"),
    gettext_noop("August"),
    gettext_noop("September"),
    gettext_noop("October"),
    gettext_noop("November"),
    gettext_noop("December"),
    # Translators: this and the next eleven are the months' three-letter abbreviations, in
    # lower case (Django's own, used in chart axes: "jan 26").
    gettext_noop("jan"),
    gettext_noop("feb"),
    gettext_noop("mar"),
    gettext_noop("apr"),
    # Translators: the month May, abbreviated (not the verb).
    gettext_noop("may"),
    gettext_noop("jun"),
    gettext_noop("jul"),
    gettext_noop("aug"),
    gettext_noop("sep"),
    gettext_noop("oct"),
    gettext_noop("nov"),
    gettext_noop("dec"),
)

PLURALS = (
    ngettext_lazy(
        "This password is too short. It must contain at least %d character.",
        "This password is too short. It must contain at least %d characters.",
        8,
    ),
    ngettext_lazy(
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
        8,
    ),
)
