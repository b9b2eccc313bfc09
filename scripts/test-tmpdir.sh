# Sourced by the test commands (scripts/test.sh, scripts/test-quick.sh): the tests' temporary files —
# every stack's SQLite database, recordings, the end-to-end stacks' databases and browser profiles —
# go to a folder of their own in memory (/dev/shm) when the machine has one and TMPDIR is not set.
# The product is unchanged (SQLite still runs at synchronous=FULL); a commit there does not wait for a
# disk (5 ms a commit on this machine's disk, 0.04 ms in memory), and the tests prove nothing about the
# disk itself: the crash-durability proof kills the process, not the machine. TESTS_ON_DISK=1 keeps them
# on the disk.
if [ -z "${TMPDIR:-}" ] && [ -z "${TESTS_ON_DISK:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ]; then
  TMPDIR="$(mktemp -d /dev/shm/fleet-tests-XXXXXX)"
  export TMPDIR
  trap 'rm -rf "$TMPDIR"' EXIT
fi
