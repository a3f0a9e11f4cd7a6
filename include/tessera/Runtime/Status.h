//===- Status.h - Error-returning result types for the runtime --*- C++ -*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The runtime's `Status` and `Expected<T>` are the host library's
/// (tessera/Host/Status.h), named in `tessera::runtime` for its C++ API.
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_RUNTIME_STATUS_H
#define TESSERA_RUNTIME_STATUS_H

#include "tessera/Host/Status.h"

namespace tessera::runtime {
using host::Expected;
using host::Status;
} // namespace tessera::runtime

#endif // TESSERA_RUNTIME_STATUS_H
