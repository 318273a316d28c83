#!/usr/bin/env bash
# The main window at its default size (the whole screen up to 1800 x 1100) with its docks,
# paused after 10 s of seed 004's spatial example, with default settings; run inside an X
# server (scripts/screenshots.sh runs it under a 1600 x 1000 Xvfb). Needs xdotool (Space plays
# and pauses) and ImageMagick's import (grabs the screen).
#   scripts/shoot-window-docks.sh WORKBENCH OUT.png
set -euo pipefail
cd "$(dirname "$0")/.."
workbench=$1 shot=$2
settings=$(mktemp -d)
XDG_CONFIG_HOME=$settings XDG_DATA_HOME=$settings XDG_CACHE_HOME=$settings \
  "$workbench" --fresh models/seed004_spatial_one_joint.scenario.json >/dev/null 2>&1 &
pid=$!
window=$(xdotool search --sync --name "VMS Workbench" | head -1)
sleep 3
xdotool windowfocus --sync "$window" key space
sleep 10
xdotool key space
sleep 1
import -window root "$shot"
kill "$pid"
wait "$pid" || true
rm -rf "$settings"
