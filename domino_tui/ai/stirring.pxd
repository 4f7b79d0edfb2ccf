# The C layout of stirring.py's classes (stirring.py is the code).

cimport cython

@cython.final
cdef class _Guess:
    cdef int places[64]
    cdef unsigned long long allowed[64]


@cython.final
cdef class _Masks:
    cdef unsigned long long masks[16]
