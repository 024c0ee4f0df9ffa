#!/usr/bin/env bash
# `npm test`: every check CI runs, then the time each stage took, wall clock and CPU time.
#
# After the content check (which writes the manifest every later stage reads), two lanes run side by side, so
# that both cores of a small machine work: one builds the site and runs Playwright against it, the longest stage,
# as early as it can (after the types); the other runs everything else, one stage after another, each keeping
# about one core busy (the unit tests, lint, the integration and memory tests, then the vitest browser tests, which
# need the build). Each line a stage prints starts with its name in brackets. The first stage that fails stops the
# other lane; the table names it, its output is printed again whole at the end, and npm test exits 1.
# STAGE_TIMES names a file to add the times to as well (.ci/run prints them with its own at its end).
set -uo pipefail
cd "$(dirname "$0")/.."

# `wait -n -p` (which lane ended) came with bash 5.1; macOS's own bash is 3.2.
if [ "${BASH_VERSINFO[0]}" -lt 5 ] || { [ "${BASH_VERSINFO[0]}" -eq 5 ] && [ "${BASH_VERSINFO[1]}" -lt 1 ]; }; then
  echo "npm test needs bash 5.1 or later (this is bash $BASH_VERSION); on macOS: brew install bash" >&2
  exit 1
fi

logs=$(mktemp -d)
export logs
trap 'rm -rf "$logs"' EXIT

# Sets cpu to the whole seconds of CPU time (user and system) this shell's finished children have used, from
# bash's `times` (run in this shell: in a pipe or $(...) it would count a subshell's children, none).
cpu_so_far() {
  times > "$logs/times.$$"
  cpu=$(awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, p, /[ms]/); total += p[1] * 60 + p[2] } printf "%d", total + 0.5 }' "$logs/times.$$")
}

# A lane's stages, in order, each as TAG|NAME|COMMAND; a lane stops at its first failing stage. Each line of a
# stage's output goes out prefixed with [TAG] and is kept in $logs/TAG.log; its times and result go to
# $logs/TAG.time. The command `wait-for-build` waits until the other lane's build has finished.
lane() {
  local stage tag name command rest start cpu status before
  for stage in "$@"; do
    tag=${stage%%|*}
    rest=${stage#*|}
    name=${rest%%|*}
    command=${rest#*|}
    if [ "$command" = wait-for-build ]; then
      # The build writes this file when it has finished; a failed build stops this lane instead.
      while [ ! -e "$logs/built" ]; do sleep 1; done
      continue
    fi
    echo "[$tag] == $name: $command"
    start=$SECONDS
    date +%s > "$logs/$tag.start"
    cpu_so_far
    before=$cpu
    (
      bash -c "$command" 2>&1 | tee "$logs/$tag.log" | sed -u "s/^/[$tag] /"
      exit "${PIPESTATUS[0]}"
    )
    status=$?
    [ $status -eq 0 ] && result=ok || result=failed
    cpu_so_far
    printf '%s|%d|%d|%s\n' "$name" $((SECONDS - start)) $((cpu - before)) "$result" > "$logs/$tag.time"
    echo "[$tag] == $name: $result in $((SECONDS - start)) s"
    [ $status -eq 0 ] || return 1
    if [ "$tag" = build ]; then touch "$logs/built"; fi
  done
  return 0
}
export -f lane cpu_so_far

stages=() # every stage's TAG|NAME, in the order of the table
pids=()
# Starts a lane in a process group of its own, so that a failure elsewhere can stop all of it.
start_lane() {
  local stage
  for stage in "$@"; do [ "${stage##*|}" = wait-for-build ] || stages+=("${stage%|*}"); done
  setsid bash -c 'lane "$@"' lane "$@" &
  pids+=($!)
}

# Stops every lane still running, all of its processes (a lane is a process group of its own, which Ctrl-C in a
# terminal does not reach).
stop_lanes() {
  local pid
  for pid in "${pids[@]}"; do kill -TERM -- "-$pid" 2>/dev/null; done
}
stopped_because='another stage failed'
trap 'stopped_because="npm test was interrupted"; stop_lanes; summary; exit 130' INT TERM

# Waits for the lanes started; once one fails, stops the others. Returns 1 if one failed.
wait_lanes() {
  local failed=0 pid status others
  while [ ${#pids[@]} -gt 0 ]; do
    wait -n -p pid "${pids[@]}"
    status=$?
    others=()
    for other in "${pids[@]}"; do [ "$other" = "$pid" ] || others+=("$other"); done
    pids=("${others[@]}")
    if [ $status -ne 0 ] && [ $failed -eq 0 ]; then
      failed=1
      stop_lanes
    fi
  done
  pids=()
  return $failed
}

summary() {
  local stage tag name wall cpu result line failed=()
  echo
  echo "npm test, time of each stage (wall clock, CPU time; after the check, the two lanes ran side by side):"
  for stage in "${stages[@]}"; do
    tag=${stage%%|*}
    if [ -f "$logs/$tag.time" ]; then
      IFS='|' read -r name wall cpu result < "$logs/$tag.time"
      [ "$result" = failed ] && failed+=("$tag")
    elif [ -f "$logs/$tag.start" ]; then
      # Stopped with its lane: its CPU time is unknown (the lane's shell never waited for it).
      name=${stage#*|} wall=$(($(date +%s) - $(cat "$logs/$tag.start"))) cpu=? result="stopped: $stopped_because"
    else
      continue
    fi
    line=$(printf '%-28s %4d s %5s s CPU  %s' "${lane_of[$tag]:-}$name" "$wall" "$cpu" "$result")
    echo "  $line"
    [ -n "${STAGE_TIMES:-}" ] && echo "$line" >> "$STAGE_TIMES"
  done
  for tag in "${failed[@]}"; do
    echo
    echo "== the output of the stage that failed, $tag:"
    cat "$logs/$tag.log"
  done
  return 0
}

declare -A lane_of=([typecheck]='1 ' [build]='1 ' [playwright]='1 ' [unit]='2 ' [lint]='2 ' [format]='2 ' [integration]='2 ' [memory]='2 ' [e2e]='2 ')

# The content check, then the manifest written (src/generated) that the types, the tests and the build read.
start_lane 'check|check|npm run check && npx tsx scripts/generate.ts --quiet'
wait_lanes || { summary; exit 1; }

start_lane 'typecheck|typecheck|npx tsc --noEmit -p tsconfig.json' 'build|build|npm run build' 'playwright|browser tests (Playwright)|npx playwright test'
start_lane 'unit|unit tests|npm run test:unit' 'lint|lint|npm run lint' 'format|format (Prettier)|npm run format:check' 'integration|integration tests|npm run test:integration' 'memory|memory tests|npm run test:memory' 'wait|wait|wait-for-build' 'e2e|end-to-end tests (vitest)|npx vitest run --project e2e'
wait_lanes || { summary; exit 1; }

summary
