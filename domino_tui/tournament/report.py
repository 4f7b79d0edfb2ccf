"""The ranking and the matches as plain text tables, as the command prints them."""

from __future__ import annotations

from .api import TournamentResult
from .ranking import MatchResult


def _table(header: list[str], rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = []
    for r in [header, *rows]:
        cells = [c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths, strict=True))]
        lines.append("  ".join(cells).rstrip())
    return lines


def forfeits_text(faults: dict[str, int]) -> str:
    total = sum(faults.values())
    if not total:
        return "0"
    return f"{total} (" + ", ".join(f"{k} {v}" for k, v in faults.items() if v) + ")"


def ranking_lines(result: TournamentResult) -> list[str]:
    by_games = result.ranked_by == "the MC102 judge"
    if by_games:
        title = "Ranking (the MC102 judge's order: most matches won, fewest lost, most games won, fewest games lost)"
        header = ["#", "entry", "matches W-D-L", "games W-T-L", "forfeits"]
    else:
        title = "Ranking (by score: most points, fewest conceded, most games won, fewest games lost)"
        header = ["#", "entry", "points", "conceded", "matches W-D-L", "games W-T-L", "forfeits"]
    rows = []
    for s in result.ranking:
        row = [str(s.rank), s.name]
        if not by_games:
            row += [str(s.points_for), str(s.points_against)]
        row += [_wdl(s.matches_won, s.matches_drawn, s.matches_lost), _wdl(s.games_won, s.games_tied, s.games_lost)]
        row.append(forfeits_text(s.faults))
        rows.append(row)
    right = {0} if by_games else {0, 2, 3}
    return [title, *_table(header, rows, right)]


def _wdl(w: int, d: int, lost: int) -> str:
    return f"{w}-{d}-{lost}"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def match_row(m: MatchResult) -> list[str]:
    interval = m.interval
    return [
        m.first,
        m.second,
        str(m.games),
        "-" if m.win_rate is None else _pct(m.win_rate),
        "-" if interval is None else f"[{_pct(interval[0])}, {_pct(interval[1])}]",
        _wdl(m.wins[0], m.ties, m.wins[1]),
        f"{m.points[0]}-{m.points[1]}",
        "draw" if m.winner is None else (m.first, m.second)[m.winner],
    ]


def matches_lines(result: TournamentResult) -> list[str]:
    header = ["first", "second", "games", "first wins", "95% CI", "W-T-L", "points", "winner"]
    rows = [match_row(m) for m in result.matches]
    note = "Matches (first wins: the first entry's share of the decided games; ties left out)"
    return [note, *_table(header, rows, {2, 3})]


def summary_line(result: TournamentResult) -> str:
    st = result.settings
    rate = result.games / result.seconds if result.seconds > 0 else 0.0
    return (
        f"{st.variant}: {len(result.entries)} entries, {len(result.matches)} matches of {st.games} games, "
        f"seed {st.seed}, {st.jobs} job{'s' if st.jobs != 1 else ''}; "
        f"{result.games:,} games in {result.seconds:.1f} s ({rate:,.0f} games/s)"
    )


def sandbox_lines(result: TournamentResult) -> list[str]:
    """How the user bots were confined and which limits were in force (nothing when all were built in)."""
    if result.sandbox is None:
        return []
    return ["", "User bots:", *(f"  {k.replace('_', ' ')}: {v}" for k, v in result.sandbox.items())]


def table_lines(result: TournamentResult) -> list[str]:
    """A free-for-all table's ranking: fewest points first (most, where points are made: a line game)."""
    fewest = result.tally is None or result.tally.lowest_wins
    title = f"Ranking ({'fewest' if fewest else 'most'} total points; then most rounds won, fewest forfeits)"
    header = ["#", "entry", "points", "per round", "rounds W-T-L", "forfeits"]
    rows = [
        [str(s.rank), s.name, str(s.points), f"{s.per_round:.1f}", _wdl(s.won, s.tied, s.lost), forfeits_text(s.faults)]
        for s in result.table
    ]
    return [title, *_table(header, rows, {0, 2, 3})]


def table_summary_line(result: TournamentResult) -> str:
    st = result.settings
    rate = result.games / result.seconds if result.seconds > 0 else 0.0
    return (
        f"{st.variant}: {len(result.entries)} entries at one table, seats rotated, seed {st.seed}, "
        f"{st.jobs} job{'s' if st.jobs != 1 else ''}; {result.games:,} rounds in {result.seconds:.1f} s "
        f"({rate:,.1f} rounds/s)"
    )


def report(result: TournamentResult) -> str:
    if result.tally is not None:
        lines = [table_summary_line(result), *sandbox_lines(result), "", *table_lines(result)]
        return "\n".join(lines) + "\n"
    lines = [summary_line(result), *sandbox_lines(result), "", *ranking_lines(result), "", *matches_lines(result)]
    return "\n".join(lines) + "\n"
