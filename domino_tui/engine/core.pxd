# The C layout of the rules kernel's classes and the functions other kernels call in C (core.py is the code).
# Compiled, ai/lines.py and ai/stirring.py cimport these; interpreted, they import the Python names.

cimport cython

@cython.final
cdef class TileTables:
    cdef readonly int max_pip
    cdef readonly int size
    cdef int low[64]
    cdef int high[64]
    cdef int pips[64]
    cdef unsigned long long match[16]
    cdef readonly unsigned long long doubles


@cython.final
cdef class Deck:
    cdef int tiles[64]


@cython.final
cdef class RuleCodes:
    cdef readonly int max_pip
    cdef readonly int players
    cdef readonly int hand_size
    cdef readonly int teams
    cdef readonly int draw
    cdef readonly int scores
    cdef readonly int blocked
    cdef readonly bint spinner
    cdef readonly bint fives
    cdef readonly int divisors
    cdef int _divisor[4]
    cdef int _per_multiple[4]
    cdef readonly bint stalemate_eight
    cdef readonly bint must_play
    cpdef int count_points(self, int count) noexcept


@cython.final
cdef class Layout:
    cdef readonly bint spinner_allowed
    cdef readonly int tiles
    cdef readonly int spinner
    cdef int _ends[4]
    cdef bint _double_at[4]
    cdef bint _arm_started[2]
    cdef bint _side_taken[2]
    cpdef Layout copy(self)
    cpdef int end(self, int e) noexcept
    cpdef unsigned long long fits(self, TileTables t, unsigned long long hand) noexcept
    cpdef unsigned long long fits_at(self, TileTables t, unsigned long long hand, int e) noexcept
    cpdef void lay(self, int low, int high, int end)
    cpdef void extend_line(self, int left, int right, int laid)
    cpdef int count(self) noexcept
    cpdef int count_after(self, int low, int high, int end) noexcept
    cdef int _total(self) noexcept
    cdef int _total_after(self, int total, int low, int high, int end) noexcept
    cdef inline int _counted_at(self, int e) noexcept


@cython.final
cdef class _Tally:
    cdef int pips[8]
    cdef int points[8]


@cython.final
cdef class Outcome:
    cdef readonly int reason
    cdef readonly int winner
    cdef readonly int out_seat
    cdef readonly int last_seat
    cdef readonly tuple points
    cdef readonly tuple pips


cpdef int play_code(int tile, int end) noexcept
cpdef int other_half(int low, int high, int pip) noexcept
cpdef int pip_sum(TileTables t, unsigned long long mask) noexcept
cpdef int round_to_five(int points) noexcept
cdef int settle_teams(int scores, int blocked, int teams, int seats, int out_team, int* pips, int* points,
                      bint rounded) noexcept
cdef void deal_hands(TileTables t, int players, int hand_size, bint need_double, object rng,
                     unsigned long long* hands) except *
