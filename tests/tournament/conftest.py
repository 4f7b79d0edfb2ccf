import os

import pytest

BOTS = os.path.join(os.path.dirname(__file__), "bots")


@pytest.fixture
def bots_dir() -> str:
    """The folder of the user bots and the seed-003 pair module the tests play."""
    return BOTS
