//===- Manifest.h - The kernel manifest (docs/manifest.md) ------*- C++ -*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The JSON manifest that `tessera-compile` writes beside each PTX/cubin is
/// the contract between compiler and runtime (docs/manifest.md). This header
/// is its in-memory form; `Manifest::parse` validates every field and reports
/// the first problem with its JSON path, e.g.
/// "out/fa2.json: params[2].dtype: expected one of f16, bf16, f32, i32, i64,
/// got \"f8\"".
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_RUNTIME_MANIFEST_H
#define TESSERA_RUNTIME_MANIFEST_H

#include "tessera/Runtime/GridExpr.h"
#include "tessera/Runtime/Status.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tessera {
namespace runtime {

/// The largest tensor rank the runtime accepts.
constexpr size_t kMaxRank = 8;

/// Element types of tensors and scalars.
enum class DType { F16, BF16, F32, I32, I64 };

/// "f16", "bf16", "f32", "i32" or "i64".
const char *dtypeName(DType dtype);
/// Parses a dtype name; nullopt when unknown.
std::optional<DType> parseDType(std::string_view name);
/// Size of one element in bytes.
size_t dtypeSize(DType dtype);

enum class ParamKind { Tensor, Scalar };
enum class ParamRole { Input, Output, InOut };

/// "input", "output" or "inout".
const char *roleName(ParamRole role);

/// One dimension of a tensor parameter's shape: a symbolic size name, or a
/// fixed integer.
struct ShapeDim {
  std::string symbol; ///< Empty for a fixed dimension.
  int64_t fixed = 0;  ///< The size when `symbol` is empty.

  bool isSymbolic() const { return !symbol.empty(); }
  /// The name, or the fixed size as text.
  std::string str() const;
};

/// One kernel parameter, in signature order.
struct ParamSpec {
  std::string name;
  ParamKind kind = ParamKind::Tensor;
  DType dtype = DType::F32;
  std::vector<ShapeDim> shape; ///< Tensors only.
  ParamRole role = ParamRole::Input;
  /// How the caller initialises an `inout` tensor before each launch: "0",
  /// "-inf", "inf" or a decimal number. Empty when the manifest has none.
  std::string init;

  size_t rank() const { return shape.size(); }
  bool isTensor() const { return kind == ParamKind::Tensor; }
  /// The shape as "[BH, N, D]".
  std::string shapeString() const;
  /// Number of PTX `.param`s this parameter expands to (tensor: 1 + 2*rank).
  size_t numKernelParams() const { return isTensor() ? 1 + 2 * rank() : 1; }
};

/// Resource usage ptxas reported; -1 where the manifest does not say.
struct Resources {
  int64_t registers = -1;
  int64_t spillStores = -1;
  int64_t spillLoads = -1;
  int64_t stack = -1;
  int64_t staticSharedMemory = -1;
};

/// A validated kernel manifest.
struct Manifest {
  /// Where it was read from ("" when parsed from a string); used in messages.
  std::string path;
  /// The directory that relative `ptx`/`cubin` paths are resolved against.
  std::string directory;

  std::string kernel;
  std::string symbol;
  std::string target;
  std::string ptx;   ///< As written in the manifest; may be empty.
  std::string cubin; ///< As written in the manifest; may be empty.
  std::array<unsigned, 3> block = {1, 1, 1};
  std::vector<GridExpr> grid; ///< 1 to 3 entries.
  int64_t dynamicSharedMemory = 0;
  std::vector<std::pair<std::string, int64_t>> constants;
  std::vector<ParamSpec> params;
  Resources resources;

  /// Parses and validates manifest text. `path` names it in messages and
  /// gives the directory for relative binary paths.
  static Expected<Manifest> parse(std::string_view text,
                                  const std::string &path = "");
  /// Reads and parses the file at `path`.
  static Expected<Manifest> load(const std::string &path);

  /// The value of constant `name`, if present.
  std::optional<int64_t> constant(std::string_view name) const;
  /// The parameter called `name`, or null.
  const ParamSpec *param(std::string_view name) const;
  /// `ptx` / `cubin` resolved against `directory` ("" when absent).
  std::string ptxPath() const;
  std::string cubinPath() const;
  /// Total number of PTX `.param`s of the kernel.
  size_t numKernelParams() const;
  /// "params (Q, K, V, Out, sm_scale)" — for argument-count messages.
  std::string paramList() const;
};

/// Parsed form of a target name such as "sm_90a".
struct TargetArch {
  int major = 0;
  int minor = 0;
  char suffix = '\0'; ///< 'a' (arch-specific), 'f' (family) or '\0'.
};

/// Parses "sm_80", "sm_90a", "sm_100f"; nullopt when malformed.
std::optional<TargetArch> parseTarget(std::string_view target);

/// Whether a cubin built for `target` runs on a device of compute capability
/// major.minor: SASS runs on the same major version and an equal or newer
/// minor; "a" targets run only on exactly that version.
bool cubinRunsOn(std::string_view target, int major, int minor);

} // namespace runtime
} // namespace tessera

#endif // TESSERA_RUNTIME_MANIFEST_H
