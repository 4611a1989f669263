#!/usr/bin/env bash
# Builds the installable LoomScope from target/loomscope.jar (run by `./mvnw -Ppackage package`):
#   target/dist/LoomScope/        the app image: bin/LoomScope, its own jlink'd runtime (bin/java kept:
#                                 every run starts a runner JVM from it), the jar and its AOT cache,
#                                 the docs and their pictures (lib/docs, lib/assets: F1 opens them)
#   target/dist/loomscope_*.deb   the same as a Debian package, with a menu entry and the icon
#                                 (src/package/deb: its postinst and prerm; check-deb.sh checks it)
# Usage: package.sh VERSION [--deb=true|false]
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
version="$1"
make_deb=true
[ "${2:-}" = "--deb=false" ] && make_deb=false
jdk="$("$root/loomscope" --jdk-home)"
target="$root/target"
work="$target/package-work"
dist="$target/dist"
image="$dist/LoomScope"

# What the app and its runner JVMs use (jdeps on the jar names java.base, java.desktop, java.net.http,
# java.scripting, java.sql, jdk.httpserver, jdk.jfr, jdk.management), plus what is reached by name
# or reflection: JavaFX's Unsafe (jdk.unsupported), JFR's MXBean, the Attach API (loomscope attach),
# JMX over RMI and its rmi: JNDI lookup (attach --jmx: java.management.rmi, jdk.naming.rmi),
# JavaFX's logging, the time zones and crypto of java.net.http, and javac (jdk.compiler, found by
# ToolProvider) for a user's --task-file and the "Your task" editor.
modules=java.base,java.compiler,java.desktop,java.logging,java.management,java.net.http,java.scripting,java.sql,java.xml,\
java.management.rmi,jdk.naming.rmi,jdk.attach,jdk.compiler,jdk.crypto.ec,jdk.httpserver,jdk.jfr,jdk.management,jdk.management.jfr,jdk.unsupported,jdk.zipfs

rm -rf "$work" "$dist"
mkdir -p "$work/input" "$dist" "$work/content/docs" "$work/content/assets"
cp "$target/loomscope.jar" "$work/input/"
# The docs the window's F1 opens (lib/docs in the image) and the pictures their pages show, which
# they link as ../assets/NAME (lib/assets); the README's own pictures stay out.
cp "$root"/docs/*.md "$work/content/docs/"
for picture in $(grep -oh '\.\./assets/[A-Za-z0-9._-]*' "$root"/docs/*.md | sort -u); do
  cp "$root/docs/$picture" "$work/content/assets/"
done

echo "jlink: a runtime of $modules"
# Our own jlink, so the runtime keeps bin/java (jpackage's default options strip the native commands).
"$jdk/bin/jlink" --add-modules "$modules" --strip-debug --no-man-pages --no-header-files \
  --compress=zip-6 --output "$work/runtime"

echo "jpackage: the app image"
"$jdk/bin/jpackage" --type app-image --dest "$dist" --name LoomScope --app-version "$version" \
  --vendor "LoomScope" --description "See Java virtual threads at work" \
  --input "$work/input" --main-jar loomscope.jar --main-class dev.loomscope.Main \
  --runtime-image "$work/runtime" --icon "$root/src/main/resources/dev/loomscope/ui/theme/loomscope-icon.png" \
  --app-content "$work/content/docs,$work/content/assets"
"$root/src/package/check-image.sh" "$image"

# Our launcher in place of jpackage's native one (see the script: it skips a package query at every
# start), reading the window's options from beside the jar.
install -m 755 "$root/src/package/LoomScope.launcher" "$image/bin/LoomScope"
rm -f "$image/lib/libapplauncher.so"
cp "$root/src/main/resources/dev/loomscope/window-jvm.options" "$image/lib/app/window-jvm.options"

# The AOT cache (JEP 483/514/515): classes loaded and linked, and method profiles, from a training
# run that opens the window as a person does (no options) and closes it once it is shown, on JavaFX's headless platform (no display
# needed). Same runtime, jar and options as the launcher; a cache that no longer matches (or is
# missing) is ignored without a word (-Xlog:aot=off): the window then starts as without it.
echo "AOT cache: a training run of the window"
LOOMSCOPE_EXIT_WHEN_SHOWN=1 "$image/lib/runtime/bin/java" "@$image/lib/app/window-jvm.options" -XX:AOTCacheOutput="$image/lib/app/loomscope.aot" \
  -Xlog:aot=error -Xlog:cds=error -Dglass.platform=Headless -Dprism.order=sw \
  -jar "$image/lib/app/loomscope.jar" 2>&1 \
  | { grep -v -e "window shown" -e "^Picked up JAVA_TOOL_OPTIONS" -e "AOTCache" -e "AOTConfiguration" -e "AOT configuration" -e "to assemble AOT cache" || true; }
[ -f "$image/lib/app/loomscope.aot" ] || { echo "The AOT cache was not made" >&2; exit 1; }

echo "App image: $image ($(du -sh "$image" | cut -f1))"

if $make_deb; then
  for tool in dpkg-deb fakeroot; do
    command -v "$tool" >/dev/null || { echo "The .deb needs $tool (apt-get install dpkg-dev fakeroot), or build with -Dloomscope.deb=false" >&2; exit 1; }
  done
  echo "jpackage: the .deb"
  # --resource-dir: our postinst and prerm (jpackage's, but the menu entry may fail without failing
  # the install or the removal: see src/package/deb/postinst). --linux-package-deps: what JavaFX's
  # native libraries link (readelf -d on the .so files in the jar), which jpackage cannot see
  # because JavaFX unpacks them at run time; jpackage adds the runtime's own (libc6, libx11-6,
  # libasound2, ...) and xdg-utils. The window: libglassgtk3 (GTK 3, libXtst), libprism_es2
  # (OpenGL; without it JavaFX draws in software), the font libraries (FreeType, Fontconfig, Pango);
  # libXtst, which libglassgtk3 also links, is in jpackage's list already (the runtime's AWT links it).
  # src/package/check-deb.sh checks on the machine it installs on that none of them is missing.
  fx_deps="libgtk-3-0, libgl1, libxxf86vm1, libatk1.0-0, libcairo2, libcairo-gobject2,\
 libgdk-pixbuf-2.0-0, libglib2.0-0, libpango-1.0-0, libpangocairo-1.0-0, libpangoft2-1.0-0,\
 libfontconfig1, libfreetype6"
  "$jdk/bin/jpackage" --type deb --dest "$dist" --name LoomScope --app-version "$version" \
    --vendor "LoomScope" --description "See Java virtual threads at work" \
    --app-image "$image" --icon "$root/src/main/resources/dev/loomscope/ui/theme/loomscope-icon.png" \
    --linux-package-name loomscope --linux-shortcut --linux-menu-group "Development;Education;" \
    --linux-app-category devel --linux-deb-maintainer dev@loomscope.dev \
    --resource-dir "$root/src/package/deb" --linux-package-deps "$fx_deps"
  ls -la "$dist"/*.deb
fi
