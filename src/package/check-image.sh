#!/usr/bin/env bash
# Checks that an app image carries the docs the window's F1 opens: every page of docs/ in lib/docs,
# beside lib/app (where DocsLocator looks from the jar), and every picture those pages show, at the
# path the pages give (../assets/NAME). package.sh runs it on the image it builds.
# Usage: check-image.sh path/to/LoomScope
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
image="${1:?usage: check-image.sh IMAGE}"
fail() { echo "check-image: $*" >&2; exit 1; }

[ -f "$image/lib/app/loomscope.jar" ] || fail "no lib/app/loomscope.jar in $image"
for page in "$root"/docs/*.md; do
  [ -f "$image/lib/docs/$(basename "$page")" ] || fail "the image lacks docs/$(basename "$page")"
done
pictures=0
for picture in $(grep -oh '\.\./assets/[A-Za-z0-9._-]*' "$image"/lib/docs/*.md | sort -u); do
  [ -f "$image/lib/docs/$picture" ] || fail "a page shows $picture, which the image lacks"
  pictures=$((pictures + 1))
done
echo "check-image: $(ls "$image"/lib/docs/*.md | wc -l) pages and their $pictures pictures in $image/lib"
