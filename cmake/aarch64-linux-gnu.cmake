# Cross build for aarch64 with Debian's g++-aarch64-linux-gnu; tests run under qemu-user.
# Libraries (Highway, oneTBB, GoogleTest) come from Debian's arm64 multiarch packages
# (scripts/install-deps.sh arm).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
# -L / : the multiarch arm64 libraries live under /usr/lib/aarch64-linux-gnu, which the cross
# loader finds from the host root. (-L /usr/aarch64-linux-gnu pairs the cross loader with a newer
# libc and hangs in pthread_create.)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64;-L;/)
