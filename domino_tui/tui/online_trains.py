"""Which table a room online is played at: the line games' online table asks when the room's first news comes."""

from __future__ import annotations

from ..engine import TRAIN_VARIANTS
from ..net.client import RoomInfo


def plays_trains(info: RoomInfo) -> bool:
    """Whether the room plays a train game (its table is the train table)."""
    return info.options.get("variant") in TRAIN_VARIANTS
