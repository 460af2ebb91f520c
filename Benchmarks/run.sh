#!/usr/bin/env bash
# Measures Flipbook against the limits of this machine (issue 8) and prints a Markdown table:
# scene, sink, frames, frames/s, ms/frame, ratio to the matching reference, peak RSS.
#   Benchmarks/run.sh [SCENE…]      (default: every scene under Benchmarks/scenes/)
# Environment: RUNS (rounds; each row keeps its best, default 3), STATS_RUNS (runs of each scene
# for the last table, default 3 × RUNS), JOBS (Flipbook's --jobs and the C baseline's
# worker processes, default nproc), SCRATCH (a --scratch-path for swift build), TABLES (which
# tables: any of main layers jobs large, default the first three; `TABLES=large` adds the rows
# that take minutes, 4K and ten minutes, and skips the rest), FLIPBOOK
# (a flipbook binary to measure instead of building this checkout's).
# Builds Flipbook in release and Benchmarks/baseline/standard.c, which draws the frames of
# scenes/standard.yaml with Cairo directly. Each render is timed whole (start-up, scene
# loading and the sink included); ms/frame is wall time over frames, so with two workers it
# is a throughput figure. The ratio of the standard scene is its frames/s over the C
# baseline's with the same sink and workers (higher is better); standard-half-still's is its
# time over standard's with the same sink (lower is better: the issue asks for ≤ 0.6);
# perspective-1080p's and transitions-3d's are their frames/s over perspective-1080p-about-z's
# and standard's (issue 24 asks for ≥ 0.7).
# Peak RSS is the largest of the runs, of the process or its largest child (GNU time).
# Then small tables: peak memory of the standard scene at 4× the frames; where the time goes
# in each scene (`render --stats`: loading, simulation, drawing, simulation share); the
# layers-N family (issue 24: N layers each spinning, made by Benchmarks/make-layers.sh; N from
# LAYERS, default 1000 10000 100000): loading, simulation and drawing per frame, peak RSS and
# memory per layer; check and sheet of every scene under scenes/ with --jobs 1 and 2; and, only when
# asked (TABLES=large), the standard scene at 4K and a scene ten minutes long.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${RUNS:-3}
tables=" ${TABLES:-main layers jobs} "
wants() { [[ $tables == *" $1 "* ]]; }
stats_runs=${STATS_RUNS:-$((3 * runs))}
jobs=${JOBS:-$(nproc)}
build=(swift build -c release)
[ -z "${SCRATCH:-}" ] || build+=(--scratch-path "$SCRATCH")

./scripts/install-deps.sh
if [ ! -x /usr/bin/time ]; then
  echo "flipbook: installing time" >&2
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends time >&2 ||
    { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends time >&2; }
fi

if [ -n "${FLIPBOOK:-}" ]; then  # another build to compare, e.g. the commit before a change
  flipbook=$FLIPBOOK
else
  "${build[@]}" --product flipbook >&2
  flipbook=$("${build[@]}" --show-bin-path)/flipbook
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# shellcheck disable=SC2046 # pkg-config prints several flags
cc -O2 -Wall Benchmarks/baseline/standard.c $(pkg-config --cflags --libs cairo libpng) -lm -o "$out/standard"

scenes=("$@")
if [ ${#scenes[@]} -eq 0 ]; then  # standard first: standard-half-still's ratio needs it
  scenes=(Benchmarks/scenes/standard.yaml)
  for scene in Benchmarks/scenes/*.yaml; do [ "$scene" = "${scenes[0]}" ] || scenes+=("$scene"); done
fi

sinks=(none png mp4)
preset=veryfast
mp4_options=(--preset "$preset" --crf 18)

# Times `"$@"` once after clearing $out/sink; sets `seconds` and `rss` (MB).
time_once() {
  rm -rf "$out/sink"; mkdir -p "$out/sink"
  local start end
  start=$(date +%s.%N)
  /usr/bin/time -f %M -o "$out/rss" "$@" >/dev/null
  end=$(date +%s.%N)
  seconds=$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')
  rss=$(awk -v kb="$(tail -n 1 "$out/rss")" 'BEGIN { print kb / 1024 }')
}

# The rows of the main table, measured in rounds: each round times every row once, and a
# row keeps its best time and largest RSS. A machine whose speed drifts during the script
# then slows the baselines and Flipbook alike, instead of skewing their ratios.
rows=()
declare -A command_of scene_of sink_of frames_of best_of rss_of
# add ID SCENE SINK FRAMES COMMAND…: registers a row.
add() {
  local id=$1 scene=$2 sink=$3 frames=$4
  shift 4
  rows+=("$id")
  scene_of[$id]=$scene sink_of[$id]=$sink frames_of[$id]=$frames
  command_of[$id]=$(printf '%q ' "$@")
}

standard_frames=121
add c,none "C baseline (standard)" "none, $jobs procs" $standard_frames "$out/standard" none -j "$jobs"
add c,none1 "C baseline (standard)" "none, 1 proc" $standard_frames "$out/standard" none -j 1
add c,png "C baseline (standard)" "png (libpng level 1, no filter, RGB), $jobs procs" $standard_frames \
  "$out/standard" png -j "$jobs" "$out/sink"
add c,mp4 "C baseline (standard)" "raw → x264 veryfast crf 18" $standard_frames \
  "$out/standard" raw "$out/sink/out.mp4" veryfast 18
for scene in "${scenes[@]}"; do
  name=$(basename "$scene" .yaml)
  frames=$("$flipbook" validate "$scene" | sed -n 's/.*ok (\([0-9]*\) frames.*/\1/p')
  for sink in "${sinks[@]}"; do
    case $sink in
      none) target=() ;;  # renders every frame and writes nothing
      png) target=(-o "$out/sink") ;;
      *) target=(-o "$out/sink/out.$sink") ;;
    esac
    options=()
    [ "$sink" != mp4 ] || options=("${mp4_options[@]}")
    label=$sink
    [ "$sink" != mp4 ] || label="mp4 (x264 $preset crf 18)"
    add "$name,$sink" "$name" "$label" "$frames" \
      "$flipbook" render "$scene" --format "$sink" --jobs "$jobs" --progress none "${target[@]}" "${options[@]}"
  done
done

if wants main; then
for round in $(seq "$runs"); do
  echo "round $round of $runs" >&2
  for id in "${rows[@]}"; do
    eval "time_once ${command_of[$id]}"
    best_of[$id]=$(awk -v t="$seconds" -v best="${best_of[$id]:-}" 'BEGIN { print ((best == "" || t < best) ? t : best) }')
    rss_of[$id]=$(awk -v r="$rss" -v max="${rss_of[$id]:-0}" 'BEGIN { print (r > max ? r : max) }')
  done
done

echo "Flipbook $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) cores, --jobs $jobs, best of $runs rounds, $(date +%F)"
echo
echo "| scene | sink | frames | frames/s | ms/frame | ratio | peak RSS |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
for id in "${rows[@]}"; do
  name=${id%,*} sink=${id#*,}
  t=${best_of[$id]} ratio="—"
  if [ "$name" = standard ]; then
    ratio=$(awk -v a="$t" -v b="${best_of[c,$sink]}" 'BEGIN { printf "%.2f× C", b / a }')
  elif [ "$name" = standard-half-still ] && [ -n "${best_of[standard,$sink]:-}" ]; then
    ratio=$(awk -v a="$t" -v b="${best_of[standard,$sink]}" 'BEGIN { printf "%.2f× standard time", a / b }')
  fi
  # 3D against flat (issue 24): frames/s over those of the same layer turning about z, and
  # of the standard scene (same size), with the same sink.
  for reference in perspective-1080p:perspective-1080p-about-z transitions-3d:standard; do
    other=${reference#*:}
    if [ "$name" = "${reference%%:*}" ] && [ -n "${best_of[$other,$sink]:-}" ]; then
      ratio=$(awk -v f="${frames_of[$id]}" -v a="$t" -v g="${frames_of[$other,$sink]}" -v b="${best_of[$other,$sink]}" \
        -v o="$other" 'BEGIN { printf "%.2f× %s frames/s", (f / a) / (g / b), o }')
    fi
  done
  awk -v scene="${scene_of[$id]}" -v sink="${sink_of[$id]}" -v f="${frames_of[$id]}" -v t="$t" -v ratio="$ratio" \
    -v rss="${rss_of[$id]}" \
    'BEGIN { printf "| %s | %s | %d | %.1f | %.1f | %s | %.0f MB |\n", scene, sink, f, f / t, 1000 * t / f, ratio, rss }'
done

# Memory against scene length: the standard scene at 4× the frame rate renders 4× the frames
# over the same animation; the pipeline keeps a bounded window of frames, so its peak RSS
# should not grow with them.
echo
echo "| memory | sink | frames | peak RSS |"
echo "| --- | --- | --- | --- |"
for fps in 60 240; do
  frames=$("$flipbook" validate Benchmarks/scenes/standard.yaml | sed -n 's/.*ok (\([0-9]*\) frames.*/\1/p')
  frames=$(awk -v f="$frames" -v r="$fps" 'BEGIN { print (f - 1) * r / 60 + 1 }')
  time_once "$flipbook" render Benchmarks/scenes/standard.yaml --fps "$fps" --format png --jobs "$jobs" \
    --progress none -o "$out/sink"
  awk -v f="$frames" -v rss="$rss" 'BEGIN { printf "| standard at %d frames | png | %d | %.0f MB |\n", f, f, rss }'
done

# Where the time goes: `render --stats` (null sink) splits each render into loading, the
# simulation (clock, timeline and presentation snapshots, on the main thread) and drawing
# (all workers), in CPU time of the threads; issue 8 asks the simulation to stay under 10 %
# of the time spent on frames. Each scene runs STATS_RUNS times; the row is the run with the
# median share. Single runs vary a lot — the main thread shares two cores and their caches
# with two workers drawing — and a run takes seconds, so the median is of many.
echo
echo "| scene | loading s | simulation s | drawing s (all workers) | simulation share |"
echo "| --- | --- | --- | --- | --- |"
for scene in "${scenes[@]}"; do
  for ((round = 1; round <= stats_runs; round++)); do
    "$flipbook" render "$scene" --format none --jobs "$jobs" --progress none --stats 2>&1 >/dev/null |
      sed -n 's/.*: loading \([0-9.]*\) s;.*simulation \([0-9.]*\) s, drawing \([0-9.]*\) s,.*simulation \([0-9.]*\) % of frame time.*/\1 \2 \3 \4/p'
  done | sort -n -k4 | awk -v name="$(basename "$scene" .yaml)" '{ row[NR] = $0 }
    END { split(row[int((NR + 1) / 2)], f, " ")
          printf "| %s | %.3f | %.3f | %.3f | %.1f %% |\n", name, f[1], f[2], f[3], f[4] }'
done
fi

# Cost against the number of layers (issue 24): layers-N, N layers each spinning about z,
# 1080p, 61 frames, `--format none`, the run with the median simulation time of STATS_RUNS.
# Per layer: loading and simulation divided by N, to compare across N (linear cost keeps
# them flat); memory per layer is the peak RSS over that of the smallest N, divided by the
# layers added.
if wants layers; then
echo
echo "| scene | layers | loading s | simulation s | drawing s (all workers) | simulation ms/frame | drawing ms/frame | simulation share | (loading + simulation) µs/layer | peak RSS | memory per layer |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
first_layers="" first_rss=""
for layers in ${LAYERS:-1000 10000 100000}; do
  name=layers-$((layers / 1000))k
  Benchmarks/make-layers.sh "$layers" >"$out/$name.yaml"
  for ((round = 1; round <= stats_runs; round++)); do
    /usr/bin/time -f %M -o "$out/rss" "$flipbook" render "$out/$name.yaml" --format none --jobs "$jobs" --progress none \
      --limit "layers=$layers" --limit "scene-file-bytes=$(stat -c %s "$out/$name.yaml")" --stats 2>&1 >/dev/null |
      sed -n 's/.*: loading \([0-9.]*\) s;.*simulation \([0-9.]*\) s, drawing \([0-9.]*\) s,.*simulation \([0-9.]*\) % of frame time.*/\1 \2 \3 \4/p' |
      tr '\n' ' '
    tail -n 1 "$out/rss"
  done | sort -n -k2 | awk -v name="$name" -v n="$layers" -v first_n="$first_layers" -v first_rss="$first_rss" \
    '{ row[NR] = $0 }
    END { split(row[int((NR + 1) / 2)], f, " "); rss = f[5] / 1024
          per = first_n == "" ? "—" : sprintf("%.1f KB", (f[5] - first_rss) / (n - first_n))
          printf "| %s | %d | %.3f | %.3f | %.3f | %.2f | %.2f | %.1f %% | %.1f | %.0f MB | %s |\n",
            name, n, f[1], f[2], f[3], 1000 * f[2] / 61, 1000 * f[3] / 61, f[4], 1e6 * (f[1] + f[2]) / n, rss, per
          print f[5] > "/dev/stderr" }' 2>"$out/layers-rss"
  if [ -z "$first_layers" ]; then first_layers=$layers first_rss=$(cat "$out/layers-rss"); fi
done
fi

# Several scenes at once (issue 24): `check` of every golden scene (one process, drawing and
# comparing on --jobs threads), and one `sheet` of every scene (each to
# out/<scene>-sheet.png; of two scenes with one name, the first; --jobs 2 hands the scenes
# to two worker processes), with --jobs 1 and 2 taken in turn in each round; best of RUNS. The load average is printed after, as the machine
# may be shared; JOBS_PREFIX is put before each timed command (`JOBS_PREFIX="chrt -f 10"`,
# as root, gives the runs the cores ahead of other load).
if wants jobs; then
echo
echo "| command | jobs 1 s | jobs 2 s | speed-up |"
echo "| --- | --- | --- | --- |"
mkdir -p "$out/sheets"
sheet_scenes=()
while read -r scene; do sheet_scenes+=("$PWD/$scene"); done < <(find scenes -name '*.yaml' | sort |
  awk '{ name = $0; sub(/.*\//, "", name); if (!(name in seen)) print; seen[name] = 1 }')
flipbook_path=$(cd "$(dirname "$flipbook")" && pwd)/$(basename "$flipbook")
for command in check sheet; do
  declare -A best=()
  for round in $(seq "$runs"); do
    for j in 1 2; do
      start=$(date +%s.%N)
      if [ "$command" = check ]; then
        ${JOBS_PREFIX:-} "$flipbook" check --jobs "$j" --report-directory "$out/report" >/dev/null
      else
        (cd "$out/sheets" && ${JOBS_PREFIX:-} "$flipbook_path" sheet "${sheet_scenes[@]}" --jobs "$j" >/dev/null)
      fi
      end=$(date +%s.%N)
      best[$j]=$(awk -v a="$start" -v b="$end" -v best="${best[$j]:-}" \
        'BEGIN { t = b - a; print ((best == "" || t < best) ? t : best) }')
    done
  done
  label="check (every scene under scenes/)"
  [ "$command" = check ] || label="sheet of every scene under scenes/ (${#sheet_scenes[@]} scenes, one command)"
  awk -v c="$label" -v a="${best[1]}" -v b="${best[2]}" 'BEGIN { printf "| %s | %.2f | %.2f | %.2f× |\n", c, a, b, a / b }'
done
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
fi

# Large renders (issue 24), only with TABLES=large: the standard scene at 3840×2160 (--scale 2)
# with each sink, best of RUNS; and layers-1000 spinning for ten minutes at 30 fps (18,001 frames,
# --format none) beside the same scene for ten seconds: frames/s, and peak RSS, which should not
# grow with the duration (the pipeline holds a bounded window of frames). One run each.
if [[ $tables == *" large "* ]]; then
echo
echo "| scene | sink | frames | frames/s | ms/frame | peak RSS |"
echo "| --- | --- | --- | --- | --- | --- |"
for sink in "${sinks[@]}"; do
  case $sink in
    none) target=() ;;
    png) target=(-o "$out/sink") ;;
    mp4) target=(-o "$out/sink/out.$sink" "${mp4_options[@]}") ;;
    *) target=(-o "$out/sink/out.$sink") ;;
  esac
  best="" worst_rss=0
  for round in $(seq "$runs"); do
    time_once "$flipbook" render Benchmarks/scenes/standard.yaml --scale 2 --format "$sink" --jobs "$jobs" \
      --progress none "${target[@]}"
    best=$(awk -v t="$seconds" -v b="$best" 'BEGIN { print ((b == "" || t < b) ? t : b) }')
    worst_rss=$(awk -v r="$rss" -v m="$worst_rss" 'BEGIN { print (r > m ? r : m) }')
  done
  awk -v s="$sink" -v f="$standard_frames" -v t="$best" -v rss="$worst_rss" \
    'BEGIN { printf "| standard at 3840×2160 | %s | %d | %.1f | %.1f | %.0f MB |\n", s, f, f / t, 1000 * t / f, rss }'
done
for seconds_long in 10 600; do
  Benchmarks/make-layers.sh 1000 | sed "s/fps: 60, duration: 1,/fps: 30, duration: $seconds_long,/" >"$out/long.yaml"
  frames=$((30 * seconds_long + 1))
  time_once "$flipbook" render "$out/long.yaml" --format none --jobs "$jobs" --progress none
  awk -v d="$seconds_long" -v f="$frames" -v t="$seconds" -v rss="$rss" \
    'BEGIN { printf "| layers-1000 for %d s at 30 fps | none | %d | %.1f | %.1f | %.0f MB |\n", d, f, f / t, 1000 * t / f, rss }'
done
fi
