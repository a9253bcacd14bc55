"""Both bundled venues, loaded once per test session."""

import pytest

from stage.loader import load_venue

VENUES = ("xie", "xiang")


@pytest.fixture(scope="session", params=VENUES)
def venue(request):
    return load_venue(request.param)


@pytest.fixture(scope="session")
def xie():
    return load_venue("xie")


@pytest.fixture(scope="session")
def xiang():
    return load_venue("xiang")
