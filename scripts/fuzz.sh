#!/usr/bin/env bash
# Runs the libFuzzer targets of fuzz/ (clang, ASan + UBSan) for a fixed time each.
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
# SECONDS_PER_TARGET defaults to 60; TARGET is urdf, vms_json, state, scenario or simulate
# (with or without the fuzz_ prefix; default: all five). CI (./test --all) runs
# `scripts/fuzz.sh 12`.
#
# Builds the targets in build-sanitize/ (the sanitizer build of ./test --sanitize, configured
# by scripts/sanitize-args.sh), makes the seed corpora from models/ in
# build-sanitize/seeds/<target> (the committed fuzz/regressions/<target> is read as seeds
# too), keeps the growing working corpus in build-sanitize/corpus/<target> and writes findings
# (crash-, leak-, timeout-, oom- files) to build-sanitize/findings/<target>/.
# libFuzzer stops a target at its first finding. Reproduce one with
#   build-sanitize/fuzz/fuzz_<target> FILE
# and shrink it with `build-sanitize/fuzz/fuzz_<target> -minimize_crash=1 -runs=10000 FILE`.
# Ends with one line per target (executions, cov, ft, findings); exits 1 on any finding or
# when a target could not run.
#
# Environment: FUZZ_CPU_SECONDS=1 (SECONDS are CPU seconds of each target, for long niced
# runs on a busy machine), FUZZ_PARALLEL=N (targets run at once, default 1), FUZZ_MAX_LEN
# (default 65536: big enough for deep-nesting inputs of tens of KB, small enough to keep
# executions fast), FUZZ_JOBS (build jobs, default nproc).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

seconds=${1:-60}
shift $(($# > 0 ? 1 : 0))
all_targets=(urdf vms_json state scenario simulate)
targets=()
for t in "${@:-${all_targets[@]}}"; do
  t=${t#fuzz_}
  if [[ ! " ${all_targets[*]} " == *" $t "* ]]; then
    echo "fuzz.sh: unknown target '$t' (expected: ${all_targets[*]})" >&2
    exit 2
  fi
  targets+=("$t")
done
if ! [[ $seconds =~ ^[0-9]+$ ]] || ((seconds < 1)); then
  echo "usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]" >&2
  exit 2
fi

# The sanitizer build of ./test --sanitize (scripts/sanitize-args.sh): one configuration
# and one compilation of the core for the tests and the fuzz targets. Only the targets asked
# for (and the libraries they link) are built here.
source scripts/sanitize-args.sh
build=$vms_sanitize_dir
max_len=${FUZZ_MAX_LEN:-65536}
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}

# --- build -------------------------------------------------------------------------------
vms_sanitize_reset_if_other_compiler
echo "=== Configuring $build"
cmake -S . -B "$build" -G Ninja "${vms_sanitize_args[@]}" >"$build.configure.log" 2>&1 || {
  cat "$build.configure.log"
  echo "fuzz.sh: configuring $build failed" >&2
  exit 1
}
echo "=== Building ${targets[*]/#/fuzz_} in $build"
build_start=$SECONDS
cmake --build "$build" -j "$jobs" --target "${targets[@]/#/fuzz_}" || {
  echo "fuzz.sh: build failed" >&2
  exit 1
}
echo "=== Built in $((SECONDS - build_start)) s"

# --- seed corpora: the example models, generated each run (not kept in git) ---------------
seed_files() {  # $1 = target
  case $1 in
    urdf) ls models/*.urdf ;;
    vms_json) ls models/*.vms.json ;;
    state) ls models/state_*.json ;;
    scenario) ls models/*.scenario.json ;;
    simulate) ls models/*.vms.json models/*.urdf ;;
  esac
}
dict_of() {  # $1 = target
  case $1 in
    urdf) echo fuzz/dict/urdf.dict ;;
    simulate) echo "$build/simulate.dict" ;;  # reads both formats: both vocabularies
    *) echo fuzz/dict/json.dict ;;
  esac
}
cat fuzz/dict/json.dict fuzz/dict/urdf.dict >"$build/simulate.dict"

# --- run ---------------------------------------------------------------------------------
# With FUZZ_CPU_SECONDS=1 a target stops after SECONDS of its own CPU time instead of wall
# time (for long runs on a machine that does other work: the run is niced and then measures
# what it got). FUZZ_PARALLEL=N runs N targets at once (default 1).
cpu_seconds_of() {  # $1 = pid: user + system CPU seconds so far
  local fields
  read -ra fields <"/proc/$1/stat" 2>/dev/null || { echo 0; return; }
  echo $(((fields[13] + fields[14]) / $(getconf CLK_TCK)))
}
run_target() {  # $1 = target; writes $build/summary_$1.txt, returns 1 on a finding
  local t=$1
  local seeds="$build/seeds/$t" corpus="$build/corpus/$t" findings="$build/findings/$t"
  rm -rf "$seeds"
  mkdir -p "$seeds" "$corpus" "$findings"
  for f in $(seed_files "$t"); do cp "$f" "$seeds/"; done
  local dict log marker wall status cpu=""
  dict=$(dict_of "$t")
  log="$build/fuzz_$t.log"
  marker="$build/.fuzz_$t.start"
  touch "$marker"
  wall=$seconds
  ((${FUZZ_CPU_SECONDS:-0})) && wall=$((seconds * 20))
  echo "=== fuzz_$t for ${seconds} s$( ((${FUZZ_CPU_SECONDS:-0})) && echo ' of CPU time') (log: $log)"
  # -rss_limit_mb / -timeout: running out of memory or 20 s on one input is a finding.
  # libFuzzer's timeout is wall time: a niced run on a busy machine (FUZZ_CPU_SECONDS=1) gets
  # 1200 s (a niced target was seen starved for 131 s while two builds ran, and libFuzzer stops
  # at its first timeout), and any timeout input is then run again alone (below) to tell a
  # real one from starvation.
  # The regression corpus is a seed directory too: a known class that is not fixed yet (or
  # comes back) fails the run at once, and fixed ones are good starting points.
  local start=$SECONDS timeout=20
  ((${FUZZ_CPU_SECONDS:-0})) && timeout=1200
  "$build/fuzz/fuzz_$t" -dict="$dict" -max_total_time="$wall" -rss_limit_mb=2048 \
    -timeout="$timeout" -max_len="$max_len" -print_final_stats=1 -artifact_prefix="$findings/" \
    "$corpus" "$seeds" "fuzz/regressions/$t" >"$log" 2>&1 &
  local pid=$! used=0
  if ((${FUZZ_CPU_SECONDS:-0})); then
    while kill -0 "$pid" 2>/dev/null; do
      used=$(cpu_seconds_of "$pid")
      if ((used >= seconds)); then
        kill -INT "$pid"
        break
      fi
      sleep 5
    done
    cpu=" cpu ${used} s wall $((SECONDS - start)) s"
  fi
  wait "$pid"
  status=$?
  ((${FUZZ_CPU_SECONDS:-0})) && ((used >= seconds)) && ((status == 130 || status == 72)) && status=0
  local new_findings count execs cov_line cov ft line reason
  new_findings=$(find "$findings" -maxdepth 1 -type f \
    \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) \
    -newer "$marker" | sort)
  count=$(printf '%s' "$new_findings" | grep -c . || true)
  # A timeout input that runs alone within 20 s was starvation, not a finding: say so.
  local f alone notes=""
  for f in $new_findings; do
    [[ $(basename "$f") == timeout-* ]] || continue
    if /usr/bin/time -f %e -o "$build/.alone_$t" timeout 20 "$build/fuzz/fuzz_$t" "$f" \
      >/dev/null 2>&1; then
      alone=$(tail -1 "$build/.alone_$t")
      notes+=$'\n'"    $f: ${alone} s when run alone (the timeout was the machine's load; not counted)"
      count=$((count - 1))
    fi
  done
  execs=$(grep -oE '^stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || true)
  cov_line=$(grep -E 'cov: [0-9]+' "$log" | tail -1)
  cov=$(grep -oE 'cov: [0-9]+' <<<"$cov_line" | grep -oE '[0-9]+' || true)
  ft=$(grep -oE 'ft: [0-9]+' <<<"$cov_line" | grep -oE '[0-9]+' || true)
  line=$(printf '%-14s executions %-9s cov %-6s ft %-7s findings %s%s' "fuzz_$t" \
    "${execs:-?}" "${cov:-?}" "${ft:-?}" "$count" "$cpu")
  line+=$notes
  local result=0
  if ((count > 0)); then
    result=1
    # What libFuzzer/the sanitizer said, to name the class without opening the log.
    reason=$(grep -m1 -E '^(SUMMARY: |==[0-9]+== ?ERROR: |FUZZ FINDING: )' "$log" || true)
    line+=$'\n'"    ${reason:-see $log}"
    while read -r f; do line+=$'\n'"    $f"; done <<<"$new_findings"
  elif [[ -n $notes ]]; then
    line+=$'\n'"    (libFuzzer stopped at that timeout: the run is shorter than asked; see the cpu figure)"
  elif ((status != 0)); then
    result=1
    line+=" (libFuzzer exited $status without a finding; see $log)"
  fi
  printf '%s\n' "$line" >"$build/summary_$t.txt"
  return $result
}

failed=0
parallel=${FUZZ_PARALLEL:-1}
running=()
for t in "${targets[@]}"; do
  rm -f "$build/summary_$t.txt"
  run_target "$t" &
  running+=($!)
  if ((${#running[@]} >= parallel)); then
    wait "${running[0]}" || failed=1
    running=("${running[@]:1}")
  fi
done
for pid in "${running[@]}"; do wait "$pid" || failed=1; done
summary=()
for t in "${targets[@]}"; do
  summary+=("$(cat "$build/summary_$t.txt" 2>/dev/null || echo "fuzz_$t         did not report")")
done

echo "=== Fuzz summary (${seconds} s per target)"
printf '%s\n' "${summary[@]}"
if ((failed)); then
  echo "fuzz: FAILED (findings in $build/findings/)"
  exit 1
fi
echo "fuzz: no findings"
