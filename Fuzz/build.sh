#!/bin/sh
# Builds the libFuzzer targets in Fuzz/Sources against the project's own sources, with
# address sanitizer and coverage, into .build/fuzz/. Linux, Swift 6 toolchain, libcmark-dev
# and libyaml-dev. The main package is not touched: `swift build` never sees these targets.
#
#   Fuzz/build.sh                 # all four targets
#   Fuzz/build.sh frontmatter     # one
set -eu
cd "$(dirname "$0")/.."
OUT=.build/fuzz
mkdir -p "$OUT"
FLAGS="-O -g -parse-as-library -sanitize=fuzzer,address -swift-version 6 -I $OUT -I Sources/CCmark -I Sources/CYaml"

# One object file and module per library the targets use.
module() {  # name, sources...
  name=$1; shift
  if [ ! -f "$OUT/$name.o" ] || [ -n "$(find "$@" -newer "$OUT/$name.o" 2>/dev/null)" ]; then
    echo "compiling $name"
    swiftc $FLAGS -wmo -module-name "$name" -emit-module -emit-module-path "$OUT/$name.swiftmodule" \
      -c "$@" -o "$OUT/$name.o"
  fi
}
module NotesCore Sources/NotesCore/*.swift
module NotesYAML Sources/NotesYAML/*.swift Sources/NotesYAML/Internal/*.swift
module NotesMarkdown Sources/NotesMarkdown/*.swift Sources/NotesMarkdown/Passes/*.swift
module NotesMustache Sources/NotesMustache/*.swift Sources/NotesMustache/Internal/*.swift

target() {  # name, extra sources and objects...
  name=$1; shift
  echo "linking fuzz-$name"
  swiftc $FLAGS -module-name "Fuzz_$name" "Fuzz/Sources/$name.swift" "$@" -o "$OUT/fuzz-$name"
}
ARG=${1:-}
if [ -z "$ARG" ] || [ "$ARG" = frontmatter ]; then
  # FrontMatter lives in NotesSite, which needs the theme plugin; its files stand alone
  # (with NotesMarkdown, which reads the wiki links in property values, and Logseq's
  # properties, which are front matter too).
  target frontmatter Sources/NotesSite/Loading/FrontMatter.swift Sources/NotesSite/Loading/FrontMatterReader.swift \
    Sources/NotesSite/Loading/LogseqProperties.swift \
    "$OUT/NotesCore.o" "$OUT/NotesYAML.o" "$OUT/NotesMarkdown.o" -lyaml -lcmark
fi
if [ -z "$ARG" ] || [ "$ARG" = markdown ]; then
  target markdown "$OUT/NotesCore.o" "$OUT/NotesMarkdown.o" -lcmark
fi
if [ -z "$ARG" ] || [ "$ARG" = mustache ]; then
  target mustache "$OUT/NotesMustache.o"
fi
if [ -z "$ARG" ] || [ "$ARG" = route ]; then
  target route "$OUT/NotesCore.o"
fi
