#!/usr/bin/env bash
# Installs the system packages Flipbook builds and runs against (Debian/Ubuntu); with
# --tests, also what the test suite runs (./test.sh passes it).
# Does nothing when everything is already present; uses sudo only when not root.
#   scripts/install-deps.sh [--tests]
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(pkg-config libcairo2-dev libpng-dev libpango1.0-dev libpixman-1-dev ffmpeg fonts-dejavu-core)
# Colour emoji in labels and text layers, as iOS draws them; Inter, the system font's
# stand-in for San Francisco; Noto Sans CJK for Chinese, Japanese and Korean text, which
# iOS draws in PingFang, Hiragino Sans and Apple SD Gothic Neo (without it, boxes).
packages+=(fonts-noto-color-emoji fonts-inter fonts-noto-cjk)
if [ "${1:-}" = --tests ]; then
  # Debian's JSON Schema checker, which the scene schema tests run (scripts/check-schema.py).
  packages+=(python3-jsonschema)
  # The headless browser GoldenReportBrowserTests and PreviewBrowserTests load their pages in.
  packages+=(chromium)
  # A one-machine Slurm cluster for SlurmClusterTests (deploy/slurm/local-cluster.sh).
  packages+=(slurm-wlm munge)
  # For the Kubernetes schema validator below.
  packages+=(python3-venv)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "flipbook: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

if [ "${1:-}" = --tests ]; then
  # kubernetes-validate (PyPI) carries Kubernetes' OpenAPI schemas; DeployTests checks
  # deploy/kubernetes/ against them. In a virtual environment under .build/, beside the build.
  tools=.build/test-tools
  validator=kubernetes-validate==1.37.0
  if ! "$tools/bin/pip" show -q kubernetes-validate 2>/dev/null \
      || [ "$("$tools/bin/pip" show kubernetes-validate | sed -n 's/^Version: //p')" != "${validator#*==}" ]; then
    echo "flipbook: installing $validator into $tools" >&2
    python3 -m venv "$tools"
    "$tools/bin/pip" install -q --disable-pip-version-check "$validator" >&2
  fi
fi
