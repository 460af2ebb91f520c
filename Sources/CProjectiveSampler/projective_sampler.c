#include "projective_sampler.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

// Every pixel's coordinates are computed by the same expressions in IEEE double, with no
// fused multiply-adds (which would round differently from one build or CPU to another),
// so a pixel's value does not depend on the optimisation level, the CPU or the threads.
#pragma STDC FP_CONTRACT OFF

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// pixman's `bilinear_interpolation`: with 7-bit weights wx and wy doubled to dx and dy,
/// each channel is Σ pixel · weight over 65536, truncated, the weights (256 − dx)(256 − dy),
/// dx(256 − dy), (256 − dx)dy and dx·dy. As dx and dy are even, that sum is
/// 4 · ((128 − wy)·A + wy·B) with A = (128 − wx)·tl + wx·tr and B the same below, each
/// under 2¹⁵: so each channel is ((128 − wy)·A + wy·B) >> 14, the same integer, in two
/// multiply-adds of 16-bit pairs (SSE2's pmaddwd) for the four channels at once.
static inline uint32_t interpolate(uint32_t tl, uint32_t tr, uint32_t bl, uint32_t br, uint32_t wx, uint32_t wy) {
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    // (tl, tr) channel by channel as 16-bit pairs, and (bl, br).
    const __m128i top = _mm_unpacklo_epi8(_mm_unpacklo_epi8(_mm_cvtsi32_si128((int)tl), _mm_cvtsi32_si128((int)tr)), zero);
    const __m128i bottom = _mm_unpacklo_epi8(_mm_unpacklo_epi8(_mm_cvtsi32_si128((int)bl), _mm_cvtsi32_si128((int)br)), zero);
    const __m128i across = _mm_set1_epi32((int)((wx << 16) | (128 - wx)));
    const __m128i a = _mm_madd_epi16(top, across), b = _mm_madd_epi16(bottom, across);
    // (A, B) channel by channel as 16-bit pairs.
    const __m128i pairs = _mm_unpacklo_epi16(_mm_packs_epi32(a, zero), _mm_packs_epi32(b, zero));
    const __m128i sum = _mm_madd_epi16(pairs, _mm_set1_epi32((int)((wy << 16) | (128 - wy))));
    const __m128i channels = _mm_srli_epi32(sum, 14);
    return (uint32_t)_mm_cvtsi128_si32(_mm_packus_epi16(_mm_packs_epi32(channels, zero), zero));
#else
    uint32_t pixel = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        const uint32_t a = (128 - wx) * ((tl >> shift) & 255) + wx * ((tr >> shift) & 255);
        const uint32_t b = (128 - wx) * ((bl >> shift) & 255) + wx * ((br >> shift) & 255);
        pixel |= (((128 - wy) * a + wy * b) >> 14) << shift;
    }
    return pixel;
#endif
}

/// `source` OVER `destination`, as pixman composites premultiplied pixels: each channel
/// d · (255 − source alpha) / 255 rounded (pixman's UN8x4_MUL_UN8), plus the source's,
/// saturated.
static inline uint32_t over(uint32_t source, uint32_t destination) {
    const uint32_t alpha = source >> 24;
    if (alpha == 255 || destination == 0) return source;
    if (source == 0) return destination;
#if defined(__SSE2__)
    const __m128i zero = _mm_setzero_si128();
    const __m128i d = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)destination), zero);
    const __m128i t = _mm_add_epi16(_mm_mullo_epi16(d, _mm_set1_epi16((short)(255 - alpha))), _mm_set1_epi16(0x80));
    const __m128i scaled = _mm_mulhi_epu16(t, _mm_set1_epi16(0x101));  // (t + (t >> 8)) >> 8
    return (uint32_t)_mm_cvtsi128_si32(_mm_adds_epu8(_mm_packus_epi16(scaled, zero), _mm_cvtsi32_si128((int)source)));
#else
    uint32_t pixel = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        uint32_t t = ((destination >> shift) & 255) * (255 - alpha) + 0x80;
        t = ((t + (t >> 8)) >> 8) + ((source >> shift) & 255);
        pixel |= (t > 255 ? 255 : t) << shift;
    }
    return pixel;
#endif
}

static inline const uint32_t *row_of(flipbook_image image, int y) {
    return (const uint32_t *)((const uint8_t *)image.pixels + (ptrdiff_t)y * image.stride);
}

/// The pixel at (x, y), transparent outside the image.
static inline uint32_t pixel_or_clear(flipbook_image image, int x, int y) {
    if (x < 0 || y < 0 || x >= image.width || y >= image.height) return 0;
    return row_of(image, y)[x];
}

/// Narrows [*low, *high] of p to where a · p + b ≥ 0.
static void keep_nonnegative(double a, double b, double *low, double *high) {
    if (a > 0) {
        double bound = -b / a;
        if (bound > *low) *low = bound;
    } else if (a < 0) {
        double bound = -b / a;
        if (bound < *high) *high = bound;
    } else if (!(b >= 0)) {
        *low = INFINITY;
    }
}

/// The rows of a map for one destination row: X, Y and W at u = 0 and their steps in u.
typedef struct {
    double x, y, w;
} row_origin;

static inline row_origin origin_of_row(flipbook_projective_map m, int y) {
    const double v = y + 0.5;
    return (row_origin){v * m.m21 + m.m31, v * m.m22 + m.m32, v * m.m23 + m.m33};
}

/// The columns of row `y` (plane coordinates) that can touch the source, as [*first, *last]
/// within [from, to] (empty when *first > *last): W ≥ minimum_w and, once W > 0,
/// −1 ≤ X / W − ½ < width and the same for Y; each is linear in the pixel centre u. The
/// span only saves work: every pixel in it is tested exactly when sampled, so it is
/// widened by two pixels against rounding.
static void span_of_row(flipbook_projective_map m, int y, double minimum_w, flipbook_image source,
                        int from, int to, int *first, int *last) {
    const row_origin o = origin_of_row(m, y);
    const double source_width = source.width, source_height = source.height;
    double low = -INFINITY, high = INFINITY;
    keep_nonnegative(m.m13, o.w - minimum_w, &low, &high);
    keep_nonnegative(m.m11 + 0.5 * m.m13, o.x + 0.5 * o.w, &low, &high);
    keep_nonnegative((source_width + 0.5) * m.m13 - m.m11, (source_width + 0.5) * o.w - o.x, &low, &high);
    keep_nonnegative(m.m12 + 0.5 * m.m13, o.y + 0.5 * o.w, &low, &high);
    keep_nonnegative((source_height + 0.5) * m.m13 - m.m12, (source_height + 0.5) * o.w - o.y, &low, &high);
    *first = 1;
    *last = 0;
    if (!(low <= high)) return;
    const double begin = fmax(floor(low - 0.5) - 2, from), end = fmin(ceil(high - 0.5) + 2, to);
    if (!(begin <= end)) return;
    *first = (int)begin;
    *last = (int)end;
}

/// The most columns sampled at a time: a tile's width.
enum { chunk_columns = 64 };
/// How many source rows below a span's the span asks the caches for.
enum { prefetched_rows_ahead = 2 };

/// Where column `column` of a row samples, into *x and *y: the sample point less ½, plus one pixel (so that it is ≥ 0 where it touches
/// the source and truncating is flooring), in 128ths of a pixel: the integer part less
/// one is the top-left pixel, the low 7 bits the weight (pixman's
/// pixman_fixed_to_bilinear_weight). −1 where the pixel is left alone: W below
/// minimum_w (or not a number), or a sample that misses the source.
static inline void sample_point(flipbook_projective_map m, row_origin o, double minimum_w, double x_limit,
                                double y_limit, int column, int32_t *x, int32_t *y) {
    const double u = column + 0.5;
    const double w = u * m.m13 + o.w;
    const double reciprocal = 1.0 / w;
    const double sx = ((u * m.m11 + o.x) * reciprocal + 0.5) * 128;
    const double sy = ((u * m.m12 + o.y) * reciprocal + 0.5) * 128;
    const int inside = w >= minimum_w && sx >= 0 && sx < x_limit && sy >= 0 && sy < y_limit;
    *x = inside ? (int32_t)(inside ? sx : 0) : -1;
    *y = inside ? (int32_t)(inside ? sy : 0) : -1;
}

/// `sample_point` for columns first, first + 1, … (count of them, at most chunk_columns),
/// into xs and ys: one reciprocal per pixel, in a loop the compiler vectorizes (two or four
/// pixels an instruction); the clone for AVX2 and a single point alone give the same bits,
/// IEEE division being exact.
#if defined(__x86_64__) && defined(__clang__) && defined(__linux__)
__attribute__((target_clones("avx2", "default")))
#endif
static void sample_points(flipbook_projective_map m, row_origin o, double minimum_w, double x_limit, double y_limit,
                          int first, int count, int32_t *restrict xs, int32_t *restrict ys) {
    for (int i = 0; i < count; i++) sample_point(m, o, minimum_w, x_limit, y_limit, first + i, xs + i, ys + i);
}

/// Which squares of the source are one colour, found band by band as the image is drawn
/// (`flipbook_uniform_squares_look_at_rows`) or else as the sampler first asks: where
/// all four pixels a sample reads are one colour the filter gives that colour exactly
/// (the weights sum to 128 · 128 = 2¹⁴), so a run of samples inside such squares of one
/// colour is that colour, without filtering. A layer's flat image is mostly its fills.
enum { square_shift = 4, square_side = 1 << square_shift };

struct flipbook_uniform_squares {
    flipbook_image source;
    int columns, rows;
    /// Per row of squares: whether it has been looked at.
    uint8_t *rows_done;
    /// Per square: the colour of its top left pixel, and how many squares from it to the
    /// right (itself included) are each one colour, that colour; 0 when it is not one colour.
    uint32_t *colours;
    uint16_t *alike;
    /// Per column of squares, while a row of squares is looked at: the bits that differ.
    uint32_t *differences;
};
typedef flipbook_uniform_squares uniform_squares;

flipbook_uniform_squares *flipbook_uniform_squares_create(flipbook_image source) {
    if (source.width <= 0 || source.height <= 0) return NULL;
    uniform_squares *squares = calloc(1, sizeof(uniform_squares));
    if (!squares) return NULL;
    squares->source = source;
    squares->columns = (source.width + square_side - 1) >> square_shift;
    squares->rows = (source.height + square_side - 1) >> square_shift;
    const size_t count = (size_t)squares->columns * (size_t)squares->rows;
    squares->rows_done = calloc((size_t)squares->rows, 1);
    squares->alike = malloc(count * sizeof(uint16_t));
    squares->colours = malloc(count * sizeof(uint32_t));
    squares->differences = malloc((size_t)squares->columns * sizeof(uint32_t));
    if (!squares->rows_done || !squares->alike || !squares->colours || !squares->differences) {
        flipbook_uniform_squares_destroy(squares);
        return NULL;
    }
    return squares;
}

void flipbook_uniform_squares_destroy(flipbook_uniform_squares *squares) {
    if (!squares) return;
    free(squares->rows_done);
    free(squares->alike);
    free(squares->colours);
    free(squares->differences);
    free(squares);
}

/// Looks at the squares of row `row`, reading its pixels row after row (in the order the
/// memory's prefetchers follow best: the image was just drawn and is not in the caches).
static void look_at_row(uniform_squares *squares, int row) {
    const flipbook_image source = squares->source;
    const int top = row << square_shift;
    const int bottom = top + square_side < source.height ? top + square_side : source.height;
    uint32_t *colours = squares->colours + (size_t)row * (size_t)squares->columns;
    const uint32_t *first_row = row_of(source, top);
    for (int column = 0; column < squares->columns; column++) {
        colours[column] = first_row[column << square_shift];
        squares->differences[column] = 0;
    }
    const int whole = source.width >> square_shift;
    for (int y = top; y < bottom; y++) {
        const uint32_t *pixels = row_of(source, y);
        for (int column = 0; column < whole; column++) {
            const uint32_t *square = pixels + (column << square_shift), colour = colours[column];
            uint32_t differs = 0;
            for (int x = 0; x < square_side; x++) differs |= square[x] ^ colour;
            squares->differences[column] |= differs;
        }
        for (int x = whole << square_shift; x < source.width; x++) {
            squares->differences[whole] |= pixels[x] ^ colours[whole];
        }
    }
    uint16_t *alike = squares->alike + (size_t)row * (size_t)squares->columns;
    uint16_t count = 0;
    for (int column = squares->columns - 1; column >= 0; column--) {
        if (squares->differences[column] != 0) count = 0;
        else if (count > 0 && colours[column + 1] == colours[column]) count++;
        else count = 1;
        alike[column] = count;
    }
    squares->rows_done[row] = 1;
}

void flipbook_uniform_squares_look_at_rows(flipbook_uniform_squares *squares, int top, int bottom) {
    if (!squares) return;
    const int height = squares->source.height;
    bottom = bottom < height ? bottom : height;
    for (int row = (top + square_side - 1) >> square_shift; row < squares->rows; row++) {
        const int end = (row + 1) << square_shift;
        if ((end < height ? end : height) > bottom) break;
        if (!squares->rows_done[row]) look_at_row(squares, row);
    }
}

/// Whether the source pixels in columns [left, right] and rows [top, bottom], all inside
/// the source, are one colour (squares of one colour, the same), and which.
static int region_colour(uniform_squares *squares, int left, int top, int right, int bottom, uint32_t *colour) {
    const int first = left >> square_shift, across = (right >> square_shift) - first + 1;
    for (int row = top >> square_shift; row <= bottom >> square_shift; row++) {
        if (!squares->rows_done[row]) look_at_row(squares, row);
        const size_t index = (size_t)row * (size_t)squares->columns + (size_t)first;
        if (squares->alike[index] < across) return 0;
        if (row > top >> square_shift && squares->colours[index] != *colour) return 0;
        *colour = squares->colours[index];
    }
    return 1;
}

/// Samples taken together when they may all fall in squares of one colour.
enum { run_columns = 16 };

/// Samples the pixels i in [from, from + count) of a span, whose sample points are xs[i]
/// and ys[i], into out[i], filtering each but those whose four pixels lie in one square of
/// one colour already looked at (`squares` may be NULL).
static inline void filter_samples(flipbook_image source, const uniform_squares *squares, int composite_over,
                                  const int32_t *xs, const int32_t *ys, int from, int count, uint32_t *out) {
    for (int i = from; i < from + count; i++) {
        if (xs[i] < 0) continue;
        const int left = xs[i] / 128 - 1, top = ys[i] / 128 - 1;
        const uint32_t wx = (uint32_t)xs[i] % 128, wy = (uint32_t)ys[i] % 128;
        uint32_t sample;
        if (left >= 0 && top >= 0 && left + 1 < source.width && top + 1 < source.height) {
            const int column = left >> square_shift, row = top >> square_shift;
            const size_t index = (size_t)row * (size_t)(squares ? squares->columns : 0) + (size_t)column;
            if (squares && (left + 1) >> square_shift == column && (top + 1) >> square_shift == row &&
                squares->rows_done[row] && squares->alike[index] > 0) {
                sample = squares->colours[index];
            } else {
                const uint32_t *upper = row_of(source, top) + left;
                const uint32_t *lower = row_of(source, top + 1) + left;
                sample = interpolate(upper[0], upper[1], lower[0], lower[1], wx, wy);
            }
        } else {
            sample = interpolate(pixel_or_clear(source, left, top), pixel_or_clear(source, left + 1, top),
                                 pixel_or_clear(source, left, top + 1), pixel_or_clear(source, left + 1, top + 1),
                                 wx, wy);
        }
        out[i] = composite_over ? over(sample, out[i]) : sample;
    }
}

/// Whether the samples i in [from, from + count) all read one colour of the source (every
/// sample touches it, and the pixels they read lie in squares of that colour), and which.
static inline int samples_colour(uniform_squares *squares, const int32_t *xs, const int32_t *ys, int from, int count,
                                 uint32_t *colour) {
    if (!squares) return 0;
    int32_t low_x = INT32_MAX, high_x = -1, low_y = INT32_MAX, high_y = -1;
    for (int i = from; i < from + count; i++) {
        if (xs[i] < 0) return 0;
        low_x = xs[i] < low_x ? xs[i] : low_x;
        high_x = xs[i] > high_x ? xs[i] : high_x;
        low_y = ys[i] < low_y ? ys[i] : low_y;
        high_y = ys[i] > high_y ? ys[i] : high_y;
    }
    // A sample at x reads columns x / 128 − 1 and x / 128 (and so for rows).
    const int left = low_x / 128 - 1, right = high_x / 128, top = low_y / 128 - 1, bottom = high_y / 128;
    if (left < 0 || top < 0 || right >= squares->source.width || bottom >= squares->source.height) return 0;
    return region_colour(squares, left, top, right, bottom, colour);
}

/// Whether the samples of columns [first, last] of a row all read one colour, judged from
/// the points of the two ends alone (xs[0], ys[0] and xs[1], ys[1], from `sample_point`),
/// and which.
///
/// W is linear in the column and computed so that it is monotonic, so W between the ends
/// is at least the smaller end's. X / W and Y / W are monotonic along a row where W > 0;
/// computed, each point is within 2⁻¹⁰ of a 128th of a pixel of that exact curve through
/// the row's origin (the checks on magnitudes below bound each rounding), so every point
/// between lies within one 128th of the box of the two ends. The pixels that box reads,
/// widened by that 128th, are looked up in the table of squares.
static int run_colour(uniform_squares *squares, flipbook_projective_map m, row_origin o, int first, int last,
                      const int32_t xs[2], const int32_t ys[2], uint32_t *colour) {
    if (!squares || xs[0] < 0 || xs[1] < 0) return 0;
    const double u = fmax(fabs(first + 0.5), fabs(last + 0.5));
    const double w = fmin((first + 0.5) * m.m13 + o.w, (last + 0.5) * m.m13 + o.w);
    if (!(fabs(u * m.m13) + fabs(o.w) <= 0x1p20 * w && 128 * (fabs(u * m.m11) + fabs(o.x)) <= 0x1p40 * w &&
          128 * (fabs(u * m.m12) + fabs(o.y)) <= 0x1p40 * w)) return 0;
    const int32_t low_x = (xs[0] < xs[1] ? xs[0] : xs[1]) - 1, high_x = (xs[0] > xs[1] ? xs[0] : xs[1]) + 1;
    const int32_t low_y = (ys[0] < ys[1] ? ys[0] : ys[1]) - 1, high_y = (ys[0] > ys[1] ? ys[0] : ys[1]) + 1;
    if (low_x < 128 || low_y < 128) return 0;
    // A point at x reads columns x / 128 − 1 and x / 128 (and so for rows).
    const int left = low_x / 128 - 1, right = high_x / 128, top = low_y / 128 - 1, bottom = high_y / 128;
    if (right >= squares->source.width || bottom >= squares->source.height) return 0;
    return region_colour(squares, left, top, right, bottom, colour);
}

/// Writes `colour`, a sample, into out[i] for i in [from, from + count).
static inline void fill_samples(uint32_t colour, int composite_over, int from, int count, uint32_t *out) {
    if (!composite_over || colour >> 24 == 255) {
        for (int i = from; i < from + count; i++) out[i] = colour;
    } else if (colour != 0) {
        for (int i = from; i < from + count; i++) out[i] = over(colour, out[i]);
    }
}

/// Samples columns [first, last] of row `y` (plane coordinates, at most chunk_columns of
/// them) into `out`, the pixel of column `first`: the whole span filled when its samples all
/// read one colour, else run by run, a run in squares of one colour filled with it, the
/// others point by point.
static inline void sample_span(flipbook_image source, uniform_squares *squares, flipbook_projective_map m,
                               double minimum_w, int composite_over, int y, int first, int last, uint32_t *out) {
    const row_origin o = origin_of_row(m, y);
    const double x_limit = (source.width + 1.0) * 128, y_limit = (source.height + 1.0) * 128;
    int32_t xs[run_columns], ys[run_columns];
    const int count = last - first + 1;
    // The points of a run's two ends; a run's end is the next run's start.
    int32_t end_xs[2], end_ys[2];
    sample_point(m, o, minimum_w, x_limit, y_limit, first, end_xs, end_ys);
    uint32_t colour;
    if (count > run_columns) {
        // Most spans of a layer's inside are one colour whole: one test for all of it.
        sample_point(m, o, minimum_w, x_limit, y_limit, last, end_xs + 1, end_ys + 1);
        if (run_colour(squares, m, o, first, last, end_xs, end_ys, &colour)) {
            fill_samples(colour, composite_over, 0, count, out);
            return;
        }
    }
    for (int from = 0; from < count; from += run_columns) {
        const int run = count - from < run_columns ? count - from : run_columns;
        const int end = from + run < count ? first + from + run : last;
        sample_point(m, o, minimum_w, x_limit, y_limit, end, end_xs + 1, end_ys + 1);
        const int one_colour = run_colour(squares, m, o, first + from, end, end_xs, end_ys, &colour);
        end_xs[0] = end_xs[1];
        end_ys[0] = end_ys[1];
        if (one_colour) {
            fill_samples(colour, composite_over, from, run, out);
            continue;
        }
        sample_points(m, o, minimum_w, x_limit, y_limit, first + from, run, xs, ys);
        // The rows a few tile rows down are the next to be read: asked for now, they arrive
        // while this run is sampled (a tile row starts new source rows the prefetchers miss).
        for (int i = 0; i < run; i += 8) {
            if (xs[i] < 0) continue;
            const int ahead = ys[i] / 128 + prefetched_rows_ahead, left = xs[i] / 128;
            if (ahead < source.height && left < source.width) __builtin_prefetch(row_of(source, ahead) + left);
        }
        if (samples_colour(squares, xs, ys, 0, run, &colour)) {
            fill_samples(colour, composite_over, from, run, out);
        } else {
            filter_samples(source, squares, composite_over, xs, ys, 0, run, out + from);
        }
    }
}

/// The destination is sampled in tiles of this many rows and columns: a destination row
/// runs across the source at a slant, so row by row across the whole width would read a
/// new 4 KB page of the source every few pixels; a tile reads a small patch, kept in the
/// caches and the TLB while its rows reuse it.
enum { tile_rows = 32, tile_columns = chunk_columns };

void flipbook_warp_bilinear(flipbook_image source, flipbook_image destination,
                            flipbook_projective_map m, int origin_x, int origin_y, double minimum_w,
                            int composite_over, flipbook_uniform_squares *given_squares) {
    if (source.width <= 0 || source.height <= 0) return;
    // Without a table every sample is filtered: slower, the same pixels.
    const int fits = given_squares && given_squares->source.pixels == source.pixels &&
                     given_squares->source.width == source.width && given_squares->source.height == source.height &&
                     given_squares->source.stride == source.stride;
    uniform_squares *squares = fits ? given_squares : flipbook_uniform_squares_create(source);
    for (int top = 0; top < destination.height; top += tile_rows) {
        const int rows = destination.height - top < tile_rows ? destination.height - top : tile_rows;
        int firsts[tile_rows], lasts[tile_rows];
        int band_first = destination.width, band_last = -1;
        for (int row = 0; row < rows; row++) {
            span_of_row(m, origin_y + top + row, minimum_w, source, origin_x, origin_x + destination.width - 1,
                        &firsts[row], &lasts[row]);
            firsts[row] -= origin_x;
            lasts[row] -= origin_x;
            if (firsts[row] > lasts[row]) continue;
            if (firsts[row] < band_first) band_first = firsts[row];
            if (lasts[row] > band_last) band_last = lasts[row];
        }
        for (int left = band_first; left <= band_last; left += tile_columns) {
            const int right = left + tile_columns - 1;
            for (int row = 0; row < rows; row++) {
                const int first = firsts[row] > left ? firsts[row] : left;
                const int last = lasts[row] < right ? lasts[row] : right;
                if (first > last) continue;
                uint32_t *out = (uint32_t *)((uint8_t *)destination.pixels + (ptrdiff_t)(top + row) * destination.stride);
                sample_span(source, squares, m, minimum_w, composite_over, origin_y + top + row, origin_x + first,
                            origin_x + last, out + first);
            }
        }
    }
    if (!fits) flipbook_uniform_squares_destroy(squares);
}
