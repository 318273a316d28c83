#!/usr/bin/env bash
# Takes the README screenshots of the running desktop workbench under Xvfb (builds it first if
# needed) into docs/screenshots/: each is the whole window after a self-measurement run of an
# example (3D view with the manipulability ellipsoids, three live plots, the explanation), and
# the run's report (docs/screenshots/<name>.json) sits next to it. Then the editing
# walkthrough's steps (docs/screenshots/editing-*.png) from test_app_editing_walkthrough and
# test_app_drafts, which check each step as they shoot it, and the Turn the vehicle dialog
# (docs/screenshots/turn-vehicle.png) from test_app_plan_actions.
#   scripts/screenshots.sh            # BUILD_DIR=build by default
set -euo pipefail
cd "$(dirname "$0")/.."
build=${BUILD_DIR:-build}
workbench=$build/app/vms-workbench/vms-workbench
if [[ ! -f $build/build.ninja ]]; then
  ./scripts/ensure-packages.sh
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DVMS_BUILD_BENCH=OFF
fi
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" --target vms-workbench \
  test_app_editing_walkthrough test_app_drafts test_app_plan_actions

out=docs/screenshots
mkdir -p "$out"
# shoot NAME SCENARIO SECONDS: SECONDS of real time on models/SCENARIO.scenario.json.
shoot() {
  local name=$1 scenario=$2 seconds=$3
  echo "== $name: $scenario, $seconds s"
  xvfb-run -a -s "-screen 0 1280x1024x24" "$workbench" \
    --scenario "models/$scenario.scenario.json" --run-seconds "$seconds" \
    --report "$out/$name.json" --screenshot "$out/$name.png" >/dev/null
  echo "   $out/$name.png"
}
shoot workbench-seed004-spatial seed004_spatial_one_joint 14
shoot workbench-seed003-inspection seed003_inspection 8

echo "== editing walkthrough"
VMS_SCREENSHOT_DIR=$PWD/$out xvfb-run -a -s "-screen 0 1280x1024x24" \
  "$build/tests/test_app_editing_walkthrough" >/dev/null
# Step 7: a draft (a model that does not compile, opened to be fixed), from test_app_drafts.
VMS_SCREENSHOT_DIR=$PWD/$out xvfb-run -a -s "-screen 0 1280x1024x24" \
  "$build/tests/test_app_drafts" >/dev/null
ls "$out"/editing-*.png
# The Teach panel's Turn the vehicle dialog, from test_app_plan_actions.
VMS_SCREENSHOT_DIR=$PWD/$out xvfb-run -a -s "-screen 0 1280x1024x24" \
  "$build/tests/test_app_plan_actions" >/dev/null
ls "$out"/turn-vehicle.png
