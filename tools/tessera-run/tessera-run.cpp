//===- tessera-run.cpp - Run tile kernels on the CPU interpreter ----------===//
//
// Part of Tessera. Runs a kernel of a .tile file (through the frontend) or of
// a .mlir tile module on the CPU interpreter, in one of two modes:
//
//   attention: --shape B,H,N,D binds the arguments by name (Q, K, V, Out,
//              Lse, Acc, M, L, sm_scale) to random inputs, runs the kernel
//              and compares Out (and Lse) with an fp64 reference attention;
//              exits non-zero above the tolerance or on NaN/unwritten output.
//   generic:   sizes come from --size NAME=VALUE, inputs are filled with
//              0, 1, 2, ... (or random values), and every output is printed.
//
//===----------------------------------------------------------------------===//

#include "tessera/Conversion/PassPipelines.h"
#include "tessera/Host/ReferenceAttention.h"
#include "tessera/Interpreter/Interpreter.h"
#include "tessera/Interpreter/Npy.h"
#include "tessera/Transforms/Passes.h"

#include "Tile/IR/TileDialect.h"

#ifdef TESSERA_HAVE_FRONTEND
#include "tessera/Frontend/Frontend.h"
#endif

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
#include <deque>
#include <map>

using namespace mlir;
using namespace tessera::interp;
namespace cl = llvm::cl;
namespace tile = tessera::tile;

//===----------------------------------------------------------------------===//
// Command line
//===----------------------------------------------------------------------===//

static cl::OptionCategory runCategory("tessera-run options");

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<.tile or .mlir file>"),
                                          cl::Required, cl::cat(runCategory));
static cl::opt<bool> interpret("interpret",
                               cl::desc("Run on the CPU interpreter"),
                               cl::cat(runCategory));
static cl::opt<std::string>
    kernelName("kernel", cl::desc("The kernel to run (default: the only one)"),
               cl::cat(runCategory));
static cl::list<std::string>
    defines("D", cl::Prefix,
            cl::desc("Override a constant of a .tile file: -D NAME=VALUE"),
            cl::cat(runCategory));
static cl::opt<bool>
    decompose("decompose-online-softmax",
              cl::desc("Run tile-decompose-online-softmax before interpreting"),
              cl::cat(runCategory));
static cl::opt<std::string> attentionShape(
    "shape",
    cl::desc("Attention mode: B,H,N,D (batch, heads, sequence, head dim)"),
    cl::cat(runCategory));
static cl::list<int64_t> varlenSeqlens(
    "seqlens", cl::CommaSeparated,
    cl::desc("Attention mode, varlen kernels (a CuSeqlens argument): the "
             "length of each of the B sequences, packed one after the other "
             "into Q, K, V of [H, total, D]"),
    cl::cat(runCategory));
static cl::opt<bool> causal("causal",
                            cl::desc("Attention mode: causal reference (must "
                                     "match the kernel's CAUSAL constant)"),
                            cl::cat(runCategory));
static cl::opt<double> outTolerance(
    "atol", cl::init(2e-3),
    cl::desc("Attention mode: max abs error allowed on Out (f16/bf16)"),
    cl::cat(runCategory));
static cl::opt<double>
    lseTolerance("lse-atol", cl::init(1e-4),
                 cl::desc("Attention mode: max abs error allowed on Lse (f32)"),
                 cl::cat(runCategory));
static cl::list<std::string>
    sizes("size",
          cl::desc("Generic mode: bind a size of tile.sizes: NAME=VALUE"),
          cl::cat(runCategory));
static cl::list<std::string>
    scalarArgs("arg", cl::desc("Set a scalar argument: NAME=VALUE"),
               cl::cat(runCategory));
static cl::opt<std::string>
    fill("fill", cl::init("iota"),
         cl::desc("Generic mode: inputs are 'iota' (0, 1, 2, ...) or "
                  "'random' (floats in [-1, 1), integers in [-4, 4], never 0)"),
         cl::cat(runCategory));
static cl::opt<uint64_t> seed("seed", cl::init(20261129),
                              cl::desc("Seed of the random inputs"),
                              cl::cat(runCategory));
static cl::opt<std::string> gpuCheck(
    "gpu-check", cl::init("sm_90a"),
    cl::desc("A .tile kernel must also compile for this GPU (the layouts "
             "and lowering of tessera-compile), so that no kernel runs here "
             "and fails there; 'none' skips the check"),
    cl::cat(runCategory));
static cl::list<std::string> npyInputs(
    "input",
    cl::desc("Generic mode: take a tensor argument from a .npy file: "
             "NAME=FILE.npy (its shape binds the sizes it names)"),
    cl::cat(runCategory));
static cl::opt<std::string> saveDir(
    "save",
    cl::desc("Write every tensor argument, after the run, to DIR/NAME.npy "
             "(bf16 as float32), and each inout one before the run to "
             "DIR/NAME.before.npy"),
    cl::value_desc("DIR"), cl::cat(runCategory));
static cl::opt<int64_t> persistentCtas(
    "ctas", cl::init(0),
    cl::desc("A kernel that tilegpu-persistent has rewritten (an .mlir "
             "file): run it on this many CTAs (at most its programs; 0: one "
             "for each program), as the GPU runs it on the CTAs that fit"),
    cl::cat(runCategory));
static cl::opt<bool> dumpOutputs("dump-outputs",
                                 cl::desc("Print the output tensors"),
                                 cl::cat(runCategory));

/// Reports a command-line or setup error; returns 1 for `main`.
static int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "tessera-run") << message << "\n";
  return 1;
}

/// Reports an error at `kernel` (with its location) and returns 1 for `main`.
template <typename... Parts>
static int kernelError(func::FuncOp kernel, const Parts &...parts) {
  InFlightDiagnostic diag = kernel.emitError();
  (diag << ... << parts);
  return 1;
}

/// Splits "NAME=VALUE".
static std::optional<std::pair<StringRef, StringRef>>
splitAssignment(StringRef text) {
  auto [name, value] = text.split('=');
  if (name.empty() || value.empty() || !text.contains('='))
    return std::nullopt;
  return std::pair(name.trim(), value.trim());
}

//===----------------------------------------------------------------------===//
// Inputs
//===----------------------------------------------------------------------===//

/// A small deterministic generator (SplitMix64), the same on every platform.
class Random {
public:
  explicit Random(uint64_t seed) : state(seed) {}
  /// Uniform in [-1, 1).
  double uniform() { return static_cast<double>(next() >> 11) * 0x1p-52 - 1.0; }
  /// Uniform in {-n, ..., -1, 1, ..., n}.
  int64_t nonZeroInt(int64_t n) {
    auto k = static_cast<int64_t>(next() % static_cast<uint64_t>(2 * n));
    return k < n ? k - n : k - n + 1;
  }

private:
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  uint64_t state;
};

/// The magnitude of random integer inputs: small, so that products and sums
/// stay exact and far from overflow.
static constexpr int64_t kRandomIntRange = 4;

/// Fills `tensor` with random non-zero values: floats uniform in [-1, 1)
/// (redrawn when they round to 0 in the dtype), integers uniform in
/// [-4, -1] and [1, 4] (a draw in [-1, 1) would truncate to 0 every time).
static void fillRandom(Tensor &tensor, Random &random) {
  bool isFloat = isFloatDType(tensor.getDType());
  for (int64_t i = 0, e = tensor.getNumElements(); i < e; ++i) {
    if (!isFloat) {
      tensor.setLinear(i,
                       static_cast<double>(random.nonZeroInt(kRandomIntRange)));
      continue;
    }
    do
      tensor.setLinear(i, random.uniform());
    while (tensor.getLinear(i) == 0.0);
  }
}

/// Fills `tensor` with 0, 1, 2, ... in row-major order.
static void fillIota(Tensor &tensor) {
  for (int64_t i = 0, e = tensor.getNumElements(); i < e; ++i)
    tensor.setLinear(i, static_cast<double>(i));
}

/// Fills an output with a value no correct kernel writes: NaN for floats,
/// 0xdeadbeef (wrapped) for integers.
static void poison(Tensor &tensor) {
  tensor.fill(isFloatDType(tensor.getDType())
                  ? std::nan("")
                  : static_cast<double>(wrapToWidth(
                        0xdeadbeef, getDTypeSize(tensor.getDType()) * 8)));
}

/// Returns the `tile.role` of argument `i` ("input" when absent).
static StringRef getRole(func::FuncOp kernel, unsigned i) {
  auto role =
      kernel.getArgAttrOfType<StringAttr>(i, tile::TileDialect::kRoleAttrName);
  return role ? role.getValue() : "input";
}

/// Returns the `tile.init` of argument `i`, if any.
static std::optional<double> getInit(func::FuncOp kernel, unsigned i) {
  if (auto init = kernel.getArgAttrOfType<FloatAttr>(
          i, tile::TileDialect::kInitAttrName))
    return init.getValueAsDouble();
  return std::nullopt;
}

/// Parses the --arg NAME=VALUE list.
static FailureOr<llvm::StringMap<double>> parseScalarArgs() {
  llvm::StringMap<double> values;
  for (const std::string &text : scalarArgs) {
    auto assignment = splitAssignment(text);
    double value;
    if (!assignment || !llvm::to_float(assignment->second, value)) {
      fail("expected --arg NAME=VALUE with a number, got '" + text + "'");
      return failure();
    }
    values[assignment->first] = value;
  }
  return values;
}

//===----------------------------------------------------------------------===//
// Output
//===----------------------------------------------------------------------===//

/// Formats `value` with the fewest digits that read back as the same value of
/// `dtype`.
static std::string formatValue(double value, DType dtype) {
  if (!isFloatDType(dtype))
    return std::to_string(dtype == DType::I1 ? (value != 0.0 ? 1 : 0)
                                             : static_cast<int64_t>(value));
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value > 0 ? "inf" : "-inf";
  if (value == std::trunc(value) && std::fabs(value) < 0x1p53)
    return (std::signbit(value) && value == 0.0 ? "-" : "") +
           std::to_string(static_cast<int64_t>(value));
  for (int precision = 1;; ++precision) {
    char buffer[64];
    std::snprintf(buffer, sizeof(buffer), "%.*g", precision, value);
    if (precision >= 17 ||
        roundToFloatDType(std::strtod(buffer, nullptr), dtype) == value)
      return buffer;
  }
}

/// Prints `tensor` one innermost row per line:
///   Out f16[2x3]
///   Out[0] = 0 1 2
///   Out[1] = 3 4 5
static void printTensor(llvm::raw_ostream &os, StringRef name,
                        const Tensor &tensor) {
  os << name << " " << tensor.getTypeString() << "\n";
  ArrayRef<int64_t> shape = tensor.getShape();
  int64_t rowLength = shape.empty() ? 1 : shape.back();
  int64_t numRows = rowLength ? tensor.getNumElements() / rowLength : 0;
  for (int64_t row = 0; row < numRows; ++row) {
    os << name;
    if (shape.size() > 1) {
      os << "[";
      SmallVector<int64_t> index(shape.size() - 1);
      for (int64_t d = index.size() - 1, rest = row; d >= 0; --d) {
        index[d] = rest % shape[d];
        rest /= shape[d];
      }
      llvm::interleaveComma(index, os);
      os << "]";
    }
    os << " =";
    for (int64_t j = 0; j < rowLength; ++j)
      os << " "
         << formatValue(tensor.getLinear(row * rowLength + j),
                        tensor.getDType());
    os << "\n";
  }
}

/// An FNV-1a hash of the values of `tensor`, to compare two runs exactly.
static uint64_t checksum(const Tensor &tensor) {
  uint64_t hash = 0xcbf29ce484222325ULL;
  for (int64_t i = 0, e = tensor.getNumElements(); i < e; ++i) {
    uint64_t bits = llvm::bit_cast<uint64_t>(tensor.getLinear(i));
    for (int byte = 0; byte < 8; ++byte) {
      hash ^= (bits >> (8 * byte)) & 0xff;
      hash *= 0x100000001b3ULL;
    }
  }
  return hash;
}

static void printGrid(func::FuncOp kernel, ArrayRef<KernelArg> args) {
  // resolveLaunch already succeeded inside runKernel.
  FailureOr<LaunchConfig> config = resolveLaunch(kernel, args, persistentCtas);
  llvm::outs() << "kernel " << kernel.getSymName() << ": grid "
               << config->grid[0] << "x" << config->grid[1] << "x"
               << config->grid[2];
  for (const auto &[name, value] : config->sizes)
    llvm::outs() << ", " << name << " = " << value;
  llvm::outs() << "\n";
}

//===----------------------------------------------------------------------===//
// Generic mode
//===----------------------------------------------------------------------===//

/// Writes each named tensor to --save DIR as NAME`suffix`.
static LogicalResult saveTensors(
    ArrayRef<std::pair<std::string, const Tensor *>> tensors,
    StringRef suffix = ".npy") {
  if (saveDir.empty())
    return success();
  if (std::error_code ec = llvm::sys::fs::create_directories(saveDir)) {
    fail("cannot create '" + saveDir + "': " + ec.message());
    return failure();
  }
  for (const auto &[name, tensor] : tensors) {
    llvm::SmallString<128> path(saveDir);
    llvm::sys::path::append(path, name + suffix);
    if (llvm::Error err = writeNpy(path, *tensor)) {
      fail(llvm::toString(std::move(err)));
      return failure();
    }
  }
  return success();
}

/// Reads the --input NAME=FILE.npy tensors of `kernel`, binding the sizes
/// their shapes name into `boundSizes` (which must agree with --size and
/// with each other, and with fixed dimensions).
static FailureOr<llvm::StringMap<Tensor>>
readNpyInputs(func::FuncOp kernel, llvm::StringMap<int64_t> &boundSizes) {
  llvm::StringMap<Tensor> inputs;
  for (const std::string &text : npyInputs) {
    auto assignment = splitAssignment(text);
    if (!assignment) {
      fail("expected --input NAME=FILE.npy, got '" + text + "'");
      return failure();
    }
    auto [name, path] = *assignment;
    std::optional<unsigned> index;
    for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i)
      if (getArgumentName(kernel, i) == name)
        index = i;
    auto view = index ? dyn_cast<tile::ViewType>(
                            kernel.getArgument(*index).getType())
                      : tile::ViewType();
    if (!view) {
      fail("--input " + name + ": the kernel has no tensor argument '" +
           name + "'");
      return failure();
    }
    llvm::Expected<Tensor> tensor =
        readNpy(path, *getDTypeOf(view.getElementType()));
    if (!tensor) {
      fail(llvm::toString(tensor.takeError()));
      return failure();
    }
    auto shapeAttr = kernel.getArgAttrOfType<ArrayAttr>(
        *index, tile::TileDialect::kShapeAttrName);
    ArrayRef<int64_t> shape = tensor->getShape();
    if (!shapeAttr || shapeAttr.size() != shape.size()) {
      fail("--input " + name + ": expected a .npy of rank " +
           Twine(view.getRank()) + ", got rank " + Twine(shape.size()));
      return failure();
    }
    for (auto [d, dim] : llvm::enumerate(shapeAttr)) {
      if (auto fixed = dyn_cast<IntegerAttr>(dim)) {
        if (fixed.getInt() == shape[d])
          continue;
        fail("--input " + name + ": expected dimension " + Twine(d) +
             " to be " + Twine(fixed.getInt()) + ", got " + Twine(shape[d]));
        return failure();
      }
      StringRef size = cast<StringAttr>(dim).getValue();
      auto [it, inserted] = boundSizes.try_emplace(size, shape[d]);
      if (!inserted && it->second != shape[d]) {
        fail("--input " + name + ": dimension " + Twine(d) + " is " + size +
             " = " + Twine(shape[d]) + ", but " + size + " = " +
             Twine(it->second) + " already");
        return failure();
      }
    }
    inputs[name] = std::move(*tensor);
  }
  return inputs;
}

static int runGeneric(func::FuncOp kernel) {
  llvm::StringMap<int64_t> boundSizes;
  for (const std::string &text : sizes) {
    auto assignment = splitAssignment(text);
    int64_t value;
    if (!assignment || !llvm::to_integer(assignment->second, value) ||
        value < 1)
      return fail("expected --size NAME=VALUE with a positive integer, got '" +
                  text + "'");
    boundSizes[assignment->first] = value;
  }
  FailureOr<llvm::StringMap<double>> scalars = parseScalarArgs();
  if (failed(scalars))
    return 1;
  if (fill != "iota" && fill != "random")
    return fail("expected --fill=iota or --fill=random, got '" + fill + "'");
  FailureOr<llvm::StringMap<Tensor>> npyTensors =
      readNpyInputs(kernel, boundSizes);
  if (failed(npyTensors))
    return 1;

  Random random(seed);
  std::deque<Tensor> tensors;
  SmallVector<KernelArg> args;
  SmallVector<std::pair<std::string, Tensor *>> outputs;
  SmallVector<std::pair<std::string, const Tensor *>> allTensors, inouts;
  for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i) {
    std::string name = getArgumentName(kernel, i);
    if (name.empty())
      name = "arg" + std::to_string(i);
    auto view = dyn_cast<tile::ViewType>(kernel.getArgument(i).getType());
    if (view && npyTensors->count(name)) {
      Tensor &tensor = tensors.emplace_back(std::move((*npyTensors)[name]));
      if (getRole(kernel, i) != "input")
        outputs.emplace_back(name, &tensor);
      allTensors.emplace_back(name, &tensor);
      args.push_back(KernelArg::tensor(tensor));
      continue;
    }
    if (!view) {
      auto it = scalars->find(name);
      if (it == scalars->end())
        return fail("scalar argument '" + name + "' needs --arg " + name +
                    "=VALUE");
      args.push_back(KernelArg::scalar(it->second));
      continue;
    }
    auto shapeAttr = kernel.getArgAttrOfType<ArrayAttr>(
        i, tile::TileDialect::kShapeAttrName);
    if (!shapeAttr)
      return fail("argument '" + name + "' has no tile.shape");
    SmallVector<int64_t> shape;
    for (Attribute dim : shapeAttr) {
      if (auto fixed = dyn_cast<IntegerAttr>(dim)) {
        shape.push_back(fixed.getInt());
        continue;
      }
      StringRef size = cast<StringAttr>(dim).getValue();
      auto it = boundSizes.find(size);
      if (it == boundSizes.end())
        return fail("size '" + size + "' of argument '" + name +
                    "' needs --size " + size + "=VALUE");
      shape.push_back(it->second);
    }
    Tensor &tensor =
        tensors.emplace_back(*getDTypeOf(view.getElementType()), shape);
    StringRef role = getRole(kernel, i);
    if (role == "output") {
      poison(tensor);
    } else if (std::optional<double> init = getInit(kernel, i)) {
      tensor.fill(*init);
    } else if (fill == "random") {
      fillRandom(tensor, random);
    } else {
      fillIota(tensor);
    }
    if (role != "input")
      outputs.emplace_back(name, &tensor);
    if (role == "inout")
      inouts.emplace_back(name, &tensor);
    allTensors.emplace_back(name, &tensor);
    args.push_back(KernelArg::tensor(tensor));
  }

  // What an inout tensor held before the run: a GPU check starts from it
  // (test/gpu/check_interp.py) and compares what it ends with.
  if (failed(saveTensors(inouts, ".before.npy")) ||
      failed(runKernel(kernel, args, persistentCtas)) ||
      failed(saveTensors(allTensors)))
    return 1;
  printGrid(kernel, args);
  for (const auto &[name, tensor] : outputs)
    printTensor(llvm::outs(), name, *tensor);
  return 0;
}

//===----------------------------------------------------------------------===//
// Attention mode
//===----------------------------------------------------------------------===//

namespace {
/// The problem size of --shape.
struct AttentionProblem {
  int64_t batch, heads, seqLen, headDim;
};
} // namespace

static FailureOr<AttentionProblem> parseShape(StringRef text) {
  SmallVector<StringRef> parts;
  text.split(parts, ',');
  SmallVector<int64_t> values;
  for (StringRef part : parts) {
    int64_t value;
    if (llvm::to_integer(part.trim(), value) && value > 0)
      values.push_back(value);
  }
  if (parts.size() != 4 || values.size() != 4) {
    fail("expected --shape B,H,N,D (4 positive integers), got '" + text + "'");
    return failure();
  }
  return AttentionProblem{values[0], values[1], values[2], values[3]};
}

/// Checks that the kernel's CAUSAL constant agrees with --causal.
static LogicalResult checkCausal(func::FuncOp kernel, bool isTile) {
  int64_t kernelCausal = getKernelConstant(kernel, "CAUSAL").value_or(0);
  if ((kernelCausal != 0) == causal)
    return success();
  std::string hint = isTile ? (causal ? " (pass -D CAUSAL=1)"
                                      : " (drop -D CAUSAL=1 or pass --causal)")
                            : "";
  return kernel.emitError()
         << "the kernel has CAUSAL = " << kernelCausal << " but --causal was "
         << (causal ? "given" : "not given") << hint;
}

/// Compares `actual` with `expected` and prints one line; returns true when
/// within `atol` and free of NaN (NaN marks unwritten elements).
static bool compare(StringRef name, const Tensor &actual,
                    ArrayRef<double> expected, double atol) {
  double maxError = 0.0;
  int64_t numNaN = 0;
  for (int64_t i = 0, e = actual.getNumElements(); i < e; ++i) {
    double value = actual.getLinear(i);
    if (std::isnan(value)) {
      ++numNaN;
      continue;
    }
    // Equal infinities (the -inf Lse of a row that sees no key) match.
    double error =
        value == expected[i] ? 0.0 : std::fabs(value - expected[i]);
    maxError = std::max(maxError, std::isnan(error) ? INFINITY : error);
  }
  bool ok = numNaN == 0 && maxError <= atol;
  llvm::outs() << name << ": max abs error "
               << llvm::formatv("{0:e2}", maxError) << " (tolerance "
               << llvm::formatv("{0:e2}", atol) << "), " << numNaN
               << " NaN or unwritten of " << actual.getNumElements()
               << ", checksum " << llvm::format_hex(checksum(actual), 18)
               << (ok ? "" : "  <-- FAIL") << "\n";
  return ok;
}

static int runAttention(func::FuncOp kernel, bool isTile) {
  FailureOr<AttentionProblem> problem = parseShape(attentionShape);
  FailureOr<llvm::StringMap<double>> scalars = parseScalarArgs();
  if (failed(problem) || failed(scalars) || failed(checkCausal(kernel, isTile)))
    return 1;
  auto [batch, heads, seqLen, headDim] = *problem;

  // The layout follows the rank of Q: [B*H, N, D] or [B, H, N, D].
  std::optional<unsigned> qIndex;
  for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i)
    if (getArgumentName(kernel, i) == "Q")
      qIndex = i;
  if (!qIndex)
    return kernelError(kernel, "expected an argument named 'Q' in an "
                               "attention kernel");
  auto qType = dyn_cast<tile::ViewType>(kernel.getArgument(*qIndex).getType());
  if (!qType || (qType.getRank() != 3 && qType.getRank() != 4))
    return kernelError(kernel,
                       "expected Q to be a view of rank 3 ([B*H, N, "
                       "D]) or 4 ([B, H, N, D]), got ",
                       kernel.getArgument(*qIndex).getType());
  // A varlen kernel (a CuSeqlens argument) takes the B sequences of
  // --seqlens packed along the token axis: [H, total, D].
  bool varlen = false;
  for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i)
    varlen |= getArgumentName(kernel, i) == "CuSeqlens";
  SmallVector<int64_t> cuSeqlens{0};
  if (varlen) {
    if (varlenSeqlens.size() != size_t(batch))
      return kernelError(kernel, "a varlen kernel (with CuSeqlens) needs "
                                 "--seqlens with B = ",
                         batch, " lengths, got ", varlenSeqlens.size());
    for (int64_t length : varlenSeqlens) {
      if (length < 0 || length > seqLen)
        return kernelError(kernel, "expected --seqlens in [0, N = ", seqLen,
                           "], got ", length);
      cuSeqlens.push_back(cuSeqlens.back() + length);
    }
    if (qType.getRank() != 3)
      return kernelError(kernel, "expected a varlen Q of rank 3 ([H, total, "
                                 "D]), got ",
                         kernel.getArgument(*qIndex).getType());
  } else if (!varlenSeqlens.empty()) {
    return kernelError(kernel, "--seqlens is for varlen kernels (with a "
                               "CuSeqlens argument)");
  }
  SmallVector<int64_t> rows =
      varlen ? SmallVector<int64_t>{heads, cuSeqlens.back()}
      : qType.getRank() == 3 ? SmallVector<int64_t>{batch * heads, seqLen}
                             : SmallVector<int64_t>{batch, heads, seqLen};
  SmallVector<int64_t> matrix(rows);
  matrix.push_back(headDim);

  // The softmax scale of the kernel and of the reference: 1/sqrt(D) unless
  // --arg sm_scale=... says otherwise.
  double smScale = 1.0 / std::sqrt(static_cast<double>(headDim));
  if (auto it = scalars->find("sm_scale"); it != scalars->end())
    smScale = it->second;

  Random random(seed);
  std::deque<Tensor> tensors;
  SmallVector<KernelArg> args;
  std::vector<double> alibiSlopes;
  Tensor *q = nullptr, *k = nullptr, *v = nullptr, *out = nullptr,
         *lse = nullptr;
  for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i) {
    std::string name = getArgumentName(kernel, i);
    Type type = kernel.getArgument(i).getType();
    auto view = dyn_cast<tile::ViewType>(type);
    if (!view) {
      if (auto it = scalars->find(name); it != scalars->end())
        args.push_back(KernelArg::scalar(it->second));
      else if (name == "sm_scale")
        args.push_back(KernelArg::scalar(smScale));
      else
        return kernelError(kernel, "cannot bind scalar argument #", i, " ('",
                           name, "'): pass --arg ", name, "=VALUE");
      continue;
    }
    DType dtype = *getDTypeOf(view.getElementType());
    if (name == "Slopes") {
      // ALiBi slopes per head, FlashAttention's geometric series
      // 2^(-8 (h + 1) / H); the reference uses them when the kernel's ALIBI
      // constant is set.
      if (dtype != DType::F32 || view.getRank() != 1)
        return kernelError(kernel, "expected Slopes of f32[H], got ", type);
      Tensor &slopes =
          tensors.emplace_back(DType::F32, ArrayRef<int64_t>{heads});
      for (int64_t h = 0; h < heads; ++h) {
        double slope = std::exp2(-8.0 * double(h + 1) / double(heads));
        slopes.setLinear(h, slope);
        alibiSlopes.push_back(slopes.getLinear(h));
      }
      args.push_back(KernelArg::tensor(slopes));
      continue;
    }
    if (varlen && name == "CuSeqlens") {
      if (dtype != DType::I32 || view.getRank() != 1)
        return kernelError(kernel, "expected CuSeqlens of i32[B + 1], got ",
                           type);
      Tensor &offsets = tensors.emplace_back(
          DType::I32, ArrayRef<int64_t>{int64_t(cuSeqlens.size())});
      for (auto [j, offset] : llvm::enumerate(cuSeqlens))
        offsets.storeInt(j, offset);
      args.push_back(KernelArg::tensor(offsets));
      continue;
    }
    bool isMatrix = llvm::is_contained({"Q", "K", "V", "Out", "Acc"}, name);
    bool isRow = llvm::is_contained({"Lse", "M", "L"}, name);
    if (!isMatrix && !isRow)
      return kernelError(
          kernel, "cannot bind argument #", i, " ('", name,
          "'): attention mode binds Q, K, V, Out, Lse, Acc, M, L "
          "and sm_scale");
    bool isLowPrecision = llvm::is_contained({"Q", "K", "V", "Out"}, name);
    if (isLowPrecision && dtype != DType::F16 && dtype != DType::BF16)
      return kernelError(kernel, "expected ", name,
                         " of element type f16 or bf16, got ",
                         view.getElementType());
    if (!isLowPrecision && dtype != DType::F32)
      return kernelError(kernel, "expected ", name,
                         " of element type f32, got ", view.getElementType());
    Tensor &tensor = tensors.emplace_back(dtype, isMatrix ? matrix : rows);
    StringRef role = getRole(kernel, i);
    if (role == "inout") {
      std::optional<double> init = getInit(kernel, i);
      if (!init)
        return kernelError(kernel, "inout argument '", name,
                           "' has no tile.init to start from");
      tensor.fill(*init);
    } else if (role == "output") {
      poison(tensor);
    } else {
      fillRandom(tensor, random);
    }
    for (auto [slot, slotName] :
         {std::pair(&q, "Q"), std::pair(&k, "K"), std::pair(&v, "V"),
          std::pair(&out, "Out"), std::pair(&lse, "Lse")})
      if (name == slotName)
        *slot = &tensor;
    args.push_back(KernelArg::tensor(tensor));
  }
  for (auto [tensor, name] : {std::pair(q, "Q"), std::pair(k, "K"),
                              std::pair(v, "V"), std::pair(out, "Out")})
    if (!tensor)
      return kernelError(kernel, "expected an argument named '", name,
                         "' in an attention kernel");

  if (failed(runKernel(kernel, args, persistentCtas)))
    return 1;
  printGrid(kernel, args);
  // The reference applies the kernel's sliding window, if it has one.
  tessera::host::AttentionMask mask;
  mask.causal = causal;
  mask.windowLeft = getKernelConstant(kernel, "WINDOW_LEFT").value_or(-1);
  mask.windowRight = getKernelConstant(kernel, "WINDOW_RIGHT").value_or(-1);
  if (getKernelConstant(kernel, "ALIBI").value_or(0))
    mask.alibiSlopes = alibiSlopes;
  llvm::outs() << "attention B=" << batch << " H=" << heads << " N=" << seqLen
               << " D=" << headDim << (causal ? " causal" : " non-causal");
  if (mask.windowLeft >= 0 || mask.windowRight >= 0)
    llvm::outs() << " window (" << mask.windowLeft << ", " << mask.windowRight
                 << ")";
  if (!mask.alibiSlopes.empty())
    llvm::outs() << " alibi";
  llvm::outs() << ", " << getDTypeName(q->getDType()) << ", seed " << seed
               << (decompose ? ", online softmax decomposed" : "") << "\n";
  if (varlen)
    llvm::outs() << "varlen: sequences of " << llvm::join(
                        llvm::map_range(varlenSeqlens,
                                        [](int64_t n) { return std::to_string(n); }),
                        ", ")
                 << " tokens\n";
  std::vector<double> qs = q->toDoubles(), ks = k->toDoubles(),
                      vs = v->toDoubles();
  tessera::host::AttentionResult reference =
      varlen ? tessera::host::referenceVarlenAttention(
                   qs, ks, vs, heads,
                   std::vector<int64_t>(cuSeqlens.begin(), cuSeqlens.end()),
                   headDim, smScale, mask)
             : tessera::host::referenceAttention(
                   qs, ks, vs, batch * heads, seqLen, headDim, smScale, mask);
  // bf16 rounds at 2^-8 instead of f16's 2^-11 (docs/interpreter.md).
  double outAtol =
      outTolerance.getNumOccurrences() == 0 && out->getDType() == DType::BF16
          ? 8 * outTolerance
          : outTolerance;
  bool ok = compare("Out", *out, reference.out, outAtol);
  if (lse)
    ok &= compare("Lse", *lse, reference.lse, lseTolerance);
  if (dumpOutputs) {
    printTensor(llvm::outs(), "Out", *out);
    if (lse)
      printTensor(llvm::outs(), "Lse", *lse);
  }
  llvm::outs() << (ok ? "PASS" : "FAIL") << "\n";
  return ok ? 0 : 1;
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

/// Loads the input as a module: .tile through the frontend, else MLIR.
static OwningOpRef<ModuleOp> loadModule(llvm::SourceMgr &sourceMgr,
                                        MLIRContext &context, bool isTile) {
  if (!isTile) {
    if (!defines.empty()) {
      fail("-D applies to .tile inputs; a .mlir kernel's constants are "
           "already folded");
      return nullptr;
    }
    return parseSourceFile<ModuleOp>(sourceMgr, &context);
  }
#ifdef TESSERA_HAVE_FRONTEND
  tessera::frontend::CompileOptions options;
  bool definesCausal = false;
  for (const std::string &text : defines) {
    auto assignment = splitAssignment(text);
    if (!assignment) {
      fail("expected -D NAME=VALUE, got '" + text + "'");
      return nullptr;
    }
    definesCausal |= assignment->first == "CAUSAL";
    options.defines.emplace_back(assignment->first.str(),
                                 assignment->second.str());
  }
  if (causal && !definesCausal)
    options.defines.emplace_back("CAUSAL", "1");
  return tessera::frontend::compileTile(sourceMgr, context, options);
#else
  fail("'" + inputFilename +
       "' is a .tile file, but tessera-run was built "
       "without the frontend");
  return nullptr;
#endif
}

/// Picks the kernel to run: --kernel, or the only one in the module.
static func::FuncOp selectKernel(ModuleOp module) {
  SmallVector<func::FuncOp> kernels;
  for (auto func : module.getOps<func::FuncOp>())
    if (isKernel(func))
      kernels.push_back(func);
  if (!kernelName.empty()) {
    for (func::FuncOp kernel : kernels)
      if (kernel.getSymName() == kernelName)
        return kernel;
    std::string known;
    for (func::FuncOp kernel : kernels)
      known += (known.empty() ? "" : ", ") + kernel.getSymName().str();
    fail("no kernel named '" + kernelName + "' in '" + inputFilename +
         "' (kernels: " + (known.empty() ? "none" : known) + ")");
    return nullptr;
  }
  if (kernels.size() == 1)
    return kernels.front();
  if (kernels.empty())
    fail("no kernel (func.func with tile.kernel) in '" + inputFilename + "'");
  else
    fail("'" + inputFilename + "' has " + llvm::Twine(kernels.size()) +
         " kernels: choose one with --kernel");
  return nullptr;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(runCategory);
  cl::ParseCommandLineOptions(argc, argv,
                              "Tessera runner: run tile kernels on the CPU "
                              "interpreter\n");
  if (!interpret)
    return fail("expected --interpret (the CPU interpreter is the only "
                "runner so far)");

  DialectRegistry registry;
  registry.insert<tessera::tile::TileDialect, arith::ArithDialect,
                  func::FuncDialect, math::MathDialect, scf::SCFDialect,
                  tensor::TensorDialect>();
#ifdef TESSERA_HAVE_FRONTEND
  tessera::frontend::registerFrontendDialects(registry);
#endif
  MLIRContext context(registry);
  // Diagnostics point at the source; the generic op dump would only add noise.
  context.printOpOnDiagnostic(false);

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(inputFilename, &errorMessage);
  if (!file)
    return fail(errorMessage);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);

  bool isTile = llvm::sys::path::extension(inputFilename) == ".tile";
  OwningOpRef<ModuleOp> module = loadModule(sourceMgr, context, isTile);
  if (!module)
    return 1;
  // The language has one semantics: what the interpreter runs, the GPU
  // compiles. Lower a copy through tessera-compile's pipeline; its errors
  // point at the .tile source.
  if (isTile && gpuCheck != "none") {
    OwningOpRef<ModuleOp> copy = module->clone();
    PassManager pm(&context);
    tessera::TesseraPipelineOptions options;
    options.chip = gpuCheck;
    tessera::buildTesseraToNVVMPipeline(pm, options);
    if (failed(pm.run(*copy)))
      return fail("the kernel does not compile for " + gpuCheck +
                  " (tessera-run runs only what the GPU path accepts; "
                  "--gpu-check=none skips this check)");
  }
  if (decompose) {
    PassManager pm(&context);
    pm.addPass(tessera::createTileDecomposeOnlineSoftmax());
    if (failed(pm.run(*module)))
      return 1;
  }
  func::FuncOp kernel = selectKernel(*module);
  if (!kernel)
    return 1;
  return attentionShape.empty() ? runGeneric(kernel)
                                : runAttention(kernel, isTile);
}
