//===- Manifest.h - The kernel manifest (docs/manifest.md) ------*- C++ -*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The JSON manifest that `tessera-compile` writes beside each PTX/cubin is
/// the contract between compiler and runtime (docs/manifest.md). This header
/// is its in-memory form and lib/Runtime/Manifest.cpp its one schema, read
/// and written with nlohmann/json: `Manifest::parse` validates every field
/// and reports the first problem with its JSON path, e.g.
/// "out/fa2.json: params[2].dtype: expected one of f16, bf16, f32, i32, i64,
/// got \"f8\"", and `Manifest::toJson` writes what the compiler emits (the
/// compiler builds a Manifest from the kernel's attributes and calls it).
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_RUNTIME_MANIFEST_H
#define TESSERA_RUNTIME_MANIFEST_H

#include "tessera/Host/DType.h"
#include "tessera/Host/GridExpr.h"
#include "tessera/Host/Launch.h"
#include "tessera/Runtime/Status.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tessera {
namespace runtime {

/// The largest tensor rank the runtime accepts.
constexpr size_t kMaxRank = 8;

/// The alignment (bytes) of a tensor's base pointer and outer strides when
/// its manifest entry has no "align" (manifests older than that field).
constexpr uint64_t kDefaultTensorAlign = 16;
/// The largest "align" a manifest may give.
constexpr uint64_t kMaxTensorAlign = 256;

/// The largest manifest file `Manifest::load` reads.
constexpr size_t kMaxManifestBytes = 64u << 20;

// Element types (a manifest takes f16, bf16, f32, i32 and i64), grid
// expressions and shape dimensions are the host library's.
using host::DType;
using host::getDTypeName;
using host::getDTypeSize;
using host::GridExpr;
using host::parseDType;
using host::ShapeDim;
using host::SymbolTable;

enum class ParamKind { Tensor, Scalar };
enum class ParamRole { Input, Output, InOut };

/// "input", "output" or "inout".
const char *roleName(ParamRole role);

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
  /// Tensors: the alignment in bytes that the generated code assumes of the
  /// base pointer and of every stride but the innermost (times the element
  /// size): the manifest's "align", else kDefaultTensorAlign.
  uint64_t align = kDefaultTensorAlign;
  /// Whether `align` came from the manifest (for messages).
  bool alignFromManifest = false;

  size_t rank() const { return shape.size(); }
  bool isTensor() const { return kind == ParamKind::Tensor; }
  /// The shape as "[BH, N, D]".
  std::string shapeString() const;
  /// Number of PTX `.param`s this parameter expands to (tensor: 1 + 2*rank).
  size_t numKernelParams() const { return isTensor() ? 1 + 2 * rank() : 1; }
};

/// Resource usage ptxas reported; -1 where the manifest does not say.
/// A tensor map a kernel's TMA copies read (docs/manifest.md,
/// "tensor_maps"): the runtime encodes it at each launch from the tensor
/// argument's pointer, sizes and strides (cuTensorMapEncodeTiled) and passes
/// it by value after the parameters' values, in manifest order.
struct TensorMapSpec {
  std::string tensor;    ///< The tensor parameter it describes.
  size_t param = 0;      ///< Its index in Manifest::params.
  /// The box one copy moves, outermost first: rows of the tile, then its
  /// innermost columns; the box is 1 in the tensor's outer dimensions.
  std::array<int64_t, 2> box = {1, 1};
  /// The shared-memory swizzle in bytes (128: CU_TENSOR_MAP_SWIZZLE_128B).
  int64_t swizzle = 128;
};

/// The bytes of one tensor map `.param` (a CUtensorMap).
constexpr size_t kTensorMapBytes = 128;
/// The most dimensions a tensor map describes.
constexpr size_t kMaxTensorMapRank = 5;

struct Resources {
  int64_t registers = -1;
  int64_t spillStores = -1;
  int64_t spillLoads = -1;
  int64_t stack = -1;
  int64_t staticSharedMemory = -1;
};

/// One entry of the manifest's "constants": an integer (booleans are 0 and
/// 1) or a float (JSON numbers with a fraction or exponent, and the strings
/// "inf", "-inf" and "nan").
struct Constant {
  enum class Kind { Integer, Float };

  std::string name;
  Kind kind = Kind::Integer;
  int64_t intValue = 0;  ///< Integer constants.
  double floatValue = 0; ///< Float constants (may be +-inf or NaN).

  bool isInteger() const { return kind == Kind::Integer; }
  bool isFloat() const { return kind == Kind::Float; }
  /// The value as a double (an integer converted).
  double asDouble() const {
    return isInteger() ? static_cast<double>(intValue) : floatValue;
  }
  /// The value as text: "128", "1.5", "1e-05", "inf", "nan".
  std::string str() const;
};

/// Options for reading a manifest.
struct ManifestOptions {
  /// Accept `ptx` / `cubin` paths that are absolute or have `..` components,
  /// i.e. binaries outside the manifest's folder. Off by default: a manifest
  /// is untrusted input and must not make the runtime read arbitrary files.
  bool allowExternalBinaries = false;
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
  /// As written in the manifest; may be empty. Never contain NUL bytes;
  /// relative, without `..`, unless ManifestOptions::allowExternalBinaries.
  std::string ptx;
  std::string cubin; ///< Like `ptx`.
  std::array<unsigned, 3> block = {1, 1, 1};
  /// How many entries "block" has in the manifest (1 to 3); the others of
  /// `block` are 1.
  unsigned blockDims = 3;
  std::vector<GridExpr> grid; ///< 1 to 3 entries.
  /// The kernel runs the programs of `grid` in a loop (`"persistent":
  /// true`): it is launched with min(programs, the CTAs the GPU holds at
  /// once) CTAs in one dimension.
  bool persistent = false;
  int64_t dynamicSharedMemory = 0;
  std::vector<Constant> constants; ///< In manifest order.
  std::vector<ParamSpec> params;
  std::vector<TensorMapSpec> tensorMaps;
  Resources resources;

  /// Parses and validates manifest text. `path` names it in messages and
  /// gives the directory for relative binary paths.
  static Expected<Manifest> parse(std::string_view text,
                                  const std::string &path = "",
                                  const ManifestOptions &options = {});
  /// Reads (a regular file of at most kMaxManifestBytes) and parses the file
  /// at `path`.
  static Expected<Manifest> load(const std::string &path,
                                 const ManifestOptions &options = {});
  /// The manifest as JSON text, as `tessera-compile` writes it: keys in the
  /// order of docs/manifest.md, two-space indents, a final newline. `path`
  /// and `directory` are not written, nor an empty `cubin`, nor `resources`
  /// when no field of it is known (-1); `align` only where it came from a
  /// manifest (`alignFromManifest`). `parse` reads the text back to an equal
  /// Manifest.
  std::string toJson() const;

  /// The constant called `name`, or null.
  const Constant *findConstant(std::string_view name) const;
  /// The constants called by any of `names` (absent names are left out),
  /// found in one pass over `constants`.
  std::map<std::string, const Constant *, std::less<>>
  findConstants(const std::vector<std::string> &names) const;
  /// The value of integer constant `name`; nullopt when there is none (or it
  /// is a float: see findConstant).
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
