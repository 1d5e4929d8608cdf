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

#: Weekday names, for dates ("l": Friday; a new event's name, "Friday night").
WEEKDAYS = (
    gettext_noop("Monday"),
    gettext_noop("Tuesday"),
    gettext_noop("Wednesday"),
    gettext_noop("Thursday"),
    gettext_noop("Friday"),
    gettext_noop("Saturday"),
    gettext_noop("Sunday"),
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


#: The admin's own texts (``django.contrib.admin``, ``auth`` and ``axes``) on the pages an
#: organiser uses: its frame, lists, change forms, actions, filters and deletion. Django has
#: no Papiamentu for them; the other languages take Django's own words.
ADMIN = (
    gettext_noop("Delete selected %(verbose_name_plural)s"),
    gettext_noop("Successfully deleted %(count)d %(items)s."),
    gettext_noop("Cannot delete %(name)s"),
    gettext_noop("Delete multiple objects"),
    gettext_noop("Administration"),
    gettext_noop("All"),
    gettext_noop("Yes"),
    gettext_noop("No"),
    gettext_noop("Unknown"),
    gettext_noop("Any date"),
    gettext_noop("Today"),
    gettext_noop("Past 7 days"),
    gettext_noop("This month"),
    gettext_noop("This year"),
    gettext_noop("No date"),
    gettext_noop("Has date"),
    gettext_noop("Empty"),
    gettext_noop("Not empty"),
    gettext_noop("Action:"),
    gettext_noop("Add another %(verbose_name)s"),
    gettext_noop("Addition"),
    gettext_noop("Change"),
    gettext_noop("Deletion"),
    gettext_noop("action time"),
    gettext_noop("content type"),
    gettext_noop("object id"),
    gettext_noop("object repr"),
    gettext_noop("action flag"),
    gettext_noop("change message"),
    gettext_noop("log entry"),
    gettext_noop("log entries"),
    gettext_noop("Added “%(object)s”."),
    gettext_noop("Changed “%(object)s” — %(changes)s"),
    gettext_noop("Deleted “%(object)s.”"),
    gettext_noop("Added {name} “{object}”."),
    gettext_noop("Added."),
    gettext_noop("and"),
    gettext_noop("Changed {fields} for {name} “{object}”."),
    gettext_noop("Changed {fields}."),
    gettext_noop("Deleted {name} “{object}”."),
    gettext_noop("No fields changed."),
    gettext_noop("None"),
    gettext_noop("Hold down “Control”, or “Command” on a Mac, to select more than one."),
    gettext_noop("Select this object for an action - {}"),
    gettext_noop("The {name} “{obj}” was added successfully."),
    gettext_noop("You may edit it again below."),
    gettext_noop("The {name} “{obj}” was added successfully. You may add another {name} below."),
    gettext_noop("The {name} “{obj}” was changed successfully. You may edit it again below."),
    gettext_noop("The {name} “{obj}” was changed successfully. You may add another {name} below."),
    gettext_noop("The {name} “{obj}” was changed successfully."),
    gettext_noop(
        "Items must be selected in order to perform actions on them. No items have been changed."
    ),
    gettext_noop("No action selected."),
    gettext_noop("The %(name)s “%(obj)s” was deleted successfully."),
    gettext_noop("%(name)s with ID “%(key)s” doesn’t exist. Perhaps it was deleted?"),
    gettext_noop("Add %s"),
    gettext_noop("Change %s"),
    gettext_noop("View %s"),
    gettext_noop("0 of %(cnt)s selected"),
    gettext_noop("Delete"),
    gettext_noop("Change history: %s"),
    gettext_noop("%(class_name)s %(instance)s"),
    gettext_noop(
        "Deleting %(class_name)s %(instance)s would require deleting the following protected "
        "related objects: %(related_objects)s"
    ),
    gettext_noop("Django administration"),
    gettext_noop("Site administration"),
    gettext_noop("Run the selected action"),
    gettext_noop("Go"),
    gettext_noop("Click here to select the objects across all pages"),
    gettext_noop("Select all %(total_count)s %(module_name)s"),
    gettext_noop("Clear selection"),
    gettext_noop("Breadcrumbs"),
    gettext_noop("Models in the %(name)s application"),
    gettext_noop("Model name"),
    gettext_noop("Add link"),
    gettext_noop("Change or view list link"),
    gettext_noop("Add"),
    gettext_noop("View"),
    gettext_noop("You don’t have permission to view or edit anything."),
    gettext_noop("Error:"),
    gettext_noop("Skip to main content"),
    gettext_noop("Welcome,"),
    gettext_noop("View site"),
    gettext_noop("Add %(name)s"),
    gettext_noop("View on site"),
    gettext_noop("Hide counts"),
    gettext_noop("Show counts"),
    gettext_noop("Clear all filters"),
    gettext_noop("Remove from sorting"),
    gettext_noop("Sorting priority: %(priority_number)s"),
    gettext_noop("Toggle sorting"),
    gettext_noop("Toggle theme (current theme: auto)"),
    gettext_noop("Toggle theme (current theme: light)"),
    gettext_noop("Toggle theme (current theme: dark)"),
    gettext_noop(
        "Deleting the %(object_name)s '%(escaped_object)s' would result in deleting related "
        "objects, but your account doesn't have permission to delete the following types of "
        "objects:"
    ),
    gettext_noop(
        "Deleting the %(object_name)s '%(escaped_object)s' would require deleting the "
        "following protected related objects:"
    ),
    gettext_noop(
        'Are you sure you want to delete the %(object_name)s "%(escaped_object)s"? All of '
        "the following related items will be deleted:"
    ),
    gettext_noop("Objects"),
    gettext_noop("Yes, I’m sure"),
    gettext_noop("No, take me back"),
    gettext_noop(
        "Deleting the selected %(objects_name)s would result in deleting related objects, but "
        "your account doesn't have permission to delete the following types of objects:"
    ),
    gettext_noop(
        "Deleting the selected %(objects_name)s would require deleting the following "
        "protected related objects:"
    ),
    gettext_noop(
        "Are you sure you want to delete the selected %(objects_name)s? All of the following "
        "objects and their related items will be deleted:"
    ),
    gettext_noop("Delete?"),
    gettext_noop(" By %(filter_title)s "),
    gettext_noop("Summary"),
    gettext_noop("Recent actions"),
    gettext_noop("My actions"),
    gettext_noop("None available"),
    gettext_noop("Added:"),
    gettext_noop("Changed:"),
    gettext_noop("Deleted:"),
    gettext_noop("Unknown content"),
    gettext_noop(
        "You are authenticated as %(username)s, but are not authorized to access this page. "
        "Would you like to login to a different account?"
    ),
    gettext_noop("Toggle navigation"),
    gettext_noop("Sidebar"),
    gettext_noop("Start typing to filter…"),
    gettext_noop("Filter navigation items"),
    gettext_noop("Date/time"),
    gettext_noop("User"),
    gettext_noop("Action"),
    gettext_noop(
        "This object doesn’t have a change history. It probably wasn’t added via this admin site."
    ),
    gettext_noop("Show all"),
    gettext_noop("Search"),
    gettext_noop("%(full_result_count)s total"),
    gettext_noop("Save as new"),
    gettext_noop("Save and add another"),
    gettext_noop("Save and continue editing"),
    gettext_noop("Save and view"),
    gettext_noop("Close"),
    gettext_noop("Change selected %(model)s"),
    gettext_noop("Add another %(model)s"),
    gettext_noop("Delete selected %(model)s"),
    gettext_noop("View selected %(model)s"),
    gettext_noop("Select all objects on this page for an action"),
    gettext_noop("All dates"),
    gettext_noop("Select %s"),
    gettext_noop("Select %s to change"),
    gettext_noop("Select %s to view"),
    gettext_noop("Date:"),
    gettext_noop("Time:"),
    gettext_noop("Lookup"),
    gettext_noop("Currently:"),
    gettext_noop("Change:"),
    gettext_noop("Authentication and Authorization"),
    gettext_noop("group"),
    gettext_noop("groups"),
    gettext_noop("access failure"),
    gettext_noop("access failures"),
    gettext_noop("access attempt"),
    gettext_noop("access attempts"),
    gettext_noop("access log"),
    gettext_noop("access logs"),
)

ADMIN_PLURALS = (
    ngettext_lazy(
        "%(count)s %(name)s was changed successfully.",
        "%(count)s %(name)s were changed successfully.",
        2,
    ),
    ngettext_lazy("%(total_count)s selected", "All %(total_count)s selected", 2),
    ngettext_lazy("Please correct the error below.", "Please correct the errors below.", 2),
    ngettext_lazy("%(counter)s result", "%(counter)s results", 2),
)
