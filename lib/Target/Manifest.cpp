//===- Manifest.cpp - The kernel manifest and grid expressions ------------===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#include "tessera/Target/Manifest.h"

#include "tessera/Runtime/Manifest.h"

#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <cstdio>

using namespace mlir;

namespace tessera {

//===----------------------------------------------------------------------===//
// Grid expressions
//===----------------------------------------------------------------------===//

namespace {
/// Binding strength in the grammar of docs/manifest.md, loosest first:
/// `+ -`, then `* / %`, then unary `-`, then integers, names, calls and
/// parenthesized expressions.
enum class Prec { Additive, Multiplicative, Unary, Primary };

/// The text of a subexpression and how tightly it binds.
struct Printed {
  std::string text;
  Prec prec;
};

/// Prints affine expressions over symbols in the manifest grammar.
class GridExprPrinter {
public:
  explicit GridExprPrinter(llvm::ArrayRef<std::string> names) : names(names) {}

  llvm::Expected<Printed> print(AffineExpr expr);

private:
  /// Prints `expr`, parenthesized when it binds more loosely than `min`.
  llvm::Expected<std::string> operand(AffineExpr expr, Prec min);
  /// Prints the left-associative `lhs op rhs` at precedence `prec`.
  llvm::Expected<Printed> binary(AffineExpr lhs, llvm::StringRef op,
                                 AffineExpr rhs, Prec prec);

  llvm::ArrayRef<std::string> names;
};
} // namespace

/// If `expr` is `x * c` or `c` with a constant c < 0, returns `x * -c` or
/// `-c`, so that `a + expr` prints as a subtraction.
static std::optional<AffineExpr> negatedTerm(AffineExpr expr) {
  auto isNegative = [](AffineExpr e) {
    auto c = dyn_cast<AffineConstantExpr>(e);
    return c && c.getValue() < 0 &&
           c.getValue() != std::numeric_limits<int64_t>::min();
  };
  if (isNegative(expr))
    return -expr;
  auto mul = dyn_cast<AffineBinaryOpExpr>(expr);
  if (mul && mul.getKind() == AffineExprKind::Mul && isNegative(mul.getRHS()))
    return mul.getLHS() * -cast<AffineConstantExpr>(mul.getRHS()).getValue();
  return std::nullopt;
}

llvm::Expected<Printed> GridExprPrinter::print(AffineExpr expr) {
  switch (expr.getKind()) {
  case AffineExprKind::Constant: {
    int64_t value = cast<AffineConstantExpr>(expr).getValue();
    return Printed{std::to_string(value),
                   value < 0 ? Prec::Unary : Prec::Primary};
  }
  case AffineExprKind::SymbolId: {
    unsigned position = cast<AffineSymbolExpr>(expr).getPosition();
    if (position >= names.size())
      return llvm::createStringError("grid symbol s" + llvm::Twine(position) +
                                     " has no size name (" +
                                     llvm::Twine(names.size()) + " given)");
    return Printed{names[position], Prec::Primary};
  }
  case AffineExprKind::DimId:
    return llvm::createStringError(
        "expected a grid expression over size symbols only, got dimension d" +
        llvm::Twine(cast<AffineDimExpr>(expr).getPosition()));
  case AffineExprKind::Add: {
    auto add = cast<AffineBinaryOpExpr>(expr);
    if (std::optional<AffineExpr> negated = negatedTerm(add.getRHS()))
      return binary(add.getLHS(), "-", *negated, Prec::Additive);
    return binary(add.getLHS(), "+", add.getRHS(), Prec::Additive);
  }
  case AffineExprKind::Mul: {
    auto mul = cast<AffineBinaryOpExpr>(expr);
    auto factor = dyn_cast<AffineConstantExpr>(mul.getRHS());
    if (factor && factor.getValue() == -1) {
      llvm::Expected<std::string> negated = operand(mul.getLHS(), Prec::Unary);
      if (!negated)
        return negated.takeError();
      return Printed{"-" + *negated, Prec::Unary};
    }
    return binary(mul.getLHS(), "*", mul.getRHS(), Prec::Multiplicative);
  }
  case AffineExprKind::FloorDiv: {
    auto div = cast<AffineBinaryOpExpr>(expr);
    return binary(div.getLHS(), "/", div.getRHS(), Prec::Multiplicative);
  }
  case AffineExprKind::Mod: {
    auto mod = cast<AffineBinaryOpExpr>(expr);
    return binary(mod.getLHS(), "%", mod.getRHS(), Prec::Multiplicative);
  }
  case AffineExprKind::CeilDiv: {
    auto div = cast<AffineBinaryOpExpr>(expr);
    llvm::Expected<std::string> lhs = operand(div.getLHS(), Prec::Additive);
    if (!lhs)
      return lhs.takeError();
    llvm::Expected<std::string> rhs = operand(div.getRHS(), Prec::Additive);
    if (!rhs)
      return rhs.takeError();
    return Printed{"cdiv(" + *lhs + ", " + *rhs + ")", Prec::Primary};
  }
  }
  llvm_unreachable("unknown affine expression kind");
}

llvm::Expected<std::string> GridExprPrinter::operand(AffineExpr expr,
                                                     Prec min) {
  llvm::Expected<Printed> printed = print(expr);
  if (!printed)
    return printed.takeError();
  if (printed->prec < min)
    return "(" + printed->text + ")";
  return printed->text;
}

llvm::Expected<Printed> GridExprPrinter::binary(AffineExpr lhs,
                                                llvm::StringRef op,
                                                AffineExpr rhs, Prec prec) {
  llvm::Expected<std::string> left = operand(lhs, prec);
  if (!left)
    return left.takeError();
  // The operators associate to the left: a right operand at the same level
  // needs parentheses (`a - (b + c)`, `a * (b / c)`).
  llvm::Expected<std::string> right =
      operand(rhs, static_cast<Prec>(static_cast<int>(prec) + 1));
  if (!right)
    return right.takeError();
  return Printed{*left + " " + op.str() + " " + *right, prec};
}

llvm::Expected<std::string>
printGridExpr(AffineExpr expr, llvm::ArrayRef<std::string> sizeNames) {
  llvm::Expected<Printed> printed = GridExprPrinter(sizeNames).print(expr);
  if (!printed)
    return printed.takeError();
  return std::move(printed->text);
}

//===----------------------------------------------------------------------===//
// Reading the kernel attributes
//===----------------------------------------------------------------------===//

/// An error about attribute `attr` of `kernel`: "@k: 'attr': message".
static llvm::Error attrError(LLVM::LLVMFuncOp kernel, llvm::StringRef attr,
                             const llvm::Twine &message) {
  return llvm::createStringError("@" + kernel.getSymName() + ": '" + attr +
                                 "': " + message);
}

/// Prints `attr` as MLIR text, for messages.
static std::string str(Attribute attr) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << attr;
  return text;
}

/// The size names of `tile.sizes` (none when absent).
static llvm::Expected<llvm::SmallVector<std::string>>
readSizeNames(LLVM::LLVMFuncOp kernel) {
  llvm::SmallVector<std::string> names;
  Attribute value = kernel->getAttr(tile::TileDialect::kSizesAttrName);
  if (!value)
    return names;
  auto sizes = dyn_cast<ArrayAttr>(value);
  if (!sizes)
    return attrError(kernel, tile::TileDialect::kSizesAttrName,
                     "expected an array of size names, got " + str(value));
  for (Attribute size : sizes) {
    auto name = dyn_cast<StringAttr>(size);
    if (!name)
      return attrError(kernel, tile::TileDialect::kSizesAttrName,
                       "expected strings, got " + str(size));
    names.push_back(name.str());
  }
  return names;
}

/// The `tile.grid` map, checked against `tile.sizes`.
static llvm::Expected<AffineMap> readGridMap(LLVM::LLVMFuncOp kernel,
                                             size_t numSizes) {
  auto grid = kernel->getAttrOfType<AffineMapAttr>(tile::TileDialect::kGridAttrName);
  if (!grid)
    return attrError(kernel, tile::TileDialect::kGridAttrName,
                     "missing, or not an affine map");
  AffineMap map = grid.getValue();
  if (map.getNumDims() != 0 || map.getNumSymbols() != numSizes)
    return attrError(kernel, tile::TileDialect::kGridAttrName,
                     "expected a map of " + llvm::Twine(numSizes) +
                         " symbols (one per 'tile.sizes' entry) and no "
                         "dimensions, got " +
                         str(grid));
  if (map.getNumResults() < 1 || map.getNumResults() > 3)
    return attrError(kernel, tile::TileDialect::kGridAttrName,
                     "expected 1 to 3 grid dimensions, got " +
                         llvm::Twine(map.getNumResults()));
  return map;
}

llvm::Expected<KernelGrid> readKernelGrid(LLVM::LLVMFuncOp kernel) {
  llvm::Expected<llvm::SmallVector<std::string>> names = readSizeNames(kernel);
  if (!names)
    return names.takeError();
  llvm::Expected<AffineMap> map = readGridMap(kernel, names->size());
  if (!map)
    return map.takeError();
  return KernelGrid{*map, std::move(*names)};
}

/// The expressions of `grid`, one per dimension.
static llvm::Expected<llvm::SmallVector<std::string, 3>>
printGrid(LLVM::LLVMFuncOp kernel, const KernelGrid &grid) {
  llvm::SmallVector<std::string, 3> texts;
  for (AffineExpr expr : grid.map.getResults()) {
    llvm::Expected<std::string> text = printGridExpr(expr, grid.sizeNames);
    if (!text)
      return attrError(kernel, tile::TileDialect::kGridAttrName,
                       llvm::toString(text.takeError()));
    texts.push_back(std::move(*text));
  }
  return texts;
}

llvm::Expected<llvm::SmallVector<std::string, 3>>
printKernelGrid(LLVM::LLVMFuncOp kernel) {
  llvm::Expected<KernelGrid> grid = readKernelGrid(kernel);
  if (!grid)
    return grid.takeError();
  return printGrid(kernel, *grid);
}

namespace {
/// A kernel constant: an integer (booleans as 0/1) or a float.
struct ConstantInfo {
  std::string name;
  bool isFloat = false;
  int64_t integer = 0;
  double real = 0.0;
};

/// Everything the manifest says about a kernel, read from its attributes.
struct KernelManifest {
  std::string kernelName;
  std::string symbol;
  llvm::SmallVector<int32_t, 3> block;
  llvm::SmallVector<std::string, 3> grid;
  /// Its programs run in a loop over as many CTAs as fit (tilegpu-persistent).
  bool persistent = false;
  int64_t dynamicSharedMemory = 0;
  llvm::SmallVector<ConstantInfo> constants;
  /// The kernel's parameters and tensor maps, as the dialect verified them.
  llvm::SmallVector<tilegpu::KernelParamAttr> params;
  llvm::SmallVector<tilegpu::TensorMapAttr> tensorMaps;
};
} // namespace

/// The LLVM type a parameter is passed as: a scalar by value, a tensor as
/// its global pointer (then its sizes and strides, i64).
static Type abiType(tilegpu::KernelParamAttr param) {
  if (param.isTensor())
    return LLVM::LLVMPointerType::get(param.getContext(), 1);
  return param.getDtype();
}

/// Checks that `params` expand to the signature of `kernel` under the
/// manifest ABI: a tensor of rank r is `!llvm.ptr<1>` then r sizes and r
/// strides (i64); a scalar is one argument of its type; then a pointer to
/// each tensor map, passed by value.
static llvm::Error
checkSignature(LLVM::LLVMFuncOp kernel,
               llvm::ArrayRef<tilegpu::KernelParamAttr> params,
               llvm::ArrayRef<tilegpu::TensorMapAttr> tensorMaps) {
  MLIRContext *context = kernel.getContext();
  Type i64 = IntegerType::get(context, 64);
  // The expected argument types and what each one is, for messages.
  llvm::SmallVector<std::pair<Type, std::string>> expected;
  for (tilegpu::KernelParamAttr param : params) {
    llvm::StringRef name = param.getName().getValue();
    if (!param.isTensor()) {
      expected.emplace_back(abiType(param), ("scalar '" + name + "'").str());
      continue;
    }
    expected.emplace_back(abiType(param),
                          ("pointer of tensor '" + name + "'").str());
    for (llvm::StringRef what : {"size", "stride"})
      for (size_t dim = 0; dim < param.getShape().size(); ++dim)
        expected.emplace_back(i64, (what + " " + llvm::Twine(dim) +
                                    " of tensor '" + name + "'")
                                       .str());
  }
  for (tilegpu::TensorMapAttr map : tensorMaps)
    expected.emplace_back(
        LLVM::LLVMPointerType::get(context),
        ("tensor map of '" + map.getTensor().getValue() + "'").str());
  llvm::ArrayRef<Type> actual = kernel.getFunctionType().getParams();
  llvm::StringRef attr = tilegpu::TileGPUDialect::kParamsAttrName;
  if (actual.size() != expected.size())
    return attrError(kernel, attr,
                     "expands to " + llvm::Twine(expected.size()) +
                         " kernel arguments under the manifest ABI, but the "
                         "kernel has " +
                         llvm::Twine(actual.size()));
  for (auto [index, type] : llvm::enumerate(actual))
    if (type != expected[index].first)
      return attrError(kernel, attr,
                       "expected kernel argument " + llvm::Twine(index) + " (" +
                           expected[index].second + ") to be " +
                           str(TypeAttr::get(expected[index].first)) +
                           ", got " + str(TypeAttr::get(type)));
  return llvm::Error::success();
}

/// The elements of the array attribute `name` of `kernel` (none when
/// absent), which the dialect verified to be `T`s.
template <typename T>
static llvm::SmallVector<T> typedArray(LLVM::LLVMFuncOp kernel,
                                      llvm::StringRef name) {
  llvm::SmallVector<T> elements;
  if (auto array = kernel->getAttrOfType<ArrayAttr>(name))
    for (Attribute element : array)
      elements.push_back(cast<T>(element));
  return elements;
}

/// The runtime binds grid names from the tensors' shapes: each size the grid
/// uses must name a dimension of some tensor.
static llvm::Error
checkGridSizes(LLVM::LLVMFuncOp kernel, const KernelGrid &grid,
               llvm::ArrayRef<tilegpu::KernelParamAttr> params) {
  for (AffineExpr result : grid.map.getResults()) {
    llvm::Error err = llvm::Error::success();
    result.walk([&](AffineExpr expr) {
      auto symbol = dyn_cast<AffineSymbolExpr>(expr);
      if (!symbol || err)
        return;
      StringAttr name = StringAttr::get(kernel.getContext(),
                                        grid.sizeNames[symbol.getPosition()]);
      bool bound = llvm::any_of(params, [&](tilegpu::KernelParamAttr param) {
        return param.isTensor() &&
               llvm::is_contained(param.getShape().getValue(), name);
      });
      if (!bound)
        err = attrError(kernel, tile::TileDialect::kGridAttrName,
                        "size '" + name.getValue() +
                            "' is not a dimension of any tensor parameter, "
                            "so the runtime cannot bind it");
    });
    if (err)
      return err;
  }
  return llvm::Error::success();
}

static llvm::Expected<llvm::SmallVector<ConstantInfo>>
readConstants(LLVM::LLVMFuncOp kernel) {
  llvm::SmallVector<ConstantInfo> constants;
  Attribute value = kernel->getAttr(tile::TileDialect::kConstantsAttrName);
  if (!value)
    return constants;
  auto dict = dyn_cast<DictionaryAttr>(value);
  if (!dict)
    return attrError(kernel, tile::TileDialect::kConstantsAttrName,
                     "expected a dictionary, got " + str(value));
  for (NamedAttribute constant : dict) {
    // Element-type constants (DTYPE = bf16) show in the parameters' dtypes.
    if (isa<TypeAttr>(constant.getValue()))
      continue;
    ConstantInfo info;
    info.name = constant.getName().str();
    if (auto flag = dyn_cast<BoolAttr>(constant.getValue())) {
      info.integer = flag.getValue();
    } else if (auto integer = dyn_cast<IntegerAttr>(constant.getValue())) {
      info.integer = integer.getType().isInteger(1)
                         ? int64_t(integer.getValue().getBoolValue())
                         : integer.getInt();
    } else if (auto real = dyn_cast<FloatAttr>(constant.getValue())) {
      info.isFloat = true;
      info.real = real.getValueAsDouble();
    } else {
      return attrError(kernel, tile::TileDialect::kConstantsAttrName,
                       "expected integer, boolean or float constants, got " +
                           constant.getName().getValue() + " = " +
                           str(constant.getValue()));
    }
    constants.push_back(std::move(info));
  }
  return constants;
}

static llvm::Expected<llvm::SmallVector<int32_t, 3>>
readBlock(LLVM::LLVMFuncOp kernel) {
  llvm::StringRef name = NVVM::NVVMDialect::getMaxntidAttrName();
  auto maxntid = kernel->getAttrOfType<DenseI32ArrayAttr>(name);
  if (!maxntid)
    return attrError(kernel, name, "missing, or not an array<i32>");
  llvm::ArrayRef<int32_t> block = maxntid.asArrayRef();
  int64_t threads = 1;
  for (int32_t size : block)
    threads *= size;
  if (block.empty() || block.size() > 3 ||
      llvm::any_of(block, [](int32_t size) { return size < 1; }) ||
      threads > 1024)
    return attrError(kernel, name,
                     "expected 1 to 3 positive sizes of at most 1024 threads "
                     "in all, got " +
                         str(maxntid));
  return llvm::SmallVector<int32_t, 3>(block);
}

/// The dynamic shared memory of `kernel` in bytes (0 when absent), checked
/// against the budget of `chip`.
static llvm::Expected<int64_t> readSharedBytes(LLVM::LLVMFuncOp kernel,
                                               const ChipInfo &chip) {
  llvm::StringRef name = tilegpu::TileGPUDialect::kSharedBytesAttrName;
  std::optional<int64_t> bytes = tile::getIntValue(kernel->getAttr(name));
  if (!bytes)
    return 0;
  uint64_t budget = chip.sharedMemoryBudget;
  if (static_cast<uint64_t>(*bytes) > budget)
    return attrError(kernel, name,
                     llvm::Twine(*bytes) +
                         " bytes of dynamic shared memory exceed the " +
                         llvm::Twine(budget) + " bytes of " + chip.name);
  return *bytes;
}

static llvm::Expected<KernelManifest>
readKernelManifest(LLVM::LLVMFuncOp kernel, const ChipInfo &chip) {
  KernelManifest manifest;
  manifest.symbol = kernel.getSymName().str();
  llvm::StringRef nameAttr = tilegpu::TileGPUDialect::kKernelNameAttrName;
  auto name = kernel->getAttrOfType<StringAttr>(nameAttr);
  if (!name)
    return attrError(kernel, nameAttr, "missing");
  manifest.kernelName = name.str();

  auto block = readBlock(kernel);
  if (!block)
    return block.takeError();
  manifest.block = std::move(*block);
  auto grid = readKernelGrid(kernel);
  if (!grid)
    return grid.takeError();
  auto gridTexts = printGrid(kernel, *grid);
  if (!gridTexts)
    return gridTexts.takeError();
  manifest.grid = std::move(*gridTexts);
  manifest.persistent =
      kernel->hasAttr(tilegpu::TileGPUDialect::kPersistentAttrName);
  auto sharedBytes = readSharedBytes(kernel, chip);
  if (!sharedBytes)
    return sharedBytes.takeError();
  manifest.dynamicSharedMemory = *sharedBytes;
  auto constants = readConstants(kernel);
  if (!constants)
    return constants.takeError();
  manifest.constants = std::move(*constants);
  llvm::StringRef paramsAttr = tilegpu::TileGPUDialect::kParamsAttrName;
  if (!kernel->hasAttr(paramsAttr))
    return attrError(kernel, paramsAttr, "missing");
  manifest.params =
      typedArray<tilegpu::KernelParamAttr>(kernel, paramsAttr);
  manifest.tensorMaps = typedArray<tilegpu::TensorMapAttr>(
      kernel, tilegpu::TileGPUDialect::kTensorMapsAttrName);
  if (llvm::Error err =
          checkSignature(kernel, manifest.params, manifest.tensorMaps))
    return std::move(err);
  if (llvm::Error err = checkGridSizes(kernel, *grid, manifest.params))
    return std::move(err);
  return manifest;
}

//===----------------------------------------------------------------------===//
// Writing JSON
//===----------------------------------------------------------------------===//

/// An `inout` tensor's init value as the runtime keeps it: "inf", "-inf",
/// an integer, or a decimal number.
static std::string initText(double init) {
  if (std::isinf(init))
    return init < 0 ? "-inf" : "inf";
  if (init == std::trunc(init) && std::abs(init) < 0x1p63)
    return std::to_string(static_cast<int64_t>(init));
  char buffer[40];
  std::snprintf(buffer, sizeof(buffer), "%.17g", init);
  return buffer;
}

static runtime::ParamSpec toParamSpec(tilegpu::KernelParamAttr param) {
  runtime::ParamSpec spec;
  spec.name = param.getName().str();
  spec.kind = param.isTensor() ? runtime::ParamKind::Tensor
                               : runtime::ParamKind::Scalar;
  // The dialect allows only dtypes the runtime has.
  std::string dtype;
  llvm::raw_string_ostream(dtype) << param.getDtype();
  spec.dtype = *runtime::parseDType(dtype);
  switch (param.getRole()) {
  case tilegpu::ParamRole::Input:
    spec.role = runtime::ParamRole::Input;
    break;
  case tilegpu::ParamRole::Output:
    spec.role = runtime::ParamRole::Output;
    break;
  case tilegpu::ParamRole::InOut:
    spec.role = runtime::ParamRole::InOut;
    break;
  }
  if (param.isTensor())
    for (Attribute dim : param.getShape()) {
      runtime::ShapeDim shapeDim;
      if (auto name = dyn_cast<StringAttr>(dim))
        shapeDim.symbol = name.str();
      else
        shapeDim.fixed = *tile::getIntValue(dim);
      spec.shape.push_back(std::move(shapeDim));
    }
  if (FloatAttr init = param.getInit())
    spec.init = initText(init.getValueAsDouble());
  if (param.getAlign() != 0) {
    spec.align = param.getAlign();
    spec.alignFromManifest = true;
  }
  return spec;
}

/// The runtime's form of a tensor map: `param` is the index of its tensor.
static runtime::TensorMapSpec
toTensorMapSpec(tilegpu::TensorMapAttr map,
                llvm::ArrayRef<tilegpu::KernelParamAttr> params) {
  runtime::TensorMapSpec spec;
  spec.tensor = map.getTensor().str();
  // The dialect verified that the map names a tensor parameter.
  auto param = llvm::find_if(params, [&](tilegpu::KernelParamAttr p) {
    return p.getName() == map.getTensor();
  });
  assert(param != params.end() && "a tensor map of no parameter");
  spec.param = param - params.begin();
  spec.box = {map.getBox()[0], map.getBox()[1]};
  spec.swizzle = map.getSwizzle();
  return spec;
}

/// The runtime's form of the manifest, whose schema (lib/Runtime/Manifest.cpp,
/// the one the runtime reads) writes the JSON.
static llvm::Expected<runtime::Manifest>
toRuntimeManifest(const KernelManifest &kernel, llvm::StringRef chip,
                  const ManifestFiles &files,
                  const KernelResources *resources) {
  runtime::Manifest manifest;
  manifest.kernel = kernel.kernelName;
  manifest.symbol = kernel.symbol;
  manifest.target = chip.str();
  manifest.ptx = files.ptx;
  manifest.cubin = files.cubin;
  manifest.blockDims = kernel.block.size();
  for (auto [index, size] : llvm::enumerate(kernel.block))
    manifest.block[index] = size;
  for (const std::string &text : kernel.grid) {
    runtime::Expected<runtime::GridExpr> expr = runtime::GridExpr::parse(text);
    if (!expr.ok())
      return llvm::createStringError("@" + kernel.symbol + ": '" +
                                     tile::TileDialect::kGridAttrName + "': \"" + text +
                                     "\" does not parse: " + expr.message());
    manifest.grid.push_back(expr.take());
  }
  manifest.persistent = kernel.persistent;
  manifest.dynamicSharedMemory = kernel.dynamicSharedMemory;
  for (const ConstantInfo &info : kernel.constants) {
    runtime::Constant constant;
    constant.name = info.name;
    constant.kind = info.isFloat ? runtime::Constant::Kind::Float
                                 : runtime::Constant::Kind::Integer;
    constant.intValue = info.integer;
    constant.floatValue = info.real;
    manifest.constants.push_back(std::move(constant));
  }
  for (tilegpu::KernelParamAttr param : kernel.params)
    manifest.params.push_back(toParamSpec(param));
  for (tilegpu::TensorMapAttr map : kernel.tensorMaps)
    manifest.tensorMaps.push_back(toTensorMapSpec(map, kernel.params));
  if (resources) {
    manifest.resources.registers = resources->registers;
    manifest.resources.spillStores = resources->spillStores;
    manifest.resources.spillLoads = resources->spillLoads;
    manifest.resources.stack = resources->stack;
    manifest.resources.staticSharedMemory = resources->staticSharedMemory;
  }
  return manifest;
}

llvm::Expected<std::string> writeManifest(ModuleOp module,
                                          const TargetOptions &options,
                                          const ManifestFiles &files,
                                          const KernelResources *resources) {
  llvm::Expected<KernelOps> ops = findKernel(module);
  if (!ops)
    return ops.takeError();
  llvm::Expected<KernelTarget> target = findTarget(*ops);
  if (!target)
    return target.takeError();
  llvm::Expected<KernelManifest> manifest =
      readKernelManifest(ops->kernel, *target->chip);
  if (!manifest)
    return manifest.takeError();
  llvm::Expected<runtime::Manifest> json =
      toRuntimeManifest(*manifest, target->chip->name, files, resources);
  if (!json)
    return json.takeError();
  return json->toJson();
}

//===----------------------------------------------------------------------===//
// The whole stage
//===----------------------------------------------------------------------===//

/// Writes `contents` to `path`, replacing the file.
static llvm::Error writeFile(llvm::StringRef path, llvm::StringRef contents) {
  return llvm::writeToOutput(path, [&](llvm::raw_ostream &os) {
    os << contents;
    return llvm::Error::success();
  });
}

llvm::Expected<EmittedKernel> emitKernelFiles(ModuleOp module,
                                              const TargetOptions &options,
                                              llvm::StringRef prefix,
                                              bool withCubin) {
  llvm::Expected<KernelOps> ops = findKernel(module);
  if (!ops)
    return ops.takeError();
  llvm::Expected<KernelTarget> target = findTarget(*ops);
  if (!target)
    return target.takeError();
  llvm::Expected<std::string> ptx = translateToPTX(module, options);
  if (!ptx)
    return ptx.takeError();
  EmittedKernel emitted;
  std::optional<PtxasResult> assembled;
  if (withCubin) {
    llvm::Expected<PtxasResult> result =
        assembleWithPtxas(*ptx, ops->kernel.getSymName(), *target, options);
    if (!result)
      return result.takeError();
    assembled = std::move(*result);
    emitted.resources = assembled->resources;
  }

  // The manifest names its files relative to itself.
  std::string base = llvm::sys::path::filename(prefix).str();
  ManifestFiles files{base + ".ptx", withCubin ? base + ".cubin" : ""};
  llvm::Expected<std::string> manifest =
      writeManifest(module, options, files,
                    emitted.resources ? &*emitted.resources : nullptr);
  if (!manifest)
    return manifest.takeError();

  llvm::StringRef directory = llvm::sys::path::parent_path(prefix);
  if (!directory.empty())
    if (std::error_code ec = llvm::sys::fs::create_directories(directory))
      return llvm::createStringError(ec, "cannot create " + directory);
  emitted.ptxPath = (prefix + ".ptx").str();
  emitted.manifestPath = (prefix + ".json").str();
  if (llvm::Error err = writeFile(emitted.ptxPath, *ptx))
    return std::move(err);
  if (assembled) {
    emitted.cubinPath = (prefix + ".cubin").str();
    if (llvm::Error err = writeFile(emitted.cubinPath, assembled->cubin))
      return std::move(err);
  }
  if (llvm::Error err = writeFile(emitted.manifestPath, *manifest))
    return std::move(err);
  return emitted;
}

} // namespace tessera
