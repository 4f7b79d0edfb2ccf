# The bit scans of _bitops.py as C: the compiler's builtins where it has them (GCC, Clang), plain C elsewhere.
# Only declarations and inline C: a kernel cimports these names instead of importing the Python ones.

cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #ifdef __POPCNT__
    static inline int domino_popcount(unsigned long long x) { return __builtin_popcountll(x); }
    #else
    /* Without the instruction (no -mpopcnt) the builtin is a call into libgcc: the same sums inline are quicker. */
    static inline int domino_popcount(unsigned long long x) {
        x -= (x >> 1) & 0x5555555555555555ULL;
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
        return (int)((x * 0x0101010101010101ULL) >> 56);
    }
    #endif
    static inline int domino_lowest_bit(unsigned long long x) { return __builtin_ctzll(x); }
    static inline int domino_highest_bit(unsigned long long x) { return 63 - __builtin_clzll(x); }
    #else
    static inline int domino_popcount(unsigned long long x) {
        int n = 0;
        for (; x; x &= x - 1) n++;
        return n;
    }
    static inline int domino_lowest_bit(unsigned long long x) {
        int i = 0;
        for (; !(x & 1); x >>= 1) i++;
        return i;
    }
    static inline int domino_highest_bit(unsigned long long x) {
        int i = -1;
        for (; x; x >>= 1) i++;
        return i;
    }
    #endif
    """
    int popcount "domino_popcount" (unsigned long long x) noexcept nogil
    int lowest_bit "domino_lowest_bit" (unsigned long long x) noexcept nogil
    int highest_bit "domino_highest_bit" (unsigned long long x) noexcept nogil
