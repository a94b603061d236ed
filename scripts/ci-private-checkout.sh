#!/usr/bin/env bash
# Runs a command (default: npm test) in a copy of this checkout under a fresh
# 0700 directory, as a user who clones into `mktemp -d` or /root gets it: a
# test that runs something as another user (nobody) cannot reach such a tree,
# and must find another way or say why it skips (issue 49). .ci/run's main
# `npm test` runs here, so CI proves it without running the suite twice.
#
# The copy is the working tree as it stands (tracked and untracked files that
# git does not ignore; without git, everything but node_modules), and its
# node_modules is a link to this checkout's: installed once, and the tests'
# child builds go to node_modules/.cache under a key of the copy's own path.
set -euo pipefail
cd "$(dirname "$0")/.."
here=$PWD

if [ ! -d node_modules ]; then
  echo "ci-private-checkout: $here/node_modules is missing: run npm ci first" >&2
  exit 1
fi

parent=$(mktemp -d "${TMPDIR:-/tmp}/stakeql-private.XXXXXX")
trap 'rm -rf "$parent"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
chmod 700 "$parent"
copy="$parent/stakeql"
mkdir "$copy"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  # Files deleted but not yet committed are still listed: skip what is not there, and a
  # node_modules that is a link (which `node_modules/` in .gitignore does not match).
  git ls-files -z --cached --others --exclude-standard \
    | while IFS= read -r -d '' f; do if [ "$f" != node_modules ] && { [ -e "$f" ] || [ -L "$f" ]; }; then printf '%s\0' "$f"; fi; done \
    | tar --null -T - -cf - | tar -xf - -C "$copy"
else
  tar --exclude=./node_modules -cf - . | tar -xf - -C "$copy"
fi
ln -s "$here/node_modules" "$copy/node_modules"

echo "== in $copy (parent $(stat -c '%a %U' "$parent")): ${*:-npm test}"
cd "$copy"
if [ "$#" -eq 0 ]; then set -- npm test; fi
"$@"
