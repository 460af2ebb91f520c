// SwiftPM builds a C target from its sources; the hints are inline functions in the header.
#include "memory_hints.h"
