//===- Manifest.cpp - Parse and validate kernel manifests -----------------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "tessera/Runtime/Manifest.h"

#include "Files.h"
#include "Numbers.h"

#include "tessera/Runtime/Json.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <set>

namespace tessera {
namespace runtime {

//===----------------------------------------------------------------------===//
// Small enums
//===----------------------------------------------------------------------===//

const char *roleName(ParamRole role) {
  switch (role) {
  case ParamRole::Input:
    return "input";
  case ParamRole::Output:
    return "output";
  case ParamRole::InOut:
    return "inout";
  }
  return "?";
}

std::string Constant::str() const {
  return isInteger() ? std::to_string(intValue) : formatDouble(floatValue);
}

std::string ParamSpec::shapeString() const {
  std::string text = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + shape[i].str();
  return text + "]";
}

//===----------------------------------------------------------------------===//
// Targets
//===----------------------------------------------------------------------===//

std::optional<TargetArch> parseTarget(std::string_view target) {
  if (target.substr(0, 3) != "sm_")
    return std::nullopt;
  std::string_view rest = target.substr(3);
  size_t digits = 0;
  while (digits < rest.size() &&
         std::isdigit(static_cast<unsigned char>(rest[digits])))
    ++digits;
  if (digits < 2 || digits > 3)
    return std::nullopt;
  TargetArch arch;
  int number = std::atoi(std::string(rest.substr(0, digits)).c_str());
  arch.major = number / 10;
  arch.minor = number % 10;
  std::string_view suffix = rest.substr(digits);
  if (suffix == "a" || suffix == "f")
    arch.suffix = suffix[0];
  else if (!suffix.empty())
    return std::nullopt;
  return arch;
}

bool cubinRunsOn(std::string_view target, int major, int minor) {
  std::optional<TargetArch> arch = parseTarget(target);
  if (!arch || arch->major != major)
    return false;
  if (arch->suffix == 'a')
    return arch->minor == minor;
  return arch->minor <= minor;
}

//===----------------------------------------------------------------------===//
// Manifest queries
//===----------------------------------------------------------------------===//

const Constant *Manifest::findConstant(std::string_view name) const {
  for (const Constant &entry : constants)
    if (entry.name == name)
      return &entry;
  return nullptr;
}

std::map<std::string, const Constant *, std::less<>>
Manifest::findConstants(const std::vector<std::string> &names) const {
  std::map<std::string, const Constant *, std::less<>> found;
  for (const std::string &name : names)
    found.emplace(name, nullptr);
  for (const Constant &entry : constants) {
    auto it = found.find(entry.name);
    if (it != found.end() && !it->second)
      it->second = &entry;
  }
  for (auto it = found.begin(); it != found.end();)
    it = it->second ? std::next(it) : found.erase(it);
  return found;
}

std::optional<int64_t> Manifest::constant(std::string_view name) const {
  const Constant *entry = findConstant(name);
  if (!entry || !entry->isInteger())
    return std::nullopt;
  return entry->intValue;
}

const ParamSpec *Manifest::param(std::string_view name) const {
  for (const ParamSpec &spec : params)
    if (spec.name == name)
      return &spec;
  return nullptr;
}

static std::string resolvePath(const std::string &directory,
                               const std::string &file) {
  if (file.empty() || file[0] == '/' || directory.empty())
    return file;
  return directory + "/" + file;
}

std::string Manifest::ptxPath() const { return resolvePath(directory, ptx); }
std::string Manifest::cubinPath() const {
  return resolvePath(directory, cubin);
}

size_t Manifest::numKernelParams() const {
  size_t count = 0;
  for (const ParamSpec &spec : params)
    count += spec.numKernelParams();
  return count;
}

std::string Manifest::paramList() const {
  std::string text;
  for (size_t i = 0; i < params.size(); ++i)
    text += (i ? ", " : "") + params[i].name;
  return text;
}

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

namespace {

/// Error for the field at JSON path `where`.
Status fieldError(const std::string &where, const std::string &what) {
  return Status::error(where + ": " + what);
}

Status typeError(const std::string &where, const char *expected,
                 const JsonValue &got) {
  return fieldError(where, std::string("expected ") + expected + ", got " +
                               JsonValue::describe(got.kind()));
}

bool isIdentifier(std::string_view text) {
  if (text.empty() ||
      !(std::isalpha(static_cast<unsigned char>(text[0])) || text[0] == '_'))
    return false;
  for (char c : text)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_'))
      return false;
  return true;
}

/// Reads a string member; `required` members must be present.
Status readString(const JsonValue &object, const char *key, bool required,
                  std::string &out) {
  const JsonValue *value = object.find(key);
  if (!value) {
    if (required)
      return fieldError(key, "missing (required)");
    return Status::success();
  }
  if (!value->isString())
    return typeError(key, "a string", *value);
  if (required && value->asString().empty())
    return fieldError(key, "must not be empty");
  // A NUL would silently truncate the string where C APIs read it.
  if (value->asString().find('\0') != std::string::npos)
    return fieldError(key, "contains a NUL byte (\\u0000)");
  out = value->asString();
  return Status::success();
}

/// Checks a `ptx` / `cubin` path: relative and inside the manifest's folder
/// unless the caller allows external binaries.
Status checkBinaryPath(const char *key, const std::string &file,
                       const ManifestOptions &options) {
  if (file.empty() || options.allowExternalBinaries)
    return Status::success();
  const char *lift = "; binaries must lie in the manifest's folder "
                     "(ManifestOptions/LoadOptions::allowExternalBinaries "
                     "lifts this)";
  if (file[0] == '/')
    return fieldError(key, quoteJson(file) + " is an absolute path" + lift);
  size_t start = 0;
  while (start <= file.size()) {
    size_t slash = file.find('/', start);
    if (slash == std::string::npos)
      slash = file.size();
    if (file.compare(start, slash - start, "..") == 0)
      return fieldError(key, quoteJson(file) + " has a '..' component" + lift);
    start = slash + 1;
  }
  return Status::success();
}

/// Reads an integer at `where` into `out`, within [minimum, maximum].
Status readInteger(const JsonValue &value, const std::string &where,
                   int64_t minimum, int64_t maximum, int64_t &out) {
  if (!value.isInteger())
    return typeError(where, "an integer", value);
  if (value.asInt() < minimum || value.asInt() > maximum)
    return fieldError(where, "expected a value in [" + std::to_string(minimum) +
                                 ", " + std::to_string(maximum) + "], got " +
                                 std::to_string(value.asInt()));
  out = value.asInt();
  return Status::success();
}

Status checkHeader(const JsonValue &root) {
  std::string format;
  TESSERA_RETURN_IF_ERROR(readString(root, "format", true, format));
  if (format != "tessera-manifest")
    return fieldError("format",
                      "expected \"tessera-manifest\", got \"" + format + "\"");
  const JsonValue *version = root.find("version");
  if (!version)
    return fieldError("version", "missing (required)");
  int64_t number = 0;
  TESSERA_RETURN_IF_ERROR(
      readInteger(*version, "version", 0, INT64_MAX, number));
  if (number != 1)
    return fieldError("version", "unsupported manifest version " +
                                     std::to_string(number) +
                                     " (this runtime reads version 1)");
  return Status::success();
}

Status readNames(const JsonValue &root, const ManifestOptions &options,
                 Manifest &manifest) {
  TESSERA_RETURN_IF_ERROR(readString(root, "kernel", true, manifest.kernel));
  TESSERA_RETURN_IF_ERROR(readString(root, "symbol", true, manifest.symbol));
  TESSERA_RETURN_IF_ERROR(readString(root, "target", true, manifest.target));
  if (!parseTarget(manifest.target))
    return fieldError("target", "expected a target like \"sm_80\" or "
                                "\"sm_90a\", got \"" +
                                    manifest.target + "\"");
  TESSERA_RETURN_IF_ERROR(readString(root, "ptx", false, manifest.ptx));
  TESSERA_RETURN_IF_ERROR(readString(root, "cubin", false, manifest.cubin));
  if (manifest.ptx.empty() && manifest.cubin.empty())
    return fieldError("ptx", "missing: a manifest needs \"ptx\" or \"cubin\"");
  TESSERA_RETURN_IF_ERROR(checkBinaryPath("ptx", manifest.ptx, options));
  return checkBinaryPath("cubin", manifest.cubin, options);
}

Status readBlock(const JsonValue &root, Manifest &manifest) {
  const JsonValue *block = root.find("block");
  if (!block)
    return fieldError("block", "missing (required)");
  if (!block->isArray())
    return typeError("block", "an array of 1 to 3 integers", *block);
  if (block->elements().empty() || block->elements().size() > 3)
    return fieldError("block", "expected 1 to 3 dimensions, got " +
                                   std::to_string(block->elements().size()));
  int64_t threads = 1;
  for (size_t i = 0; i < block->elements().size(); ++i) {
    int64_t size = 0;
    TESSERA_RETURN_IF_ERROR(readInteger(block->elements()[i],
                                        "block[" + std::to_string(i) + "]", 1,
                                        1024, size));
    manifest.block[i] = static_cast<unsigned>(size);
    threads *= size;
  }
  if (threads > 1024)
    return fieldError("block", std::to_string(threads) +
                                   " threads per block (the limit is 1024)");
  return Status::success();
}

Status readGrid(const JsonValue &root, Manifest &manifest) {
  const JsonValue *grid = root.find("grid");
  if (!grid)
    return fieldError("grid", "missing (required)");
  if (!grid->isArray())
    return typeError("grid", "an array of 1 to 3 expressions", *grid);
  if (grid->elements().empty() || grid->elements().size() > 3)
    return fieldError("grid", "expected 1 to 3 dimensions, got " +
                                  std::to_string(grid->elements().size()));
  for (size_t i = 0; i < grid->elements().size(); ++i) {
    const JsonValue &entry = grid->elements()[i];
    std::string where = "grid[" + std::to_string(i) + "]";
    std::string text;
    if (entry.isInteger())
      text = std::to_string(entry.asInt());
    else if (entry.isString())
      text = entry.asString();
    else
      return typeError(where, "a string expression or an integer", entry);
    Expected<GridExpr> expr = GridExpr::parse(text);
    if (!expr.ok())
      return expr.status().withContext(where);
    manifest.grid.push_back(expr.take());
  }
  return Status::success();
}

/// Reads one constant: an integer, a boolean (0/1), a float (a number with
/// a fraction or exponent) or "inf", "-inf", "nan".
Status readConstant(const JsonValue &value, const std::string &where,
                    Constant &constant) {
  if (value.isBool()) {
    constant.intValue = value.asBool() ? 1 : 0;
    return Status::success();
  }
  if (value.isInteger()) {
    constant.intValue = value.asInt();
    return Status::success();
  }
  if (value.isIntegerLiteral())
    return fieldError(where, "integer does not fit in 64 bits");
  constant.kind = Constant::Kind::Float;
  if (value.isNumber()) {
    if (!std::isfinite(value.asDouble()))
      return fieldError(where, "number does not fit in a double (write "
                               "\"inf\" or \"-inf\" for infinities)");
    constant.floatValue = value.asDouble();
    return Status::success();
  }
  if (value.isString()) {
    const std::string &text = value.asString();
    if (text == "inf" || text == "-inf" || text == "nan") {
      constant.floatValue = text == "nan"   ? std::nan("")
                            : text == "inf" ? HUGE_VAL
                                            : -HUGE_VAL;
      return Status::success();
    }
    return fieldError(where, "expected \"inf\", \"-inf\" or \"nan\" (or a "
                             "number), got " +
                                 quoteJson(text));
  }
  return typeError(where,
                   "an integer, a number, a boolean or \"inf\", "
                   "\"-inf\", \"nan\"",
                   value);
}

Status readConstants(const JsonValue &root, Manifest &manifest) {
  const JsonValue *constants = root.find("constants");
  if (!constants)
    return Status::success();
  if (!constants->isObject())
    return typeError("constants", "an object", *constants);
  for (const JsonValue::Member &member : constants->members()) {
    Constant constant;
    constant.name = member.first;
    TESSERA_RETURN_IF_ERROR(
        readConstant(member.second, "constants." + member.first, constant));
    manifest.constants.push_back(std::move(constant));
  }
  return Status::success();
}

Status readShape(const JsonValue &shape, const std::string &where,
                 ParamSpec &spec) {
  if (!shape.isArray())
    return typeError(where, "an array of size names or integers", shape);
  if (shape.elements().size() > kMaxRank)
    return fieldError(where, "rank " + std::to_string(shape.elements().size()) +
                                 " exceeds the maximum of " +
                                 std::to_string(kMaxRank));
  for (size_t i = 0; i < shape.elements().size(); ++i) {
    const JsonValue &dim = shape.elements()[i];
    std::string dimWhere = where + "[" + std::to_string(i) + "]";
    ShapeDim parsed;
    if (dim.isString()) {
      if (!isIdentifier(dim.asString()))
        return fieldError(dimWhere,
                          "expected a size name (identifier), got \"" +
                              dim.asString() + "\"");
      parsed.symbol = dim.asString();
    } else {
      TESSERA_RETURN_IF_ERROR(
          readInteger(dim, dimWhere, 0, INT64_MAX, parsed.fixed));
    }
    spec.shape.push_back(parsed);
  }
  return Status::success();
}

/// Normalises an init value: "0", "-inf", "inf" or a finite decimal number.
Status readInit(const JsonValue &init, const std::string &where,
                std::string &out) {
  if (init.isNumber()) {
    // No iostreams here: number formatting through the global locale crashed
    // inside a Python process that loaded this library with ctypes.
    if (!std::isfinite(init.asDouble()))
      return fieldError(where, "number does not fit in a double");
    out = init.isInteger() ? std::to_string(init.asInt())
                           : formatDouble(init.asDouble());
    return Status::success();
  }
  if (!init.isString())
    return typeError(where, "a string such as \"0\" or \"-inf\", or a number",
                     init);
  const std::string &text = init.asString();
  if (text == "-inf" || text == "inf") {
    out = text;
    return Status::success();
  }
  double value = 0;
  bool outOfRange = false;
  if (!parseDouble(text, value, outOfRange) || outOfRange ||
      !std::isfinite(value))
    return fieldError(where,
                      "expected \"0\", \"-inf\", \"inf\" or a number, got " +
                          quoteJson(text));
  out = text;
  return Status::success();
}

Status readParamKind(const JsonValue &param, const std::string &where,
                     ParamSpec &spec) {
  const JsonValue *kind = param.find("kind");
  if (!kind)
    return fieldError(where + ".kind", "missing (required)");
  if (kind->isString() && kind->asString() == "tensor")
    spec.kind = ParamKind::Tensor;
  else if (kind->isString() && kind->asString() == "scalar")
    spec.kind = ParamKind::Scalar;
  else
    return fieldError(where + ".kind", "expected \"tensor\" or \"scalar\"");
  return Status::success();
}

Status readParamDType(const JsonValue &param, const std::string &where,
                      ParamSpec &spec) {
  const JsonValue *dtype = param.find("dtype");
  if (!dtype)
    return fieldError(where + ".dtype", "missing (required)");
  if (!dtype->isString())
    return typeError(where + ".dtype", "a string", *dtype);
  std::optional<DType> parsed = parseDType(dtype->asString());
  if (!parsed || !host::isManifestDType(*parsed))
    return fieldError(where + ".dtype",
                      "expected one of f16, bf16, f32, i32, i64, got \"" +
                          dtype->asString() + "\"");
  spec.dtype = *parsed;
  if (!spec.isTensor() &&
      (spec.dtype == DType::F16 || spec.dtype == DType::BF16))
    return fieldError(where + ".dtype",
                      "scalar parameters take f32, i32 or i64, got " +
                          dtype->asString());
  return Status::success();
}

Status readParamRole(const JsonValue &param, const std::string &where,
                     ParamSpec &spec) {
  const JsonValue *role = param.find("role");
  if (!role)
    return Status::success(); // Defaults to input.
  std::string text = role->isString() ? role->asString() : "";
  if (text == "input")
    spec.role = ParamRole::Input;
  else if (text == "output")
    spec.role = ParamRole::Output;
  else if (text == "inout")
    spec.role = ParamRole::InOut;
  else
    return fieldError(where + ".role",
                      "expected \"input\", \"output\" or \"inout\"");
  if (!spec.isTensor() && spec.role != ParamRole::Input)
    return fieldError(where + ".role", "a scalar parameter must be an input");
  return Status::success();
}

Expected<ParamSpec> readParam(const JsonValue &param,
                              const std::string &where) {
  if (!param.isObject())
    return typeError(where, "an object", param);
  ParamSpec spec;
  const JsonValue *name = param.find("name");
  if (!name || !name->isString() || !isIdentifier(name->asString()))
    return fieldError(where + ".name", "expected an identifier");
  spec.name = name->asString();
  TESSERA_RETURN_IF_ERROR(readParamKind(param, where, spec));
  TESSERA_RETURN_IF_ERROR(readParamDType(param, where, spec));
  TESSERA_RETURN_IF_ERROR(readParamRole(param, where, spec));
  const JsonValue *shape = param.find("shape");
  if (spec.isTensor()) {
    if (!shape)
      return fieldError(where + ".shape", "missing (required for tensors)");
    TESSERA_RETURN_IF_ERROR(readShape(*shape, where + ".shape", spec));
  } else if (shape) {
    return fieldError(where + ".shape", "a scalar parameter has no shape");
  }
  if (const JsonValue *align = param.find("align")) {
    if (!spec.isTensor())
      return fieldError(where + ".align", "a scalar parameter has no align");
    uint64_t minimum = getDTypeSize(spec.dtype);
    if (!align->isInteger() || align->asInt() < int64_t(minimum) ||
        align->asInt() > int64_t(kMaxTensorAlign) ||
        (align->asInt() & (align->asInt() - 1)) != 0)
      return fieldError(
          where + ".align",
          "expected a power of two from " + std::to_string(minimum) +
              " (the size of " + getDTypeName(spec.dtype) + ") to " +
              std::to_string(kMaxTensorAlign) + ", got " +
              (align->isInteger()
                   ? std::to_string(align->asInt())
                   : std::string(JsonValue::describe(align->kind()))));
    spec.align = static_cast<uint64_t>(align->asInt());
    spec.alignFromManifest = true;
  }
  if (const JsonValue *init = param.find("init")) {
    if (spec.role != ParamRole::InOut)
      return fieldError(where + ".init",
                        "only \"inout\" tensors take an init value");
    TESSERA_RETURN_IF_ERROR(readInit(*init, where + ".init", spec.init));
  }
  return spec;
}

Status readParams(const JsonValue &root, Manifest &manifest) {
  const JsonValue *params = root.find("params");
  if (!params)
    return fieldError("params", "missing (required)");
  if (!params->isArray())
    return typeError("params", "an array", *params);
  std::set<std::string> seen;
  for (size_t i = 0; i < params->elements().size(); ++i) {
    std::string where = "params[" + std::to_string(i) + "]";
    Expected<ParamSpec> spec = readParam(params->elements()[i], where);
    if (!spec.ok())
      return spec.status();
    if (!seen.insert(spec->name).second)
      return fieldError(where + ".name",
                        "duplicate parameter name '" + spec->name + "'");
    manifest.params.push_back(spec.take());
  }
  return Status::success();
}

Status readResources(const JsonValue &root, Manifest &manifest) {
  const JsonValue *resources = root.find("resources");
  if (!resources)
    return Status::success();
  if (!resources->isObject())
    return typeError("resources", "an object", *resources);
  const std::pair<const char *, int64_t *> fields[] = {
      {"registers", &manifest.resources.registers},
      {"spill_stores", &manifest.resources.spillStores},
      {"spill_loads", &manifest.resources.spillLoads},
      {"stack", &manifest.resources.stack},
      {"static_shared_memory", &manifest.resources.staticSharedMemory}};
  for (const auto &field : fields)
    if (const JsonValue *value = resources->find(field.first))
      TESSERA_RETURN_IF_ERROR(
          readInteger(*value, std::string("resources.") + field.first, 0,
                      INT64_MAX, *field.second));
  return Status::success();
}

/// Every name in a grid expression must be a tensor size or an integer
/// constant.
Status checkGridNames(const Manifest &manifest) {
  std::set<std::string, std::less<>> sizes;
  for (const ParamSpec &spec : manifest.params)
    for (const ShapeDim &dim : spec.shape)
      if (dim.isSymbolic())
        sizes.insert(dim.symbol);
  for (size_t i = 0; i < manifest.grid.size(); ++i) {
    std::string where = "grid[" + std::to_string(i) + "]";
    std::vector<std::string> names;
    for (const std::string &name : manifest.grid[i].names())
      if (!sizes.count(name))
        names.push_back(name);
    if (names.empty())
      continue;
    auto constants = manifest.findConstants(names);
    for (const std::string &name : names) {
      auto found = constants.find(name);
      const Constant *constant =
          found == constants.end() ? nullptr : found->second;
      if (!constant)
        return fieldError(where, "\"" + manifest.grid[i].text() + "\" uses '" +
                                     name +
                                     "', which no tensor shape or constant "
                                     "defines");
      if (!constant->isInteger())
        return fieldError(where, "\"" + manifest.grid[i].text() + "\" uses '" +
                                     name + "', a float constant (" +
                                     constant->str() +
                                     "); grid expressions are integer");
    }
  }
  return Status::success();
}

Status readManifest(const JsonValue &root, const ManifestOptions &options,
                    Manifest &manifest) {
  if (!root.isObject())
    return typeError("manifest", "an object", root);
  TESSERA_RETURN_IF_ERROR(checkHeader(root));
  TESSERA_RETURN_IF_ERROR(readNames(root, options, manifest));
  TESSERA_RETURN_IF_ERROR(readBlock(root, manifest));
  TESSERA_RETURN_IF_ERROR(readGrid(root, manifest));
  if (const JsonValue *smem = root.find("dynamic_shared_memory"))
    TESSERA_RETURN_IF_ERROR(readInteger(*smem, "dynamic_shared_memory", 0,
                                        INT32_MAX,
                                        manifest.dynamicSharedMemory));
  TESSERA_RETURN_IF_ERROR(readConstants(root, manifest));
  TESSERA_RETURN_IF_ERROR(readParams(root, manifest));
  TESSERA_RETURN_IF_ERROR(readResources(root, manifest));
  return checkGridNames(manifest);
}

std::string directoryOf(const std::string &path) {
  size_t slash = path.rfind('/');
  if (slash == std::string::npos)
    return path.empty() ? "" : ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

} // namespace

Expected<Manifest> Manifest::parse(std::string_view text,
                                   const std::string &path,
                                   const ManifestOptions &options) {
  std::string name = path.empty() ? "manifest" : path;
  Expected<JsonValue> json = parseJson(text);
  if (!json.ok())
    return json.status().withContext(name);
  Manifest manifest;
  manifest.path = path;
  manifest.directory = directoryOf(path);
  Status status = readManifest(*json, options, manifest);
  if (!status.ok())
    return status.withContext(name);
  return manifest;
}

Expected<Manifest> Manifest::load(const std::string &path,
                                  const ManifestOptions &options) {
  Expected<std::string> text =
      readRegularFile(path, kMaxManifestBytes, "reading manifest");
  if (!text.ok())
    return text.status();
  return parse(*text, path, options);
}

} // namespace runtime
} // namespace tessera
