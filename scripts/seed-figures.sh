#!/usr/bin/env bash
# Regenerates the seed-004 figure presets (models/seed004_figures.json) as PNG: for every
# figure, `vms run` on its scenario (each scenario once) and `vms plot` of the figure's
# trajectory.csv columns, titled with the figure's title, into OUT/seed004_fig<id>.png.
#   scripts/seed-figures.sh [OUT]        # OUT defaults to docs/figures
# Environment: VMS (the vms binary; default $BUILD_DIR/app/vms/vms, BUILD_DIR=build),
# PRESETS (the preset file; default models/seed004_figures.json). Needs jq.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/docs/figures}
vms=${VMS:-$root/${BUILD_DIR:-build}/app/vms/vms}
presets=${PRESETS:-$root/models/seed004_figures.json}
command -v jq >/dev/null || { echo "seed-figures.sh: jq is needed (apt-get install jq)" >&2; exit 2; }
[[ -x $vms ]] || { echo "seed-figures.sh: no vms binary at $vms (build the vms target or set VMS)" >&2; exit 2; }

mkdir -p "$out"
runs=$(mktemp -d)
trap 'rm -rf "$runs"' EXIT
models=$(dirname "$presets")
count=$(jq '.figures | length' "$presets")
for ((k = 0; k < count; k++)); do
  id=$(jq -r ".figures[$k].id" "$presets")
  title=$(jq -r ".figures[$k].title" "$presets")
  scenario=$(jq -r ".figures[$k].scenario" "$presets")
  columns=$(jq -r ".figures[$k].quantities | join(\",\")" "$presets")
  run=$runs/${scenario%.scenario.json}
  if [[ ! -f $run/trajectory.csv ]]; then
    echo "== vms run $scenario"
    "$vms" run "$models/$scenario" --out "$run" >/dev/null
  fi
  png=$out/seed004_fig$(echo "$id" | tr '[:upper:]' '[:lower:]').png
  "$vms" plot "$run/trajectory.csv" --y "$columns" --title "$title" --width 900 --out "$png"
  echo "   $png"
done
