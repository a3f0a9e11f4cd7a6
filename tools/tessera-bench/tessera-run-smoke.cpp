//===- tessera-run-smoke.cpp - Run the runtime's GPU smoke test -----------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// usage: tessera-run-smoke [--ptx] [--expect-cubin] test/gpu/smoke/axpy.json
/// Exit status 0 when the runtime works on this GPU, 1 when a check fails or
/// there is no GPU, 2 on bad usage.
///
//===----------------------------------------------------------------------===//

#include "Smoke.h"

#include "tessera/Runtime/Module.h"

#include <cstring>
#include <iostream>

int main(int argc, char **argv) {
  bool preferCubin = true, expectCubin = false;
  const char *manifest = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--ptx"))
      preferCubin = false;
    else if (!std::strcmp(argv[i], "--expect-cubin"))
      expectCubin = true;
    else if (argv[i][0] != '-' && !manifest)
      manifest = argv[i];
    else {
      std::cerr << "usage: tessera-run-smoke [--ptx] [--expect-cubin] "
                   "test/gpu/smoke/axpy.json\n";
      return 2;
    }
  }
  if (!manifest) {
    std::cerr << "tessera-run-smoke: error: no manifest given (usage: "
                 "tessera-run-smoke [--ptx] [--expect-cubin] axpy.json)\n";
    return 2;
  }
  tessera::runtime::Expected<tessera::runtime::DeviceInfo> device =
      tessera::runtime::openDevice(0);
  if (!device.ok()) {
    std::cerr << "tessera-run-smoke: error: no usable GPU: " << device.message()
              << "\n";
    return 1;
  }
  std::cout << "smoke test of " << manifest << " on " << device->name << " ("
            << device->arch() << ")\n";
  tessera::runtime::Status status =
      tessera::bench::runSmoke(manifest, preferCubin, expectCubin, std::cout);
  if (!status.ok()) {
    std::cerr << "tessera-run-smoke: FAIL: " << status.message() << "\n";
    return 1;
  }
  std::cout << "tessera-run-smoke: PASS\n";
  return 0;
}
