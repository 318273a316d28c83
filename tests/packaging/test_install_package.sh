#!/usr/bin/env bash
# Installation and the Debian package. Usage: test_install_package.sh BUILD_DIR
#  1. `cmake --install` into a temporary prefix: the programs, the examples, README and docs,
#     the desktop entry and icon are where the programs look for them, and the installed `vms`
#     runs an installed example.
#  2. `cpack -G DEB` builds the package; its Depends come from the linked libraries.
#  3. As root (the CI container): `dpkg -i` installs it, /usr/bin/vms --version and
#     vms-workbench --version (no display) run, and `dpkg -r` removes it again. Otherwise the
#     package is unpacked with dpkg-deb -x and run from there.
set -uo pipefail
build=$(cd "${1:?usage: test_install_package.sh BUILD_DIR}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
check() {  # description, command...
  local what=$1; shift
  if "$@" >"$work/out.txt" 2>&1; then
    echo "PASS: $what"
  else
    echo "FAIL: $what"; sed 's/^/    /' "$work/out.txt" | head -20; failed=1
  fi
}

prefix="$work/prefix"
check "cmake --install" cmake --install "$build" --prefix "$prefix"
for f in bin/vms bin/vms-workbench share/vms/models/seed004_spatial_one_joint.scenario.json \
  share/doc/vms-workbench/README.md share/doc/vms-workbench/docs/contracts.md \
  share/applications/vms-workbench.desktop share/icons/hicolor/scalable/apps/vms-workbench.svg; do
  check "installed $f" test -s "$prefix/$f"
done
check "installed vms --version" "$prefix/bin/vms" --version
check "installed vms runs an installed example" "$prefix/bin/vms" run \
  "$prefix/share/vms/models/seed004_planar_one_joint.scenario.json" --out "$work/run"
check "its trajectory.csv" test -s "$work/run/trajectory.csv"
check "installed vms-workbench --version without a display" \
  env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$prefix/bin/vms-workbench" --version

# The Python package, when the build has it: imported by Debian's python3 from a clean folder,
# its version the installed vms's.
python=0
[[ -f "$build/python/vms/__init__.py" ]] && python=1
version=$("$prefix/bin/vms" --version | awk '{print $2}')
import_vms() {  # PYTHONPATH (may be empty)
  (cd "$work" && env PYTHONPATH="$1" /usr/bin/python3 -c \
    "import vms, numpy; assert vms.__version__ == '$version', vms.__version__; print(vms.__file__)")
}
if ((python)); then
  site=$(dirname "$(dirname "$(ls "$prefix"/lib/python3*/dist-packages/vms/__init__.py | head -1)")")
  check "installed Python package imports from a clean folder" import_vms "$site"
fi

(cd "$build" && cpack -G DEB -B "$work/package") >"$work/cpack.log" 2>&1 ||
  { echo "FAIL: cpack"; tail -20 "$work/cpack.log"; exit 1; }
deb=$(ls "$work"/package/vms-workbench_*.deb 2>/dev/null | head -1)
check "cpack made a .deb" test -s "$deb"
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for lib in libqt6widgets6 libc6; do
  check "Depends names $lib" grep -q "$lib" <<<"$depends"
done
if ((python)); then
  for dep in python3-numpy "python3 (>="; do
    check "Depends names $dep" grep -qF "$dep" <<<"$depends"
  done
fi

if [[ $(id -u) -eq 0 ]] && command -v dpkg >/dev/null; then
  if dpkg -s vms-workbench >/dev/null 2>&1; then
    echo "SKIP: dpkg -i (a vms-workbench package is already installed here)"
  else
    check "dpkg -i the package" dpkg -i "$deb"
    check "/usr/bin/vms --version" /usr/bin/vms --version
    check "/usr/bin/vms-workbench --version" env -u DISPLAY -u WAYLAND_DISPLAY \
      -u QT_QPA_PLATFORM /usr/bin/vms-workbench --version
    check "examples in /usr/share/vms/models" test -s \
      /usr/share/vms/models/seed004_spatial_one_joint.scenario.json
    ((python)) && check "import vms from the package (no PYTHONPATH)" import_vms ""
    check "dpkg -r the package" dpkg -r vms-workbench
  fi
else
  check "dpkg-deb -x" dpkg-deb -x "$deb" "$work/unpacked"
  check "unpacked vms --version" "$work/unpacked/usr/bin/vms" --version
  ((python)) && check "import vms from the unpacked package" import_vms \
    "$(ls -d "$work"/unpacked/usr/lib/python3*/dist-packages | head -1)"
fi

if ((failed)); then echo "test_install_package: FAILED"; exit 1; fi
echo "test_install_package: all checks passed"
