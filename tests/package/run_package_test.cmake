# Installs the build tree into a fresh prefix, then builds and runs a consumer project against it
# twice: through find_package(texunit) and through pkg-config. Arguments: BUILD_DIR, SOURCE_DIR,
# WORK_DIR, CXX; in a cross build TOOLCHAIN (the toolchain file) and EMULATOR (the command line
# that runs a target binary, e.g. "qemu-aarch64 -L /").
file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
separate_arguments(emulator UNIX_COMMAND "${EMULATOR}")
set(toolchain_arg "")
if(TOOLCHAIN)
  set(toolchain_arg -DCMAKE_TOOLCHAIN_FILE=${TOOLCHAIN})
endif()

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
foreach(f include/texunit/runtime.h bin/texunit)
  if(NOT EXISTS ${prefix}/${f})
    message(FATAL_ERROR "install is missing ${f}")
  endif()
endforeach()
if(EXISTS ${prefix}/include/sampler OR EXISTS ${prefix}/include/dispatch)
  message(FATAL_ERROR "install exposes src/ headers")
endif()

# CMake package.
run(${CMAKE_COMMAND} -S ${SOURCE_DIR}/consumer -B ${WORK_DIR}/cmake_build
    -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_BUILD_TYPE=Release
    ${toolchain_arg})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/cmake_build)
run(${emulator} ${WORK_DIR}/cmake_build/consumer)
message(STATUS "find_package consumer: ${last_output}")

# pkg-config.
file(GLOB pc_files ${prefix}/*/pkgconfig/texunit.pc ${prefix}/*/*/pkgconfig/texunit.pc)
list(GET pc_files 0 pc_file)
get_filename_component(pc_dir ${pc_file} DIRECTORY)
set(ENV{PKG_CONFIG_PATH} ${pc_dir})
run(pkg-config --cflags --libs texunit)
string(STRIP "${last_output}" flags)
separate_arguments(flags UNIX_COMMAND "${flags}")
run(${CXX} ${SOURCE_DIR}/consumer/main.cc -o ${WORK_DIR}/pc_consumer ${flags})
run(${emulator} ${WORK_DIR}/pc_consumer)
message(STATUS "pkg-config consumer: ${last_output}")
