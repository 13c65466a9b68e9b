# Sourced by .ci/run and scripts/test.sh: runs a command as a named step, with a line when it starts
# and one with its duration when it ends (also when it fails), so a slow step shows in CI's log.
# A shell function given as the command runs without errexit (bash turns it off on the left of ||):
# chain its commands with &&.

# Seconds as m:ss.
duration() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }

timed_step() {
  local name=$1 started=$SECONDS status=0
  shift
  printf '\n=== %s ===\n' "$name"
  "$@" || status=$?
  printf '=== %s: %s%s ===\n' "$name" "$(duration $((SECONDS - started)))" "$( ((status == 0)) || printf ', failed with status %d' "$status")"
  return "$status"
}
