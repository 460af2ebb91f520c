#!/bin/bash
# A one-machine Slurm cluster in a folder of its own: munge, slurmctld and slurmd, with a
# single node of this machine's CPUs. For trying the sbatch scripts here, and for the
# test that runs them (Tests/FlipbookCLITests/SlurmClusterTests.swift).
#   deploy/slurm/local-cluster.sh start DIR    # then: export SLURM_CONF=DIR/slurm.conf
#   deploy/slurm/local-cluster.sh stop DIR
# Needs Debian's slurm-wlm and munge packages (scripts/install-test-deps.sh installs them).
# Everything it writes (key, state, logs, sockets) stays in DIR; stop ends every daemon
# start began. Runs as the user who starts it; jobs run as that user.
set -euo pipefail

usage() { echo "usage: $0 start|stop DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
command=$1
dir=$(realpath -m "$2")

# The first of two free ports on 127.0.0.1 from $1 on: one for slurmctld, one for slurmd.
free_ports() {
  local port=$1
  while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || (exec 3<>"/dev/tcp/127.0.0.1/$((port + 1))") 2>/dev/null; do
    port=$((port + 2))
  done
  echo "$port"
}

# Waits up to $1 seconds for the command after it to succeed.
wait_for() {
  local seconds=$1; shift
  for ((i = 0; i < seconds * 10; i++)); do "$@" >/dev/null 2>&1 && return 0; sleep 0.1; done
  return 1
}

# Sends SIGTERM to the process in pid file $1 and waits for it to end (SIGKILL after 10 s).
end_process() {
  [ -s "$1" ] || return 0
  local pid; pid=$(cat "$1")
  kill -TERM "$pid" 2>/dev/null || return 0
  wait_for 10 bash -c "! kill -0 $pid" || kill -KILL "$pid" 2>/dev/null || true
}

start() {
  for program in munged mungekey slurmctld slurmd sinfo; do
    command -v "$program" >/dev/null || { echo "$0: $program is missing: install slurm-wlm and munge" >&2; exit 1; }
  done
  if [ -e "$dir/slurm.conf" ]; then echo "$0: $dir already holds a cluster; stop it first" >&2; exit 1; fi
  mkdir -p "$dir"/{munge,state,spool,log}
  chmod 700 "$dir/munge"

  mungekey --create --keyfile="$dir/munge/munge.key" --force
  chmod 400 "$dir/munge/munge.key"
  munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/socket" \
    --pid-file="$dir/munge/munged.pid" --seed-file="$dir/munge/seed" --log-file="$dir/log/munged.log"
  # From here a failure stops what was started (stop needs slurm.conf, written next).
  trap 'stop' ERR

  local user host port
  user=$(id -un); host=$(hostname -s); port=$(free_ports 16817)
  cat > "$dir/slurm.conf" <<EOF
ClusterName=flipbook-local
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$dir/munge/socket
CredType=cred/munge
SlurmUser=$user
SlurmdUser=$user
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$(awk '/MemTotal/ {print int($2 / 1024)}' /proc/meminfo) State=UNKNOWN
PartitionName=local Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
  export SLURM_CONF=$dir/slurm.conf
  slurmctld -i -f "$SLURM_CONF"
  slurmd -f "$SLURM_CONF"
  if ! wait_for 60 bash -c '[ "$(sinfo -h -o %t)" = idle ]'; then
    echo "$0: the node did not come up; see $dir/log" >&2
    stop
    exit 1
  fi
  echo "export SLURM_CONF=$SLURM_CONF"
}

stop() {
  [ -e "$dir/slurm.conf" ] || [ -e "$dir/munge/munged.pid" ] || { echo "$0: no cluster in $dir" >&2; exit 1; }
  export SLURM_CONF=$dir/slurm.conf
  # Jobs first, so that no job step outlives the daemons.
  if [ -s "$dir/slurmctld.pid" ] && kill -0 "$(cat "$dir/slurmctld.pid")" 2>/dev/null; then
    scancel --full --partition=local 2>/dev/null || true
    wait_for 30 bash -c 'jobs=$(squeue -h -o %i) && [ -z "$jobs" ]' || true
  fi
  end_process "$dir/slurmd.pid"
  end_process "$dir/slurmctld.pid"
  end_process "$dir/munge/munged.pid"
  rm -f "$dir/slurm.conf"
}

case $command in
  start) start ;;
  stop) stop ;;
  *) usage ;;
esac
