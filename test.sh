#!/usr/bin/env bash
# Runs every check Flipbook has: installs what is missing, runs the unit and
# end-to-end tests (swift test), a short fuzz run, then the golden-frame checks of scenes/.
#   ./test.sh            GOLDEN_RECORD=missing|all|failed|changed|never ./test.sh
# GOLDEN_RECORD (default: missing, or never when CI is set): missing records frames that
# have no golden; failed re-records frames that fail; changed does both; all re-records
# every frame; never only compares. A run that records anything fails.
set -euo pipefail
cd "$(dirname "$0")"

./scripts/install-deps.sh --tests
# The build's and the tests' whole output goes to out/test-logs/; the console gets what
# failed and the counts.
logs=out/test-logs
mkdir -p "$logs"

if ! swift build --build-tests > "$logs/build.log" 2>&1; then
  grep -E "error:" "$logs/build.log" | head -50
  echo "test.sh: the build failed; all of it is in $logs/build.log" >&2
  exit 1
fi

status=0
swift test --skip-build > "$logs/swift-test.log" 2>&1 || status=$?
# XCTest: "error:" lines of failed assertions, skips; Swift Testing: ✘ lines; then the totals.
grep -E ": error: |Test Case .* failed|: Test skipped|^✘|recorded an issue" "$logs/swift-test.log" | head -100 || true
grep -E "Test Suite 'All tests' (passed|failed)" -A1 "$logs/swift-test.log" | grep Executed | sed 's/^[[:space:]]*/XCTest: /' || true
grep -E "^(✔|✘|━) Test run with" "$logs/swift-test.log" | sed 's/^/Swift Testing: /' || true
if [ "$status" -ne 0 ]; then
  echo "test.sh: swift test failed (exit $status); all of its output is in $logs/swift-test.log" >&2
  exit "$status"
fi

# 300 mutated scenes through validate, probe and render (scripts/fuzz.sh runs 10,000): one
# line, and each crash, hang or error that says neither where nor which value, which fail
# the run.
"$(swift build --show-bin-path)/flipbook-fuzz" --cases 300 || status=$?

"$(swift build --show-bin-path)/flipbook" check > "$logs/golden.log" 2>&1 || status=$?
grep -vE ": ok, identical$|: ok within tolerance" "$logs/golden.log" || true
exit "$status"
