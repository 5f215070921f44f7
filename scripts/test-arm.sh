#!/usr/bin/env bash
# Runs the aarch64 cross build's tests under qemu-user (make test-arm), once per emulated CPU:
# NEON only, and SVE at 128, 256, 512 and 2048 bits (4 to 64 lanes of 32 bits). Each test binary
# runs whole, not through ctest: the suites instantiate one test per Highway target the CPU
# supports, so they must enumerate targets under the CPU they run on (ctest's list was made at
# build time under qemu's default CPU). Then checks that the Arm build's CLI writes the same bytes
# as the x86 build's (HOST_BUILD) on the replay examples and the demo render.
# Usage: scripts/test-arm.sh ARM_BUILD HOST_BUILD [JOBS]
set -euo pipefail
arm=$1
host=$2
jobs=${3:-2}
qemu=(qemu-aarch64 -L /)
suites=(formats sampler dispatch atomics isa render tools)
# QEMU_CPU value, and the target and 32-bit lanes per vector `texunit info` must then report.
configs=(
  "cortex-a72|NEON (best supported), 4 "
  "max,sve-default-vector-length=16|SVE2_128 (best supported), 4 "
  "max,sve-default-vector-length=32|SVE_256 (best supported), 8 "
  "max,sve-default-vector-length=64|SVE2 (best supported), 16 "
  "max,sve-default-vector-length=256|SVE2 (best supported), 64 "
)
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

for config in "${configs[@]}"; do
  cpu=${config%%|*}
  want=${config#*|}
  info=$(QEMU_CPU=$cpu "${qemu[@]}" "$arm/texunit" info --threads 1 | grep '^target:')
  echo "== QEMU_CPU=$cpu: $info"
  if [[ $info != *"$want"* ]]; then
    echo "expected '$want' for QEMU_CPU=$cpu: the emulated vector width is not the intended one"
    exit 1
  fi
  start=$SECONDS
  printf '%s\n' "${suites[@]}" |
    QEMU_CPU=$cpu xargs -P "$jobs" -I{} sh -c \
      "${qemu[*]} '$arm/tests/{}_tests' --gtest_brief=1 >'$logs/{}.log' 2>&1 \
       || { echo 'FAILED: {}_tests'; exit 255; }" ||
    {
      for s in "${suites[@]}"; do
        if [ -f "$logs/$s.log" ] && { ! grep -q '^\[  PASSED  \]' "$logs/$s.log" ||
          grep -q '^\[  FAILED  \]' "$logs/$s.log"; }; then
          echo "---- ${s}_tests under QEMU_CPU=$cpu:"
          tail -n 60 "$logs/$s.log"
        fi
      done
      exit 1
    }
  for s in "${suites[@]}"; do
    printf '   %-8s %s\n' "$s" "$(grep -E '^\[  PASSED  \]' "$logs/$s.log")"
  done
  echo "   ($((SECONDS - start)) s)"
done

# The package test and the README's example, once (they do not depend on the vector width).
(cd "$arm" && ctest --output-on-failure -R '^(PackageConsumer|ApiExample)$')

# Bit-identical to x86 where the contract says exact: every replay example's printed registers
# and memory, and the demo scene's PNG (point, bilinear and trilinear sampling of RGBA8).
if [ ! -x "$host/texunit" ]; then
  echo "no x86 build in $host: skipping the cross-architecture comparison"
  exit 0
fi
root=$(cd "$(dirname "$0")/.." && pwd)
compared=0
for state in "$root"/examples/*.json; do
  "$host/texunit" run "$state" >"$logs/x86.txt" 2>&1 || true
  "${qemu[@]}" "$arm/texunit" run "$state" >"$logs/arm.txt" 2>&1 || true
  if ! cmp -s "$logs/x86.txt" "$logs/arm.txt"; then
    echo "texunit run $(basename "$state"): aarch64 and x86 differ"
    diff "$logs/x86.txt" "$logs/arm.txt" || true
    exit 1
  fi
  compared=$((compared + 1))
done
"$host/texunit" render --threads 1 --out "$logs/x86.png" >/dev/null
for cpu in cortex-a72 max,sve-default-vector-length=256; do
  QEMU_CPU=$cpu "${qemu[@]}" "$arm/texunit" render --threads 1 --out "$logs/arm.png" >/dev/null
  if ! cmp -s "$logs/x86.png" "$logs/arm.png"; then
    echo "texunit render under QEMU_CPU=$cpu: the PNG differs from x86's"
    exit 1
  fi
done
echo "aarch64 output is identical to x86's: $compared replay examples, the demo render (NEON, SVE2 x 64)"
