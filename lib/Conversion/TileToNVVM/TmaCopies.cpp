//===- TmaCopies.cpp - Pipelined tiles copied by TMA onto mbarriers -------===//
//
// Part of Tessera. The rings tilegpu-select-copies gave to TMA: one thread
// arms a stage's mbarrier with the tile's bytes and issues one
// cp.async.bulk.tensor box per 64-column panel (the tensor map's 128-byte
// swizzle writes exactly the layout of SharedLayout.h); every thread waits
// on the stage's barrier before reading it. In a warp-specialized kernel
// that thread is the producer warpgroup's, which waits for the consumer
// warps to release a stage on its empty barrier before refilling it; the
// consumer warpgroups' turns (ping-pong) are named barriers.
//
//===----------------------------------------------------------------------===//

#include "PatternsCommon.h"
#include "tessera/Conversion/SharedLayout/SharedLayout.h"
#include "tessera/Conversion/TileToNVVM/TileToNVVM.h"

#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tessera;
using namespace tessera::lowering;
using namespace tessera::tilegpu;

namespace {

/// How long one mbarrier.try_wait may suspend the thread before it tries
/// again (a hint, in nanoseconds).
constexpr int64_t kWaitTicks = 0x989680;

/// The address of the mbarrier of stage `stage` (an i32, or none for the
/// first) of the buffer whose barriers start at `op`'s
/// tilegpu.barrier_offset.
FailureOr<Value> barrierAddress(OpBuilder &b, Location loc, Operation *op,
                                Value stage) {
  auto offset =
      op->getAttrOfType<IntegerAttr>(TileGPUDialect::kBarrierOffsetAttrName);
  if (!offset)
    return op->emitOpError() << "expected '"
                             << TileGPUDialect::kBarrierOffsetAttrName
                             << "' (run tilegpu-allocate-shared first)";
  Value base = sharedBase(b, loc, offset.getInt());
  if (!stage)
    return base;
  Value bytes = arith::MulIOp::create(b, loc, stage, i32Const(b, loc, 8));
  return LLVM::GEPOp::create(b, loc, base.getType(), b.getI8Type(), base,
                             ValueRange{bytes})
      .getResult();
}

/// The thread that issues TMA copies: thread 0, or in a warp-specialized
/// kernel the producer's first (the warpgroup after the consumers).
int64_t copyingThread(Operation *op) {
  return consumerThreads(op).value_or(0);
}

/// The addresses of the `stages` barriers that start at `barriers`.
SmallVector<Value> stageBarriers(OpBuilder &b, Location loc, Value barriers,
                                 int64_t stages) {
  SmallVector<Value> addresses;
  for (int64_t s = 0; s < stages; ++s)
    addresses.push_back(LLVM::GEPOp::create(b, loc, barriers.getType(),
                                            b.getI8Type(), barriers,
                                            ArrayRef<LLVM::GEPArg>{8 * s}));
  return addresses;
}

/// The empty barrier of the stage whose full barrier is `full`, in a ring
/// of `stages` (the empty barriers follow the full ones).
Value emptyBarrier(OpBuilder &b, Location loc, Value full, int64_t stages) {
  return LLVM::GEPOp::create(b, loc, full.getType(), b.getI8Type(), full,
                             ArrayRef<LLVM::GEPArg>{8 * stages});
}

/// A TMA tilegpu.async_load: thread 0 expects the tile's bytes on the
/// stage's barrier (arriving once), then copies each 64-column panel as a
/// box of the parameter's tensor map at (column, row, outer indices...),
/// innermost first. Boxes past the tensor's sizes are zero-filled and still
/// count their full bytes.
struct TmaLoadLowering : public OpConversionPattern<AsyncLoadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AsyncLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op->hasAttr(TileGPUDialect::kTmaAttrName))
      return failure();
    auto type = cast<RankedTensorType>(op.getTileType());
    FailureOr<int64_t> offset = sharedOffsetOf(op);
    if (failed(offset))
      return failure();
    if (*offset % 1024 != 0)
      return op.emitOpError()
             << "expected a TMA copy's buffer to start on a 1024-byte "
                "boundary (the 128-byte swizzle's period), got offset "
             << *offset;
    auto func = op->getParentOfType<LLVM::LLVMFuncOp>();
    auto maps = func ? func->getAttrOfType<ArrayAttr>(
                           TileGPUDialect::kTensorMapsAttrName)
                     : ArrayAttr();
    auto index = op->getAttrOfType<IntegerAttr>(
        TileGPUDialect::kTensorMapAttrName);
    if (!maps || !index || index.getInt() >= int64_t(maps.size()))
      return op.emitOpError("expected a tensor map for the TMA copy (the "
                            "kernel signature assigns them)");
    Value tensorMap = func.getArgument(func.getNumArguments() - maps.size() +
                                       index.getInt());
    Location loc = op.getLoc();
    FailureOr<Value> barrier =
        barrierAddress(rewriter, loc, op, adaptor.getStage());
    if (failed(barrier))
      return failure();
    Value tile = stageBase(rewriter, loc, *offset, adaptor.getStage(), type);
    SharedTileLayout layout = storedLayout(type);
    ValueRange indices = adaptor.getIndices();
    inThread(rewriter, loc, copyingThread(op), adaptor.getPred(),
             [&](OpBuilder &b, Location l) {
      NVVM::MBarrierArriveExpectTxOp::create(
          b, l, Type(), *barrier, i32Const(b, l, tileBytes(type)),
          NVVM::MemScopeKindAttr::get(b.getContext(), NVVM::MemScopeKind::CTA),
          b.getBoolAttr(false), Value());
      for (int64_t panel = 0; panel < layout.cols / kTmaBoxColumns; ++panel) {
        SmallVector<Value> coords{
            addI32(b, l, indices.back(), panel * kTmaBoxColumns)};
        for (Value index : llvm::reverse(indices.drop_back()))
          coords.push_back(index);
        // The CTA's own shared memory, as the shared::cluster address the
        // instruction takes.
        Value dst = LLVM::AddrSpaceCastOp::create(
            b, l, LLVM::LLVMPointerType::get(b.getContext(), 7),
            LLVM::GEPOp::create(
                b, l, tile.getType(), b.getI8Type(), tile,
                ArrayRef<LLVM::GEPArg>{panel * layout.panelBytes()}));
        NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
            b, l, dst, tensorMap, coords, *barrier, ValueRange(), Value(),
            Value(),
            NVVM::TMALoadModeAttr::get(b.getContext(),
                                       NVVM::TMALoadMode::TILE),
            b.getBoolAttr(false), NVVM::CTAGroupKindAttr(), Value());
      }
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// tilegpu.stage_wait (every thread, on the stage's full barrier) and
/// tilegpu.stage_acquire (the producer thread, on its empty barrier: the
/// op's barrier offset is the ring's empty barriers'): wait for the phase.
template <typename WaitOp>
struct PhaseWaitLowering : public OpConversionPattern<WaitOp> {
  using OpConversionPattern<WaitOp>::OpConversionPattern;
  using OpAdaptor = typename WaitOp::Adaptor;

  LogicalResult
  matchAndRewrite(WaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<Value> barrier =
        barrierAddress(rewriter, loc, op, adaptor.getStage());
    if (failed(barrier))
      return failure();
    NVVM::MBarrierTryWaitParityOp::create(rewriter, loc, *barrier,
                                          adaptor.getPhase(),
                                          i32Const(rewriter, loc, kWaitTicks));
    rewriter.eraseOp(op);
    return success();
  }
};

/// tilegpu.stage_release: the warp's lanes synchronize (their reads of the
/// stage are done), then lane 0 arrives on the stage's empty barrier.
struct StageReleaseLowering : public OpConversionPattern<StageReleaseOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(StageReleaseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<Value> barrier =
        barrierAddress(rewriter, loc, op, adaptor.getStage());
    if (failed(barrier))
      return failure();
    NVVM::SyncWarpOp::create(rewriter, loc, i32Const(rewriter, loc, -1));
    Value first = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq,
        ThreadIds::get(rewriter, loc).lane, i32Const(rewriter, loc, 0));
    scf::IfOp::create(rewriter, loc, first, [&](OpBuilder &b, Location l) {
      NVVM::MBarrierArriveOp::create(b, l, b.getI64Type(), *barrier, Value());
      scf::YieldOp::create(b, l);
    });
    rewriter.eraseOp(op);
    return success();
  }
};

/// tilegpu.warp_specialize: the warps after the consumers give their
/// registers back and the first of their threads runs the producer region;
/// the consumers take registers (where that is more than a thread of the
/// CTA has at launch) and run theirs.
struct WarpSpecializeLowering : public OpConversionPattern<WarpSpecializeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(WarpSpecializeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto func = op->getParentOfType<LLVM::LLVMFuncOp>();
    std::optional<unsigned> consumers = consumerThreads(op);
    auto maxntid = func ? func->getAttrOfType<DenseI32ArrayAttr>(
                              NVVM::NVVMDialect::getMaxntidAttrName())
                        : DenseI32ArrayAttr();
    if (!consumers || !maxntid)
      return op.emitOpError("expected the kernel's consumer threads and "
                            "block size (convert-tile-to-nvvm sets them)");
    // The CTAs an SM holds, as the split's registers say (tilegpu-warp-
    // specialize's ctas-per-sm), and what ptxas gives a thread at launch:
    // several CTAs an SM bound it (nvvm.minctasm).
    int64_t threads = maxntid.asArrayRef().front();
    int64_t consumerThreads = *consumers;
    int64_t ctaRegisters =
        (threads - consumerThreads) * op.getProducerRegisters() +
        consumerThreads * op.getConsumerRegisters();
    int64_t ctas = std::max<int64_t>(1, 65536 / ctaRegisters);
    int64_t atLaunch = 65536 / ctas / threads / 8 * 8;
    if (ctas > 1)
      rewriter.modifyOpInPlace(func, [&] {
        func->setAttr(NVVM::NVVMDialect::getMinctasmAttrName(),
                      rewriter.getI32IntegerAttr(ctas));
      });
    Value tid = NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
    Value producer =
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::uge, tid,
                              i32Const(rewriter, loc, *consumers));
    auto split = scf::IfOp::create(rewriter, loc, producer,
                                   /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(split.thenBlock());
    NVVM::SetMaxRegisterOp::create(rewriter, loc, op.getProducerRegisters(),
                                   NVVM::SetMaxRegisterAction::decrease);
    Value issuer =
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, tid,
                              i32Const(rewriter, loc, *consumers));
    auto single = scf::IfOp::create(rewriter, loc, issuer,
                                    /*withElseRegion=*/false);
    rewriter.inlineBlockBefore(&op.getProducer().front(),
                               single.thenBlock()->getTerminator());
    rewriter.setInsertionPointToStart(split.elseBlock());
    if (int64_t(op.getConsumerRegisters()) > atLaunch)
      NVVM::SetMaxRegisterOp::create(rewriter, loc, op.getConsumerRegisters(),
                                     NVVM::SetMaxRegisterAction::increase);
    rewriter.inlineBlockBefore(&op.getConsumer().front(),
                               split.elseBlock()->getTerminator());
    rewriter.eraseOp(op);
    return success();
  }
};

/// tilegpu.turn_wait and tilegpu.turn_pass: consumer warpgroup i (thread
/// id / 128; the consumers are the first threads) waits on turn barrier
/// 2 + i, or arrives on the next one's, 2 + (i + 1) % n, each completed by
/// two warpgroups' 256 threads; with `warpgroup`, in that warpgroup only.
template <typename TurnOp>
struct TurnLowering : public OpConversionPattern<TurnOp> {
  using OpConversionPattern<TurnOp>::OpConversionPattern;
  static constexpr bool kWait = std::is_same_v<TurnOp, TurnWaitOp>;

  LogicalResult
  matchAndRewrite(TurnOp op, typename TurnOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::optional<unsigned> consumers = consumerThreads(op);
    constexpr int64_t kWarpgroupThreads = 32 * kWarpsPerWarpgroup;
    if (!consumers || *consumers % kWarpgroupThreads)
      return op.emitOpError("expected a warp-specialized kernel whose "
                            "consumers are whole warpgroups");
    int64_t warpgroups = *consumers / kWarpgroupThreads;
    std::optional<uint64_t> only = op.getWarpgroup();
    if (only && int64_t(*only) >= warpgroups)
      return op.emitOpError() << "expected a warpgroup below " << warpgroups
                              << ", got " << *only;
    Value tid = NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
    Value group = arith::DivUIOp::create(
        rewriter, loc, tid, i32Const(rewriter, loc, kWarpgroupThreads));
    // The barrier warpgroup `self` waits on (its own) or passes to (the
    // next one's).
    auto emit = [&](OpBuilder &b, Location l, Value self) {
      Value target = kWait ? self
                           : arith::RemUIOp::create(
                                 b, l,
                                 arith::AddIOp::create(b, l, self,
                                                       i32Const(b, l, 1)),
                                 i32Const(b, l, warpgroups));
      Value id = arith::AddIOp::create(b, l, target,
                                       i32Const(b, l, kFirstTurnBarrier));
      Value threads = i32Const(b, l, 2 * kWarpgroupThreads);
      if constexpr (kWait)
        NVVM::BarrierOp::create(b, l, Type(), id, threads, {}, Value());
      else
        NVVM::BarrierArriveOp::create(b, l, id, threads);
    };
    if (!only) {
      emit(rewriter, loc, group);
    } else {
      Value mine = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                         group, i32Const(rewriter, loc, *only));
      scf::IfOp::create(rewriter, loc, mine, [&](OpBuilder &b, Location l) {
        emit(b, l, i32Const(b, l, *only));
        scf::YieldOp::create(b, l);
      });
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// tilegpu.ring_init: barrier (the memory may still be read as another
/// buffer), thread 0 initializes each stage's barrier for one arrival (and
/// each empty barrier of a warp-specialized ring for its consumer warps),
/// the fence makes the initialization visible to the copy engine, and a
/// second barrier to every thread.
struct RingInitLowering : public OpConversionPattern<RingInitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(RingInitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<Value> barriers = barrierAddress(rewriter, loc, op, Value());
    if (failed(barriers))
      return failure();
    NVVM::Barrier0Op::create(rewriter, loc);
    std::optional<uint64_t> arrivals = op.getArrivals();
    inFirstThread(rewriter, loc, Value(), [&](OpBuilder &b, Location l) {
      for (Value barrier : stageBarriers(b, l, *barriers, op.getStages())) {
        NVVM::MBarrierInitOp::create(b, l, barrier, i32Const(b, l, 1),
                                     Value());
        if (arrivals)
          NVVM::MBarrierInitOp::create(
              b, l, emptyBarrier(b, l, barrier, op.getStages()),
              i32Const(b, l, *arrivals), Value());
      }
      NVVM::FenceMbarrierInitOp::create(b, l);
    });
    NVVM::Barrier0Op::create(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }
};

/// tilegpu.ring_inval: thread 0 invalidates the barriers (the CTA has
/// synchronized after its last wait).
struct RingInvalLowering : public OpConversionPattern<RingInvalOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(RingInvalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    FailureOr<Value> barriers = barrierAddress(rewriter, loc, op, Value());
    if (failed(barriers))
      return failure();
    bool empty = op.getEmpty();
    inFirstThread(rewriter, loc, Value(), [&](OpBuilder &b, Location l) {
      for (Value barrier : stageBarriers(b, l, *barriers, op.getStages())) {
        NVVM::MBarrierInvalOp::create(b, l, barrier);
        if (empty)
          NVVM::MBarrierInvalOp::create(
              b, l, emptyBarrier(b, l, barrier, op.getStages()));
      }
    });
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void tessera::populateTileTmaToNVVMPatterns(const TypeConverter &converter,
                                            RewritePatternSet &patterns) {
  patterns.add<TmaLoadLowering, PhaseWaitLowering<StageWaitOp>,
               PhaseWaitLowering<StageAcquireOp>, StageReleaseLowering,
               WarpSpecializeLowering, TurnLowering<TurnWaitOp>,
               TurnLowering<TurnPassOp>, RingInitLowering, RingInvalLowering>(
      converter, patterns.getContext());
}
