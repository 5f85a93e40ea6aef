"""Imported first by every club test module: without the club's client libraries the module is skipped,
saying what to install (`.ci/run` installs them with the test extra, so in CI the tests run)."""
import pytest

for module, package in (("nats", "nats-py"), ("psycopg", "psycopg[binary]"), ("bcrypt", "bcrypt"),
                        ("openskill", "openskill")):
    pytest.importorskip(module, reason=f"the club's tests need {package}: pip install -e '.[test]'")
