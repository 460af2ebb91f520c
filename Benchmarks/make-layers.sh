#!/usr/bin/env bash
# Writes the benchmark scene layers-N (issue 24) to standard output: N small layers at
# 1920×1080, 60 fps, 1 s (61 frames), each spinning about z (transform.rotation.z, 0 → 360°,
# 1 s, repeating) with its own phase. The squares are laid out in a grid that fills the canvas
# whatever N is, so drawing per frame stays comparable while loading and the simulation grow
# with N. The scenes are generated, not committed (layers-100k is about 20 MB).
#   Benchmarks/make-layers.sh N > layers-N.yaml
set -euo pipefail
n=${1:?usage: make-layers.sh N}
awk -v n="$n" 'BEGIN {
  columns = int(sqrt(n * 16 / 9)); if (columns < 1) columns = 1
  rows = int((n + columns - 1) / columns)
  dx = 1920 / columns; dy = 1080 / rows; side = (dx < dy ? dx : dy) * 0.7
  split("#007AFF #FF3B30 #34C759 #FF9500 #AF52DE", colours, " ")
  print "# Benchmark (issue 24): " n " layers, each spinning about z; made by Benchmarks/make-layers.sh."
  print "flipbook: 1"
  print "canvas: {size: [1920, 1080], fps: 60, duration: 1, background: white}"
  print "layers:"
  for (i = 0; i < n; i++) {
    x = (i % columns + 0.5) * dx; y = (int(i / columns) + 0.5) * dy
    printf "  - {id: s%d, position: [%.2f, %.2f], bounds: [0, 0, %.2f, %.2f], backgroundColor: \"%s\"}\n",
      i, x, y, side, side, colours[i % 5 + 1]
  }
  print "timeline:"
  print "  - at: 0"
  print "    do:"
  for (i = 0; i < n; i++)
    printf "      - addAnimation: {layer: s%d, key: spin, animation: {class: CABasicAnimation, keyPath: transform.rotation.z, fromValue: 0deg, toValue: 360deg, duration: 1, beginTime: %.3f, repeatCount: inf}}\n",
      i, -(i % 100) / 100
}'
