#ifndef FLIPBOOK_PROJECTIVE_SAMPLER_H
#define FLIPBOOK_PROJECTIVE_SAMPLER_H

#include <stddef.h>
#include <stdint.h>

/// A projective map of the plane as a row vector times a 3×3 matrix:
/// (x, y, 1) · m = (X, Y, W), and the image of (x, y) is (X / W, Y / W).
typedef struct {
    double m11, m12, m13;
    double m21, m22, m23;
    double m31, m32, m33;
} flipbook_projective_map;

/// An image of premultiplied 32-bit pixels (Cairo's ARGB32, pixman's a8r8g8b8), rows
/// `stride` bytes apart.
typedef struct {
    uint32_t *pixels;
    int width, height;
    ptrdiff_t stride;
} flipbook_image;

/// Which 16 × 16 squares of an image are one colour: the sampler fills a run of samples
/// that read only squares of one colour with it, unfiltered (the filter's weights sum to
/// one, so it would give that colour exactly). Rows of squares not looked at yet are looked
/// at when the sampler first asks.
typedef struct flipbook_uniform_squares flipbook_uniform_squares;

/// A table for `image`, none looked at; NULL when there is no memory (or no pixels).
flipbook_uniform_squares *flipbook_uniform_squares_create(flipbook_image image);

/// Looks at the rows of squares that lie wholly within rows [top, bottom) of the image, which
/// must be final there: while a band of the image just drawn is still in the caches.
void flipbook_uniform_squares_look_at_rows(flipbook_uniform_squares *squares, int top, int bottom);

void flipbook_uniform_squares_destroy(flipbook_uniform_squares *squares);

/// Samples `source` with a bilinear filter into every pixel of `destination` whose sample
/// touches the source, and leaves the others untouched: the sample replaces the pixel, or
/// with `composite_over` is composited OVER it as pixman composites (so that sampling
/// onto a frame gives the bytes of sampling into a transparent image and painting that).
///
/// `inverse` maps destination pixel coordinates (pixel centres at +0.5) to source pixel
/// coordinates; the destination's pixel (0, 0) is (`origin_x`, `origin_y`) in them, so that
/// destinations cut from different places of one plane sample every pixel alike. A pixel whose W is below `minimum_w` (or not a number) is left untouched.
/// Outside the source, pixels are transparent (pixman's PIXMAN_REPEAT_NONE). The filter is
/// pixman's: sample point minus ½, 7-bit weights, each channel the weighted sum of the
/// four pixels divided by 65536 and truncated. Each pixel's result depends only on its own
/// coordinates, never on the rows or columns around it.
///
/// `squares`, a table made for this `source` (or NULL: one is made and destroyed here), tells
/// which squares of it are one colour; whatever it has looked at already is not read again.
void flipbook_warp_bilinear(flipbook_image source, flipbook_image destination,
                            flipbook_projective_map inverse, int origin_x, int origin_y, double minimum_w,
                            int composite_over, flipbook_uniform_squares *squares);

#endif
