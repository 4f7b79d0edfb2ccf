"""The coach: the hint (the expert's ranking of every legal move, with the facts behind it), the tile tracker and
the review of a finished hand. Built on the bots (`ai`), used by the app; it sees only observations, as bots do."""
