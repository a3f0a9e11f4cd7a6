//===- HangState.h - The runtime's record of a hung GPU ---------*- C++ -*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Private to lib/Runtime: how Module.cpp records a wait that ran out of time
/// and refuses GPU work afterwards (tessera/Runtime/Watchdog.h says why).
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_LIB_RUNTIME_HANGSTATE_H
#define TESSERA_LIB_RUNTIME_HANGSTATE_H

#include "tessera/Runtime/Status.h"

#include <string>

namespace tessera {
namespace runtime {

/// Records that a wait ran out of time (the first message is kept for
/// gpuHungReason) and returns `message` as an error.
Status markGpuHung(const std::string &message);

/// Success while no wait has run out of time; afterwards an error
/// "`what`: the GPU cannot be used again in this process ... (reason)".
Status checkGpuNotHung(const std::string &what);

} // namespace runtime
} // namespace tessera

#endif // TESSERA_LIB_RUNTIME_HANGSTATE_H
