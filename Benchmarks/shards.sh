#!/usr/bin/env bash
# Times a render split into N shards on a one-machine Slurm cluster (deploy/slurm/
# local-cluster.sh) against one render on the same machine, and what a shard costs before
# its first frame (start-up, loading, simulating up to its range). Prints a Markdown table.
#   Benchmarks/shards.sh [SCENE] [FORMAT]     (default: a 30 s 1080p scene of cards, mp4)
# Environment: SPLITS (the shard counts to time, default "1 2 4 8"), CPUS (--cpus-per-task, default 1).
# Each split is timed from sbatch to the end of the join: the scheduler's own delays are
# part of what a user waits for.
set -euo pipefail
cd "$(dirname "$0")/.."

format=${2:-mp4}
cpus=${CPUS:-1}
./scripts/install-deps.sh --tests
swift build -c release --product flipbook >&2
export FLIPBOOK
FLIPBOOK=$(swift build -c release --show-bin-path)/flipbook
work=$(mktemp -d); echo "shards.sh: working in $work" >&2
trap 'deploy/slurm/local-cluster.sh stop "$work/cluster" >/dev/null 2>&1 || true; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
if [ -n "${1:-}" ]; then
  scene=$(realpath "$1")
else
  scene=$work/cards-30s.yaml
  cat > "$scene" <<'EOF'
flipbook: 1
canvas: {size: [1920, 1080], fps: 30, duration: 30, background: "#F2F2F7"}
views:
  - {id: a, frame: [160, 240, 480, 600], backgroundColor: systemBlue, layer: {cornerRadius: 32}}
  - {id: b, frame: [720, 240, 480, 600], backgroundColor: systemOrange, layer: {cornerRadius: 32}}
  - {id: c, frame: [1280, 240, 480, 600], backgroundColor: systemGreen, layer: {cornerRadius: 32}}
timeline:
  - at: 0
    do:
      - animate: {duration: 1.5, options: [repeat, autoreverse], do: [{set: {target: a, center: [400, 300]}}]}
      - animate: {duration: 2, options: [repeat, autoreverse], do: [{set: {target: b, alpha: 0.3}}]}
      - animate: {duration: 2.5, options: [repeat, autoreverse], do: [{set: {target: c, transform: [{rotate: 30deg}]}}]}
EOF
fi
deploy/slurm/local-cluster.sh start "$work/cluster" >/dev/null
export SLURM_CONF=$work/cluster/slurm.conf

seconds() { date +%s.%N; }
elapsed() { printf '%.2f' "$(echo "$2 - $1" | bc)"; }

frames=$("$FLIPBOOK" validate "$scene" | sed -n 's/.*ok (\([0-9]*\) frames.*/\1/p')
start=$(seconds)
"$FLIPBOOK" render "$scene" --format "$format" --progress none -o "$work/single.$format" >/dev/null
single=$(elapsed "$start" "$(seconds)")
start=$(seconds)
"$FLIPBOOK" render "$scene" --format none --frames last --progress none
first=$(elapsed "$start" "$(seconds)")

echo "| split | wall time (s) | against one render |"
echo "|---|---|---|"
echo "| one render, --jobs $(nproc) | $single | 1.00 |"
for n in ${SPLITS:-1 2 4 8}; do
  mkdir -p "$work/$n"
  start=$(seconds)
  (cd "$work/$n" && sbatch --quiet --cpus-per-task="$cpus" --array=0-$((n - 1)) \
     "$OLDPWD/deploy/slurm/render.sbatch" "$scene" "$format" >/dev/null)
  # Done when squeue answers with no job (a busy controller can fail to answer).
  until jobs=$(squeue -h -o %i 2>/dev/null) && [ -z "$jobs" ]; do sleep 0.2; done
  took=$(elapsed "$start" "$(seconds)")
  if [ ! -s "$work/$n/out/$(basename "${scene%.*}").$format" ]; then
    echo "no joined video for $n shards; the jobs' logs and the controller's:" >&2
    tail -n 20 "$work/$n"/*.log "$work/cluster/log/slurmctld.log" >&2
    exit 1
  fi
  echo "| $n shards, --cpus-per-task $cpus | $took | $(printf '%.2f' "$(echo "$took / $single" | bc -l)") |"
done
echo
echo "$frames frames. A shard's cost before its first frame (start-up, loading, simulating to the last frame, drawing one): $first s."
