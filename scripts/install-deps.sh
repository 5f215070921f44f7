#!/usr/bin/env bash
# Installs the Debian 12 packages texunit builds and tests with, skipping those already present.
# `install-deps.sh fuzz` adds clang and libFuzzer's runtime for the fuzz targets.
# `install-deps.sh peers` adds OpenCV, the optional peer of `texunit bench --vs` (make peers).
# `install-deps.sh arm` adds the aarch64 cross compiler, qemu-user and the arm64 multiarch
# libraries that the cross build links (make test-arm).
set -euo pipefail
native=$(dpkg --print-architecture)
packages=(cmake make g++ pkg-config libhwy-dev libtbb-dev libgtest-dev libgmock-dev
          libbenchmark-dev nlohmann-json3-dev libstb-dev llvm-14
          mesa-vulkan-drivers libvulkan-dev glslc)
foreign=()
case "${1:-}" in
  fuzz) packages+=(clang libclang-rt-14-dev) ;;
  peers) packages+=(libopencv-dev) ;;
  arm) packages+=(g++-aarch64-linux-gnu qemu-user)
       foreign=(libhwy-dev:arm64 libtbb-dev:arm64 libgtest-dev:arm64) ;;
esac
# A package counts as present only for this machine's architecture (or "all"): once arm64 is
# added, libhwy-dev:arm64 alone must not stand in for the native libhwy-dev.
installed() {
  local name=${1%%:*} arch=${1#*:}
  [ "$arch" = "$1" ] && arch=$native
  dpkg-query -W -f='${Architecture} ${Status}\n' "$name" 2>/dev/null |
    grep -Eq "^($arch|all) install ok installed"
}
missing=()
for p in "${packages[@]}"; do installed "$p" || missing+=("$p:$native"); done
for p in "${foreign[@]}"; do installed "$p" || missing+=("$p"); done
[ ${#missing[@]} -eq 0 ] && exit 0
# apt accepts the native qualifier for architecture-independent ("all") packages too.
echo "installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
if [ ${#foreign[@]} -gt 0 ] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
  $sudo dpkg --add-architecture arm64
fi
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
