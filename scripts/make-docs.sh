#!/usr/bin/env bash
# Renders the documentation's pictures from their scenes, so the docs show what Flipbook
# really draws: every scenes/docs/<name>.yaml becomes docs/images/<name>.gif, and, where
# `flipbook sheet` exists, scenes/docs/hello.yaml also becomes docs/images/hello-sheet.png
# (and, where `flipbook preview` exists, a screenshot of its page, docs/images/preview.png).
#   ./scripts/make-docs.sh                   # all of them
#   ./scripts/make-docs.sh scenes/docs/spring.yaml
# Set SCRATCH to build in a scratch path of your own (swift build --scratch-path).
# Commit the images it writes, with docs/images/VERSIONS.txt (the libraries and ffmpeg
# that made them); DocsTests renders the GIFs and the contact sheet again where those
# versions are the same and fails when one is not what its scene renders now (not the
# preview screenshot). The preview screenshot needs chromium (scripts/install-deps.sh --tests).
set -euo pipefail
cd "$(dirname "$0")/.."

# GIF delays count hundredths of a second, so a docs scene's fps must divide 100 (25 is
# the usual choice); the largest GIF the docs should carry:
max_bytes=$((300 * 1024))

scenes=("$@")
[ ${#scenes[@]} -gt 0 ] || scenes=(scenes/docs/*.yaml)

./scripts/install-deps.sh
build=(swift build -c release --product flipbook)
[ -z "${SCRATCH:-}" ] || build+=(--scratch-path "$SCRATCH")
echo "make-docs: building flipbook (release)…" >&2
"${build[@]}" >&2
flipbook="$("${build[@]}" --show-bin-path)/flipbook"

"$flipbook" validate "${scenes[@]}" >&2
mkdir -p docs/images
"$flipbook" --version | tail -n +2 >docs/images/VERSIONS.txt
too_big=0
for scene in "${scenes[@]}"; do
  name=$(basename "${scene%.*}")
  gif="docs/images/$name.gif"
  "$flipbook" render "$scene" --format gif -o "$gif" --progress none >/dev/null
  bytes=$(stat -c %s "$gif")
  echo "make-docs: $gif ($((bytes / 1024)) KB)" >&2
  if [ "$bytes" -gt "$max_bytes" ]; then
    echo "make-docs: error: $gif is over $((max_bytes / 1024)) KB; make $scene smaller, shorter or plainer" >&2
    too_big=1
  fi
done

# The contact sheet of the getting-started scene, once the sheet command exists.
if "$flipbook" --help | grep -Eq '^  sheet +'; then
  for scene in "${scenes[@]}"; do
    [ "$(basename "$scene")" = hello.yaml ] || continue
    "$flipbook" sheet "$scene" -o docs/images/hello-sheet.png >/dev/null
    echo "make-docs: docs/images/hello-sheet.png" >&2
  done
else
  echo "make-docs: this flipbook has no 'sheet' command; no contact sheet" >&2
fi
# The preview page of the getting-started scene, once the preview command exists: a
# screenshot of headless Chromium at frame 40 with the badge selected and frames 30-50
# looped (the same page, scene and window give the same picture).
if "$flipbook" --help | grep -Eq '^  preview +'; then
  url_file=$(mktemp)
  "$flipbook" preview scenes/docs/hello.yaml --port 0 >"$url_file" &
  server=$!
  for _ in $(seq 100); do [ -s "$url_file" ] && break; sleep 0.1; done
  profile=$(mktemp -d)
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$profile" \
    --window-size=1100,620 --virtual-time-budget=3000 --screenshot=docs/images/preview.png \
    "$(head -1 "$url_file")?frame=40&layer=badge.layer&loop=30-50" 2>/dev/null
  kill "$server"
  wait "$server" || true
  rm -rf "$url_file" "$profile"
  echo "make-docs: docs/images/preview.png" >&2
else
  echo "make-docs: this flipbook has no 'preview' command; no preview screenshot" >&2
fi
exit "$too_big"
