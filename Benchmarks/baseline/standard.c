/* The C baseline of issue 8: draws the frames of Benchmarks/scenes/standard.yaml with Cairo
 * directly (the same rectangles, colours, easing, rotation about the centre and opacity),
 * so Flipbook's figures can be read against what Cairo, libpng and x264 allow on this machine.
 *
 *   standard none [-j N]                   draw every frame, N processes (default 2)
 *   standard png  [-j N] DIR               also write DIR/frame_NNNN.png (libpng, zlib level 1, no filter)
 *   standard raw  OUT.mp4 [PRESET [CRF]]   pipe BGRA frames to ffmpeg … -c:v libx264
 *
 * Built by Benchmarks/run.sh: cc -O2 standard.c $(pkg-config --cflags --libs cairo libpng) -lm.
 * Keep the scene parameters below in step with the header of standard.yaml. */
#include <cairo.h>
#include <math.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { WIDTH = 1920, HEIGHT = 1080, FRAMES = 121, COUNT = 50 };
static const double FPS = 60, DURATION = 2;
static const unsigned COLOURS[5] = {0x007AFF, 0xFF3B30, 0x34C759, 0xFF9500, 0xAF52DE};

/* One coordinate of a cubic Bézier with end points 0 and 1 and control values a, b. */
static double bezier(double a, double b, double s) {
    return 3 * a * s * (1 - s) * (1 - s) + 3 * b * s * s * (1 - s) + s * s * s;
}

/* CAMediaTimingFunction easeInEaseOut (0.42, 0, 0.58, 1): y for x = u. */
static double ease_in_ease_out(double u) {
    const double x1 = 0.42, y1 = 0, x2 = 0.58, y2 = 1;
    if (u <= 0) return 0;
    if (u >= 1) return 1;
    double lo = 0, hi = 1, s = u;
    for (int i = 0; i < 8; i++) { /* Newton, falling back on bisection below */
        double x = bezier(x1, x2, s) - u;
        double dx = 3 * x1 * (1 - s) * (1 - s) + 6 * (x2 - x1) * s * (1 - s) + 3 * (1 - x2) * s * s;
        if (fabs(x) < 1e-9) return bezier(y1, y2, s);
        if (fabs(dx) < 1e-9) break;
        s -= x / dx;
    }
    s = u;
    for (int i = 0; i < 60; i++) {
        double x = bezier(x1, x2, s);
        if (fabs(x - u) < 1e-9) break;
        if (x < u) lo = s; else hi = s;
        s = (lo + hi) / 2;
    }
    return bezier(y1, y2, s);
}

static void rounded_rect(cairo_t *cr, double x, double y, double w, double h, double r) {
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
    cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
    cairo_close_path(cr);
}

static void draw_frame(cairo_t *cr, int frame) {
    double t = frame / FPS, p = ease_in_ease_out(t / DURATION);
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_rgb(cr, 0xF2 / 255.0, 0xF2 / 255.0, 0xF7 / 255.0);
    cairo_paint(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    for (int i = 0; i < COUNT; i++) {
        int col = i % 10, row = i / 10;
        double x0 = 150 + 180 * col, y0 = 140 + 200 * row;
        double dx = 40 + 8 * (i % 5), dy = row % 2 == 0 ? 60 : -60;
        double degrees = (i % 2 == 0 ? 1 : -1) * (180 + 18 * col);
        double opacity = 0.2 + 0.015 * i;
        unsigned c = COLOURS[i % 5];
        cairo_save(cr);
        cairo_translate(cr, x0 + dx * p, y0 + dy * p);
        cairo_rotate(cr, degrees * p * M_PI / 180);
        cairo_translate(cr, -60, -40);
        rounded_rect(cr, 0, 0, 120, 80, 16);
        cairo_set_source_rgba(cr, (c >> 16) / 255.0, ((c >> 8) & 0xFF) / 255.0, (c & 0xFF) / 255.0,
                              1 + (opacity - 1) * p);
        cairo_fill(cr);
        cairo_restore(cr);
    }
    cairo_surface_flush(cairo_get_target(cr));
}

/* Writes the opaque frame as 8-bit RGB straight from Cairo's rows (BGRX in memory). */
static void write_png(cairo_surface_t *surface, const char *path) {
    FILE *file = fopen(path, "wb");
    if (!file) { perror(path); exit(1); }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (!png || !info || setjmp(png_jmpbuf(png))) { fprintf(stderr, "libpng failed on %s\n", path); exit(1); }
    png_init_io(png, file);
    png_set_compression_level(png, 1);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE); /* as libpng's fast mode; SUB halves the speed */
    png_set_IHDR(png, info, WIDTH, HEIGHT, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    png_set_bgr(png);
    png_set_filler(png, 0, PNG_FILLER_AFTER);
    unsigned char *data = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    for (int y = 0; y < HEIGHT; y++) png_write_row(png, data + (size_t)y * stride);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    if (fclose(file) != 0) { perror(path); exit(1); }
}

/* Draws frames worker, worker + jobs, …; writes them to dir when it is not NULL. */
static void work(int worker, int jobs, const char *dir) {
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
    cairo_t *cr = cairo_create(surface);
    if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) { fprintf(stderr, "cairo: %s\n", cairo_status_to_string(cairo_status(cr))); exit(1); }
    char path[4096];
    for (int frame = worker; frame < FRAMES; frame += jobs) {
        draw_frame(cr, frame);
        if (dir) {
            snprintf(path, sizeof path, "%s/frame_%04d.png", dir, frame);
            write_png(surface, path);
        }
    }
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
}

static int run_workers(int jobs, const char *dir) {
    for (int worker = 0; worker < jobs; worker++) {
        pid_t pid = fork();
        if (pid < 0) { perror("fork"); return 1; }
        if (pid == 0) { work(worker, jobs, dir); _exit(0); }
    }
    int failed = 0, status;
    while (wait(&status) > 0) failed |= !WIFEXITED(status) || WEXITSTATUS(status) != 0;
    return failed;
}

static int run_pipe(const char *output, const char *preset, const char *crf) {
    char command[8192];
    snprintf(command, sizeof command,
             "ffmpeg -hide_banner -loglevel error -y -f rawvideo -pix_fmt bgra -s %dx%d -framerate %g -i - "
             "-c:v libx264 -preset %s -crf %s -pix_fmt yuv420p '%s'", WIDTH, HEIGHT, FPS, preset, crf, output);
    FILE *pipe = popen(command, "w");
    if (!pipe) { perror("popen"); return 1; }
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
    cairo_t *cr = cairo_create(surface);
    unsigned char *data = cairo_image_surface_get_data(surface);
    size_t bytes = (size_t)cairo_image_surface_get_stride(surface) * HEIGHT;
    for (int frame = 0; frame < FRAMES; frame++) {
        draw_frame(cr, frame);
        if (fwrite(data, 1, bytes, pipe) != bytes) { perror("ffmpeg pipe"); return 1; }
    }
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    return pclose(pipe) != 0;
}

int main(int argc, char **argv) {
    const char *usage = "usage: standard none [-j N] | png [-j N] DIR | raw OUT.mp4 [PRESET [CRF]]\n";
    if (argc < 2) { fputs(usage, stderr); return 2; }
    const char *mode = argv[1];
    int jobs = 2, next = 2;
    if (argc > 3 && strcmp(argv[2], "-j") == 0) { jobs = atoi(argv[3]); next = 4; }
    if (jobs < 1) { fputs(usage, stderr); return 2; }
    if (strcmp(mode, "none") == 0) return run_workers(jobs, NULL);
    if (strcmp(mode, "png") == 0 && argc > next) return run_workers(jobs, argv[next]);
    if (strcmp(mode, "raw") == 0 && argc > 2)
        return run_pipe(argv[2], argc > 3 ? argv[3] : "veryfast", argc > 4 ? argv[4] : "18");
    fputs(usage, stderr);
    return 2;
}
