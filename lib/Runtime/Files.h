//===- Files.h - Bounded reads of regular files -----------------*- C++ -*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Private to lib/Runtime. Manifests and the binaries they name are untrusted
/// input: the runtime reads only regular files (not /dev/zero, a FIFO or a
/// directory) and at most a fixed number of bytes of each.
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_LIB_RUNTIME_FILES_H
#define TESSERA_LIB_RUNTIME_FILES_H

#include "tessera/Runtime/Status.h"

#include <cstddef>
#include <string>

namespace tessera {
namespace runtime {

/// The contents of the regular file at `path`, of at most `maxBytes` bytes.
/// Errors read "`what` `path`: No such file or directory", "...: not a
/// regular file", "...: 300000000 bytes, more than the limit of 268435456".
/// Never blocks on a FIFO.
Expected<std::string> readRegularFile(const std::string &path, size_t maxBytes,
                                      const std::string &what);

/// Whether `path` names an existing regular file (after symlinks).
bool isRegularFile(const std::string &path);

} // namespace runtime
} // namespace tessera

#endif // TESSERA_LIB_RUNTIME_FILES_H
