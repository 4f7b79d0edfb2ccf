# The Mersenne Twister of a random.Random, read and advanced in C where it lives: the object's own state, so the
# generator goes on exactly as if Python had drawn the numbers. Only declarations and inline C, like _bitops.pxd.
#
# The layout is CPython's RandomObject (Modules/_randommodule.c): the object header, the index of the next word,
# then the 624 words. It is private to CPython, so core.py reads a fresh generator through it and through
# getstate() at import, and takes this path only where the two agree (`TWISTER_READABLE`); getstate() and
# setstate() themselves cost more than a whole random game (a 625-tuple of Python ints each way).
#
# The twist and the tempering are MT19937's (Matsumoto and Nishimura), as CPython runs them: the 624 words are
# regenerated together once the index reaches 624, and each word drawn is tempered.

cdef extern from *:
    """
    #include <stdint.h>

    #define DOMINO_TWISTER_WORDS 624
    #define DOMINO_TWISTER_SHIFT 397

    typedef struct {
        PyObject_HEAD
        int index;
        uint32_t words[DOMINO_TWISTER_WORDS];
    } domino_twister;

    #define DOMINO_TWISTER_SIZE ((Py_ssize_t)sizeof(domino_twister))

    static inline uint32_t domino_twister_mix(uint32_t upper, uint32_t lower, uint32_t far) {
        uint32_t y = (upper & 0x80000000U) | (lower & 0x7fffffffU);
        return far ^ (y >> 1) ^ ((y & 1U) ? 0x9908b0dfU : 0U);
    }

    static void domino_twister_regenerate(uint32_t *w) {
        int k;
        for (k = 0; k < DOMINO_TWISTER_WORDS - DOMINO_TWISTER_SHIFT; k++)
            w[k] = domino_twister_mix(w[k], w[k + 1], w[k + DOMINO_TWISTER_SHIFT]);
        for (; k < DOMINO_TWISTER_WORDS - 1; k++)  /* the far word wraps round to the start, already new */
            w[k] = domino_twister_mix(w[k], w[k + 1], w[k + DOMINO_TWISTER_SHIFT - DOMINO_TWISTER_WORDS]);
        w[k] = domino_twister_mix(w[k], w[0], w[DOMINO_TWISTER_SHIFT - 1]);
    }

    static inline uint32_t domino_twister_temper(uint32_t y) {
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c5680U;
        y ^= (y << 15) & 0xefc60000U;
        y ^= y >> 18;
        return y;
    }

    /* The next 32-bit word, as getrandbits(32) would return it. */
    static inline uint32_t domino_twister_word(PyObject *rng) {
        domino_twister *g = (domino_twister *)rng;
        if (g->index >= DOMINO_TWISTER_WORDS) {
            domino_twister_regenerate(g->words);
            g->index = 0;
        }
        return domino_twister_temper(g->words[g->index++]);
    }

    static inline int domino_leading_zeros(uint32_t n) {
    #if defined(__GNUC__) || defined(__clang__)
        return __builtin_clz(n);
    #else
        int zeros = 0;
        for (; !(n & 0x80000000U); n <<= 1) zeros++;
        return zeros;
    #endif
    }

    /* random.Random._randbelow(n) for 0 < n < 2**32: the top n.bit_length() bits of a word (getrandbits(k)),
       drawn again while they are n or more. */
    static inline uint32_t domino_twister_below(PyObject *rng, uint32_t n) {
        int drop = domino_leading_zeros(n);
        uint32_t r;
        do {
            r = domino_twister_word(rng) >> drop;
        } while (r >= n);
        return r;
    }

    /* random.Random.shuffle of the C array order[0..size): the same draws as domino_twister_below, with the
       generator's index kept in a register for the whole shuffle. */
    static inline void domino_twister_shuffle(PyObject *rng, int *order, int size) {
        domino_twister *g = (domino_twister *)rng;
        int index = g->index, i, tile, drop;
        uint32_t n, r;
        for (i = size - 1; i > 0; i--) {
            n = (uint32_t)i + 1;
            drop = domino_leading_zeros(n);
            do {
                if (index >= DOMINO_TWISTER_WORDS) {
                    domino_twister_regenerate(g->words);
                    index = 0;
                }
                r = domino_twister_temper(g->words[index++]) >> drop;
            } while (r >= n);
            tile = order[i];
            order[i] = order[r];
            order[r] = tile;
        }
        g->index = index;
    }

    static inline int domino_twister_index(PyObject *rng) { return ((domino_twister *)rng)->index; }
    static inline uint32_t domino_twister_at(PyObject *rng, int i) { return ((domino_twister *)rng)->words[i]; }
    """
    const Py_ssize_t TWISTER_SIZE "DOMINO_TWISTER_SIZE"  # the size of the C object this layout describes
    unsigned int twister_word "domino_twister_word" (object rng) noexcept
    unsigned int twister_below "domino_twister_below" (object rng, unsigned int n) noexcept
    void twister_shuffle "domino_twister_shuffle" (object rng, int* order, int size) noexcept
    int twister_index "domino_twister_index" (object rng) noexcept
    unsigned int twister_at "domino_twister_at" (object rng, int i) noexcept
