# Sourced by ./test and scripts/fuzz.sh: the CMake arguments of build-sanitize/, the one
# sanitizer build. clang with AddressSanitizer + UBSan and libFuzzer's coverage
# instrumentation (VMS_FUZZ), so the same compilation of the core serves the tests and the
# fuzz targets. -O1 -gline-tables-only without NDEBUG: Eigen's bounds assertions on, and less
# than half the compile time of -O2 -g (the sanitizer build is most of CI's build time).
vms_sanitize_dir=build-sanitize
vms_sanitize_flags="-O1 -gline-tables-only"
vms_sanitize_args=(-DCMAKE_BUILD_TYPE=RelWithDebInfo
  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++
  "-DCMAKE_C_FLAGS_RELWITHDEBINFO=$vms_sanitize_flags"
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=$vms_sanitize_flags"
  -DVMS_FUZZ=ON -DVMS_BUILD_UI=OFF -DVMS_BUILD_BENCH=OFF)
# A build-sanitize/ of an older checkout was configured with GCC: CMake cannot switch the
# compiler of an existing build directory, so start it again. Call before configuring.
vms_sanitize_reset_if_other_compiler() {
  if [[ -f $vms_sanitize_dir/CMakeCache.txt ]] &&
    ! grep -q '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang' "$vms_sanitize_dir/CMakeCache.txt"; then
    echo "=== $vms_sanitize_dir/ was configured with another compiler: removing it"
    rm -rf "$vms_sanitize_dir"
  fi
}
