# Sourced by ./test, ./run and scripts/screenshots.sh: the CMake arguments of build/, the
# Release build. It is compiled with clang when clang is installed (scripts/ensure-packages.sh
# installs it, for the sanitizer build): the dynamics core runs 7-12 % faster than with GCC 12
# (docs/performance-notes.md), and clang compiles it in less CPU time. Without clang, the
# default compiler.
vms_release_dir=build
vms_release_args=(-DCMAKE_BUILD_TYPE=Release)
vms_release_compiler=default
if command -v clang >/dev/null && command -v clang++ >/dev/null; then
  vms_release_args+=(-DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++)
  vms_release_compiler=clang
fi
# CMake cannot switch the compiler of an existing build directory: a build/ configured with the
# other compiler (an older checkout, or clang installed since) is started again. Call before
# configuring.
vms_release_reset_if_other_compiler() {
  local cache=$vms_release_dir/CMakeCache.txt
  [[ -f $cache ]] || return 0
  local is_clang=no
  grep -q '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang' "$cache" && is_clang=yes
  if [[ ($vms_release_compiler == clang && $is_clang == no) ||
    ($vms_release_compiler != clang && $is_clang == yes) ]]; then
    echo "=== $vms_release_dir/ was configured with another compiler: removing it"
    rm -rf "$vms_release_dir"
  fi
}
