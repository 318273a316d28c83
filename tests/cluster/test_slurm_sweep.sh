#!/usr/bin/env bash
# The Slurm job array of docs/design-studies.md ("Slurm job array"), run on a real single-node
# Slurm. Usage: test_slurm_sweep.sh VMS_BINARY SOURCE_DIR
#  1. Starts a private munged (its own key and socket) and slurmctld + slurmd from Debian's
#     slurm-wlm on this machine, with a slurm.conf and all state in a temporary folder, on free
#     ports, and waits until sinfo shows the node idle.
#  2. Takes the array script and the submit commands from the document as written, shrinks only
#     the sizes (every --param COUNT to 3, N and the array to 3 shards, one CPU a task), and runs
#     the submit commands in a folder with the repository's models/: the array, then the merge
#     job that depends on it.
#  3. Waits until both have finished and checks that the merged table is byte for byte the file
#     a local `vms sweep` of the same scenario and grid writes.
# Needs root (slurmd must be root to start jobs as their user; CI runs as root) and the packages;
# without them, or when the node does not come up, it prints "SKIPPED: reason" and exits 77
# (CTest's SKIP_RETURN_CODE).
set -uo pipefail
vms=$(readlink -f "${1:?usage: test_slurm_sweep.sh VMS_BINARY SOURCE_DIR}")
src=$(cd "${2:?usage: test_slurm_sweep.sh VMS_BINARY SOURCE_DIR}" && pwd)
doc="$src/docs/design-studies.md"
shards=3
count=3
timeout_s=180
export PATH="$(dirname "$vms"):$PATH:/usr/sbin:/sbin"

skip() { echo "SKIPPED: $*"; exit 77; }
fail() { echo "FAIL: $*"; show_logs; exit 1; }

[[ $(id -u) -eq 0 ]] || skip "not root (slurmd must be root to start jobs; CI runs as root)"
for program in munged mungekey slurmctld slurmd sbatch squeue sinfo scancel scontrol; do
  command -v "$program" >/dev/null ||
    skip "$program not found (slurm-wlm and munge, scripts/debian-packages.txt)"
done

work=$(mktemp -d /tmp/vms-slurm.XXXXXX)
chmod 700 "$work"
pids=()
cleanup() {
  if [[ -n "${SLURM_CONF:-}" && -f "$SLURM_CONF" ]]; then
    scancel --quiet --user=root 2>/dev/null
    sleep 1
  fi
  local pid
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null
  done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

show_logs() {
  local f
  for f in "$work"/slurm/*.log "$work"/munge/munged.log "$work"/run/logs/* "$work"/run/slurm-*.out; do
    [[ -s "$f" ]] || continue
    echo "--- ${f#"$work"/}"; tail -25 "$f"
  done
  [[ -n "${SLURM_CONF:-}" ]] && scontrol show job 2>/dev/null | grep -E 'JobId|JobState|Reason' | head -20
}

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_port() {  # a free TCP port from 20000 up, not $1
  local p
  for ((p = 20000 + RANDOM % 20000; p < 65000; p++)); do
    [[ "$p" != "${1:-}" ]] && port_free "$p" && { echo "$p"; return; }
  done
  return 1
}

# munge: its own key, socket and files, so that a munged the machine runs is not touched.
mkdir -p "$work/munge" "$work/slurm/state" "$work/slurm/spool" "$work/run"
chmod 700 "$work/munge"
mungekey --create --keyfile="$work/munge/munge.key" >"$work/munge/mungekey.log" 2>&1 ||
  skip "mungekey could not create a key: $(head -1 "$work/munge/mungekey.log")"
socket="$work/munge/munge.socket"
munged --foreground --force --socket="$socket" --key-file="$work/munge/munge.key" \
  --log-file="$work/munge/munged.log" --pid-file="$work/munge/munged.pid" \
  --seed-file="$work/munge/munged.seed" >"$work/munge/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 50); do [[ -S "$socket" ]] && break; sleep 0.1; done
[[ -S "$socket" ]] || skip "munged did not start: $(tail -1 "$work/munge/munged.log" "$work/munge/munged.out" 2>/dev/null | grep -v '^==' | grep . | tail -1)"

host=$(hostname -s)
cpus=$(nproc)
ctld_port=$(free_port) && slurmd_port=$(free_port "$ctld_port") || skip "no free TCP port"
export SLURM_CONF="$work/slurm/slurm.conf"
cat >"$SLURM_CONF" <<EOF
ClusterName=vmstest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
SchedulerType=sched/backfill
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
StateSaveLocation=$work/slurm/state
SlurmdSpoolDir=$work/slurm/spool
SlurmctldPidFile=$work/slurm/slurmctld.pid
SlurmdPidFile=$work/slurm/slurmd.pid
SlurmctldLogFile=$work/slurm/slurmctld.log
SlurmdLogFile=$work/slurm/slurmd.log
PlugStackConfig=$work/slurm/plugstack.conf
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
: >"$work/slurm/plugstack.conf"

slurmctld -D -i -f "$SLURM_CONF" >"$work/slurm/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" -N "$host" >"$work/slurm/slurmd.out" 2>&1 &
pids+=($!)
state=
for _ in $(seq 60); do
  state=$(sinfo -h -N -o '%t' 2>/dev/null | head -1)
  [[ "$state" == idle ]] && break
  sleep 0.5
done
if [[ "$state" != idle ]]; then
  show_logs
  skip "the single-node Slurm did not come up (node state '${state:-none}' after 30 s)"
fi
echo "Slurm up: node $host ($cpus CPUs) idle, slurmctld port $ctld_port, slurmd port $slurmd_port"

# The script and the submit commands, as docs/design-studies.md writes them: the first and the
# second code block under "### Slurm job array".
doc_block() {  # the N-th fenced block of the section
  awk -v want="$1" '
    /^### Slurm job array/ { on = 1; next }
    on && !inb && /^#+ / { exit }
    on && /^```/ { if (inb) { inb = 0; if (++n == want) exit } else inb = 1; next }
    on && inb && n == want - 1 { print }' "$doc"
}
cd "$work/run" || fail "cd $work/run"
doc_block 1 >doc.sbatch
doc_block 2 >submit.sh
[[ $(head -1 doc.sbatch) == "#!/bin/bash" ]] || fail "no job script under '### Slurm job array' in $doc"
grep -q 'sbatch.*sweep\.sbatch' submit.sh || fail "no submit commands (sbatch ... sweep.sbatch) after the job script in $doc"
sed -E -e "s/^#SBATCH --array=1-[0-9]+\$/#SBATCH --array=1-$shards/" \
  -e 's/^#SBATCH --cpus-per-task=[0-9]+$/#SBATCH --cpus-per-task=1/' \
  -e "s/^N=[0-9]+\$/N=$shards/" \
  -e "s/(--param [^ =]+=[^: ]+:[^: ]+:)[0-9]+/\\1$count/g" doc.sbatch >sweep.sbatch
for expected in "^#SBATCH --array=1-$shards\$" '^#SBATCH --cpus-per-task=1$' "^N=$shards\$" \
  "--param [^ ]+:$count( |\$)"; do
  grep -qE -- "$expected" sweep.sbatch || fail "the job script has no line matching '$expected' to size down"
done
echo "--- the job script (sizes down from the document's):"
diff doc.sbatch sweep.sbatch
echo "--- submitted with:"
cat submit.sh
ln -s "$src/models" models

start=$SECONDS
bash -e submit.sh >submit.out 2>&1 || { cat submit.out; fail "the submit commands failed"; }
cat submit.out
while squeue -h 2>/dev/null | grep -q .; do
  ((SECONDS - start < timeout_s)) || { squeue; fail "jobs still queued or running after $timeout_s s"; }
  squeue -h -o '%r' 2>/dev/null | grep -q DependencyNeverSatisfied &&
    { squeue; fail "an array task failed: the merge job's dependency can never be satisfied"; }
  sleep 1
done
echo "array and merge job finished in $((SECONDS - start)) s"
scontrol -o show job 2>/dev/null | tr ' ' '\n' |
  awk -F= '$1 == "JobId" { if (line) print line; line = "" }
           $1 ~ /^(JobId|ArrayJobId|ArrayTaskId|JobName|JobState|ExitCode)$/ { line = line " " $0 }
           END { if (line) print line }'
scontrol -o show job 2>/dev/null | grep -oE 'JobState=[A-Z_]+' | grep -qv 'JobState=COMPLETED' &&
  fail "a job did not complete"
[[ -s out/study.csv ]] || fail "the merge job wrote no out/study.csv"
ls out

# The same grid, locally and unsharded: the scenario and the --param options of the job script.
scenario=$(grep -oE '^vms sweep [^ ]+' sweep.sbatch | awk '{print $3}')
mapfile -t params < <(grep -oE -- '--param [^ ]+' sweep.sbatch | awk '{print $2}')
local_args=("$scenario")
for p in "${params[@]}"; do local_args+=(--param "$p"); done
echo "local: vms sweep ${local_args[*]}"
vms sweep "${local_args[@]}" --out local.csv || fail "local vms sweep"
rows=$(($(wc -l <local.csv) - 1))
((rows == count ** ${#params[@]})) || fail "local sweep has $rows rows, expected $((count ** ${#params[@]}))"
if cmp local.csv out/study.csv; then
  echo "PASS: the merged table of the Slurm array equals the local vms sweep byte for byte ($rows grid points, $shards shards)"
else
  diff local.csv out/study.csv | head -20
  fail "merged table differs from the local sweep"
fi
