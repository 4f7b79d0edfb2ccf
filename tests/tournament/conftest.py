import os

import pytest

BOTS = os.path.join(os.path.dirname(__file__), "bots")


@pytest.fixture
def bots_dir() -> str:
    """The folder of the misbehaving user bots and pair modules the tests play."""
    return BOTS


@pytest.fixture
def examples_dir() -> str:
    """The README's example bots, which the tests also play so that the README stays true."""
    return os.path.join(os.path.dirname(__file__), "..", "..", "examples")
