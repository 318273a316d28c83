#!/usr/bin/env bash
# Takes the README screenshots of the running desktop workbench under Xvfb (builds it first if
# needed) into docs/screenshots/: each is the whole window after a self-measurement run of an
# example (3D view with the manipulability ellipsoids, three live plots, the explanation), and
# the run's report (docs/screenshots/<name>.json) sits next to it. Then the editing
# walkthrough's steps (docs/screenshots/editing-*.png) from test_app_editing_walkthrough and
# test_app_drafts, which check each step as they shoot it, and the Turn the vehicle dialog
# (docs/screenshots/turn-vehicle.png) from test_app_plan_actions; the main window at its
# default size with its docks (window-docks.png, scripts/shoot-window-docks.sh), a Ctrl + drag
# pull's arrow (perturbation-arrow.png) from test_app_simulation, the Null space plot of a
# reaction_null_space run (reactionless-limit.png) from test_app_reaction_null_space, and a
# `vms plot` export at the default size and scale (plot-export-2x.png).
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
  test_app_editing_walkthrough test_app_drafts test_app_plan_actions test_app_simulation \
  test_app_reaction_null_space vms

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
# The main window at its default size with its docks, on a 1600 x 1000 screen.
xvfb-run -a -s "-screen 0 1600x1000x24" scripts/shoot-window-docks.sh "$workbench" \
  "$out/window-docks.png"
ls "$out"/window-docks.png
# A Ctrl + drag pull with its red arrow, from test_app_simulation (which checks the arrow).
VMS_SCREENSHOT_DIR=$PWD/$out xvfb-run -a -s "-screen 0 1600x1000x24" \
  "$build/tests/test_app_simulation" ctrlDragPullsTheVehicle >/dev/null
ls "$out"/perturbation-arrow.png
# The Null space plot after seed004_spatial_reactionless_limit's run, from
# test_app_reaction_null_space (which checks the plot against vms run).
VMS_SCREENSHOT_DIR=$PWD/$out xvfb-run -a -s "-screen 0 1600x1000x24" \
  "$build/tests/test_app_reaction_null_space" >/dev/null
ls "$out"/reactionless-limit.png
# A plot export at the default 1600 x 1000 px and scale 2, as Export > All Plots writes them.
run=$(mktemp -d)
"$build/app/vms/vms" run models/seed004_spatial_one_joint.scenario.json --out "$run" >/dev/null
"$build/app/vms/vms" plot "$run/trajectory.csv" --y vehicle_attitude_deviation,base_wx \
  --out "$out/plot-export-2x.png"
rm -rf "$run"
ls "$out"/plot-export-2x.png
