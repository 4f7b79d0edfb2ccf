"""The guess-speed benchmark measures real decisions in every variant it names."""

from __future__ import annotations

from benchmarks.guess_speed import VARIANTS, measure, positions
from domino_tui.engine import VARIANTS as ALL


def test_it_covers_every_variant_with_decisions_that_have_a_choice() -> None:
    assert sorted(VARIANTS) == sorted(ALL)
    for variant in VARIANTS:
        found = positions(variant, 3)
        assert len(found) == 3
        assert all(len(obs.legal) > 1 for obs in found)


def test_it_reports_a_rate_for_each_variant() -> None:
    rates = measure(2, 3)
    assert set(rates) == set(VARIANTS)
    assert all(rate > 0 for rate in rates.values())
