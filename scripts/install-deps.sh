#!/usr/bin/env bash
# Installs the Debian 12 packages texunit builds and tests with, skipping those already present.
# `install-deps.sh fuzz` adds clang and libFuzzer's runtime for the fuzz targets.
set -euo pipefail
packages=(cmake make g++ pkg-config libhwy-dev libtbb-dev libgtest-dev libgmock-dev
          libbenchmark-dev nlohmann-json3-dev libstb-dev llvm-14)
if [ "${1:-}" = "fuzz" ]; then packages+=(clang libclang-rt-14-dev); fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
