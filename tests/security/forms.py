"""The forms a page offers, read from its HTML: where each posts, how, and the fields it sends
with the values the page put in them (the hostile test changes a few and keeps the rest, so a
request gets past the fields it does not attack)."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

#: Input types a person does not type into: sent as the page set them, or not at all.
BUTTONS = {"submit", "button", "image", "reset"}
NOT_SENT = {"csrfmiddlewaretoken"}


@dataclass
class Form:
    """One <form>: its method, its action (a path of this site, with its query), whether it
    uploads files, and its fields in order as (name, kind, value the page gave; None for one
    a plain submit leaves out: a box not ticked, a file)."""

    method: str
    action: str
    multipart: bool
    fields: list[tuple[str, str, str | None]] = field(default_factory=list)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(name for name, _kind, _value in self.fields))


def kind_of(tag: str, attrs: dict[str, str]) -> str:
    """What kind of value a field takes, for the hostile values that suit it best: the input's
    type, or for the admin's split date and time boxes their class."""
    classes = attrs.get("class", "")
    if "vDateField" in classes:
        return "date"
    if "vTimeField" in classes:
        return "time"
    if tag != "input":
        return tag  # select or textarea
    return {"datetime-local": "datetime", "number": "number", "date": "date"}.get(
        attrs.get("type", "text"), attrs.get("type", "text")
    )


class FormReader(HTMLParser):
    """Every form of a page; a field outside any form is left out."""

    def __init__(self, page: str) -> None:
        super().__init__(convert_charrefs=True)
        self.page = page
        self.forms: list[Form] = []
        self.form: Form | None = None
        self.select: tuple[str, list[str], list[str]] | None = None  # name, options, chosen
        self.textarea: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs_list: list) -> None:
        attrs = {key: value or "" for key, value in attrs_list}
        if tag == "form":
            self._open(attrs)
        elif self.form is None:
            return
        elif tag in ("input", "button"):
            self._input(tag, attrs)
        elif tag == "select" and attrs.get("name"):
            self.select = (attrs["name"], [], [])
        elif tag == "option" and self.select is not None:
            value = attrs.get("value", "")
            self.select[1].append(value)
            if "selected" in attrs:
                self.select[2].append(value)
        elif tag == "textarea" and attrs.get("name"):
            self.textarea = (attrs["name"], [])

    def handle_data(self, data: str) -> None:
        if self.textarea is not None:
            self.textarea[1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.form = None
        elif tag == "select" and self.select is not None and self.form is not None:
            name, options, chosen = self.select
            for value in chosen or options[:1]:
                self.form.fields.append((name, "select", value))
            self.select = None
        elif tag == "textarea" and self.textarea is not None and self.form is not None:
            name, text = self.textarea
            self.form.fields.append((name, "textarea", "".join(text).removeprefix("\n")))
            self.textarea = None

    def _open(self, attrs: dict[str, str]) -> None:
        action = urljoin(self.page, attrs.get("action") or self.page)
        parts = urlsplit(action)
        if parts.netloc not in ("", "localhost", "testserver"):
            self.form = None
            return
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        multipart = attrs.get("enctype", "") == "multipart/form-data"
        self.form = Form(attrs.get("method", "get").upper(), path, multipart)
        self.forms.append(self.form)

    def _input(self, tag: str, attrs: dict[str, str]) -> None:
        name, kind = attrs.get("name"), attrs.get("type", "submit" if tag == "button" else "text")
        if not name or name in NOT_SENT:
            return
        if kind in BUTTONS:
            if name not in self.form.names:  # the first named button, as a click would send
                self.form.fields.append((name, "button", attrs.get("value", "")))
            return
        if kind == "file" or (kind in ("checkbox", "radio") and "checked" not in attrs):
            self.form.fields.append((name, kind, None))
            return
        default = "on" if kind in ("checkbox", "radio") else ""
        self.form.fields.append((name, kind_of(tag, attrs), attrs.get("value", default)))


def forms_of(page: str, html: str) -> list[Form]:
    reader = FormReader(page)
    reader.feed(html)
    return reader.forms
