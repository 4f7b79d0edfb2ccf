# The C layout of the train kernel's classes (train_core.py is the code). Hands stay Python integers: 91 tiles do
# not fit a C integer; the counters and flags are C ints.

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
    cdef readonly list hands
    cdef readonly list boneyard
    cdef readonly list trains
    cdef readonly list ends
    cdef readonly list marked
    cdef readonly int open_double
    cdef readonly int turn
    cdef readonly bint drew
    cdef readonly bint chaining
    cdef readonly list first_done
    cdef readonly bint over
    cdef readonly int reason
    cdef readonly int out_seat
    cdef readonly list search_draws
    cdef readonly list out
    cdef readonly list penalty
