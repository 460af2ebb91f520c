#!/usr/bin/env bash
# Reports frames per second for the standard scenes: a release build renders each scene
# in full (PNG frames and MP4), three times, and the best time counts.
#   Benchmarks/fps.sh [SCENE…]        (default: scenes/showcase.yaml)
# Record the figures in Benchmarks/RESULTS.md before and after performance work.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/install-deps.sh
swift build -c release --product flipbook >&2
flipbook=$(swift build -c release --show-bin-path)/flipbook
scenes=("$@")
[ ${#scenes[@]} -gt 0 ] || scenes=(scenes/showcase.yaml)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

printf '%-28s %-6s %8s %8s %10s\n' scene format frames jobs fps
for scene in "${scenes[@]}"; do
  frames=$("$flipbook" validate "$scene" | sed -n 's/.*ok (\([0-9]*\) frames.*/\1/p')
  for format in png mp4; do
    for jobs in 1 "$(nproc)"; do
      best=""
      for _ in 1 2 3; do
        start=$(date +%s.%N)
        target="$out/render"; [ "$format" = png ] || target="$out/render.$format"
        "$flipbook" render "$scene" --format "$format" --jobs "$jobs" --progress none -o "$target" >/dev/null
        end=$(date +%s.%N)
        best=$(awk -v t="$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" -v best="$best" \
          'BEGIN { print (best == "" || t < best) ? t : best }')
      done
      printf '%-28s %-6s %8d %8d %10.1f\n' "$(basename "$scene")" "$format" "$frames" "$jobs" "$(awk -v f="$frames" -v t="$best" 'BEGIN { print f / t }')"
    done
  done
done
