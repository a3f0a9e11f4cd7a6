//===- Manifest.h - The kernel manifest (docs/manifest.md) ------*- C++ -*-===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Writes the JSON manifest that the runtime reads beside the PTX and cubin
/// (docs/manifest.md), from the kernel attributes the tile-to-NVVM
/// conversion leaves on the `llvm.func` (`tile.grid`, `tile.sizes`,
/// `tile.constants`, `nvvm.maxntid`, and the typed metadata the tilegpu
/// dialect declares and verifies: `tilegpu.kernel_name`, `tilegpu.params`,
/// `tilegpu.tensor_maps`, `tilegpu.shared_bytes`), and the resources ptxas
/// reported.
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_TARGET_MANIFEST_H
#define TESSERA_TARGET_MANIFEST_H

#include "tessera/Target/Target.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace tessera {

/// Prints one grid dimension, an affine expression over symbols only, in the
/// grammar of docs/manifest.md ("Grid expressions"): symbol i becomes
/// `sizeNames[i]`, ceildiv becomes `cdiv(a, b)`, floordiv `a / b`, mod
/// `a % b`, `x * -1` becomes `-x` and `a + b * -1` becomes `a - b`.
/// Parenthesizes only where the grammar's precedence requires it. Fails on
/// dimension identifiers and on symbols without a name.
llvm::Expected<std::string>
printGridExpr(mlir::AffineExpr expr, llvm::ArrayRef<std::string> sizeNames);

/// The grid of a kernel: its `tile.grid` map and the names of the map's
/// symbols (`tile.sizes`, none when absent).
struct KernelGrid {
  mlir::AffineMap map;
  llvm::SmallVector<std::string> sizeNames;
};

/// Reads and checks `tile.grid` and `tile.sizes` of `kernel`: 1 to 3
/// results, no dimensions, one symbol per size name.
llvm::Expected<KernelGrid> readKernelGrid(mlir::LLVM::LLVMFuncOp kernel);

/// The grid of `kernel` as one expression string per dimension.
llvm::Expected<llvm::SmallVector<std::string, 3>>
printKernelGrid(mlir::LLVM::LLVMFuncOp kernel);

/// The files a manifest refers to, relative to the manifest.
struct ManifestFiles {
  std::string ptx;   ///< e.g. "fa2.ptx"
  std::string cubin; ///< e.g. "fa2.cubin"; empty when there is none
};

/// Returns the manifest of the kernel of `module` (see findKernel) as JSON
/// text, keys in the order of docs/manifest.md. `resources` is omitted from
/// the JSON when null. `tile.sizes`, `tile.constants` and
/// `tilegpu.shared_bytes` may be absent (no sizes, no constants, 0 bytes).
/// Checks the kernel attributes, that `tilegpu.params` expands to the
/// kernel's LLVM signature under the manifest ABI, that every size the grid
/// uses is a tensor dimension, and the shared-memory budget of the chip;
/// every error names the kernel and the attribute.
llvm::Expected<std::string> writeManifest(mlir::ModuleOp module,
                                          const TargetOptions &options,
                                          const ManifestFiles &files,
                                          const KernelResources *resources);

/// What emitKernelFiles wrote.
struct EmittedKernel {
  std::string ptxPath;
  std::string cubinPath; ///< empty when no cubin was requested
  std::string manifestPath;
  std::optional<KernelResources> resources;
};

/// The whole stage: writes `<prefix>.ptx`, `<prefix>.cubin` (when
/// `withCubin`, through ptxas) and `<prefix>.json` for the kernel of
/// `module`. This is what `tessera-compile -o <prefix>` calls.
llvm::Expected<EmittedKernel> emitKernelFiles(mlir::ModuleOp module,
                                              const TargetOptions &options,
                                              llvm::StringRef prefix,
                                              bool withCubin);

} // namespace tessera

#endif // TESSERA_TARGET_MANIFEST_H
