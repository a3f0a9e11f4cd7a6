//===- DType.cpp - Element types shared by the host code ------------------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "tessera/Host/DType.h"

namespace tessera::host {

namespace {

struct DTypeInfo {
  DType dtype;
  const char *name;
  size_t size;
};

/// Indexed by the enum's value.
constexpr DTypeInfo kDTypeInfo[] = {
    {DType::F16, "f16", 2}, {DType::BF16, "bf16", 2}, {DType::F32, "f32", 4},
    {DType::F64, "f64", 8}, {DType::I1, "i1", 1},     {DType::I8, "i8", 1},
    {DType::I32, "i32", 4}, {DType::I64, "i64", 8},
};

const DTypeInfo &infoOf(DType dtype) {
  return kDTypeInfo[static_cast<unsigned>(dtype)];
}

} // namespace

const char *getDTypeName(DType dtype) { return infoOf(dtype).name; }

size_t getDTypeSize(DType dtype) { return infoOf(dtype).size; }

bool isFloatDType(DType dtype) {
  return dtype == DType::F16 || dtype == DType::BF16 || dtype == DType::F32 ||
         dtype == DType::F64;
}

bool isManifestDType(DType dtype) {
  return dtype == DType::F16 || dtype == DType::BF16 || dtype == DType::F32 ||
         dtype == DType::I32 || dtype == DType::I64;
}

std::optional<DType> parseDType(std::string_view name) {
  for (const DTypeInfo &info : kDTypeInfo)
    if (name == info.name)
      return info.dtype;
  return std::nullopt;
}

} // namespace tessera::host
