"""The bots are plain Python over the engine: no Django anywhere under games/bots."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BOTS = ROOT / "games" / "bots"


def test_nothing_under_the_bots_imports_django():
    pattern = re.compile(r"^\s*(import\s+django|from\s+django)", re.MULTILINE)
    offenders = [p.name for p in BOTS.rglob("*.py") if pattern.search(p.read_text())]
    assert offenders == []


def test_the_bots_import_without_django_loaded():
    code = "import sys, games.bots; print('django' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"
