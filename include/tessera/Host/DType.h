//===- DType.h - Element types shared by the host code ----------*- C++ -*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The element types of tensors and scalars that the host code handles: the
/// runtime (manifest params and launch arguments), the interpreter's host
/// tensors and tessera-bench. One enum and one table of names and sizes; the
/// spelling is MLIR's ("f16", "bf16", "i32", ...), which is also the
/// manifest's. No LLVM dependency.
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_HOST_DTYPE_H
#define TESSERA_HOST_DTYPE_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace tessera::host {

/// An element type. The manifest (and so the runtime) takes f16, bf16, f32,
/// i32 and i64 (isManifestDType); the interpreter takes all of them.
enum class DType : uint8_t { F16, BF16, F32, F64, I1, I8, I32, I64 };

/// Returns "f16", "bf16", ... as MLIR and the manifest spell the type.
const char *getDTypeName(DType dtype);
/// Returns the size of one element in bytes (1 for i1).
size_t getDTypeSize(DType dtype);
/// Returns true for f16, bf16, f32 and f64.
bool isFloatDType(DType dtype);
/// Returns true for the element types a manifest may give (f16, bf16, f32,
/// i32, i64).
bool isManifestDType(DType dtype);
/// Parses a dtype name ("f16", ...); std::nullopt when unknown.
std::optional<DType> parseDType(std::string_view name);

} // namespace tessera::host

#endif // TESSERA_HOST_DTYPE_H
