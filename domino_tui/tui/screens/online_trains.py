"""The train table's name where the line games' online table hands its client over (train_table.TrainTable)."""

from __future__ import annotations

from .train_table import TrainTable

OnlineTrainTableScreen = TrainTable

__all__ = ["OnlineTrainTableScreen"]
