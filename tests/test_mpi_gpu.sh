#!/usr/bin/env bash
# Two MPI ranks sharing one CUDA device, each rank's bodies and every stage of its passes on the
# device (cuda/device_rank.hpp; sharing a GPU, the bodies and trees travel through host memory:
# NCCL wants a GPU a rank), against one CUDA run:
#  1. forces: the p99 relative error against the float64 direct sum (2,000 sampled bodies) of a
#     20k collision and a 20k Plummer sphere on 2 ranks is at most 1.10 times one CUDA run's (the
#     same allowance as the CPU ranks' test, test_mpi.sh, for the same reason);
#  2. energy: the peak |dE/E0| over 1,000 steps of a 20k collision on 2 ranks is at most twice one
#     CUDA run's;
#  3. a run of 2 ranks resumed from a snapshot agrees with one CUDA run resumed from it within
#     1e-4 of the bodies' extent after 50 steps;
#  4. what rank 0 draws: the vertices the device ranks send of every 7th body, into host and into
#     device memory (the window's interop buffers), are those bodies'; and of every 2nd body where
#     one rank holds all the even ones (twice the room it first guesses);
#  5. time runs back: keyframes kept by the device ranks (each its share, on its device), going
#     back and stepping on repeats every state bit for bit, an edit's undo gives back the state
#     before it (galaxy_mpi_check rewind);
#  6. the exact sample summed on the device ranks (the meter's and a click's reference) agrees
#     with one process's float64 direct sum of the gathered bodies within 1e-12.
# usage: test_mpi_gpu.sh GALAXY GALAXY_MPI_CHECK. Skips (77) where mpirun or a CUDA device is absent.
set -euo pipefail
galaxy=$1 check=$2
if ! command -v mpirun >/dev/null; then
  echo "SKIP: mpirun not found (Debian: apt-get install openmpi-bin libopenmpi-dev)"
  exit 77
fi
if ! why=$("$galaxy" --headless --backend cuda --bodies 100 --steps 0 2>&1 >/dev/null); then
  echo "SKIP: no CUDA device: $why"
  exit 77
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# -x passes the library path (a bundled build on the GPU machine) to the ranks.
ranks() { local k=$1; shift; mpirun --oversubscribe --bind-to none -x LD_LIBRARY_PATH -np "$k" "$@"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

for scenario in collision plummer; do
  ranks 2 "$check" forces "$scenario" 20000 2000 1.10 cuda || fail "forces of $scenario on 2 ranks"
done

peak() { awk '$1 ~ /^[0-9]+$/ { v = $4 < 0 ? -$4 : $4; if (v > m) m = v } END { printf "%.6e", m }'; }
"$galaxy" --headless --backend cuda --scenario collision --bodies 20000 --steps 1000 > "$tmp/e1.txt" ||
  fail "the 1,000 steps of one CUDA run"
ranks 2 "$galaxy" --headless --backend cuda --scenario collision --bodies 20000 --steps 1000 \
  > "$tmp/e2.txt" || fail "the 1,000 steps on 2 ranks"
grep -q "cuda/bh over 2 MPI ranks" "$tmp/e2.txt" || fail "the ranks did not say they walk on the device"
one=$(peak < "$tmp/e1.txt") two=$(peak < "$tmp/e2.txt")
echo "peak |dE/E0| over 1,000 steps: 2 ranks on one device $two, one CUDA run $one"
awk -v a="$two" -v b="$one" 'BEGIN { exit !(a > 0 && a <= 2 * b) }' ||
  fail "energy on 2 ranks ($two) is not within twice one CUDA run's ($one)"

"$galaxy" --headless --backend cuda --scenario collision --bodies 20000 --steps 20 \
  --save "$tmp/start.gxy" > /dev/null || fail "the snapshot to resume"
ranks 2 "$galaxy" --headless --backend cuda --load "$tmp/start.gxy" --steps 50 --save "$tmp/two.gxy" \
  > /dev/null || fail "the resume on 2 ranks"
"$galaxy" --headless --backend cuda --load "$tmp/start.gxy" --steps 50 --save "$tmp/one.gxy" \
  > /dev/null || fail "the resume of one CUDA run"
"$check" compare "$tmp/one.gxy" "$tmp/two.gxy" 1e-4 || fail "the resumed runs differ"
ranks 2 "$check" vertices collision 20000 3000 cuda || fail "the vertices of 2 device ranks"
ranks 2 "$check" vertices parity 20000 10000 cuda ||
  fail "the vertices of a rank holding all the even bodies"
ranks 2 "$check" rewind collision 20000 24 cuda || fail "going back over 2 device ranks"
ranks 2 "$check" exact collision 20000 1000 cuda || fail "the exact sample over 2 device ranks"
echo "PASS"
