#!/usr/bin/env bash
# Installs the system packages Flipbook builds and runs against (Debian/Ubuntu).
# Does nothing when everything is already present; uses sudo only when not root.
set -euo pipefail

packages=(pkg-config libcairo2-dev libpng-dev libpango1.0-dev libpixman-1-dev ffmpeg fonts-dejavu-core)
# Debian's JSON Schema checker, which the scene schema tests run (scripts/check-schema.py).
packages+=(python3-jsonschema)
# The headless browser GoldenReportBrowserTests loads the golden report in.
packages+=(chromium)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "flipbook: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
