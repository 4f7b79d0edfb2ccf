# The C layout of the train kernel's classes (train_core.py is the code). A hand is two C words (tiles 0-63 and
# 64-127); the arrays' sizes are train_core.py's MAX_TILES (128), MAX_NUMBERS (16), MAX_SEATS (8), MAX_TRAINS (9)
# and MAX_MOVES (145). Compiled, ai/train_loops.py cimports TrainRound and calls its C methods.

cimport cython

@cython.final
cdef class TrainTables:
    cdef readonly int max_pip
    cdef readonly int size
    cdef readonly list low
    cdef readonly list high
    cdef readonly list pips
    cdef readonly list match
    cdef readonly list double
    cdef readonly list is_double
    cdef int tile_low[128]
    cdef int tile_high[128]
    cdef int tile_pips[128]
    cdef unsigned long long match_low[16]
    cdef unsigned long long match_high[16]


@cython.final
cdef class TrainCodes:
    cdef readonly int max_pip
    cdef readonly int players
    cdef readonly int hand_size
    cdef readonly int engine_search
    cdef readonly bint first_turn_chain
    cdef readonly int double_blank
    cdef readonly bint out_on_double


@cython.final
cdef class TrainRound:
    cdef readonly TrainCodes rules
    cdef readonly TrainTables t
    cdef readonly int players
    cdef readonly int engine
    cdef unsigned long long hand_low[8]
    cdef unsigned long long hand_high[8]
    cdef int stock_tiles[128]
    cdef readonly int stock
    cdef int laid[128]
    cdef int laid_on[128]
    cdef readonly int laid_count
    cdef int train_ends[9]
    cdef bint train_marked[9]
    cdef readonly int open_double
    cdef readonly int turn
    cdef readonly bint drew
    cdef readonly bint chaining
    cdef bint seat_first_done[8]
    cdef readonly bint over
    cdef readonly int reason
    cdef readonly int out_seat
    cdef readonly tuple search_draws
    cdef bint seat_out[8]
    cdef int seats_out
    cdef int seat_penalty[8]

    cdef inline bint _holds(self, int seat, int tile) noexcept
    cdef inline void _toggle(self, int seat, int tile) noexcept
    cdef int _holder(self, int tile) noexcept
    @cython.locals(moves=int[145], n=int, i=int)
    cpdef list legal(self)
    cdef int fill_legal(self, int* moves) noexcept
    cdef int _plays_on(self, int train, int* moves, int n) noexcept
    cpdef int apply(self, int move) except? -3
    cpdef void play(self, int tile, int train) except *
    cdef void _lay(self, int tile, int train) noexcept
    cdef bint _round_ends(self) noexcept
    cdef bint _blocked(self) noexcept
    cpdef int draw(self) except? -3
    cpdef void pass_turn(self) noexcept
    cpdef bint stops_run(self) noexcept
    cdef void _next_turn(self) noexcept
    cpdef int hand_points(self, int seat) noexcept
