# The C layout of lines.py's classes (lines.py is the code).

cimport cython

from domino_tui.engine.core cimport TileTables


@cython.final
cdef class TileWeights:
    cdef int weight[64]
    cpdef int heaviest(self, unsigned long long left, unsigned long long right=*, unsigned long long up=*,
                       unsigned long long down=*) noexcept
    cdef int _heavier(self, unsigned long long fits, int end, int code) noexcept


@cython.final
cdef class PlayoutPolicy:
    cdef readonly TileWeights weights
    cdef readonly int explore
    cdef readonly int control


@cython.final
cdef class Splitmix:
    cdef unsigned long long state
    cdef unsigned long long word
    cdef int below(self, int j) noexcept


cdef int nth_tile(unsigned long long fits, int n) noexcept


@cython.final
cdef class LineGame:
    cdef TileTables tiles
    cdef TileWeights greedy
    cdef readonly int seats
    cdef unsigned long long hands[8]
    cdef int kinds[8]
    cdef readonly int turn
    cdef readonly int left
    cdef readonly int right
    cdef readonly int passes
    cdef readonly int last
    cdef readonly int plays
    cdef readonly int out
    cdef Splitmix random
    cpdef void reseed(self, unsigned long long seed)
    cdef void take_position(self, LineGame start) noexcept
    cdef void set_play(self, int turn, int left, int right, int passes, int last) noexcept
    cdef int play_out(self, int forced, PlayoutPolicy policy, object calls, object trace) except? -2
    cpdef int play_then_out(self, int move, PlayoutPolicy policy) except? -2
    cdef bint _lay(self, int code) noexcept
    cdef inline void _next_seat(self) noexcept
    cdef int _playout_choice(self, PlayoutPolicy policy, unsigned long long hand, unsigned long long left_fits,
                             unsigned long long right_fits) noexcept
    cdef int _controlling(self, PlayoutPolicy policy, unsigned long long hand, unsigned long long left_fits,
                          unsigned long long right_fits) noexcept


@cython.final
cdef class LineSearch:
    cdef TileTables tiles
    cdef readonly int seats
    cdef int team
    cdef int scores
    cdef int blocked
    cdef long long nodes
    cdef long long limit
    cdef bint stopped
    cdef double deadline
    cdef double draw
    cdef object clock
    cdef int order[64]
    cdef unsigned long long hands[8]
    cdef int seat_pips[8]
    cdef int points[2]
    cdef double win[1024]
    cdef double lose[1024]
    cdef double _end(self, int out_team) noexcept
    cdef double _node(self, int left, int right, int turn, int passes, double alpha, double beta) except? -1e301


@cython.final
cdef class RandomLines:
    cdef readonly object rules
    cdef object codes
    cdef object rng
    cdef TileTables tiles
    cdef int seats
    cdef int hand_size
    cdef int scores
    cdef int blocked
    cdef LineGame game
    cdef PlayoutPolicy unused_policy
    cdef int pips[8]
    cdef int points[2]
