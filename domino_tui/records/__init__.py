"""The record of your games: a SQLite database, statistics over it, and replays. No UI imports here."""

from .store import SCHEMA_VERSION, GameRecord, Records

__all__ = ["SCHEMA_VERSION", "GameRecord", "Records"]
