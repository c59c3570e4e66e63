#!/bin/sh
# Browser tests of the built-in theme: builds the sample site (and a small generated site with
# one long folder, and the sample in Japanese) with the built notes-site binary, then runs
# test_site.py, test_i18n.py, test_search.py and test_publishing.py with pytest. The tests
# serve each site on 127.0.0.1 (free port) and drive headless Chromium.
# test_publishing.py (sub-path hosting, feeds, aliases, `serve`) builds its own copies of the
# sample site with NOTES_SITE_BIN from SAMPLE_ROOT; test_search.py also generates and builds
# (release) a 10,000-note site; see its docstring.
#   Tests/browser/run.sh [pytest options]
# NOTES_SITE may name the binary (default: .build/debug/notes-site, built when missing).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${NOTES_SITE:-$root/.build/debug/notes-site}
if [ ! -x "$bin" ]; then (cd "$root" && swift build); fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

(cd "$root" && "$bin" build --output "$tmp/site" >"$tmp/build.log" 2>&1) || { cat "$tmp/build.log"; exit 1; }

mkdir -p "$tmp/long/content/Long"
i=1
while [ $i -le 60 ]; do
  n=$(printf '%02d' $i)
  printf '# Long note %s\n\nText of note %s in a folder long enough to scroll.\n' "$n" "$n" >"$tmp/long/content/Long/Note $n.md"
  i=$((i + 1))
done
"$bin" build --source "$tmp/long" --output "$tmp/long-site" >"$tmp/build-long.log" 2>&1 || { cat "$tmp/build-long.log"; exit 1; }

# The sample notes in Japanese (language: ja), plus a long note that stresses line breaking.
mkdir -p "$tmp/ja"
cp -R "$root/content" "$tmp/ja/content"
cp "$here/ja-long-note.md" "$tmp/ja/content/個人/長文.md"
printf 'title: ノート\nlanguage: ja\n' >"$tmp/ja/notes-site.yml"
"$bin" build --source "$tmp/ja" --output "$tmp/ja-site" >"$tmp/build-ja.log" 2>&1 || { cat "$tmp/build-ja.log"; exit 1; }

SITE_DIR="$tmp/site" LONG_SITE_DIR="$tmp/long-site" JA_SITE_DIR="$tmp/ja-site" \
  NOTES_SITE_BIN="$bin" SAMPLE_ROOT="$root" \
  python3 -m pytest -q -p no:cacheprovider "$here/test_site.py" "$here/test_i18n.py" \
  "$here/test_search.py" "$here/test_publishing.py" "$@"
