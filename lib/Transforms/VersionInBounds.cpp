//===- VersionInBounds.cpp - A program's copy without bounds checks -------===//
//
// Part of Tessera. CUTLASS's residue split, for tile programs: of the
// programs of a memory-bound kernel, most lie wholly inside their tensors;
// only the last along a ragged dimension needs the bounds checks that every
// access and every mask of the program pays for otherwise. The program is
// copied under one condition, uniform across the CTA and computed once; the
// copy it selects has no checks (docs/target.md, "In-bounds programs"). A
// kernel with dots keeps one program; its epilogue's stores get copies of
// their own.
//
//===----------------------------------------------------------------------===//

#include "tessera/Transforms/Passes.h"

#include "LoopIterations.h"

#include "Tile/IR/TileDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

namespace tessera {
#define GEN_PASS_DEF_TILEGPUVERSIONINBOUNDS
#include "tessera/Transforms/Passes.h.inc"
} // namespace tessera

using namespace mlir;
using namespace tessera;

namespace {

/// The attribute of tile.load and tile.store that flags the dimensions
/// along which an access stays inside its view.
constexpr StringLiteral kInBounds = "in_bounds";

/// Builds (and folds) the scalar ops of a condition at one point, keeping
/// what it created so that the unused ones can be erased.
class ConditionBuilder {
public:
  ConditionBuilder(Block *block, Block::iterator point)
      : block(block), builder(block, point) {}

  template <typename OpTy, typename... Args>
  Value build(Location loc, Args &&...args) {
    Value result =
        builder.createOrFold<OpTy>(loc, std::forward<Args>(args)...);
    if (Operation *def = result.getDefiningOp();
        def && def->getBlock() == block && !llvm::is_contained(created, def))
      created.push_back(def);
    return result;
  }

  Value i64(Location loc, int64_t value) {
    return build<arith::ConstantIntOp>(loc, builder.getI64Type(), value);
  }
  Value widen(Location loc, Value scalar) {
    return scalar.getType().isInteger(64)
               ? scalar
               : build<arith::ExtSIOp>(loc, builder.getI64Type(), scalar);
  }
  Value both(Location loc, Value a, Value b) {
    return build<arith::AndIOp>(loc, a, b);
  }
  Value compare(Location loc, arith::CmpIPredicate predicate, Value a,
                Value b) {
    return build<arith::CmpIOp>(loc, predicate, a, b);
  }

  /// Whether the `extent` elements from `index` along dimension `dim` of
  /// `view` lie inside it: 0 <= index && index + extent <= size (in i64).
  Value inside(Location loc, Value view, int32_t dim, Value index,
               int64_t extent) {
    Value first = widen(loc, index);
    Value size = widen(loc, build<tile::DimOp>(loc, view, dim));
    Value end = build<arith::AddIOp>(loc, first, i64(loc, extent));
    return both(loc,
                compare(loc, arith::CmpIPredicate::sge, first, i64(loc, 0)),
                compare(loc, arith::CmpIPredicate::sle, end, size));
  }

  /// Erases what was built here and ended up unused.
  void eraseUnused() {
    for (Operation *op : llvm::reverse(created))
      if (op->use_empty())
        op->erase();
    created.clear();
  }

protected:
  Block *block;
  OpBuilder builder;
  SmallVector<Operation *> created;
};

/// The scalars a program can compute before its first op: values defined
/// above its block, the block's arguments, and pure ops of the block's top
/// level on such values. Copies of them (and the conditions built on them)
/// go at the start of the block, in order.
class ProgramStart : public ConditionBuilder {
public:
  explicit ProgramStart(Block &program)
      : ConditionBuilder(&program, program.begin()), program(program) {}

  /// Whether `v` can be computed at the start of the program.
  bool has(Value v) {
    if (auto it = known.find(v); it != known.end())
      return it->second;
    bool result;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      result = arg.getOwner() == &program ||
               !program.findAncestorOpInBlock(*arg.getOwner()->getParentOp());
    } else {
      Operation *def = v.getDefiningOp();
      if (def->getBlock() == &program)
        result = isPure(def) && def->getNumRegions() == 0 &&
                 llvm::all_of(def->getOperands(),
                              [&](Value operand) { return has(operand); });
      else
        result = !program.findAncestorOpInBlock(*def);
    }
    return known[v] = result;
  }

  /// `v` (which `has`) at the start of the program.
  Value copy(Value v) {
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != &program)
      return v;
    if (Value mapped = mapping.lookupOrNull(v))
      return mapped;
    for (Value operand : def->getOperands())
      copy(operand);
    Operation *clone = builder.clone(*def, mapping);
    created.push_back(clone);
    return mapping.lookup(v);
  }

private:
  Block &program;
  IRMapping mapping;
  DenseMap<Value, bool> known;
};

/// The range [lo, hi] of the elements of an integer tile (or scalar), as
/// i64 scalars at the program's start: exact, for the tiles affine in
/// `tile.iota` with coefficients and offsets the program start has. `narrow`
/// says both fit in i32 (the tile's own arithmetic is i32: its exact values
/// and the wrapped ones agree while they fit).
struct Range {
  Value lo, hi;
  bool narrow;
};

class RangeAnalysis {
public:
  explicit RangeAnalysis(ProgramStart &start) : start(start) {}

  std::optional<Range> of(Value v) {
    Location loc = v.getLoc();
    auto type = getElementTypeOrSelf(v.getType());
    if (!type.isInteger(32) && !type.isInteger(64))
      return std::nullopt;
    APInt constant;
    if (matchPattern(v, m_ConstantInt(&constant))) {
      Value c = start.i64(loc, constant.getSExtValue());
      return Range{c, c, type.isInteger(32)};
    }
    if (!isa<ShapedType>(v.getType())) {
      if (!start.has(v))
        return std::nullopt;
      Value x = start.widen(loc, start.copy(v));
      return Range{x, x, type.isInteger(32)};
    }
    Operation *def = v.getDefiningOp();
    if (!def)
      return std::nullopt;
    return llvm::TypeSwitch<Operation *, std::optional<Range>>(def)
        .Case([&](tile::IotaOp iota) -> std::optional<Range> {
          int64_t n = iota.getType().getNumElements();
          return Range{start.i64(loc, 0), start.i64(loc, n - 1), true};
        })
        .Case([&](tile::SplatOp splat) { return of(splat.getValue()); })
        .Case<tile::ExpandDimsOp, tile::BroadcastOp, tile::TransOp>(
            [&](auto op) { return of(op.getSrc()); })
        .Case([&](arith::ExtSIOp ext) { return of(ext.getIn()); })
        .Case<arith::AddIOp, arith::SubIOp, arith::MulIOp>(
            [&](auto op) { return binary(op); })
        .Default([](Operation *) { return std::nullopt; });
  }

  /// The conditions the ranges computed since the last call rest on (where
  /// they must fit in i32), as one i1; null for none.
  Value takeGuards() { return std::exchange(guard, Value()); }

  /// `r`, guarded to fit in i32 where that is not known: the i64
  /// arithmetic on it stays exact, and an i32 tile's values are its exact
  /// ones, not wrapped.
  Range narrowed(Location loc, Range r) {
    if (r.narrow)
      return r;
    Value lo = start.compare(loc, arith::CmpIPredicate::sge, r.lo,
                             start.i64(loc, INT32_MIN));
    Value hi = start.compare(loc, arith::CmpIPredicate::sle, r.hi,
                             start.i64(loc, INT32_MAX));
    Value fits = start.both(loc, lo, hi);
    guard = guard ? start.both(loc, guard, fits) : fits;
    return Range{r.lo, r.hi, true};
  }

private:
  template <typename OpTy>
  std::optional<Range> binary(OpTy op) {
    Location loc = op.getLoc();
    std::optional<Range> a = of(op.getLhs()), b = of(op.getRhs());
    if (!a || !b)
      return std::nullopt;
    *a = narrowed(loc, *a);
    *b = narrowed(loc, *b);
    if constexpr (std::is_same_v<OpTy, arith::AddIOp>)
      return Range{start.build<arith::AddIOp>(loc, a->lo, b->lo),
                   start.build<arith::AddIOp>(loc, a->hi, b->hi), false};
    if constexpr (std::is_same_v<OpTy, arith::SubIOp>)
      return Range{start.build<arith::SubIOp>(loc, a->lo, b->hi),
                   start.build<arith::SubIOp>(loc, a->hi, b->lo), false};
    // A product by a constant keeps or swaps the ends; otherwise its
    // extremes are among the corners' products.
    auto constantOf = [](const Range &r) -> std::optional<int64_t> {
      APInt c;
      if (r.lo == r.hi && matchPattern(r.lo, m_ConstantInt(&c)))
        return c.getSExtValue();
      return std::nullopt;
    };
    if (constantOf(*a))
      std::swap(a, b);
    if (std::optional<int64_t> c = constantOf(*b)) {
      Value lo = start.build<arith::MulIOp>(loc, a->lo, b->lo);
      Value hi = start.build<arith::MulIOp>(loc, a->hi, b->lo);
      return *c >= 0 ? Range{lo, hi, false} : Range{hi, lo, false};
    }
    SmallVector<Value, 4> corners;
    for (Value x : {a->lo, a->hi})
      for (Value y : {b->lo, b->hi})
        corners.push_back(start.build<arith::MulIOp>(loc, x, y));
    Value lo = corners[0], hi = corners[0];
    for (Value c : ArrayRef<Value>(corners).drop_front()) {
      lo = start.build<arith::MinSIOp>(loc, lo, c);
      hi = start.build<arith::MaxSIOp>(loc, hi, c);
    }
    return Range{lo, hi, false};
  }

  ProgramStart &start;
  Value guard;
};

/// The condition under which every element of `lhs predicate rhs` is true,
/// from their ranges; null for a predicate it cannot bound (eq, ne).
Value allTrue(ProgramStart &start, Location loc, arith::CmpIPredicate predicate,
              const Range &a, const Range &b) {
  using P = arith::CmpIPredicate;
  auto cmp = [&](P p, Value x, Value y) { return start.compare(loc, p, x, y); };
  // Unsigned compares order nonnegative operands as signed ones do.
  auto nonnegative = [&](const Range &r) {
    return cmp(P::sge, r.lo, start.i64(loc, 0));
  };
  auto unsignedly = [&](Value signedCondition) {
    return start.both(loc, start.both(loc, nonnegative(a), nonnegative(b)),
                      signedCondition);
  };
  switch (predicate) {
  case P::slt:
    return cmp(P::slt, a.hi, b.lo);
  case P::sle:
    return cmp(P::sle, a.hi, b.lo);
  case P::sgt:
    return cmp(P::sgt, a.lo, b.hi);
  case P::sge:
    return cmp(P::sge, a.lo, b.hi);
  case P::ult:
    return unsignedly(cmp(P::slt, a.hi, b.lo));
  case P::ule:
    return unsignedly(cmp(P::sle, a.hi, b.lo));
  case P::ugt:
    return unsignedly(cmp(P::sgt, a.lo, b.hi));
  case P::uge:
    return unsignedly(cmp(P::sge, a.lo, b.hi));
  case P::eq:
  case P::ne:
    return Value();
  }
  llvm_unreachable("a predicate of arith.cmpi");
}

/// The view dimensions along which `access` (a tile.load or tile.store)
/// stays inside its view when the program's condition holds.
struct AccessBound {
  Operation *access;
  SmallVector<bool> inBounds;
};

/// Marks the dimensions `flags` says of a tile.load or tile.store as inside
/// its view (keeping those it had).
void markInBounds(Operation *op, ArrayRef<bool> flags) {
  SmallVector<bool> merged(flags);
  if (auto old = op->getAttrOfType<DenseBoolArrayAttr>(kInBounds))
    for (auto [flag, was] : llvm::zip(merged, old.asArrayRef()))
      flag |= was;
  op->setAttr(kInBounds, DenseBoolArrayAttr::get(op->getContext(), merged));
}

/// The stores at the top level of a program that is not copied whole (a
/// kernel with dots: a copy would double its code and the registers its
/// accumulators hold across both): each gets a copy of its own under the
/// condition that its tile lies inside the view, computed right before it,
/// `scf.if inside { store {in_bounds} } else { store }`. An epilogue's
/// stores (FA2's Out, a GEMM's C) so write wholly inside programs without a
/// compare or branch per element.
void versionStores(Block &program) {
  for (auto store :
       llvm::make_early_inc_range(program.getOps<tile::StoreOp>())) {
    Location loc = store.getLoc();
    ArrayRef<int64_t> shape =
        cast<RankedTensorType>(store.getValue().getType()).getShape();
    OperandRange indices = store.getIndices();
    unsigned rank = indices.size(), lead = rank - shape.size();
    DenseBoolArrayAttr known = store.getInBoundsAttr();
    ConditionBuilder at(&program, store->getIterator());
    Value condition;
    bool never = false;
    for (unsigned d = 0; d < rank; ++d) {
      if (known && known[d])
        continue;
      Value inside = at.inside(loc, store.getView(), d, indices[d],
                               d < lead ? 1 : shape[d - lead]);
      if (matchPattern(inside, m_One()))
        continue;
      never |= matchPattern(inside, m_Zero());
      condition = condition ? at.both(loc, condition, inside) : inside;
    }
    if (never) {
      at.eraseUnused();
      continue;
    }
    SmallVector<bool> all(rank, true);
    if (!condition) {
      at.eraseUnused();
      markInBounds(store, all);
      continue;
    }
    OpBuilder b(store);
    auto ifOp = scf::IfOp::create(b, loc, TypeRange(), condition,
                                  /*withElseRegion=*/true);
    store->moveBefore(ifOp.elseBlock()->getTerminator());
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    markInBounds(b.clone(*store), all);
  }
}

/// Copies `program` (a program's block, or the body of a loop in one)
/// under the condition that its accesses and masks lie inside their
/// tensors, computed at the block's start: `scf.if %inside { the block
/// without those checks } else { the block as it was }`. Left as it is
/// where no access would lose all its checks.
void versionBlock(Block &program, Location loc) {
  Operation *first = &program.front();
  ProgramStart start(program);
  RangeAnalysis ranges(start);

  Value condition;
  auto require = [&](Value c) {
    condition = condition ? start.both(loc, condition, c) : c;
  };
  auto statically = [](Value c, bool value) {
    return matchPattern(c, value ? m_One() : m_Zero());
  };

  // Every access's dimensions whose index (and view) the program start
  // has: 0 <= index and index + extent <= size.
  SmallVector<AccessBound> accesses;
  bool anyWhole = false;
  program.walk([&](Operation *op) {
    Value view;
    OperandRange indices = op->getOperands();
    ArrayRef<int64_t> shape;
    if (auto load = dyn_cast<tile::LoadOp>(op)) {
      view = load.getView();
      indices = load.getIndices();
      shape = load.getType().getShape();
    } else if (auto store = dyn_cast<tile::StoreOp>(op)) {
      view = store.getView();
      indices = store.getIndices();
      shape = cast<RankedTensorType>(store.getValue().getType()).getShape();
    } else {
      return;
    }
    if (!start.has(view))
      return;
    unsigned rank = indices.size(), lead = rank - shape.size();
    AccessBound bound{op, SmallVector<bool>(rank, false)};
    auto known = op->getAttrOfType<DenseBoolArrayAttr>(kInBounds);
    Value viewAtStart = start.copy(view);
    bool checked = false;
    for (unsigned d = 0; d < rank; ++d) {
      if (known && known[d]) {
        bound.inBounds[d] = true;
        continue;
      }
      if (!start.has(indices[d]))
        continue;
      Value inside =
          start.inside(op->getLoc(), viewAtStart, d, start.copy(indices[d]),
                       d < lead ? 1 : shape[d - lead]);
      if (statically(inside, false))
        continue;
      require(inside);
      bound.inBounds[d] = true;
      checked = true;
    }
    if (checked) {
      anyWhole |= llvm::all_of(bound.inBounds, [](bool b) { return b; });
      accesses.push_back(std::move(bound));
    }
  });

  // Every integer tile compare whose operands' ranges the program start
  // has (masks like `cols < N`), unless it is never wholly true.
  SmallVector<arith::CmpIOp> masks;
  program.walk([&](arith::CmpIOp cmp) {
    if (!isa<ShapedType>(cmp.getType()))
      return;
    Location at = cmp.getLoc();
    std::optional<Range> a = ranges.of(cmp.getLhs());
    std::optional<Range> b = a ? ranges.of(cmp.getRhs()) : std::nullopt;
    if (b && getElementTypeOrSelf(cmp.getLhs().getType()).isInteger(32)) {
      a = ranges.narrowed(at, *a);
      b = ranges.narrowed(at, *b);
    }
    Value guards = ranges.takeGuards();
    if (!b)
      return;
    Value whole = allTrue(start, at, cmp.getPredicate(), *a, *b);
    if (whole && guards)
      whole = start.both(at, whole, guards);
    if (!whole || statically(whole, false))
      return;
    require(whole);
    masks.push_back(cmp);
  });

  if ((accesses.empty() && masks.empty()) || !condition ||
      statically(condition, false)) {
    start.eraseUnused();
    return;
  }
  auto dropMask = [](arith::CmpIOp cmp) {
    OpBuilder b(cmp);
    Value allTrue = arith::ConstantOp::create(
        b, cmp.getLoc(),
        DenseElementsAttr::get(cast<ShapedType>(cmp.getType()),
                               ArrayRef<Attribute>{b.getBoolAttr(true)}));
    cmp.replaceAllUsesWith(allTrue);
    cmp.erase();
  };

  // Always true (static sizes): no second copy.
  if (statically(condition, true)) {
    for (const AccessBound &bound : accesses)
      markInBounds(bound.access, bound.inBounds);
    for (arith::CmpIOp cmp : masks)
      dropMask(cmp);
    start.eraseUnused();
    return;
  }
  // A copy pays where a whole access loses its checks (its runs become
  // plain 16-byte accesses); where none does (a LOOPED kernel's program:
  // its chunk loop's column index is not known at the start), it would
  // double the code, and the registers ptxas allocates over both, for a few
  // compares.
  if (!anyWhole) {
    start.eraseUnused();
    return;
  }

  // scf.if condition { the block, checked only where it must be }
  // else { the block as it was }, yielding what its terminator reads.
  Operation *terminator = program.getTerminator();
  // The program's scalar prologue (sizes, offsets, their conversions and
  // quotients) stays before the branch, computed once for both copies: a
  // division there (a call to its slow path) has nothing live across it.
  Operation *body = nullptr;
  for (Operation &op : llvm::make_early_inc_range(llvm::make_range(
           Block::iterator(first), Block::iterator(terminator)))) {
    bool scalar = op.getNumResults() > 0 &&
                  llvm::none_of(op.getResultTypes(), [](Type t) {
                    return isa<ShapedType>(t);
                  });
    if (!scalar || !start.has(op.getResult(0))) {
      body = body ? body : &op;
      continue;
    }
    if (body)
      op.moveBefore(body);
  }
  if (!body)
    body = terminator;
  // What the terminator reads from the copied ops (not from the prologue,
  // computed once before both: a loop's next row index).
  SmallVector<Value> escaping;
  for (Value v : terminator->getOperands())
    if (Operation *def = v.getDefiningOp();
        def && def->getBlock() == &program &&
        !def->isBeforeInBlock(body))
      escaping.push_back(v);
  OpBuilder b(terminator);
  auto ifOp = scf::IfOp::create(b, loc, ValueRange(escaping).getTypes(),
                                condition, /*withElseRegion=*/true);
  Block *thenBlock = &ifOp.getThenRegion().front();
  Block *elseBlock = &ifOp.getElseRegion().front();
  for (Block *block : {thenBlock, elseBlock})
    if (!block->empty())
      block->getTerminator()->erase();
  elseBlock->getOperations().splice(elseBlock->end(), program.getOperations(),
                                    Block::iterator(body),
                                    Block::iterator(ifOp));
  IRMapping mapping;
  OpBuilder thenBuilder = OpBuilder::atBlockEnd(thenBlock);
  for (Operation &op : *elseBlock)
    thenBuilder.clone(op, mapping);
  scf::YieldOp::create(thenBuilder, loc,
                       llvm::map_to_vector(escaping, [&](Value v) {
                         return mapping.lookup(v);
                       }));
  OpBuilder elseBuilder = OpBuilder::atBlockEnd(elseBlock);
  scf::YieldOp::create(elseBuilder, loc, escaping);
  for (auto [v, result] : llvm::zip(escaping, ifOp.getResults()))
    terminator->replaceUsesOfWith(v, result);

  for (const AccessBound &bound : accesses)
    markInBounds(mapping.lookup(bound.access), bound.inBounds);
  for (arith::CmpIOp cmp : masks)
    dropMask(cast<arith::CmpIOp>(mapping.lookup(cmp.getOperation())));
  start.eraseUnused();
}

/// Whether `loop` has no loop inside it.
bool isInnermost(scf::ForOp loop) {
  return !loop.getBody()
              ->walk([](LoopLikeOpInterface) { return WalkResult::interrupt(); })
              .wasInterrupted();
}

class VersionInBounds
    : public tessera::impl::TileGPUVersionInBoundsBase<VersionInBounds> {
public:
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp kernel = getOperation();
    if (kernel.isExternal())
      return;
    Block &program = getProgramBlock(kernel);
    if (kernel
            ->walk([](Operation *op) {
              return isa<tile::DotOp, tile::OnlineSoftmaxOp>(op)
                         ? WalkResult::interrupt()
                         : WalkResult::advance();
            })
            .wasInterrupted()) {
      versionStores(program);
      return;
    }
    versionBlock(program, kernel.getLoc());
    // Then each innermost loop's body, per iteration (a LOOPED kernel's
    // chunks: every one but the last lies inside the row). Not in a kernel
    // that prefetches its loops' register loads: tilegpu-pipeline issues
    // only the loads at a loop body's top level ahead.
    if (tile::TileDialect::getPrefetchRegisters(kernel))
      return;
    SmallVector<scf::ForOp> loops;
    kernel.walk([&](scf::ForOp loop) {
      if (!isProgramLoop(loop) && isInnermost(loop))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops)
      versionBlock(*loop.getBody(), loop.getLoc());
  }
};

} // namespace
