#ifndef FLIPBOOK_MEMORY_HINTS_H
#define FLIPBOOK_MEMORY_HINTS_H

#include <stddef.h>

/// Asks the processor to start loading the `lines` cache lines (64 bytes each) from
/// `address` into the cache, without waiting for them: a hint, never a fault. NULL asks nothing.
static inline void flipbook_prefetch(const void *address, int lines) {
    if (address == NULL) return;
    const char *bytes = (const char *)address;
    for (int line = 0; line < lines; line++) __builtin_prefetch(bytes + 64 * line, 0, 3);
}

#endif
