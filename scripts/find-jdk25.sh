# Finds a JDK 25 or later; sourced by ./loomscope (bash) and ./mvnw (POSIX sh), so plain sh only.
# Defines functions and nothing else; their variables start with _ls_ to keep clear of the callers'.

# loomscope_read_version DIR: sets _ls_version to the JDK's major version, from its release file read
# by the shell itself (no program started: this runs before every window opens), else from the JVM.
loomscope_read_version() {
  _ls_version=""
  if [ -f "$1/release" ]; then
    while IFS= read -r _ls_line || [ -n "$_ls_line" ]; do
      case $_ls_line in
        JAVA_VERSION=\"*)
          _ls_version="${_ls_line#JAVA_VERSION=\"}"
          _ls_version="${_ls_version%%[!0-9]*}"
          break ;;
      esac
    done < "$1/release"
  fi
  if [ -z "$_ls_version" ]; then
    _ls_version="$("$1/bin/java" -XshowSettings:properties -version 2>&1 | awk -F' = ' '/java.specification.version/ {print $2}')"
  fi
}

# loomscope_java_version DIR: prints the JDK's major version (see loomscope_read_version).
loomscope_java_version() {
  loomscope_read_version "$1"
  echo "$_ls_version"
}

# loomscope_is_jdk25 DIR [TOOL]: whether DIR holds a JDK 25 or later with bin/TOOL (default java).
loomscope_is_jdk25() {
  [ -n "$1" ] && [ -x "$1/bin/${2:-java}" ] || return 1
  loomscope_read_version "$1"
  _ls_major="$_ls_version"
  [ "${_ls_major%%.*}" -ge 25 ] 2>/dev/null
}

# loomscope_find_jdk [TOOL]: prints the first JDK 25 or later in $LOOMSCOPE_JAVA_HOME, $JAVA_HOME,
# /usr/lib/jvm, ~/.sdkman, ~/.jdks, /opt, and leaves it in _ls_found; fails if there is none.
loomscope_find_jdk() {
  # mvnw runs with globbing off (set -f); the install places are globs.
  case $- in *f*) _ls_noglob=true; set +f ;; *) _ls_noglob=false ;; esac
  _ls_found=""
  for _ls_candidate in "${LOOMSCOPE_JAVA_HOME:-}" "${JAVA_HOME:-}" /usr/lib/jvm/* "$HOME"/.sdkman/candidates/java/* \
      "$HOME"/.jdks/* /opt/java/* /opt/jdk*; do
    if loomscope_is_jdk25 "$_ls_candidate" "${1:-java}"; then
      _ls_found="$_ls_candidate"
      break
    fi
  done
  if $_ls_noglob; then set -f; fi
  [ -n "$_ls_found" ] && echo "$_ls_found"
}
