#!/usr/bin/env bash
# `npm test`: every check CI runs, in order, stopping at the first that fails, then the time each stage took.
# STAGE_TIMES names a file to add the times to as well (.ci/run prints them with its own at its end).
set -uo pipefail
cd "$(dirname "$0")/.."

# The quick layers first: the content check, the types (which also write the manifest), the pure unit tests.
stages=(
  'check|npm run check'
  'typecheck|npm run typecheck'
  'unit tests|npm run test:unit'
  'lint|npm run lint'
  'integration tests|npm run test:integration'
  'memory tests|npm run test:memory'
  'build|npm run build'
  'browser tests (Playwright)|npx playwright test'
  'end-to-end tests (vitest)|npx vitest run --project e2e'
)

times=()
record() {
  times+=("$(printf '%-28s %4d s  %s' "$1" "$2" "$3")")
  [ -n "${STAGE_TIMES:-}" ] && printf '%-28s %4d s  %s\n' "$1" "$2" "$3" >> "$STAGE_TIMES"
  return 0
}
summary() {
  echo
  echo "npm test, time of each stage:"
  printf '  %s\n' "${times[@]}"
}

for stage in "${stages[@]}"; do
  name=${stage%%|*}
  command=${stage#*|}
  echo
  echo "== $name: $command"
  start=$SECONDS
  if ! bash -c "$command"; then
    record "$name" $((SECONDS - start)) failed
    summary
    exit 1
  fi
  record "$name" $((SECONDS - start)) ok
done
summary
