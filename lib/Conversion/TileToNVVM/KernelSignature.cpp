//===- KernelSignature.cpp - Kernel ABI and manifest metadata -------------===//
//
// Part of Tessera. A tile kernel becomes an llvm.func with the manifest ABI
// (docs/manifest.md): each view a global pointer, its sizes and strides;
// the metadata the manifest is written from stays on the function.
//
//===----------------------------------------------------------------------===//

#include "KernelSignature.h"

#include "PatternsCommon.h"
#include "tessera/Conversion/TileToNVVM/TileToNVVM.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

using namespace mlir;
using namespace tessera;
using namespace tessera::lowering;
using namespace tessera::tile;
using namespace tessera::tilegpu;

namespace {

struct ReturnLowering : public OpConversionPattern<func::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(func::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->getParentOfType<LLVM::LLVMFuncOp>())
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, ValueRange{});
    return success();
  }
};

/// The alignment in bytes that `user`, an access of a view of
/// `elementBytes`-byte elements, assumes of the view's base pointer and of
/// every stride but the innermost (times the element size): 16 where shared
/// tiles are filled with 16-byte cp.async copies, the vector's bytes where
/// blocked tiles move several elements per access, 4 where 16-bit mma tiles
/// are stored as column pairs, else the element size (one scalar access per
/// element).
int64_t accessAlignment(Operation *user, int64_t elementBytes) {
  if (isa<AsyncLoadOp>(user))
    return 16;
  if (int64_t vector = vectorElementsOf(user); vector > 1)
    return vector * elementBytes;
  if (auto load = dyn_cast<LoadOp>(user))
    return isa_and_present<SharedEncodingAttr>(load.getType().getEncoding())
               ? 16
               : elementBytes;
  if (auto store = dyn_cast<StoreOp>(user)) {
    auto dist = Distribution::get(store.getValue().getType());
    if (dist && dist->kind == Distribution::Mma && elementBytes == 2)
      return 4;
  }
  return elementBytes;
}

int64_t elementBytesOf(ViewType view) {
  return std::max<int64_t>(1, view.getElementType().getIntOrFloatBitWidth() / 8);
}

/// Calls `fn` on every access of `view` and of the views narrowed from it.
template <typename Fn> void forEachAccess(Value view, Fn fn) {
  SmallVector<Value> views{view};
  while (!views.empty()) {
    Value v = views.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (auto narrow = dyn_cast<NarrowOp>(user))
        views.push_back(narrow.getResult());
      else
        fn(user);
    }
  }
}

/// The alignment the lowering assumes of view argument `i` (the most any
/// access of it or of a view narrowed from it needs; narrowing moves the
/// pointer by whole rows, so it keeps the alignment, except along the
/// innermost dimension, which checkNarrowAlignment restricts). It becomes the
/// manifest's "align", which the runtime checks before a launch.
int64_t viewAlignment(func::FuncOp kernel, unsigned i) {
  BlockArgument view = kernel.getArgument(i);
  int64_t elementBytes = elementBytesOf(cast<ViewType>(view.getType()));
  int64_t alignment = elementBytes;
  forEachAccess(view, [&](Operation *user) {
    alignment = std::max(alignment, accessAlignment(user, elementBytes));
  });
  return alignment;
}

/// The manifest entry of source-level parameter `i` (docs/manifest.md),
/// from the tile dialect's argument attributes and the alignment the
/// lowering assumes; null, after an error at the kernel, for a parameter
/// the runtime cannot pass (e.g. a 16-bit scalar in hand-written IR).
KernelParamAttr paramAttr(func::FuncOp kernel, unsigned i) {
  MLIRContext *ctx = kernel.getContext();
  Builder b(ctx);
  Type type = kernel.getArgumentTypes()[i];
  auto name =
      kernel.getArgAttrOfType<StringAttr>(i, TileDialect::kNameAttrName);
  if (!name)
    name = b.getStringAttr("arg" + Twine(i));
  auto role = ParamRole::Input;
  if (auto text = kernel.getArgAttrOfType<StringAttr>(
          i, TileDialect::kRoleAttrName))
    role = symbolizeParamRole(text.getValue()).value_or(ParamRole::Input);
  auto init = kernel.getArgAttrOfType<FloatAttr>(i, TileDialect::kInitAttrName);
  auto emitOpError = [&]() { return kernel.emitOpError(); };
  llvm::function_ref<InFlightDiagnostic()> emitError = emitOpError;
  auto view = dyn_cast<ViewType>(type);
  if (!view)
    return KernelParamAttr::getChecked(emitError, ctx, name, type, ArrayAttr(),
                                       role, /*align=*/int64_t(0), init);
  SmallVector<Attribute> dims;
  if (auto shape =
          kernel.getArgAttrOfType<ArrayAttr>(i, TileDialect::kShapeAttrName)) {
    for (Attribute dim : shape) {
      std::optional<int64_t> fixed = getIntValue(dim);
      dims.push_back(fixed ? b.getI64IntegerAttr(*fixed) : dim);
    }
  } else {
    for (unsigned d = 0; d < view.getRank(); ++d)
      dims.push_back(b.getStringAttr("arg" + Twine(i) + "_dim" + Twine(d)));
  }
  return KernelParamAttr::getChecked(emitError, ctx, name,
                                     view.getElementType(),
                                     b.getArrayAttr(dims), role,
                                     viewAlignment(kernel, i), init);
}

/// The tensor maps the TMA copies of `kernel` read, one per (view
/// parameter, box rows), in the order of the copies; each copy gets the
/// index of its map (tilegpu.tensor_map), which the lowering finds after
/// the other parameters. Fails on a TMA copy of a view that is not a
/// parameter (tilegpu-select-copies never makes one).
FailureOr<SmallVector<std::pair<unsigned, int64_t>>>
assignTensorMaps(func::FuncOp kernel) {
  SmallVector<std::pair<unsigned, int64_t>> maps;
  Builder b(kernel.getContext());
  WalkResult result = kernel.walk([&](AsyncLoadOp copy) {
    if (!copy->hasAttr(TileGPUDialect::kTmaAttrName))
      return WalkResult::advance();
    auto arg = dyn_cast<BlockArgument>(copy.getView());
    if (!arg || arg.getOwner() != &kernel.getBody().front()) {
      copy.emitOpError("expected the view of a TMA copy to be a kernel "
                       "parameter (its tensor map is encoded at launch)");
      return WalkResult::interrupt();
    }
    std::pair<unsigned, int64_t> key{
        arg.getArgNumber(),
        cast<RankedTensorType>(copy.getTileType()).getDimSize(0)};
    auto it = llvm::find(maps, key);
    if (it == maps.end())
      it = maps.insert(maps.end(), key);
    copy->setAttr(TileGPUDialect::kTensorMapAttrName,
                  b.getI64IntegerAttr(it - maps.begin()));
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  return maps;
}

} // namespace

LogicalResult tessera::lowering::checkNarrowAlignment(func::FuncOp kernel) {
  WalkResult result = kernel.walk([&](NarrowOp narrow) {
    ViewType type = narrow.getView().getType();
    if (narrow.getDim() + 1 != type.getRank())
      return WalkResult::advance();
    int64_t elementBytes = elementBytesOf(type);
    Operation *bad = nullptr;
    forEachAccess(narrow.getResult(), [&](Operation *user) {
      if (!bad && accessAlignment(user, elementBytes) > elementBytes)
        bad = user;
    });
    if (!bad)
      return WalkResult::advance();
    InFlightDiagnostic diag =
        narrow.emitOpError()
        << "narrows the innermost dimension, so the view is only "
        << elementBytes << "-byte aligned, but an access through it needs "
        << accessAlignment(bad, elementBytes) << " bytes";
    diag.attachNote(bad->getLoc()) << "this access";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

FailureOr<LLVM::LLVMFuncOp>
tessera::lowering::convertSignature(func::FuncOp kernel,
                                   gpu::GPUModuleOp module,
                                   unsigned numThreads) {
  MLIRContext *ctx = kernel.getContext();
  OpBuilder b(ctx);
  auto i64 = b.getI64Type();
  auto globalPtr = LLVM::LLVMPointerType::get(ctx, 1);
  SmallVector<Type> abiTypes;
  for (Type type : kernel.getArgumentTypes()) {
    if (auto view = dyn_cast<ViewType>(type)) {
      abiTypes.push_back(globalPtr);
      abiTypes.append(2 * view.getRank(), i64);
    } else if (type.isIntOrFloat()) {
      abiTypes.push_back(type);
    } else {
      return kernel.emitError("expected kernel parameters to be views or "
                              "scalars, got ")
             << type;
    }
  }
  if (kernel.getNumResults() != 0)
    return kernel.emitError("expected a kernel without results");
  // After the parameters' values: one tensor map per TMA box shape, passed
  // by value in the parameter space (a 64-byte aligned CUtensorMap that
  // cp.async.bulk.tensor reads by its generic address).
  FailureOr<SmallVector<std::pair<unsigned, int64_t>>> maps =
      assignTensorMaps(kernel);
  if (failed(maps))
    return failure();
  SmallVector<Attribute> params;
  for (unsigned i = 0; i < kernel.getNumArguments(); ++i) {
    KernelParamAttr param = paramAttr(kernel, i);
    if (!param)
      return failure();
    params.push_back(param);
  }
  unsigned firstMap = abiTypes.size();
  abiTypes.append(maps->size(), LLVM::LLVMPointerType::get(ctx));

  b.setInsertionPointToEnd(module.getBody());
  auto func = LLVM::LLVMFuncOp::create(
      b, kernel.getLoc(), kernel.getName(),
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), abiTypes));
  func->setAttr("nvvm.kernel", b.getUnitAttr());
  func->setAttr("gpu.kernel", b.getUnitAttr());
  func->setAttr("nvvm.maxntid",
                b.getDenseI32ArrayAttr({int32_t(numThreads), 1, 1}));
  const StringRef kept[] = {
      TileDialect::kGridAttrName, TileDialect::kSizesAttrName,
      TileDialect::kConstantsAttrName, TileGPUDialect::kSharedBytesAttrName,
      TileGPUDialect::kPersistentAttrName, kConsumerThreadsAttr};
  for (StringRef name : kept)
    if (Attribute attr = kernel->getAttr(name))
      func->setAttr(name, attr);
  func->setAttr(TileGPUDialect::kKernelNameAttrName,
                b.getStringAttr(kernel.getName()));
  func->setAttr(TileGPUDialect::kParamsAttrName, b.getArrayAttr(params));
  if (!maps->empty()) {
    SmallVector<Attribute> entries;
    for (auto [arg, rows] : *maps)
      entries.push_back(TensorMapAttr::get(
          ctx, cast<KernelParamAttr>(params[arg]).getName(),
          {rows, kTmaBoxColumns}, kTmaSwizzleBytes));
    func->setAttr(TileGPUDialect::kTensorMapsAttrName,
                  b.getArrayAttr(entries));
  }
  auto byteArray = LLVM::LLVMArrayType::get(b.getI8Type(), kTensorMapBytes);
  for (unsigned i = 0; i < maps->size(); ++i) {
    func.setArgAttr(firstMap + i, LLVM::LLVMDialect::getByValAttrName(),
                    TypeAttr::get(byteArray));
    func.setArgAttr(firstMap + i, LLVM::LLVMDialect::getAlignAttrName(),
                    b.getI64IntegerAttr(64));
    func.setArgAttr(firstMap + i, NVVM::NVVMDialect::getGridConstantAttrName(),
                    b.getUnitAttr());
  }

  // The runtime checks each tensor's pointer against its "align"
  // (docs/manifest.md); pointers are the first ABI value of each view.
  unsigned abiIndex = 0;
  for (unsigned i = 0; i < kernel.getNumArguments(); ++i) {
    auto view = dyn_cast<ViewType>(kernel.getArgumentTypes()[i]);
    if (view)
      func.setArgAttr(abiIndex, LLVM::LLVMDialect::getAlignAttrName(),
                      b.getI64IntegerAttr(viewAlignment(kernel, i)));
    abiIndex += view ? 1 + 2 * view.getRank() : 1;
  }
  Block *entry = func.addEntryBlock(b);
  b.setInsertionPointToStart(entry);
  SmallVector<Value> replacements;
  unsigned next = 0;
  for (Type type : kernel.getArgumentTypes()) {
    auto view = dyn_cast<ViewType>(type);
    if (!view) {
      replacements.push_back(entry->getArgument(next++));
      continue;
    }
    Location loc = kernel.getLoc();
    Value s = LLVM::UndefOp::create(b, loc, viewStructType(view));
    s = LLVM::InsertValueOp::create(b, loc, s, entry->getArgument(next++),
                                    ArrayRef<int64_t>{0});
    for (int64_t field : {1, 2})
      for (unsigned d = 0; d < view.getRank(); ++d)
        s = LLVM::InsertValueOp::create(b, loc, s, entry->getArgument(next++),
                                        ArrayRef<int64_t>{field, int64_t(d)});
    replacements.push_back(
        UnrealizedConversionCastOp::create(b, loc, type, s).getResult(0));
  }
  Block &body = kernel.getBody().front();
  entry->getOperations().splice(entry->end(), body.getOperations());
  for (auto [arg, replacement] :
       llvm::zip(body.getArguments(), replacements))
    arg.replaceAllUsesWith(replacement);
  // Move the remaining blocks (if any) after the entry block.
  Region &region = func.getBody();
  region.getBlocks().splice(region.end(), kernel.getBody().getBlocks(),
                            std::next(kernel.getBody().begin()),
                            kernel.getBody().end());
  kernel.erase();
  return func;
}

gpu::GPUModuleOp tessera::lowering::getOrCreateGpuModule(ModuleOp module) {
  for (auto gpuModule : module.getOps<gpu::GPUModuleOp>())
    return gpuModule;
  OpBuilder b(module.getBodyRegion());
  b.setInsertionPointToEnd(module.getBody());
  module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                  b.getUnitAttr());
  auto gpuModule = gpu::GPUModuleOp::create(b, module.getLoc(), "tessera");
  // The chip tessera-attach-target named is the one the Target stage
  // compiles the gpu.module for.
  if (auto target = module->getAttrOfType<NVVM::NVVMTargetAttr>(
          TileGPUDialect::kTargetAttrName))
    gpuModule.setTargetsAttr(b.getArrayAttr({target}));
  b.setInsertionPointToStart(gpuModule.getBody());
  LLVM::GlobalOp::create(b, module.getLoc(),
                         LLVM::LLVMArrayType::get(b.getI8Type(), 0),
                         /*isConstant=*/false, LLVM::Linkage::External,
                         kSharedGlobal, Attribute(), /*alignment=*/1024,
                         /*addrSpace=*/3);
  return gpuModule;
}

void tessera::populateTileKernelSignatureToNVVMPatterns(
    const TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ReturnLowering>(converter, patterns.getContext());
}
