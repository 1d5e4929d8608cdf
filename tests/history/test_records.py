"""Records out and in: every style's record exports, imports and exports again unchanged, an
imported record is replayed and listed as imported, and a bad file changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from games import engine
from games.engine.cli import play as play_random
from history.models import ImportedRecord, Item
from tests.factories import make_user
from tests.history.helpers import played

pytestmark = pytest.mark.django_db

EXAMPLES = Path(__file__).resolve().parents[3] / "shared" / "examples"
STYLES = [
    ("cutthroat", 4, {}),
    ("partner", 4, {"first_to_six": True}),
    ("block", 4, {"teams": True}),
    ("draw", 2, {}),
    ("french", 4, {"double_blank_ten": True}),
    ("doubles", 3, {}),
]


def examples() -> list[Path]:
    if not EXAMPLES.is_dir():
        return []
    return [p for p in sorted(EXAMPLES.glob("*.json")) if not p.name.endswith(".score.json")]


def client_of(user) -> Client:
    client = Client(HTTP_HOST="localhost")
    client.force_login(user)
    return client


def upload(client: Client, record, name: str = "my.json", raw: bytes | None = None):
    data = raw if raw is not None else json.dumps(record).encode()
    return client.post("/history/import/", {"file": SimpleUploadedFile(name, data)})


def round_trip(client: Client, record: dict) -> dict:
    """Import ``record`` and export it again."""
    response = upload(client, record)
    assert response.status_code == 302, response.content.decode()[:2000]
    imported = ImportedRecord.objects.latest("pk")
    exported = client.get(f"/history/imported/{imported.pk}/record.json")
    assert exported["Content-Disposition"].startswith("attachment;")
    return json.loads(exported.content)


@pytest.mark.skipif(not EXAMPLES.is_dir(), reason="shared examples not present")
@pytest.mark.parametrize("path", examples(), ids=lambda p: p.name)
def test_each_example_record_imports_and_exports_unchanged(path):
    client = client_of(make_user("ann"))
    record = json.loads(path.read_text())
    again = round_trip(client, record)
    assert again == record
    assert engine.score(again) == json.loads(path.with_name(path.stem + ".score.json").read_text())


@pytest.mark.parametrize(("style", "seats", "options"), STYLES, ids=[s[0] for s in STYLES])
def test_a_set_played_here_exports_imports_and_scores_the_same(style, seats, options):
    match, (ann,) = played(style, seats, options, seed=2, whole_set=style != "french")
    client = client_of(ann)
    exported = client.get(f"/history/set/{match.pk}/record.json")
    assert exported.status_code == 200 and exported["Content-Type"] == "application/json"
    record = json.loads(exported.content)
    assert record["format"] == "dominoes-record/1" and record["style"] == style
    assert record["players"][0] == ann.name
    assert len(record["games"]) == match.games.filter(state="over").count() >= 1
    again = round_trip(client, record)
    assert again == record
    assert engine.score(again) == engine.score(record)
    # and the imported copy replays in the same viewer
    imported = ImportedRecord.objects.latest("pk")
    page = client.get(f"/history/imported/{imported.pk}/game/1/?at=3")
    assert page.status_code == 200 and 'data-at="3"' in page.text


def test_a_games_record_holds_its_set_up_to_it_and_names_it():
    match, (ann,) = played("cutthroat", 4, seed=3, whole_set=True)
    client = client_of(ann)
    record = json.loads(client.get(f"/history/set/{match.pk}/game/2/record.json").content)
    assert record["game"] == 2 and len(record["games"]) == 2
    assert (
        engine.score(record)["games"]
        == engine.score(json.loads(client.get(f"/history/set/{match.pk}/record.json").content))[
            "games"
        ][:2]
    )


def test_random_records_of_every_style_round_trip():
    client = client_of(make_user("ann"))
    for style, seats, options in STYLES:
        record = engine.make_record(play_random(style, seats, 11, 4, options))
        assert round_trip(client, record) == record


def test_an_imported_record_is_listed_as_imported_for_its_owner_only():
    ann, bob = make_user("ann"), make_user("bob")
    client = client_of(ann)
    record = engine.make_record(play_random("block", 2, 4, 2))
    upload(client, record, name="Friday night.json")
    imported = ImportedRecord.objects.get()
    assert imported.name == "Friday night" and imported.games == 2
    listing = client.get("/history/").text
    assert "Friday night" in listing and "result-tag imported" in listing
    assert client_of(bob).get(f"/history/imported/{imported.pk}/").status_code == 404
    assert "Friday night" not in client_of(bob).get(f"/history/player/{ann.pk}/").text
    assert client_of(ann).get(f"/history/imported/{imported.pk}/").status_code == 200


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (b"{not json", "not JSON"),
        (b"\xff\xfe\x00", "not text"),
        (json.dumps({"format": "x"}).encode(), 'format must be \\"dominoes-record/1\\"'),
        (
            json.dumps(
                {
                    "format": "dominoes-record/1",
                    "style": "block",
                    "seats": 2,
                    "games": [{"hands": [], "moves": []}],
                }
            ).encode(),
            "game 1: hands must list 2 hands, one per seat",
        ),
    ],
)
def test_an_invalid_file_gets_the_engines_reason_and_changes_nothing(raw, words):
    client = client_of(make_user("ann"))
    response = upload(client, None, raw=raw)
    assert response.status_code == 400
    assert words.replace("\\", "") in response.content.decode().replace("&quot;", '"')
    assert not ImportedRecord.objects.exists() and not Item.objects.exists()


def test_a_record_with_a_wrong_move_is_refused_naming_game_and_move():
    record = engine.make_record(play_random("draw", 2, 4, 1))
    record["games"][0]["moves"][2] = {"seat": 1, "pass": True}
    response = upload(client_of(make_user("ann")), record)
    assert response.status_code == 400 and "game 1, move 3:" in response.content.decode()
    assert not ImportedRecord.objects.exists()


def test_importing_needs_an_account():
    response = Client(HTTP_HOST="localhost").get("/history/import/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_an_owner_can_delete_an_import():
    ann = make_user("ann")
    client = client_of(ann)
    upload(client, engine.make_record(play_random("block", 2, 4, 1)))
    imported = ImportedRecord.objects.get()
    assert (
        client_of(make_user("bob")).post(f"/history/imported/{imported.pk}/delete/").status_code
        == 404
    )
    assert client.post(f"/history/imported/{imported.pk}/delete/").status_code == 302
    assert not ImportedRecord.objects.exists() and not Item.objects.exists()
