//===- TestManifests.h - Manifest texts shared by the unit tests -*- C++
//-*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_TEST_UNIT_RUNTIME_TESTMANIFESTS_H
#define TESSERA_TEST_UNIT_RUNTIME_TESTMANIFESTS_H

#include <string>

namespace tessera {
namespace test {

/// The FA2 example of docs/manifest.md (with K and V), as strict JSON.
inline const char *fa2ManifestText() {
  return R"json({
  "format": "tessera-manifest",
  "version": 1,
  "kernel": "fa2",
  "symbol": "fa2",
  "target": "sm_90a",
  "ptx": "fa2.ptx",
  "cubin": "fa2.cubin",
  "block": [128, 1, 1],
  "grid": ["cdiv(N, 128)", "BH", "1"],
  "dynamic_shared_memory": 49152,
  "constants": {"BLOCK_M": 128, "BLOCK_N": 64, "CAUSAL": 0},
  "params": [
    {"name": "Q",   "kind": "tensor", "dtype": "f16", "shape": ["BH", "N", "D"], "role": "input"},
    {"name": "K",   "kind": "tensor", "dtype": "f16", "shape": ["BH", "N", "D"], "role": "input"},
    {"name": "V",   "kind": "tensor", "dtype": "f16", "shape": ["BH", "N", "D"], "role": "input"},
    {"name": "Out", "kind": "tensor", "dtype": "f16", "shape": ["BH", "N", "D"], "role": "output"},
    {"name": "Lse", "kind": "tensor", "dtype": "f32", "shape": ["BH", "N"],      "role": "output"},
    {"name": "sm_scale", "kind": "scalar", "dtype": "f32", "role": "input"}
  ],
  "resources": {"registers": 168, "spill_stores": 0, "spill_loads": 0, "stack": 0,
                "static_shared_memory": 0}
})json";
}

/// Returns `text` with the first occurrence of `from` replaced by `to`.
inline std::string replaced(std::string text, const std::string &from,
                            const std::string &to) {
  size_t at = text.find(from);
  if (at != std::string::npos)
    text.replace(at, from.size(), to);
  return text;
}

} // namespace test
} // namespace tessera

#endif // TESSERA_TEST_UNIT_RUNTIME_TESTMANIFESTS_H
