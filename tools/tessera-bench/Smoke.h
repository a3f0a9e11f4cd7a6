//===- Smoke.h - GPU smoke test of the runtime ------------------*- C++ -*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Loads the hand-written test/gpu/smoke/axpy kernel and checks the runtime
/// end to end on a GPU: strided tensors, a scalar, >48 KB dynamic shared
/// memory, argument errors caught before launch, event timing, and the C API.
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_TOOLS_BENCH_SMOKE_H
#define TESSERA_TOOLS_BENCH_SMOKE_H

#include "tessera/Runtime/Status.h"

#include <ostream>
#include <string>

namespace tessera {
namespace bench {

/// Runs the smoke test on the manifest `manifestPath` (axpy.json), logging
/// each step to `log`. `expectCubin` fails the test unless the cubin loaded.
runtime::Status runSmoke(const std::string &manifestPath, bool preferCubin,
                         bool expectCubin, std::ostream &log);

} // namespace bench
} // namespace tessera

#endif // TESSERA_TOOLS_BENCH_SMOKE_H
