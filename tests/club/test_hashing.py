"""The club's bcrypt hashes (club/hashing.py): cost 10 unless SANDTABLE_CLUB_BCRYPT_COST says otherwise (the test
suite sets 4), a wrong setting refused in a sentence, and a secret checked whatever cost it was hashed at."""
from tests.club import needs  # noqa: F401 - skips this module without the club's libraries
import os
import subprocess
import sys
from pathlib import Path

import bcrypt
import pytest

from club import hashing

ROOT = Path(__file__).resolve().parents[2]


def test_a_secret_is_hashed_at_cost_10_where_nothing_is_set(monkeypatch):
    monkeypatch.delenv(hashing.COST_VARIABLE, raising=False)
    digest = hashing.hashed("a secret of twelve")
    assert digest.startswith("$2b$10$")
    assert bcrypt.checkpw(b"a secret of twelve", digest.encode())


def test_the_setting_sets_the_cost_and_an_older_hash_is_still_checked(monkeypatch):
    monkeypatch.setenv(hashing.COST_VARIABLE, "10")
    older = hashing.hashed("a secret of twelve")
    monkeypatch.setenv(hashing.COST_VARIABLE, "4")
    newer = hashing.hashed("a secret of twelve")
    assert newer.startswith("$2b$04$")
    assert all(bcrypt.checkpw(b"a secret of twelve", d.encode()) for d in (older, newer))


@pytest.mark.parametrize("value", ["3", "16", "ten", "-5"])
def test_a_cost_out_of_bcrypts_range_is_refused_in_a_sentence(monkeypatch, value):
    monkeypatch.setenv(hashing.COST_VARIABLE, value)
    with pytest.raises(ValueError, match="whole number from 4 to 15"):
        hashing.hashed("a secret of twelve")


def test_the_club_command_refuses_to_start_with_a_wrong_cost():
    env = dict(os.environ, SANDTABLE_CLUB_BCRYPT_COST="99", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "run.py", "club", "--db", "postgresql://nowhere/x"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "the club cannot start: SANDTABLE_CLUB_BCRYPT_COST is '99'" in done.stderr
