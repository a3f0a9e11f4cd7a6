//===- Manifest.cpp - The kernel manifest and grid expressions ------------===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#include "tessera/Target/Manifest.h"

#include "tessera/Runtime/Manifest.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
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

/// An error about attribute `attr` of `kernel`, or about the part `path` of
/// it: "@k: 'attr'path: message".
static llvm::Error attrError(LLVM::LLVMFuncOp kernel, llvm::StringRef attr,
                             const llvm::Twine &message,
                             const llvm::Twine &path = "") {
  return llvm::createStringError("@" + kernel.getSymName() + ": '" + attr +
                                 "'" + path + ": " + message);
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
  Attribute value = kernel->getAttr(kernel_attrs::kSizes);
  if (!value)
    return names;
  auto sizes = dyn_cast<ArrayAttr>(value);
  if (!sizes)
    return attrError(kernel, kernel_attrs::kSizes,
                     "expected an array of size names, got " + str(value));
  for (Attribute size : sizes) {
    auto name = dyn_cast<StringAttr>(size);
    if (!name)
      return attrError(kernel, kernel_attrs::kSizes,
                       "expected strings, got " + str(size));
    names.push_back(name.str());
  }
  return names;
}

/// The `tile.grid` map, checked against `tile.sizes`.
static llvm::Expected<AffineMap> readGridMap(LLVM::LLVMFuncOp kernel,
                                             size_t numSizes) {
  auto grid = kernel->getAttrOfType<AffineMapAttr>(kernel_attrs::kGrid);
  if (!grid)
    return attrError(kernel, kernel_attrs::kGrid,
                     "missing, or not an affine map");
  AffineMap map = grid.getValue();
  if (map.getNumDims() != 0 || map.getNumSymbols() != numSizes)
    return attrError(kernel, kernel_attrs::kGrid,
                     "expected a map of " + llvm::Twine(numSizes) +
                         " symbols (one per 'tile.sizes' entry) and no "
                         "dimensions, got " +
                         str(grid));
  if (map.getNumResults() < 1 || map.getNumResults() > 3)
    return attrError(kernel, kernel_attrs::kGrid,
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
      return attrError(kernel, kernel_attrs::kGrid,
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
/// One source-level kernel parameter, from `tessera.params`.
struct ParamInfo {
  std::string name;
  bool isTensor = true;
  std::string dtype;
  /// Tensors: a size name (StringAttr) or a fixed size (IntegerAttr) per
  /// dimension.
  llvm::SmallVector<Attribute> shape;
  std::string role = "input";
  /// How the caller initialises an `inout` tensor.
  std::optional<double> init;
  /// Tensors: the alignment (bytes) the code assumes of the base pointer and
  /// of every stride but the innermost.
  std::optional<int64_t> align;
};

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
  int64_t dynamicSharedMemory = 0;
  llvm::SmallVector<ConstantInfo> constants;
  llvm::SmallVector<ParamInfo> params;
  llvm::SmallVector<runtime::TensorMapSpec> tensorMaps;
};

/// Reads the fields of one `tessera.params` entry; `where` names it in
/// errors ("'tessera.params'[2]").
class ParamReader {
public:
  ParamReader(LLVM::LLVMFuncOp kernel, unsigned index)
      : kernel(kernel), where("[" + std::to_string(index) + "]") {}

  llvm::Expected<ParamInfo> read(Attribute entry);

private:
  llvm::Error error(llvm::StringRef field, const llvm::Twine &message) {
    return attrError(kernel, kernel_attrs::kParams, message,
                     where + "." + field);
  }
  /// The string field `field` of `dict`, which must be one of `allowed`
  /// (any when empty); `fallback` when absent, an error when absent without
  /// one.
  llvm::Expected<std::string>
  readString(DictionaryAttr dict, llvm::StringRef field,
             llvm::ArrayRef<llvm::StringRef> allowed,
             std::optional<llvm::StringRef> fallback = std::nullopt);
  llvm::Error readShape(DictionaryAttr dict, ParamInfo &param);
  llvm::Error readInit(DictionaryAttr dict, ParamInfo &param);
  llvm::Error readAlign(DictionaryAttr dict, ParamInfo &param);

  LLVM::LLVMFuncOp kernel;
  std::string where;
};
} // namespace

llvm::Expected<std::string>
ParamReader::readString(DictionaryAttr dict, llvm::StringRef field,
                        llvm::ArrayRef<llvm::StringRef> allowed,
                        std::optional<llvm::StringRef> fallback) {
  Attribute value = dict.get(field);
  if (!value) {
    if (fallback)
      return fallback->str();
    return error(field, "missing");
  }
  auto text = dyn_cast<StringAttr>(value);
  if (!text)
    return error(field, "expected a string, got " + str(value));
  if (!allowed.empty() && !llvm::is_contained(allowed, text.getValue())) {
    std::string list;
    llvm::raw_string_ostream os(list);
    llvm::interleaveComma(allowed, os);
    return error(field, "expected one of " + list + ", got \"" +
                            text.getValue() + "\"");
  }
  return text.str();
}

llvm::Error ParamReader::readShape(DictionaryAttr dict, ParamInfo &param) {
  Attribute value = dict.get("shape");
  if (!param.isTensor) {
    if (value)
      return error("shape", "a scalar has no shape");
    return llvm::Error::success();
  }
  auto shape = dyn_cast_or_null<ArrayAttr>(value);
  if (!shape || shape.empty())
    return error("shape", "expected a non-empty array of size names and "
                          "integers");
  for (Attribute dim : shape) {
    auto fixed = dyn_cast<IntegerAttr>(dim);
    if (!isa<StringAttr>(dim) && !(fixed && fixed.getInt() > 0))
      return error("shape", "expected a size name or a positive integer, "
                            "got " +
                                str(dim));
    param.shape.push_back(dim);
  }
  return llvm::Error::success();
}

llvm::Error ParamReader::readInit(DictionaryAttr dict, ParamInfo &param) {
  Attribute value = dict.get("init");
  if (!value)
    return llvm::Error::success();
  if (param.role != "inout")
    return error("init", "only inout tensors have an init value");
  if (auto number = dyn_cast<FloatAttr>(value))
    param.init = number.getValueAsDouble();
  else if (auto number = dyn_cast<IntegerAttr>(value))
    param.init = static_cast<double>(number.getInt());
  if (!param.init || std::isnan(*param.init))
    return error("init", "expected a number, got " + str(value));
  return llvm::Error::success();
}

llvm::Error ParamReader::readAlign(DictionaryAttr dict, ParamInfo &param) {
  Attribute value = dict.get("align");
  if (!value)
    return llvm::Error::success();
  if (!param.isTensor)
    return error("align", "only tensors have an alignment");
  auto number = dyn_cast<IntegerAttr>(value);
  if (!number || number.getInt() < 1 || number.getInt() > 256 ||
      !llvm::isPowerOf2_64(number.getInt()))
    return error("align", "expected a power of two from 1 to 256, got " +
                              str(value));
  param.align = number.getInt();
  return llvm::Error::success();
}

llvm::Expected<ParamInfo> ParamReader::read(Attribute entry) {
  auto dict = dyn_cast<DictionaryAttr>(entry);
  if (!dict)
    return attrError(kernel, kernel_attrs::kParams,
                     "expected a dictionary, got " + str(entry), where);
  ParamInfo param;
  llvm::Expected<std::string> name = readString(dict, "name", {});
  if (!name)
    return name.takeError();
  param.name = std::move(*name);
  llvm::Expected<std::string> kind =
      readString(dict, "kind", {"tensor", "scalar"});
  if (!kind)
    return kind.takeError();
  param.isTensor = *kind == "tensor";
  // Scalars are passed by value as one .param of their type: no 16-bit
  // ones, and they are only read.
  static constexpr llvm::StringRef kTensorDtypes[] = {"f16", "bf16", "f32",
                                                      "i32", "i64"};
  static constexpr llvm::StringRef kScalarDtypes[] = {"f32", "i32", "i64"};
  static constexpr llvm::StringRef kTensorRoles[] = {"input", "output",
                                                     "inout"};
  static constexpr llvm::StringRef kScalarRoles[] = {"input"};
  llvm::Expected<std::string> dtype =
      readString(dict, "dtype",
                 param.isTensor ? llvm::ArrayRef(kTensorDtypes)
                                : llvm::ArrayRef(kScalarDtypes));
  if (!dtype)
    return dtype.takeError();
  param.dtype = std::move(*dtype);
  llvm::Expected<std::string> role =
      readString(dict, "role",
                 param.isTensor ? llvm::ArrayRef(kTensorRoles)
                                : llvm::ArrayRef(kScalarRoles),
                 llvm::StringRef("input"));
  if (!role)
    return role.takeError();
  param.role = std::move(*role);
  if (llvm::Error err = readShape(dict, param))
    return std::move(err);
  if (llvm::Error err = readInit(dict, param))
    return std::move(err);
  if (llvm::Error err = readAlign(dict, param))
    return std::move(err);
  return param;
}

/// The LLVM type a scalar of `dtype` is passed as.
static Type scalarType(MLIRContext *context, llvm::StringRef dtype) {
  if (dtype == "f32")
    return Float32Type::get(context);
  return IntegerType::get(context, dtype == "i32" ? 32 : 64);
}

/// Checks that `params` expand to the signature of `kernel` under the
/// manifest ABI: a tensor of rank r is `!llvm.ptr<1>` then r sizes and r
/// strides (i64); a scalar is one argument of its type.
static llvm::Error
checkSignature(LLVM::LLVMFuncOp kernel, llvm::ArrayRef<ParamInfo> params,
               llvm::ArrayRef<runtime::TensorMapSpec> tensorMaps) {
  MLIRContext *context = kernel.getContext();
  Type i64 = IntegerType::get(context, 64);
  // The expected argument types and what each one is, for messages.
  llvm::SmallVector<std::pair<Type, std::string>> expected;
  for (const ParamInfo &param : params) {
    if (!param.isTensor) {
      expected.emplace_back(scalarType(context, param.dtype),
                            "scalar '" + param.name + "'");
      continue;
    }
    expected.emplace_back(LLVM::LLVMPointerType::get(context, 1),
                          "pointer of tensor '" + param.name + "'");
    for (llvm::StringRef what : {"size", "stride"})
      for (size_t dim = 0; dim < param.shape.size(); ++dim)
        expected.emplace_back(i64, (what + " " + llvm::Twine(dim) +
                                    " of tensor '" + param.name + "'")
                                       .str());
  }
  // Then the tensor maps, by value (a pointer to the parameter).
  for (const runtime::TensorMapSpec &map : tensorMaps)
    expected.emplace_back(LLVM::LLVMPointerType::get(context),
                          "tensor map of '" + map.tensor + "'");
  llvm::ArrayRef<Type> actual = kernel.getFunctionType().getParams();
  if (actual.size() != expected.size())
    return attrError(kernel, kernel_attrs::kParams,
                     "expands to " + llvm::Twine(expected.size()) +
                         " kernel arguments under the manifest ABI, but the "
                         "kernel has " +
                         llvm::Twine(actual.size()));
  for (auto [index, type] : llvm::enumerate(actual))
    if (type != expected[index].first)
      return attrError(kernel, kernel_attrs::kParams,
                       "expected kernel argument " + llvm::Twine(index) + " (" +
                           expected[index].second + ") to be " +
                           str(TypeAttr::get(expected[index].first)) +
                           ", got " + str(TypeAttr::get(type)));
  return llvm::Error::success();
}

static llvm::Expected<llvm::SmallVector<ParamInfo>>
readParams(LLVM::LLVMFuncOp kernel) {
  auto entries = kernel->getAttrOfType<ArrayAttr>(kernel_attrs::kParams);
  if (!entries)
    return attrError(kernel, kernel_attrs::kParams,
                     "missing, or not an array of dictionaries");
  llvm::SmallVector<ParamInfo> params;
  llvm::StringSet<> seen;
  for (auto [index, entry] : llvm::enumerate(entries)) {
    llvm::Expected<ParamInfo> param = ParamReader(kernel, index).read(entry);
    if (!param)
      return param.takeError();
    if (!seen.insert(param->name).second)
      return attrError(kernel, kernel_attrs::kParams,
                       "duplicate parameter name '" + param->name + "'");
    params.push_back(std::move(*param));
  }
  return params;
}

/// Reads `tessera.tensor_maps` (absent: none): {tensor, box = [rows,
/// columns], swizzle} per map, each naming a tensor parameter.
static llvm::Expected<llvm::SmallVector<runtime::TensorMapSpec>>
readTensorMaps(LLVM::LLVMFuncOp kernel, llvm::ArrayRef<ParamInfo> params) {
  llvm::SmallVector<runtime::TensorMapSpec> maps;
  Attribute value = kernel->getAttr(kernel_attrs::kTensorMaps);
  if (!value)
    return maps;
  auto entries = dyn_cast<ArrayAttr>(value);
  if (!entries)
    return attrError(kernel, kernel_attrs::kTensorMaps,
                     "expected an array, got " + str(value));
  for (auto [index, entry] : llvm::enumerate(entries)) {
    std::string where = "[" + std::to_string(index) + "]";
    auto dict = dyn_cast<DictionaryAttr>(entry);
    auto tensor = dict ? dict.getAs<StringAttr>("tensor") : StringAttr();
    auto box = dict ? dict.getAs<ArrayAttr>("box") : ArrayAttr();
    auto swizzle = dict ? dict.getAs<IntegerAttr>("swizzle") : IntegerAttr();
    if (!tensor || !box || box.size() != 2 ||
        !llvm::all_of(box, llvm::IsaPred<IntegerAttr>) || !swizzle)
      return attrError(kernel, kernel_attrs::kTensorMaps,
                       "expected {tensor = \"name\", box = [rows, columns], "
                       "swizzle = bytes}, got " + str(entry),
                       where);
    const ParamInfo *param = llvm::find_if(
        params, [&](const ParamInfo &p) { return p.name == tensor.str(); });
    if (param == params.end() || !param->isTensor)
      return attrError(kernel, kernel_attrs::kTensorMaps,
                       "'" + tensor.getValue() + "' is not a tensor parameter",
                       where);
    runtime::TensorMapSpec map;
    map.tensor = tensor.str();
    map.param = param - params.begin();
    map.box = {cast<IntegerAttr>(box[0]).getInt(),
               cast<IntegerAttr>(box[1]).getInt()};
    map.swizzle = swizzle.getInt();
    maps.push_back(std::move(map));
  }
  return maps;
}

/// The runtime binds grid names from the tensors' shapes: each size the grid
/// uses must name a dimension of some tensor.
static llvm::Error checkGridSizes(LLVM::LLVMFuncOp kernel,
                                  const KernelGrid &grid,
                                  llvm::ArrayRef<ParamInfo> params) {
  for (AffineExpr result : grid.map.getResults()) {
    llvm::Error err = llvm::Error::success();
    result.walk([&](AffineExpr expr) {
      auto symbol = dyn_cast<AffineSymbolExpr>(expr);
      if (!symbol || err)
        return;
      StringAttr name = StringAttr::get(kernel.getContext(),
                                        grid.sizeNames[symbol.getPosition()]);
      bool bound = llvm::any_of(params, [&](const ParamInfo &param) {
        return llvm::is_contained(param.shape, name);
      });
      if (!bound)
        err = attrError(kernel, kernel_attrs::kGrid,
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
  Attribute value = kernel->getAttr(kernel_attrs::kConstants);
  if (!value)
    return constants;
  auto dict = dyn_cast<DictionaryAttr>(value);
  if (!dict)
    return attrError(kernel, kernel_attrs::kConstants,
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
      return attrError(kernel, kernel_attrs::kConstants,
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
  Attribute value = kernel->getAttr(kernel_attrs::kSharedBytes);
  if (!value)
    return 0;
  auto bytes = dyn_cast<IntegerAttr>(value);
  if (!bytes || bytes.getInt() < 0)
    return attrError(kernel, kernel_attrs::kSharedBytes,
                     "expected a non-negative integer, got " + str(value));
  uint64_t budget = chip.sharedMemoryBudget;
  if (static_cast<uint64_t>(bytes.getInt()) > budget)
    return attrError(kernel, kernel_attrs::kSharedBytes,
                     llvm::Twine(bytes.getInt()) +
                         " bytes of dynamic shared memory exceed the " +
                         llvm::Twine(budget) + " bytes of " + chip.name);
  return bytes.getInt();
}

static llvm::Expected<KernelManifest>
readKernelManifest(LLVM::LLVMFuncOp kernel, const ChipInfo &chip) {
  KernelManifest manifest;
  manifest.symbol = kernel.getSymName().str();
  auto name = kernel->getAttrOfType<StringAttr>(kernel_attrs::kKernelName);
  if (!name || name.empty())
    return attrError(kernel, kernel_attrs::kKernelName,
                     "missing, or not a non-empty string");
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
  auto sharedBytes = readSharedBytes(kernel, chip);
  if (!sharedBytes)
    return sharedBytes.takeError();
  manifest.dynamicSharedMemory = *sharedBytes;
  auto constants = readConstants(kernel);
  if (!constants)
    return constants.takeError();
  manifest.constants = std::move(*constants);
  auto params = readParams(kernel);
  if (!params)
    return params.takeError();
  manifest.params = std::move(*params);
  auto tensorMaps = readTensorMaps(kernel, manifest.params);
  if (!tensorMaps)
    return tensorMaps.takeError();
  manifest.tensorMaps = std::move(*tensorMaps);
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

static runtime::ParamSpec toParamSpec(const ParamInfo &param) {
  runtime::ParamSpec spec;
  spec.name = param.name;
  spec.kind =
      param.isTensor ? runtime::ParamKind::Tensor : runtime::ParamKind::Scalar;
  // readParams checked the dtype and role against the runtime's names.
  spec.dtype = *runtime::parseDType(param.dtype);
  for (runtime::ParamRole role :
       {runtime::ParamRole::Input, runtime::ParamRole::Output,
        runtime::ParamRole::InOut})
    if (param.role == runtime::roleName(role))
      spec.role = role;
  for (Attribute dim : param.shape) {
    runtime::ShapeDim shapeDim;
    if (auto name = dyn_cast<StringAttr>(dim))
      shapeDim.symbol = name.str();
    else
      shapeDim.fixed = cast<IntegerAttr>(dim).getInt();
    spec.shape.push_back(std::move(shapeDim));
  }
  if (param.init)
    spec.init = initText(*param.init);
  if (param.align) {
    spec.align = *param.align;
    spec.alignFromManifest = true;
  }
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
                                     kernel_attrs::kGrid + "': \"" + text +
                                     "\" does not parse: " + expr.message());
    manifest.grid.push_back(expr.take());
  }
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
  for (const ParamInfo &param : kernel.params)
    manifest.params.push_back(toParamSpec(param));
  manifest.tensorMaps.assign(kernel.tensorMaps.begin(),
                             kernel.tensorMaps.end());
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
