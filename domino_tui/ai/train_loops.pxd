# The C layout of train_loops.py's classes (train_loops.py is the code).

cimport cython

from domino_tui.engine.train_core cimport TrainRound, TrainTables


@cython.final
cdef class TrainPlayout:
    cdef readonly double explore
    cdef int weight[128]
    cdef int moves[145]
    cdef object random
    cdef object getrandbits
    cpdef void finish(self, TrainRound sim) except *
    cdef int below(self, int n) except? -1


@cython.final
cdef class PlannerPlayout:
    cdef readonly double explore
    cdef TrainTables t
    cdef int moves[145]
    cdef int plays[145]
    cdef object random
    cdef object getrandbits
    cdef int memo_end[32768]
    cdef unsigned long long memo_low[32768]
    cdef unsigned long long memo_high[32768]
    cdef int memo_length[32768]
    cdef int memo_pips[32768]
    cdef unsigned long long memo_run_low[32768]
    cdef unsigned long long memo_run_high[32768]
    cdef int memo_first[32768]
    cdef int found_length
    cdef int found_pips
    cdef unsigned long long found_low
    cdef unsigned long long found_high
    cdef int found_first
    cpdef void finish(self, TrainRound sim) except *
    cpdef int choose(self, TrainRound sim) except? -3
    cdef int rule_choice(self, TrainRound sim, int n) noexcept
    cdef inline bint in_mask(self, int tile, unsigned long long low, unsigned long long high) noexcept
    cdef bint is_covered(self, int tile, unsigned long long low, unsigned long long high) noexcept
    cdef void run(self, int end, unsigned long long low, unsigned long long high) noexcept
    cdef void greedy_run(self, int end, unsigned long long low, unsigned long long high) noexcept
    cdef int below(self, int n) except? -1


@cython.final
cdef class TilePlacer:
    cdef int players
    cdef int tiles
    cdef int groups
    cdef int group_end[128]
    cdef int group_seats[1024]
    cdef int group_seat_count[128]
    cdef int tile_order[128]
    cdef int room_start[16]
    cdef int checks
    cdef int check_seat[256]
    cdef unsigned long long check_low[256]
    cdef unsigned long long check_high[256]
    cdef int check_start[256]
    cdef int where[128]
    cdef int room[16]
    cdef int left[256]
    cdef int options[17]
    cpdef place(self, rng)
    cdef bint room_for(self, int seat, int t) noexcept
    cdef inline bint holds(self, int c, int t) noexcept
