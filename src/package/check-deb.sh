#!/usr/bin/env bash
# Installs the .deb with apt-get as a user would, checks it, runs it and removes it again (CI runs
# it after the package build; it needs root and a Debian-like machine with apt).
#   1. On a machine without a desktop menu directory: apt-get install must succeed (the postinst
#      says on one line that there is no menu entry), dpkg must say "install ok installed", Depends
#      must name libgtk-3-0 and the package of every library JavaFX's native code links, which must
#      all be there, and the installed launcher must run a headless run with no JDK on the PATH
#      (and open its window, where xvfb-run is there); then apt-get purge, which must leave no
#      trace in dpkg.
#   2. With a menu directory: the install adds the menu entry and the purge takes it away.
# Neither case touches the machine's own menu directories: xdg-desktop-menu, run by the postinst
# and the prerm, looks for them in $XDG_DATA_DIRS, which apt-get and dpkg pass on to both; case 1
# gives it an empty folder, case 2 one with applications/ and desktop-directories/ in it.
# Afterwards the machine has what it had: loomscope and the packages this check installed for it
# are purged (apt-get update runs only when the package lists cannot give the dependencies).
# Usage: check-deb.sh [path/to/loomscope_VERSION_ARCH.deb]
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
fail() { echo "check-deb: $*" >&2; exit 1; }
say() { echo "check-deb: $*"; }

if [ $# -ge 1 ]; then
  deb="$1"
else
  debs=("$root"/target/dist/loomscope_*.deb)
  [ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "expected one target/dist/loomscope_*.deb (build it with ./mvnw -Ppackage -DskipTests package)"
  deb="${debs[0]}"
fi
deb="$(cd "$(dirname "$deb")" && pwd)/$(basename "$deb")"
[ -f "$deb" ] || fail "no such file: $deb"
[ "$(id -u)" -eq 0 ] || fail "installs a package: run it as root"
command -v apt-get >/dev/null || fail "needs apt-get"
package="$(dpkg-deb -f "$deb" Package)"
# dpkg's status of the package: "install ok installed", ..., or nothing when dpkg has no trace of it.
status() {
  local s
  s="$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)"
  [ "$s" = "unknown ok not-installed" ] || echo "$s"
}
[ -z "$(status)" ] || fail "$package is on this machine already ($(status)); this check installs and purges it, so it leaves it alone"

work="$(mktemp -d)"
export DEBIAN_FRONTEND=noninteractive
# Waits for the dpkg lock (other builds on the machine may be installing); Depends alone must be
# enough to run, so recommended packages are left out.
apt=(apt-get -y -q -o DPkg::Lock::Timeout=600 --no-install-recommends)
added=()

cleanup() {
  local rc=$?
  set +e
  if [ -n "$(status)" ]; then
    # With a menu directory of its own, so that a prerm whose xdg-desktop-menu fails without one
    # (jpackage's) cannot keep the package on the machine.
    mkdir -p "$work/cleanup/applications" "$work/cleanup/desktop-directories"
    XDG_DATA_DIRS="$work/cleanup" XDG_CONFIG_DIRS="$work/cleanup" "${apt[@]}" purge "$package" >"$work/cleanup.log" 2>&1 \
      || { tail -20 "$work/cleanup.log" >&2; rc=1; }
  fi
  # The packages this check installed (and only those still marked as installed automatically).
  local auto=() p
  for p in "${added[@]}"; do
    apt-mark showauto "$p" | grep -qx "$p" && auto+=("$p")
  done
  if [ ${#auto[@]} -gt 0 ]; then
    say "purging the ${#auto[@]} packages installed for $package"
    "${apt[@]}" purge "${auto[@]}" >"$work/cleanup-deps.log" 2>&1 || { tail -20 "$work/cleanup-deps.log" >&2; rc=1; }
  fi
  rm -rf "$work"
  exit "$rc"
}
trap cleanup EXIT

# What the install will add: the dependencies to purge at the end. A simulation that cannot resolve
# them (no package lists yet, as on a fresh machine) asks for apt-get update; so does a download
# that fails (lists older than the mirror).
plan() { "${apt[@]}" install -s "$deb" >"$work/plan.log" 2>&1; }
fetch() { "${apt[@]}" install --download-only "$deb" >"$work/fetch.log" 2>&1; }
if ! plan || ! fetch; then
  say "the package lists cannot give the dependencies: apt-get update"
  apt-get -q -o DPkg::Lock::Timeout=600 update >"$work/update.log" 2>&1 || { tail -20 "$work/update.log" >&2; fail "apt-get update failed"; }
  plan || { cat "$work/plan.log" >&2; fail "apt-get cannot install $deb"; }
  fetch || { tail -20 "$work/fetch.log" >&2; fail "apt-get cannot download the dependencies of $deb"; }
fi
# "Inst name (version ...)" is a package new to the machine; "Inst name [old] (new ...)" an upgrade.
mapfile -t added < <(awk '$1 == "Inst" && $3 !~ /^\[/ { print $2 }' "$work/plan.log" | grep -vx "$package" || true)
upgraded="$(awk '$1 == "Inst" && $3 ~ /^\[/ { print $2 }' "$work/plan.log" | tr '\n' ' ')"
say "installing $(basename "$deb") and ${#added[@]} packages it needs${upgraded:+ (apt-get upgrades, and leaves upgraded: $upgraded)}"

# install LOG [VAR=value...]: apt-get install of the .deb in the given environment.
install_deb() {
  local log="$1" rc=0; shift
  env "$@" "${apt[@]}" install "$deb" >"$log" 2>&1 || rc=$?
  [ "$rc" -eq 0 ] || { tail -30 "$log" >&2; fail "apt-get install exited $rc ($*); dpkg says \"$(status)\""; }
}
# purge_deb LOG [VAR=value...]: apt-get purge of the package in the given environment.
purge_deb() {
  local log="$1" rc=0; shift
  env "$@" "${apt[@]}" purge "$package" >"$log" 2>&1 || rc=$?
  [ "$rc" -eq 0 ] || { tail -30 "$log" >&2; fail "apt-get purge exited $rc ($*); dpkg says \"$(status)\""; }
}

# 1. No desktop menu directory.
no_menu="$work/no-menu"
mkdir -p "$no_menu"
install_deb "$work/install-no-menu.log" XDG_DATA_DIRS="$no_menu" XDG_CONFIG_DIRS="$no_menu"
grep "^$package: " "$work/install-no-menu.log" || true
[ "$(status)" = "install ok installed" ] || fail "dpkg says \"$(status)\" after the install, not \"install ok installed\""
grep -q "^$package: installed without a menu entry" "$work/install-no-menu.log" \
  || fail "the install found a menu directory though XDG_DATA_DIRS had none (a GNOME or KDE one of its own?): the case without one was not checked"
depends="$(dpkg-query -W -f='${Depends}' "$package")"
grep -qE '(^|[ ,])libgtk-3-0([ ,(]|$)' <<<"$depends" || fail "Depends does not name libgtk-3-0: $depends"
say "dpkg: $(status); Depends: $depends"

dpkg -L "$package" >"$work/files"
launcher="$(grep -m1 '/bin/LoomScope$' "$work/files")" || fail "the package has no bin/LoomScope"
jar="$(dirname "$(dirname "$launcher")")/lib/app/loomscope.jar"
# JavaFX's native libraries, as the window unpacks them, and what each links: all on the machine.
jdk="$("$root/loomscope" --jdk-home)"
mkdir -p "$work/fx"
(cd "$work/fx" && "$jdk/bin/jar" xf "$jar" $("$jdk/bin/jar" tf "$jar" | grep '\.so$'))
missing="$(cd "$work/fx" && for so in *.so; do ldd "$so" | sed -n "s|^[[:space:]]*\(.*\) => not found|$so needs \1|p"; done)"
[ -z "$missing" ] || fail "JavaFX's libraries link what the Depends did not install: $missing"
# And, on any machine (one that had them all before the install too): the package of every library
# they link directly is named in Depends, itself or by a name it Provides (libglib2.0-0t64 provides
# libglib2.0-0). readelf (binutils) tells direct from indirect; without it this part is skipped.
owner() {  # the package a library file comes from (dpkg knows some under /lib, some under /usr/lib)
  local c
  for c in "$1" "$(readlink -f "$1")" "/usr$1" "${1#/usr}"; do
    dpkg -S "$c" 2>/dev/null | grep -v '^diversion' | sed -n '1s/[:,].*//p' | grep . && return 0
  done
  return 1
}
if command -v readelf >/dev/null; then
  named=" $(sed 's/([^)]*)//g; s/[|,]/ /g' <<<"$depends" | tr -s ' ') "
  unnamed=""
  for so in "$work"/fx/*.so; do
    for lib in $(readelf -d "$so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
      path="$(ldd "$so" | awk -v l="$lib" '$1 == l && $2 == "=>" { print $3 }')"
      [ -n "$path" ] || continue  # the dynamic loader, libc6's
      pkg="$(owner "$path")" || { unnamed+=" $(basename "$so"):$lib(no package)"; continue; }
      ok=false
      for name in "$pkg" $(dpkg-query -W -f='${Provides}' "$pkg" 2>/dev/null | sed 's/([^)]*)//g; s/,/ /g'); do
        [[ "$named" == *" $name "* ]] && ok=true
      done
      $ok || unnamed+=" $(basename "$so"):$lib($pkg)"
    done
  done
  [ -z "$unnamed" ] || fail "Depends does not name what JavaFX's libraries link:$unnamed (src/package/package.sh, fx_deps)"
  say "JavaFX's $(ls "$work/fx" | wc -l) native libraries find everything they link, all from packages Depends names"
else
  say "JavaFX's $(ls "$work/fx" | wc -l) native libraries find everything they link (no readelf: not checked against Depends)"
fi

say "$launcher run --executor virtual --tasks 1000 --sleep-ms 10 (no JAVA_HOME, PATH=/usr/bin:/bin)"
run_status=0
(cd "$work" && env -u JAVA_HOME PATH=/usr/bin:/bin "$launcher" run --executor virtual --tasks 1000 --sleep-ms 10) || run_status=$?
[ "$run_status" -eq 0 ] || fail "the installed launcher's run exited $run_status"
# The window too, where the machine has a display to give it (this check installs none).
if command -v xvfb-run >/dev/null; then
  say "$launcher under xvfb-run, until its window is shown"
  (cd "$work" && LOOMSCOPE_EXIT_WHEN_SHOWN=1 env -u JAVA_HOME PATH=/usr/bin:/bin timeout 120 xvfb-run -a "$launcher") || run_status=$?
  [ "$run_status" -eq 0 ] || fail "the installed launcher's window exited $run_status"
else
  say "no xvfb-run here: the window was not opened (apt-get install xvfb xauth to have it opened)"
fi

purge_deb "$work/purge-no-menu.log" XDG_DATA_DIRS="$no_menu" XDG_CONFIG_DIRS="$no_menu"
grep "^$package: " "$work/purge-no-menu.log" || true
[ "$(status)" = "" ] || fail "dpkg says \"$(status)\" after the purge"
say "without a menu directory: installed, ran and purged"

# 2. A menu directory: the entry comes and goes.
menu="$work/menu"
mkdir -p "$menu/share/applications" "$menu/share/desktop-directories" "$menu/config"
install_deb "$work/install-menu.log" XDG_DATA_DIRS="$menu/share" XDG_CONFIG_DIRS="$menu/config"
! grep "^$package: " "$work/install-menu.log" || fail "the postinst added no menu entry though there was a menu directory"
desktop="$(grep -m1 '\.desktop$' "$work/files")" || fail "the package has no .desktop file"
[ -f "$menu/share/applications/$(basename "$desktop")" ] || fail "no $(basename "$desktop") in the menu directory after the install"
purge_deb "$work/purge-menu.log" XDG_DATA_DIRS="$menu/share" XDG_CONFIG_DIRS="$menu/config"
[ ! -e "$menu/share/applications/$(basename "$desktop")" ] || fail "$(basename "$desktop") is still in the menu directory after the purge"
[ "$(status)" = "" ] || fail "dpkg says \"$(status)\" after the purge"
say "with a menu directory: $(basename "$desktop") added by the install and taken away by the purge"
