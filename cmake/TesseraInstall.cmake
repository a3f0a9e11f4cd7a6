# Install rules shared by the full and the runtime-only build:
#   bin/                  the tools built (tessera-compile, tessera-run,
#                         tessera-opt, tessera-translate, tessera-bench)
#   include/tessera/      the public headers (only Host/ and Runtime/ in the
#                         runtime-only build) and the generated .inc files
#   lib/                  libtessera_runtime.so.1 (SONAME; C API only),
#                         libtessera_runtime.a and the MLIR-side libraries
#   lib/cmake/Tessera/    TesseraConfig.cmake, ...Version, ...Targets
#   share/tessera/kernels the .tile kernels
#   lib/tessera/python/   the Python package (PYTHONPATH), with the
#                         interpreter module when it was built
# so that another project does find_package(Tessera) (test/Install).

include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(TESSERA_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/Tessera)
set(TESSERA_INSTALL_KERNELSDIR ${CMAKE_INSTALL_DATADIR}/tessera/kernels)
set(TESSERA_INSTALL_PYTHONDIR ${CMAKE_INSTALL_LIBDIR}/tessera/python)

# The runtime: both libraries, exported, and the host library that the
# static one needs (lib/Host).
install(TARGETS TesseraHost TesseraRuntime TesseraRuntimeShared
  EXPORT TesseraTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${TESSERA_SOURCE_DIR}/include/tessera/Host
                  ${TESSERA_SOURCE_DIR}/include/tessera/Runtime
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/tessera
  FILES_MATCHING PATTERN "*.h")

# The tools that this build has.
set(_tessera_tools)
foreach(tool tessera-compile tessera-run tessera-opt tessera-translate tessera-bench)
  if(TARGET ${tool})
    list(APPEND _tessera_tools ${tool})
  endif()
endforeach()
if(_tessera_tools)
  if(LLVM_LIBRARY_DIR)
    # Installed tools find libMLIR.so / libLLVM.so where the build found them.
    set_target_properties(${_tessera_tools} PROPERTIES
      INSTALL_RPATH "\$ORIGIN/../${CMAKE_INSTALL_LIBDIR};${LLVM_LIBRARY_DIR}")
  endif()
  install(TARGETS ${_tessera_tools} EXPORT TesseraTargets
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

if(NOT TESSERA_RUNTIME_ONLY)
  install(DIRECTORY ${TESSERA_SOURCE_DIR}/include/tessera
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
    FILES_MATCHING PATTERN "*.h" PATTERN "*.td"
    PATTERN "Host" EXCLUDE PATTERN "Runtime" EXCLUDE)
  install(DIRECTORY ${TESSERA_BINARY_DIR}/include/tessera
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
    FILES_MATCHING PATTERN "*.inc")
endif()

install(DIRECTORY ${TESSERA_SOURCE_DIR}/kernels/
  DESTINATION ${TESSERA_INSTALL_KERNELSDIR}
  FILES_MATCHING PATTERN "*.tile")
install(DIRECTORY ${TESSERA_SOURCE_DIR}/python/tessera
  DESTINATION ${TESSERA_INSTALL_PYTHONDIR}
  FILES_MATCHING PATTERN "*.py" PATTERN "*.cpp" PATTERN "__pycache__" EXCLUDE)
if(TARGET TesseraPythonInterp)
  install(TARGETS TesseraPythonInterp
    LIBRARY DESTINATION ${TESSERA_INSTALL_PYTHONDIR}/tessera)
endif()

install(EXPORT TesseraTargets
  NAMESPACE Tessera::
  DESTINATION ${TESSERA_INSTALL_CMAKEDIR})
configure_package_config_file(
  ${TESSERA_SOURCE_DIR}/cmake/TesseraConfig.cmake.in
  ${TESSERA_BINARY_DIR}/cmake/TesseraConfig.cmake
  INSTALL_DESTINATION ${TESSERA_INSTALL_CMAKEDIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR TESSERA_INSTALL_KERNELSDIR
            TESSERA_INSTALL_PYTHONDIR)
write_basic_package_version_file(
  ${TESSERA_BINARY_DIR}/cmake/TesseraConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMajorVersion)
install(FILES
  ${TESSERA_BINARY_DIR}/cmake/TesseraConfig.cmake
  ${TESSERA_BINARY_DIR}/cmake/TesseraConfigVersion.cmake
  DESTINATION ${TESSERA_INSTALL_CMAKEDIR})
