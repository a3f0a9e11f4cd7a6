//===- KernelMetadata.cpp - What a compiled kernel asks of its caller -----===//
//
// Part of Tessera. The verifiers of the kernel metadata attributes
// (TileGPUKernelAttrs.td) and of the kernel attributes that hold them: what
// is checked here is what the manifest (docs/manifest.md) and the runtime
// rely on, so the Target stage serializes it without checking it again.
//
//===----------------------------------------------------------------------===//

#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/StringSet.h"

#include <cmath>

using namespace mlir;
using namespace tessera::tilegpu;

#include "TileGPU/IR/TileGPUEnums.cpp.inc"

/// The element types a tensor parameter may have, and those of a scalar
/// (passed by value as one .param: no 16-bit ones).
static bool isTensorDtype(Type type) {
  return type.isF16() || type.isBF16() || type.isF32() ||
         type.isSignlessInteger(32) || type.isSignlessInteger(64);
}
static bool isScalarDtype(Type type) {
  return type.isF32() || type.isSignlessInteger(32) ||
         type.isSignlessInteger(64);
}

LogicalResult
KernelParamAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        StringAttr name, Type dtype, ArrayAttr shape,
                        ParamRole role, int64_t align, FloatAttr init) {
  if (!name || name.getValue().empty())
    return emitError() << "expected a non-empty parameter name";
  auto error = [&]() {
    return emitError() << "parameter '" << name.getValue() << "': ";
  };
  if (!shape) {
    if (!isScalarDtype(dtype))
      return error() << "expected a scalar of f32, i32 or i64, got " << dtype;
    if (role != ParamRole::Input)
      return error() << "expected a scalar to be an input, got "
                     << stringifyParamRole(role);
    if (align != 0)
      return error() << "only tensors have an alignment";
    if (init)
      return error() << "only inout tensors have an init value";
    return success();
  }
  if (!isTensorDtype(dtype))
    return error() << "expected a tensor of f16, bf16, f32, i32 or i64, got "
                   << dtype;
  if (shape.empty())
    return error() << "expected a tensor shape of at least one dimension";
  for (Attribute dim : shape) {
    std::optional<int64_t> fixed = tessera::tile::getIntValue(dim);
    auto symbol = dyn_cast<StringAttr>(dim);
    if (!(symbol && !symbol.getValue().empty()) && !(fixed && *fixed > 0))
      return error() << "expected each dimension to be a size name or a "
                        "positive integer, got "
                     << dim;
  }
  if (align != 0 && (align > 256 || !llvm::isPowerOf2_64(align)))
    return error() << "expected the alignment to be a power of two from 1 "
                      "to 256 bytes, got "
                   << align;
  if (init) {
    if (role != ParamRole::InOut)
      return error() << "only inout tensors have an init value";
    if (std::isnan(init.getValueAsDouble()))
      return error() << "expected the init value to be a number, got "
                     << init;
  }
  return success();
}

LogicalResult
TensorMapAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      StringAttr tensor, ArrayRef<int64_t> box,
                      int64_t swizzle) {
  if (!tensor || tensor.getValue().empty())
    return emitError() << "expected a tensor map to name a tensor parameter";
  if (box.size() != 2 ||
      llvm::any_of(box, [](int64_t size) { return size < 1 || size > 256; }))
  {
    InFlightDiagnostic diag = emitError();
    diag << "expected the box of '" << tensor.getValue()
         << "' to be [rows, columns] in [1, 256], got [";
    llvm::interleaveComma(box, diag);
    return diag << "]";
  }
  if (swizzle != 128)
    return emitError() << "expected the 128-byte swizzle of a "
                          "#tilegpu.shared tile, got "
                       << swizzle;
  return success();
}

/// The elements of `attr`, an array of `T`, or failure with an error naming
/// `name` and `what` the elements should be.
template <typename T>
static FailureOr<SmallVector<T>> arrayOf(Operation *op, StringRef name,
                                         Attribute attr, StringRef what) {
  auto array = dyn_cast<ArrayAttr>(attr);
  SmallVector<T> elements;
  if (array)
    for (Attribute element : array) {
      auto typed = dyn_cast<T>(element);
      if (!typed)
        break;
      elements.push_back(typed);
    }
  if (!array || elements.size() != array.size()) {
    op->emitError() << "expected '" << name << "' to be an array of " << what
                    << ", got " << attr;
    return failure();
  }
  return elements;
}

std::optional<LogicalResult>
tessera::tilegpu::verifyKernelMetadataAttribute(Operation *op,
                                                NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (!llvm::is_contained({TileGPUDialect::kSharedBytesAttrName,
                           TileGPUDialect::kKernelNameAttrName,
                           TileGPUDialect::kParamsAttrName,
                           TileGPUDialect::kTensorMapsAttrName},
                          name))
    return std::nullopt;
  if (!isa<FunctionOpInterface>(op))
    return op->emitError() << "expected '" << name
                           << "' on a kernel function, got it on '"
                           << op->getName() << "'";
  Attribute value = attr.getValue();

  if (name == TileGPUDialect::kSharedBytesAttrName) {
    std::optional<int64_t> bytes = tessera::tile::getIntValue(value);
    if (!bytes || *bytes < 0 || *bytes > kMaxSharedMemoryBytes)
      return op->emitError() << "expected '" << name << "' in [0, "
                             << kMaxSharedMemoryBytes
                             << "] bytes (the most shared memory of any "
                                "chip), got "
                             << value;
    return success();
  }
  if (name == TileGPUDialect::kKernelNameAttrName) {
    auto text = dyn_cast<StringAttr>(value);
    if (!text || text.getValue().empty())
      return op->emitError() << "expected '" << name
                             << "' to be a non-empty string, got " << value;
    return success();
  }
  if (name == TileGPUDialect::kParamsAttrName) {
    FailureOr<SmallVector<KernelParamAttr>> params =
        arrayOf<KernelParamAttr>(op, name, value, "#tilegpu.param");
    if (failed(params))
      return failure();
    llvm::StringSet<> seen;
    for (KernelParamAttr param : *params)
      if (!seen.insert(param.getName().getValue()).second)
        return op->emitError() << "expected the names in '" << name
                               << "' to be distinct, got '"
                               << param.getName().getValue() << "' twice";
    return success();
  }

  // tilegpu.tensor_maps: each names a tensor of the kernel's parameters.
  FailureOr<SmallVector<TensorMapAttr>> maps =
      arrayOf<TensorMapAttr>(op, name, value, "#tilegpu.tensor_map");
  if (failed(maps))
    return failure();
  auto params = op->getAttrOfType<ArrayAttr>(TileGPUDialect::kParamsAttrName);
  if (!params)
    return op->emitError() << "expected '" << name << "' beside '"
                           << TileGPUDialect::kParamsAttrName
                           << "', whose tensors it names";
  for (TensorMapAttr map : *maps) {
    bool found = llvm::any_of(params, [&](Attribute attr) {
      auto param = dyn_cast<KernelParamAttr>(attr);
      return param && param.isTensor() && param.getName() == map.getTensor();
    });
    if (!found)
      return op->emitError() << "expected the tensor map of '"
                             << map.getTensor().getValue()
                             << "' to name a tensor parameter in '"
                             << TileGPUDialect::kParamsAttrName << "'";
  }
  return success();
}
