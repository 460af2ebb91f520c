#!/usr/bin/env bash
# Fuzzes flipbook: N mutated copies of the scenes under scenes/ (default 10000, the long
# run; ./test.sh runs 300), seeded with SEED (default 1), through validate, probe and
# render --format none. Prints the counts per class and each crash, hang or unlocated
# error with the command that reproduces it; the failing scenes stay under out/fuzz/scenes.
#   ./scripts/fuzz.sh [N] [SEED] [flipbook-fuzz options, e.g. --time-limit 20]
set -euo pipefail
cd "$(dirname "$0")/.."

cases="${1:-10000}"
seed="${2:-1}"
shift $(( $# < 2 ? $# : 2 ))
swift build --product flipbook -q
swift build --product flipbook-fuzz -q
exec "$(swift build --show-bin-path)/flipbook-fuzz" --cases "$cases" --seed "$seed" "$@"
