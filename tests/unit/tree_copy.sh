# Sourced by the scripts that configure and build a second copy of the source tree
# (gpu_build.sh, sanitize.sh): the in-tree build is configured already, so another
# configuration needs a tree of its own. Skips (77) without git. Sets $work (removed on
# exit) and leaves the caller in $work/tree; step() runs a command, quiet unless it fails.
src=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
# Run by make check, these scripts inherit its MAKEFLAGS, which carry the suite's own
# command line (TEST_LOGS=every test): the copy's makes would run the whole suite again.
unset MAKEFLAGS MFLAGS MAKELEVEL
command -v git >/dev/null && [ -e "$src/.git" ] || { echo "skip: needs the git tree"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The tracked files plus any not yet committed, without the in-tree build's outputs.
mkdir "$work/tree"
(cd "$src" && { git ls-files; git ls-files --others --exclude-standard; } | sort -u |
    while read -r f; do [ -e "$f" ] && printf '%s\n' "$f"; done |
    tar -cf - -T -) | tar -C "$work/tree" -xf - || exit 1
cd "$work/tree" || exit 1
step() { echo "== $*"; "$@" >"$work/step.log" 2>&1 || { tail -40 "$work/step.log"; echo "FAIL: $*"; exit 1; }; }
