//===- TileGPUDialect.cpp - GPU layouts of tiles --------------------------===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tessera;
using namespace tessera::tilegpu;

#include "TileGPU/IR/TileGPUDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "TileGPU/IR/TileGPUAttrs.cpp.inc"

#define GET_OP_CLASSES
#include "TileGPU/IR/TileGPUOps.cpp.inc"

namespace {
/// Prints layouts as short aliases (#mma, #blocked, #rows, #cols, #shared) at the top of a
/// module: tensor types in lowered kernels stay readable.
struct TileGPUOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<MmaEncodingAttr>(attr))
      os << "mma";
    else if (isa<BlockedEncodingAttr>(attr))
      os << "blocked";
    else if (auto slice = dyn_cast<SliceEncodingAttr>(attr))
      os << (slice.getDim() == 1 ? "rows" : "cols");
    else if (auto shared = dyn_cast<SharedEncodingAttr>(attr))
      os << (shared.getTransposed() ? "shared_t" : "shared");
    else
      return AliasResult::NoAlias;
    return AliasResult::FinalAlias;
  }
};
} // namespace

void TileGPUDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "TileGPU/IR/TileGPUAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "TileGPU/IR/TileGPUOps.cpp.inc"
      >();
  addInterfaces<TileGPUOpAsmInterface>();
}

//===----------------------------------------------------------------------===//
// Layouts
//===----------------------------------------------------------------------===//

/// "64x?x16", for diagnostics.
static std::string shapeStr(ArrayRef<int64_t> shape) {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::interleave(
      shape, os,
      [&](int64_t dim) {
        if (ShapedType::isDynamic(dim))
          os << '?';
        else
          os << dim;
      },
      "x");
  return s;
}

/// A laid-out tile is distributed over threads or placed in shared memory
/// element by element: its shape is static and every size positive.
static LogicalResult
verifyStaticShape(ArrayRef<int64_t> shape, Attribute layout,
                  function_ref<InFlightDiagnostic()> emitError) {
  if (llvm::any_of(shape, [](int64_t dim) {
        return ShapedType::isDynamic(dim) || dim < 1;
      }))
    return emitError() << "expected a static shape of positive sizes for "
                       << layout << ", got " << shapeStr(shape);
  return success();
}

/// Checks that `rows` (when the tile has them) divide into the 16-row
/// fragments of `mma`'s warps and `cols` into its 8-column fragments.
static LogicalResult
verifyFragments(MmaEncodingAttr mma, std::optional<int64_t> rows,
                std::optional<int64_t> cols,
                function_ref<InFlightDiagnostic()> emitError) {
  int64_t rowQuantum = 16 * int64_t(mma.getWarpsM());
  int64_t colQuantum = 8 * int64_t(mma.getWarpsN());
  if (rows && *rows % rowQuantum != 0)
    return emitError() << "expected the rows to be a multiple of "
                       << rowQuantum << " (16 per warp of " << mma
                       << "), got " << *rows;
  if (cols && *cols % colQuantum != 0)
    return emitError() << "expected the columns to be a multiple of "
                       << colQuantum << " (8 per warp of " << mma << "), got "
                       << *cols;
  return success();
}

/// The most elements of a register tile one thread may hold: 4 times the
/// 255 registers a thread has (the lowering unrolls every element, and its
/// time grows faster than the count).
constexpr int64_t kMaxElementsPerThread = 1024;

/// Checks that the `a * b * perPair` elements each thread holds of a tile in
/// `layout` stay under kMaxElementsPerThread.
static LogicalResult
verifyElementsPerThread(Attribute layout, int64_t a, int64_t b,
                        int64_t perPair,
                        function_ref<InFlightDiagnostic()> emitError) {
  int64_t elements = 0;
  bool overflow = llvm::MulOverflow(a, b, elements) ||
                  llvm::MulOverflow(elements, perPair, elements);
  if (!overflow && elements <= kMaxElementsPerThread)
    return success();
  InFlightDiagnostic diag = emitError()
                            << "expected at most " << kMaxElementsPerThread
                            << " elements per thread in " << layout
                            << " (4 times a thread's 255 registers), got ";
  if (overflow)
    diag << "more than " << std::numeric_limits<int64_t>::max();
  else
    diag << elements;
  return diag;
}

LogicalResult
MmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        unsigned warpsM, unsigned warpsN) {
  if (warpsM < 1 || warpsM > kMaxWarps)
    return emitError() << "expected warpsM in [1, " << kMaxWarps
                       << "] (a CTA has at most " << kMaxWarps
                       << " warps), got " << warpsM;
  if (warpsN != 1)
    return emitError() << "expected warpsN = 1 (only layouts that split the "
                          "rows are lowered), got "
                       << warpsN;
  return success();
}

LogicalResult MmaEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type elementType,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (shape.size() != 2)
    return emitError() << "expected a 2-D tile for " << *this << ", got rank "
                       << shape.size();
  if (failed(verifyStaticShape(shape, *this, emitError)) ||
      failed(verifyFragments(*this, shape[0], shape[1], emitError)))
    return failure();
  // Each thread holds 4 elements of each of its 16x8 fragments.
  return verifyElementsPerThread(*this, shape[0] / (16 * int64_t(getWarpsM())),
                                 shape[1] / 8, 4, emitError);
}

//===----------------------------------------------------------------------===//
// #tilegpu.blocked
//===----------------------------------------------------------------------===//

LogicalResult
BlockedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                            ArrayRef<unsigned> sizePerThread,
                            ArrayRef<unsigned> threadsPerWarp,
                            ArrayRef<unsigned> warpsPerCTA,
                            ArrayRef<unsigned> order) {
  size_t rank = sizePerThread.size();
  if (rank != 1 && rank != 2)
    return emitError() << "expected a 1-D or 2-D blocked layout, got rank "
                       << rank;
  if (threadsPerWarp.size() != rank || warpsPerCTA.size() != rank ||
      order.size() != rank)
    return emitError() << "expected " << rank
                       << " entries in every parameter (one per dimension)";
  auto powersOfTwo = [&](StringRef name, ArrayRef<unsigned> values,
                         unsigned limit) -> LogicalResult {
    for (unsigned v : values)
      if (v == 0 || v > limit || !llvm::isPowerOf2_32(v))
        return emitError() << "expected " << name
                           << " entries to be powers of two up to " << limit
                           << ", got " << v;
    return success();
  };
  if (failed(powersOfTwo("sizePerThread", sizePerThread, 1024)) ||
      failed(powersOfTwo("threadsPerWarp", threadsPerWarp, 32)))
    return failure();
  // Warps need not be a power of two (a kernel of 10 or 12 warps): the
  // lowering places them with divisions, not shifts.
  for (unsigned v : warpsPerCTA)
    if (v == 0 || v > kMaxWarps)
      return emitError() << "expected warpsPerCTA entries in [1, " << kMaxWarps
                         << "], got " << v;
  unsigned lanes = 1, warps = 1;
  for (size_t d = 0; d < rank; ++d) {
    lanes *= threadsPerWarp[d];
    warps *= warpsPerCTA[d];
  }
  if (lanes != 32)
    return emitError() << "expected threadsPerWarp to multiply to 32 (the "
                          "lanes of a warp), got "
                       << lanes;
  if (warps > kMaxWarps)
    return emitError() << "expected warpsPerCTA to multiply to at most "
                       << kMaxWarps << ", got " << warps;
  SmallVector<unsigned> sorted(order);
  llvm::sort(sorted);
  for (size_t d = 0; d < rank; ++d)
    if (sorted[d] != d)
      return emitError() << "expected order to be a permutation of the "
                            "dimensions";
  return success();
}

int64_t BlockedEncodingAttr::getCoverage(unsigned dim) const {
  return int64_t(getSizePerThread()[dim]) * getThreadsPerWarp()[dim] *
         getWarpsPerCTA()[dim];
}

unsigned BlockedEncodingAttr::getNumWarps() const {
  unsigned warps = 1;
  for (unsigned w : getWarpsPerCTA())
    warps *= w;
  return warps;
}

int64_t BlockedEncodingAttr::getPositions(unsigned dim) const {
  return int64_t(getThreadsPerWarp()[dim]) * getWarpsPerCTA()[dim];
}

int64_t BlockedEncodingAttr::getDistinctPositions(unsigned dim,
                                                  int64_t size) const {
  return std::min<int64_t>(size / getSizePerThread()[dim], getPositions(dim));
}

int64_t BlockedEncodingAttr::getReductionWarps(unsigned dim,
                                               int64_t size) const {
  bool acrossWarps = getDistinctPositions(dim, size) > getThreadsPerWarp()[dim];
  return acrossWarps ? getWarpsPerCTA()[dim] : 1;
}

int64_t BlockedEncodingAttr::getElementsPerThread(unsigned dim,
                                                  int64_t size) const {
  return std::max<int64_t>(size / getCoverage(dim), 1) *
         getSizePerThread()[dim];
}

/// Checks that a tile of `size` elements along `dim` fits `blocked`: a
/// multiple of sizePerThread, and a multiple of the coverage (whole
/// repetitions) or smaller than it (the positions past it hold copies).
static LogicalResult
verifyBlockedExtent(BlockedEncodingAttr blocked, unsigned dim, int64_t size,
                    function_ref<InFlightDiagnostic()> emitError) {
  int64_t perThread = blocked.getSizePerThread()[dim];
  int64_t coverage = blocked.getCoverage(dim);
  if (size % perThread != 0 || (size % coverage != 0 && size > coverage))
    return emitError() << "expected the size of dimension " << dim
                       << " in " << blocked
                       << " to be a multiple of sizePerThread (" << perThread
                       << ") and a multiple of the coverage (" << coverage
                       << ") or smaller, got " << size;
  return success();
}

LogicalResult BlockedEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type elementType,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (shape.size() != getRank())
    return emitError() << "expected a tile of rank " << getRank() << " for "
                       << *this << ", got rank " << shape.size();
  if (failed(verifyStaticShape(shape, *this, emitError)))
    return failure();
  int64_t elements = 1;
  for (unsigned d = 0; d < getRank(); ++d) {
    if (failed(verifyBlockedExtent(*this, d, shape[d], emitError)))
      return failure();
    elements *= getElementsPerThread(d, shape[d]);
  }
  return verifyElementsPerThread(*this, elements, 1, 1, emitError);
}

//===----------------------------------------------------------------------===//
// #tilegpu.slice
//===----------------------------------------------------------------------===//

LogicalResult
SliceEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          unsigned dim, Attribute parent) {
  if (dim > 1)
    return emitError() << "expected dim 0 (a column vector) or 1 (a row "
                          "vector), got "
                       << dim;
  auto blocked = dyn_cast_if_present<BlockedEncodingAttr>(parent);
  if (!isa_and_present<MmaEncodingAttr>(parent) &&
      !(blocked && blocked.getRank() == 2))
    return emitError() << "expected a #tilegpu.mma or 2-D #tilegpu.blocked "
                          "parent, got "
                       << parent;
  return success();
}

LogicalResult SliceEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type elementType,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (shape.size() != 1 && shape.size() != 2)
    return emitError() << "expected a 1-D or 2-D tile for " << *this
                       << ", got rank " << shape.size();
  if (failed(verifyStaticShape(shape, *this, emitError)))
    return failure();
  // A 2-D slice tile is a vector after tile.expand_dims: size 1 along the
  // dimension it drops.
  int64_t length = shape[0];
  if (shape.size() == 2) {
    if (shape[getDim()] != 1)
      return emitError() << "expected size 1 in dimension " << getDim()
                         << " of a 2-D tile in " << *this << ", got "
                         << shapeStr(shape);
    length = shape[1 - getDim()];
  }
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(getParent())) {
    unsigned kept = 1 - getDim();
    return failure(
        failed(verifyBlockedExtent(blocked, kept, length, emitError)) ||
        failed(verifyElementsPerThread(
            *this, blocked.getElementsPerThread(kept, length), 1, 1,
            emitError)));
  }
  auto mma = cast<MmaEncodingAttr>(getParent());
  // Each thread holds 2 elements (rows group and group + 8, or columns 2t
  // and 2t + 1) of each 16-row or 8-column fragment.
  if (getDim() == 1)
    return failure(
        failed(verifyFragments(mma, length, std::nullopt, emitError)) ||
        failed(verifyElementsPerThread(
            *this, length / (16 * int64_t(mma.getWarpsM())), 1, 2,
            emitError)));
  return failure(
      failed(verifyFragments(mma, std::nullopt, length, emitError)) ||
      failed(verifyElementsPerThread(*this, length / 8, 1, 2, emitError)));
}

/// The bytes of a static shape of `elementType`, unless they overflow.
static std::optional<int64_t> tileBytes(ArrayRef<int64_t> shape,
                                        Type elementType) {
  if (!elementType.isIntOrFloat())
    return std::nullopt;
  int64_t bytes = (elementType.getIntOrFloatBitWidth() + 7) / 8;
  for (int64_t dim : shape)
    if (ShapedType::isDynamic(dim) || dim < 0 ||
        llvm::MulOverflow(bytes, dim, bytes))
      return std::nullopt;
  return bytes;
}

unsigned SharedEncodingAttr::getCanonicalSwizzle(int64_t storedCols) {
  int64_t chunks = storedCols / 8;
  unsigned period = 8;
  while (period > 1 && chunks % period != 0)
    period /= 2;
  return 16 * period;
}

SharedEncodingAttr SharedEncodingAttr::getCanonical(MLIRContext *context,
                                                    ArrayRef<int64_t> shape,
                                                    bool transposed) {
  // A tile of another rank is not a shared tile (verifyEncoding says so).
  unsigned swizzle =
      shape.size() == 2 ? getCanonicalSwizzle(shape[transposed ? 0 : 1]) : 16;
  return get(context, transposed, swizzle);
}

LogicalResult
SharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           bool transposed, unsigned swizzle) {
  if (swizzle < 16 || swizzle > 128 || !llvm::isPowerOf2_32(swizzle))
    return emitError() << "expected a swizzle of 16, 32, 64 or 128 bytes, got "
                       << swizzle;
  return success();
}

LogicalResult SharedEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type elementType,
    function_ref<InFlightDiagnostic()> emitError) const {
  // The parser verifies the encoding before it rejects an element type that
  // did not parse (null here); it reports that one.
  if (!elementType)
    return success();
  if (shape.size() != 2)
    return emitError() << "expected a 2-D tile for " << *this << ", got rank "
                       << shape.size();
  if (failed(verifyStaticShape(shape, *this, emitError)))
    return failure();
  if (!elementType.isF16() && !elementType.isBF16())
    return emitError() << "expected f16 or bf16 elements for " << *this
                       << " (ldmatrix reads 16-bit elements), got "
                       << elementType;
  // A transposed tile is stored as its transpose.
  int64_t storedRow = shape[getTransposed() ? 0 : 1];
  if (storedRow % 8 != 0)
    return emitError() << "expected stored rows of a multiple of 8 elements "
                          "(16-byte chunks) for "
                       << *this << ", got " << storedRow;
  // The swizzle's period of chunks must tile the stored row; the 128-byte
  // swizzle stores 64-column panels.
  if (isPanelled() && storedRow % 64 != 0)
    return emitError() << "expected stored rows of a multiple of 64 columns "
                          "(64-column panels) for "
                       << *this << ", got " << storedRow;
  if ((storedRow / 8) % getPeriod() != 0)
    return emitError() << "expected a swizzle whose period (" << getPeriod()
                       << " chunks) divides the stored row's " << storedRow / 8
                       << " chunks (at most " << getCanonicalSwizzle(storedRow)
                       << " bytes) for " << *this << ", got " << getSwizzle();
  std::optional<int64_t> bytes = tileBytes(shape, elementType);
  int64_t limit = maxSharedMemoryBytes();
  if (!bytes || *bytes > limit) {
    std::string tile = shapeStr(shape) + "x";
    llvm::raw_string_ostream(tile) << elementType;
    return emitError() << "expected a tile of at most " << limit
                       << " bytes (the most shared memory of any chip) for "
                       << *this << ", got " << tile;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Discardable attributes: tilegpu.shared_offset, tilegpu.stages
//===----------------------------------------------------------------------===//

RankedTensorType tilegpu::sharedBufferTile(Operation *op) {
  auto shared = [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor && isa_and_present<SharedEncodingAttr>(tensor.getEncoding())
               ? tensor
               : RankedTensorType();
  };
  if (isa<tile::LoadOp>(op))
    return op->getNumResults() == 1 ? shared(op->getResult(0).getType())
                                    : RankedTensorType();
  if (auto copy = dyn_cast<AsyncLoadOp>(op)) {
    auto type = op->getAttrOfType<TypeAttr>(copy.getTileTypeAttrName());
    return type ? shared(type.getValue()) : RankedTensorType();
  }
  if (auto convert = dyn_cast<ConvertLayoutOp>(op)) {
    // Out of shared memory there is no scratch: the source is read.
    auto src = dyn_cast<RankedTensorType>(convert.getSrc().getType());
    if (op->getNumResults() != 1 ||
        (src && isa_and_present<SharedEncodingAttr>(src.getEncoding())))
      return RankedTensorType();
    return dyn_cast<RankedTensorType>(op->getResult(0).getType());
  }
  if (isa<StageViewOp>(op) && op->getNumResults() == 1)
    return dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (RankedTensorType scratch = transposeScratchType(op))
    return scratch;
  if (auto reduce = dyn_cast<tile::ReduceOp>(op))
    return reductionScratchType(reduce);
  if (auto scan = dyn_cast<tile::ScanOp>(op))
    return scanScratchType(scan);
  return RankedTensorType();
}

bool tilegpu::isRegisterTranspose(Operation *op) {
  auto trans = dyn_cast<tile::TransOp>(op);
  if (!trans || op->getNumOperands() != 1)
    return false;
  auto src = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  return src && src.getEncoding() &&
         !isa<SharedEncodingAttr>(src.getEncoding());
}

RankedTensorType tilegpu::transposeScratchType(Operation *op) {
  if (!isRegisterTranspose(op))
    return RankedTensorType();
  auto src = cast<RankedTensorType>(op->getOperand(0).getType());
  Type element = src.getElementType();
  if (src.getRank() != 2 || !element.isIntOrFloat())
    return RankedTensorType();
  int64_t bytes = std::max<int64_t>(1, element.getIntOrFloatBitWidth() / 8);
  int64_t pad = std::max<int64_t>(1, 4 / bytes);
  return RankedTensorType::get({src.getDimSize(0), src.getDimSize(1) + pad},
                               element);
}

RankedTensorType tilegpu::reductionScratchType(tile::ReduceOp reduce) {
  auto src = dyn_cast<RankedTensorType>(reduce.getSrc().getType());
  auto blocked =
      src ? dyn_cast_if_present<BlockedEncodingAttr>(src.getEncoding())
          : BlockedEncodingAttr();
  if (!blocked || blocked.getRank() != 2 || src.getRank() != 2 ||
      reduce.getAxis() > 1)
    return RankedTensorType();
  unsigned axis = reduce.getAxis();
  int64_t warps = blocked.getReductionWarps(axis, src.getDimSize(axis));
  if (warps <= 1)
    return RankedTensorType();
  // 16-bit maxima and minima combine in f32; an argmax or argmin keeps
  // each warp's indices (i32) after its values.
  Type element = src.getElementType();
  if (element.isF16() || element.isBF16())
    element = Float32Type::get(reduce.getContext());
  int64_t rows = tile::isArgReduction(reduce.getKind()) ? 2 * warps : warps;
  return RankedTensorType::get({rows, src.getDimSize(1 - axis)}, element);
}

bool tilegpu::scanCrossesWarps(BlockedEncodingAttr layout, unsigned axis,
                                int64_t size) {
  int64_t lanes = layout.getThreadsPerWarp()[axis];
  int64_t distinct = layout.getDistinctPositions(axis, size);
  return layout.getWarpsPerCTA()[axis] > 1 &&
         !(distinct <= lanes && lanes % distinct == 0);
}

RankedTensorType tilegpu::scanScratchType(tile::ScanOp scan) {
  auto src = dyn_cast<RankedTensorType>(scan.getSrc().getType());
  auto blocked =
      src ? dyn_cast_if_present<BlockedEncodingAttr>(src.getEncoding())
          : BlockedEncodingAttr();
  unsigned axis = scan.getAxis();
  if (!blocked || blocked.getRank() != src.getRank() || src.getRank() > 2 ||
      axis >= src.getRank() ||
      !scanCrossesWarps(blocked, axis, src.getDimSize(axis)))
    return RankedTensorType();
  int64_t reps = blocked.getElementsPerThread(axis, src.getDimSize(axis)) /
                 blocked.getSizePerThread()[axis];
  int64_t kept = src.getRank() == 2 ? src.getDimSize(1 - axis) : 1;
  return RankedTensorType::get(
      {reps * blocked.getWarpsPerCTA()[axis], kept}, src.getElementType());
}

bool tessera::tilegpu::isValidChip(StringRef chip) {
  if (!chip.consume_front("sm_"))
    return false;
  if (chip.ends_with("a") || chip.ends_with("f"))
    chip = chip.drop_back();
  unsigned version = 0;
  return !chip.empty() && llvm::all_of(chip, llvm::isDigit) &&
         !chip.getAsInteger(10, version) && version >= 20;
}

bool tessera::tilegpu::chipHasWgmma(StringRef chip) {
  // (NVVM's version parser reads an indeterminate value for a chip without
  // digits: ask it only about valid chips.)
  if (!isValidChip(chip))
    return false;
  return NVVM::NVVMCheckSMVersion(/*archAccelerated=*/true, 90)
      .isCompatibleWith(
          NVVM::NVVMCheckSMVersion::getTargetSMVersionFromStr(chip));
}

FailureOr<TargetInfo> tessera::tilegpu::getTargetInfo(Operation *op) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    module = op->getParentOfType<ModuleOp>();
  TargetInfo info;
  if (module) {
    info.target = module->getAttrOfType<NVVM::NVVMTargetAttr>(
        TileGPUDialect::kTargetAttrName);
    if (auto shared = module->getAttrOfType<IntegerAttr>(
            TileGPUDialect::kSharedMemoryAttrName))
      info.sharedMemory = shared.getInt();
  }
  if (!info.target || info.sharedMemory == 0)
    return op->emitError()
           << "expected the module to name its target ('"
           << TileGPUDialect::kTargetAttrName << "' and '"
           << TileGPUDialect::kSharedMemoryAttrName
           << "'): run tessera-attach-target first";
  return info;
}

LogicalResult TileGPUDialect::verifyOperationAttribute(Operation *op,
                                                       NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (std::optional<LogicalResult> verified =
          verifyKernelMetadataAttribute(op, attr))
    return *verified;
  if (name == kTensorMapAttrName) {
    std::optional<int64_t> index = tile::getIntValue(attr.getValue());
    if (!isa<AsyncLoadOp>(op) || !op->hasAttr(kTmaAttrName) || !index ||
        *index < 0)
      return op->emitError() << "expected '" << name
                             << "' to be a non-negative index on a TMA "
                                "tilegpu.async_load, got "
                             << attr.getValue() << " on '" << op->getName()
                             << "'";
    return success();
  }
  if (name == kTargetAttrName) {
    auto target = dyn_cast<NVVM::NVVMTargetAttr>(attr.getValue());
    if (!isa<ModuleOp>(op) || !target)
      return op->emitError() << "expected '" << name
                             << "' to be an #nvvm.target on a builtin.module, "
                                "got "
                             << attr.getValue() << " on '" << op->getName()
                             << "'";
    // The gpu.module that convert-tile-to-nvvm makes carries this target,
    // and NVVM rejects a chip it cannot read there: reject it here.
    if (!isValidChip(target.getChip()))
      return op->emitError()
             << "expected '" << name
             << "' to name a chip sm_<version> (at least 20, optionally with "
                "an 'a' or 'f' suffix), got '"
             << target.getChip() << "'";
    return success();
  }
  if (name == kSharedMemoryAttrName) {
    std::optional<int64_t> bytes = tile::getIntValue(attr.getValue());
    if (!isa<ModuleOp>(op) || !bytes || *bytes <= 0 ||
        *bytes > kMaxSharedMemoryBytes)
      return op->emitError() << "expected '" << name
                             << "' on a builtin.module, bytes in [1, "
                             << kMaxSharedMemoryBytes << "], got "
                             << attr.getValue() << " on '" << op->getName()
                             << "'";
    return success();
  }
  if (name == kStagesAttrName) {
    if (!isa<AsyncLoadOp, StageViewOp>(op))
      return op->emitError() << "expected '" << name
                             << "' on a tilegpu.async_load or "
                                "tilegpu.stage_view, got it on '"
                             << op->getName() << "'";
    std::optional<int64_t> stages = tile::getIntValue(attr.getValue());
    if (!stages || *stages < 1 || *stages > kMaxStages)
      return op->emitError() << "expected '" << name << "' in [1, "
                             << kMaxStages << "], got " << attr.getValue();
    return success();
  }
  if (name == kVectorAttrName) {
    if (!isa<tile::LoadOp, tile::StoreOp>(op))
      return op->emitError() << "expected '" << name
                             << "' on a tile.load or tile.store, got it on '"
                             << op->getName() << "'";
    std::optional<int64_t> elements = tile::getIntValue(attr.getValue());
    if (!elements || *elements < 1 || *elements > 16 ||
        !llvm::isPowerOf2_64(*elements))
      return op->emitError() << "expected '" << name
                             << "' to be a power of two in [1, 16], got "
                             << attr.getValue();
    return success();
  }
  if (name == kAsyncAttrName) {
    auto dot = dyn_cast<tile::DotOp>(op);
    if (!dot)
      return op->emitError() << "expected '" << name
                             << "' on a tile.dot, got it on '"
                             << op->getName() << "'";
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "expected '" << name
                             << "' to be a unit attribute, got "
                             << attr.getValue();
    // The result is in flight: only a wait may read it.
    for (OpOperand &use : dot.getResult().getUses())
      if (!isa<DotWaitOp>(use.getOwner()))
        return op->emitError()
               << "expected the result of an asynchronous tile.dot to be "
                  "read only by tilegpu.dot_wait, got a use by '"
               << use.getOwner()->getName() << "'";
    return success();
  }
  if (name == kWgmmaAttrName || name == kRotatedAttrName) {
    if (!isa<tile::DotOp>(op) || !isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "expected '" << name
                             << "' to be a unit attribute on a tile.dot, got "
                             << attr.getValue() << " on '" << op->getName()
                             << "'";
    return success();
  }
  if (name == kReadLagAttrName) {
    auto load = dyn_cast<tile::LoadOp>(op);
    if (!load || !isa_and_present<SharedEncodingAttr>(
                     load.getType().getEncoding()))
      return op->emitError() << "expected '" << name
                             << "' on a tile.load into shared memory, got "
                                "it on '"
                             << op->getName() << "'";
    std::optional<int64_t> lag = tile::getIntValue(attr.getValue());
    if (!lag || *lag < 0 || *lag > 1)
      return op->emitError() << "expected '" << name
                             << "' to be 0 or 1 (iterations a tile is read "
                                "after its own), got "
                             << attr.getValue();
    return success();
  }
  if (name == kLateReleaseAttrName) {
    if (!isa<UnitAttr>(attr.getValue()) || !isa<tile::LoadOp>(op) ||
        !op->hasAttr(kReadLagAttrName))
      return op->emitError() << "expected '" << name
                             << "' to be a unit attribute on a tile.load with '"
                             << kReadLagAttrName << "', got "
                             << attr.getValue() << " on '" << op->getName()
                             << "'";
    return success();
  }
  if (name == kFirstIterationAttrName) {
    auto load = dyn_cast<tile::LoadOp>(op);
    if (!load ||
        !isa_and_present<SharedEncodingAttr>(load.getType().getEncoding()) ||
        !isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "expected '" << name
                             << "' to be a unit attribute on a tile.load "
                                "into shared memory, got "
                             << attr.getValue() << " on '" << op->getName()
                             << "'";
    return success();
  }
  if (name == kTmaAttrName) {
    auto load = dyn_cast<tile::LoadOp>(op);
    bool shared = (load && isa_and_present<SharedEncodingAttr>(
                               load.getType().getEncoding())) ||
                  isa<AsyncLoadOp>(op);
    if (!shared || !isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "expected '" << name
                             << "' to be a unit attribute on a tile.load into "
                                "shared memory or a tilegpu.async_load, got "
                             << attr.getValue() << " on '" << op->getName()
                             << "'";
    return success();
  }
  if (name == kPersistentAttrName && isa<FunctionOpInterface>(op)) {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "expected '" << name
                             << "' to be a unit attribute, got "
                             << attr.getValue();
    return success();
  }
  if (name == kProducerAttrName || name == kPersistentAttrName) {
    if (!isa<scf::ForOp>(op) || !isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "expected '" << name
                             << "' to be a unit attribute on an scf.for, got "
                             << attr.getValue() << " on '" << op->getName()
                             << "'";
    return success();
  }
  if (name == kBarrierOffsetAttrName) {
    if (!isa<AsyncLoadOp, StageWaitOp, StageAcquireOp, StageReleaseOp,
             RingInitOp, RingInvalOp>(op))
      return op->emitError() << "expected '" << name
                             << "' on a tilegpu.async_load, stage_wait, "
                                "stage_acquire, stage_release, ring_init or "
                                "ring_inval, got it on '"
                             << op->getName() << "'";
    std::optional<int64_t> offset = tile::getIntValue(attr.getValue());
    if (!offset || *offset < 0 || *offset >= maxSharedMemoryBytes() ||
        *offset % 8 != 0)
      return op->emitError() << "expected '" << name
                             << "' to be a multiple of 8 (an mbarrier) in [0, "
                             << maxSharedMemoryBytes() << "), got "
                             << attr.getValue();
    return success();
  }
  if (name != kSharedOffsetAttrName)
    return op->emitError() << "unknown tilegpu dialect attribute '" << name
                           << "'";

  // This runs before the op's own verifier: check what is read here.
  RankedTensorType tile = sharedBufferTile(op);
  if (!tile)
    return op->emitError() << "expected '" << name
                           << "' on a load into shared memory, "
                              "tilegpu.async_load, tilegpu.stage_view, "
                              "tilegpu.convert_layout or a tile.reduce "
                              "across warps, got it on '"
                           << op->getName() << "'";
  int64_t limit = maxSharedMemoryBytes();
  std::optional<int64_t> offset = tile::getIntValue(attr.getValue());
  if (!offset || *offset < 0 || *offset >= limit)
    return op->emitError() << "expected '" << name << "' in [0, " << limit
                           << ") (the most shared memory of any chip), got "
                           << attr.getValue();
  if (*offset % 16 != 0)
    return op->emitError() << "expected '" << name
                           << "' to be a multiple of 16 (cp.async and "
                              "ldmatrix move 16-byte chunks), got "
                           << *offset;
  // tilegpu.stages is checked on its own (after this attribute).
  int64_t stages = std::clamp<int64_t>(
      tile::getIntValue(op->getAttr(kStagesAttrName)).value_or(1), 1,
      kMaxStages);
  std::optional<int64_t> bytes =
      tileBytes(tile.getShape(), tile.getElementType());
  if (!bytes || llvm::MulOverflow(*bytes, stages, *bytes) ||
      *bytes > limit - *offset)
    return op->emitError() << "expected the buffer at '" << name << "' "
                           << *offset << " to end within " << limit
                           << " bytes (the most shared memory of any chip), "
                              "got "
                           << stages << " x " << tile;
  return success();
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

/// A shared tile: 2-D, 16-bit elements, #tilegpu.shared.
static LogicalResult verifySharedTile(Operation *op, Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !isa_and_present<SharedEncodingAttr>(tensor.getEncoding()))
    return op->emitOpError() << "expected a tile in #tilegpu.shared, got "
                             << type;
  return success();
}

/// A tile written into shared memory is stored as it is: only tile.trans
/// makes a transposed one (the copies and conversions would store a
/// `transposed = true` tile untransposed).
static LogicalResult verifyStoredAsIs(Operation *op, RankedTensorType type) {
  auto shared = dyn_cast_if_present<SharedEncodingAttr>(type.getEncoding());
  if (shared && shared.getTransposed())
    return op->emitOpError()
           << "expected an untransposed #tilegpu.shared for a tile "
              "written to shared memory (tile.trans transposes it), got "
           << type;
  return success();
}

LogicalResult AsyncLoadOp::verify() {
  if (failed(verifySharedTile(*this, getTileType())))
    return failure();
  auto view = getView().getType();
  if (getIndices().size() != view.getRank())
    return emitOpError() << "expected " << view.getRank()
                         << " indices (one per view dimension), got "
                         << getIndices().size();
  auto tile = cast<RankedTensorType>(getTileType());
  if (tile.getElementType() != view.getElementType())
    return emitOpError() << "expected tile element type "
                         << view.getElementType() << " (of the view), got "
                         << tile.getElementType();
  if (tile.getRank() > view.getRank())
    return emitOpError() << "expected a tile of rank at most "
                         << view.getRank() << ", got rank "
                         << tile.getRank();
  return verifyStoredAsIs(*this, tile);
}

LogicalResult ConvertLayoutOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto dst = cast<RankedTensorType>(getResult().getType());
  if (src.getShape() != dst.getShape() ||
      src.getElementType() != dst.getElementType())
    return emitOpError() << "expected the same shape and element type, got "
                         << src << " and " << dst;
  if (!src.getEncoding() || !dst.getEncoding())
    return emitOpError() << "expected both tiles to have a layout";
  // From shared memory into registers: the A operand of a dot into its
  // accumulator's layout (ldmatrix.x4 per 16x16 fragment), or a tile the
  // kernel also computes with, read slot by slot.
  if (isa<SharedEncodingAttr>(src.getEncoding())) {
    if (isa<SharedEncodingAttr>(dst.getEncoding()))
      return emitOpError() << "expected a register layout for a shared "
                              "source, got "
                           << src << " -> " << dst;
    return success();
  }
  return verifyStoredAsIs(*this, dst);
}

LogicalResult DotWaitOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferred) {
  for (Value operand : operands)
    inferred.push_back(operand.getType());
  return success();
}

LogicalResult DotWaitOp::verify() {
  if (getOperands().empty())
    return emitOpError() << "expected at least one tile to wait for";
  for (Value operand : getOperands()) {
    auto type = cast<RankedTensorType>(operand.getType());
    if (!isa_and_present<MmaEncodingAttr>(type.getEncoding()))
      return emitOpError() << "expected dot accumulators (#tilegpu.mma), got "
                           << type;
  }
  return success();
}

LogicalResult StageViewOp::verify() {
  return verifySharedTile(*this, getResult().getType());
}

LogicalResult WarpSpecializeOp::verify() {
  // setmaxnreg works on whole warpgroups, in steps of 8 registers.
  if (getProducerWarps() % 4 != 0)
    return emitOpError() << "expected producer_warps to be whole warpgroups "
                            "(a multiple of 4), got "
                         << getProducerWarps();
  if (getProducerRegisters() % 8 != 0 || getConsumerRegisters() % 8 != 0)
    return emitOpError() << "expected register counts that are multiples of "
                            "8 (setmaxnreg), got "
                         << getProducerRegisters() << " and "
                         << getConsumerRegisters();
  auto kernel = dyn_cast<func::FuncOp>((*this)->getParentOp());
  if (!kernel || !kernel->hasAttr(tile::TileDialect::kKernelAttrName))
    return emitOpError("expected to be in the body of a kernel");
  if (*kernel.getOps<WarpSpecializeOp>().begin() != *this)
    return emitOpError("expected one warp specialization per kernel");
  int64_t consumerWarps = tile::TileDialect::getNumWarps(kernel);
  if (consumerWarps % 4 != 0)
    return emitOpError() << "expected the kernel's warps to be whole "
                            "consumer warpgroups (a multiple of 4), got "
                         << consumerWarps;
  int64_t registers = 32 * (getProducerWarps() * getProducerRegisters() +
                            consumerWarps * getConsumerRegisters());
  if (registers > 65536)
    return emitOpError() << "expected the warpgroups' registers to fit an "
                            "SM's 65536, got "
                         << registers;
  // The producer only acquires stages and issues copies: its TMA loops and
  // the scalar values they were cloned with.
  WalkResult walk = getProducer().walk([&](Operation *op) {
    bool allowed =
        isa<scf::ForOp, scf::YieldOp, StageAcquireOp, AsyncLoadOp,
            tile::LoadScalarOp>(op) ||
        (op->getNumRegions() == 0 && isMemoryEffectFree(op));
    if (auto copy = dyn_cast<AsyncLoadOp>(op))
      allowed = copy->hasAttr(TileGPUDialect::kTmaAttrName);
    if (allowed)
      return WalkResult::advance();
    op->emitOpError("is not allowed in a producer region (only TMA copies, "
                    "stage acquisitions and scalar computation)");
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}
