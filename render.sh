#!/usr/bin/env bash
# Renders a scene to out/<scene>.mp4: installs what is missing, builds Flipbook in
# release mode, renders PNG frames, stitches them with ffmpeg and prints the video's path.
#   ./render.sh scenes/showcase.yaml
set -euo pipefail
cd "$(dirname "$0")"

if [ $# -ne 1 ]; then
  echo "usage: ./render.sh SCENE.yaml" >&2
  exit 2
fi
scene=$1
[ -f "$scene" ] || { echo "render.sh: no such scene: $scene" >&2; exit 2; }

./scripts/install-deps.sh
echo "render.sh: building (release)…" >&2
swift build -c release --product flipbook >&2
flipbook=$(swift build -c release --show-bin-path)/flipbook

"$flipbook" validate "$scene" >&2
name=$(basename "${scene%.*}")
frames="out/$name-frames"
rm -rf "$frames"
"$flipbook" render "$scene" --format png -o "$frames" >/dev/null
fps=$("$flipbook" validate "$scene" | sed -n 's/.* at \([0-9.]*\) fps)$/\1/p')

video="out/$name.mp4"
ffmpeg -hide_banner -loglevel error -y -framerate "$fps" -i "$frames/frame_%05d.png" \
  -vf "pad=ceil(iw/2)*2:ceil(ih/2)*2,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p" \
  -c:v libx264 -preset medium -crf 18 -pix_fmt yuv420p \
  -colorspace bt709 -color_primaries bt709 -color_trc bt709 -color_range tv \
  -movflags +faststart "$video"
echo "$video"
