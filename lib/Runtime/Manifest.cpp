//===- Manifest.cpp - Parse and validate kernel manifests -----------------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "tessera/Runtime/Manifest.h"

#include "Files.h"
#include "Numbers.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <set>
#include <unordered_set>

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
  return count + tensorMaps.size();
}

std::string Manifest::paramList() const {
  std::string text;
  for (size_t i = 0; i < params.size(); ++i)
    text += (i ? ", " : "") + params[i].name;
  return text;
}

//===----------------------------------------------------------------------===//
// JSON documents
//===----------------------------------------------------------------------===//

namespace {

/// Objects keep their members in document order: constants are listed in
/// manifest order, and the writer emits keys in the order of
/// docs/manifest.md.
using Json = nlohmann::ordered_json;

/// Nesting deeper than this is rejected (a manifest nests four levels).
constexpr size_t kMaxDepth = 200;

/// "null", "a boolean", "a number", "a string", "an array", "an object".
const char *describe(const Json &value) {
  switch (value.type()) {
  case Json::value_t::null:
    return "null";
  case Json::value_t::boolean:
    return "a boolean";
  case Json::value_t::number_integer:
  case Json::value_t::number_unsigned:
  case Json::value_t::number_float:
    return "a number";
  case Json::value_t::string:
    return "a string";
  case Json::value_t::array:
    return "an array";
  case Json::value_t::object:
    return "an object";
  default:
    return "a value";
  }
}

/// The member `key` of an object, or null when absent (or not an object).
const Json *member(const Json &object, std::string_view key) {
  if (!object.is_object())
    return nullptr;
  auto it = object.find(std::string(key));
  return it == object.end() ? nullptr : &*it;
}

const std::string &stringOf(const Json &value) {
  return value.get_ref<const std::string &>();
}

/// An integer literal that fits in int64 (see DocumentBuilder).
bool isInteger(const Json &value) {
  return value.is_number_integer() && !value.is_number_unsigned();
}

/// `text` as a quoted JSON string, for messages.
std::string quote(std::string_view text) {
  return Json(std::string(text))
      .dump(-1, ' ', false, Json::error_handler_t::replace);
}

/// Builds a document from nlohmann's SAX events, adding what its DOM parser
/// lacks for untrusted input: a bound on nesting, duplicate keys rejected,
/// and objects of many members in linear time (ordered_json's own insertion
/// searches the members). Numbers: every integer literal that fits in int64
/// is a signed integer; one that does not (whatever its magnitude) is
/// number_unsigned, so that the reader can say "does not fit in 64 bits";
/// literals with a fraction or exponent are floats.
class DocumentBuilder {
public:
  DocumentBuilder(std::string_view text, Json &root)
      : text(text), root(root) {}

  bool null() { return add(nullptr); }
  bool boolean(bool value) { return add(value); }
  bool number_integer(Json::number_integer_t value) { return add(value); }
  bool number_unsigned(Json::number_unsigned_t value) {
    if (value <= uint64_t(std::numeric_limits<int64_t>::max()))
      return add(static_cast<int64_t>(value));
    return add(value);
  }
  bool number_float(Json::number_float_t value, const std::string &literal) {
    if (literal.find_first_of(".eE") == std::string::npos)
      return add(std::numeric_limits<uint64_t>::max());
    return add(value);
  }
  bool string(std::string &value) { return add(std::move(value)); }
  bool binary(Json::binary_t &) { return false; } // Not in JSON text.
  bool start_object(size_t) { return open(Json::object()); }
  bool key(std::string &name) {
    Frame &frame = stack.back();
    if (!frame.keys.insert(name).second)
      return fail("duplicate key " + quote(name));
    frame.key = std::move(name);
    return true;
  }
  bool end_object() { return close(); }
  bool start_array(size_t) { return open(Json::array()); }
  bool end_array() { return close(); }
  /// nlohmann's message reads "[json.exception.parse_error.101] parse error
  /// at line 3, column 14: syntax error while parsing ..."; it becomes
  /// "line 3, column 13 (offset 46): syntax error while parsing ...", the
  /// position of the offending token's start. A number too large for a
  /// double is named by its JSON path, as the reader names fields.
  bool parse_error(size_t position, const std::string &token,
                   const nlohmann::detail::exception &error) {
    if (error.id == kNumberOverflow)
      return fail(path() + ": number does not fit in a double (write \"inf\" "
                           "or \"-inf\" for infinities)");
    std::string what = error.what();
    if (size_t at = what.find(" at line "); at != std::string::npos)
      what = what.substr(std::min(what.find(": ", at) + 2, what.size()));
    else if (size_t bracket = what.find("] "); bracket != std::string::npos)
      what = what.substr(bracket + 2);
    size_t offset = position >= token.size() ? position - token.size() : 0;
    return fail(locate(std::min(offset, text.size())) + ": " + what);
  }
  /// The first problem; empty while there is none.
  const std::string &error() const { return message; }

private:
  /// nlohmann's out_of_range.406, "number overflow parsing '1e400'".
  static constexpr int kNumberOverflow = 406;

  /// An open array or object, and the keys an object has so far.
  struct Frame {
    Json *value;
    std::unordered_set<std::string> keys;
    std::string key; ///< The member being read.
  };

  /// "line 3, column 13 (offset 46)" of byte `offset`.
  std::string locate(size_t offset) const {
    size_t line = 1, column = 1;
    for (size_t i = 0; i < offset; ++i) {
      if (text[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    return "line " + std::to_string(line) + ", column " +
           std::to_string(column) + " (offset " + std::to_string(offset) + ")";
  }

  /// The JSON path of the value being read, as the reader writes paths:
  /// "constants.BLOCK_M", "params[2].shape[0]".
  std::string path() const {
    std::string where;
    for (const Frame &frame : stack) {
      if (frame.value->is_array())
        where += "[" + std::to_string(frame.value->size()) + "]";
      else
        where += (where.empty() ? "" : ".") + frame.key;
    }
    return where.empty() ? "manifest" : where;
  }

  /// Places `value` in the innermost open container (or as the root).
  Json &insert(Json value) {
    if (stack.empty()) {
      root = std::move(value);
      return root;
    }
    Json &parent = *stack.back().value;
    if (parent.is_array()) {
      auto &elements = parent.get_ref<Json::array_t &>();
      elements.push_back(std::move(value));
      return elements.back();
    }
    // The key is new (key() checked it): append without ordered_map's
    // search.
    auto &members = parent.get_ref<Json::object_t &>();
    members.emplace_back(stack.back().key, std::move(value));
    return members.back().second;
  }
  bool add(Json value) {
    insert(std::move(value));
    return true;
  }
  // Pointers into parents stay valid: a container grows only while it is
  // the innermost open one.
  bool open(Json value) {
    if (stack.size() >= kMaxDepth)
      return fail("nesting deeper than " + std::to_string(kMaxDepth) +
                  " levels");
    stack.push_back({&insert(std::move(value)), {}, {}});
    return true;
  }
  bool close() {
    stack.pop_back();
    return true;
  }
  bool fail(std::string what) {
    if (message.empty())
      message = std::move(what);
    return false;
  }

  std::string_view text;
  Json &root;
  std::vector<Frame> stack;
  std::string message;
};

/// Parses `text` as one strict JSON document (RFC 8259: no comments, no
/// trailing commas, nothing after the value).
Expected<Json> parseDocument(std::string_view text) {
  Json root;
  DocumentBuilder builder(text, root);
  bool ok = Json::sax_parse(text.begin(), text.end(), &builder,
                            Json::input_format_t::json, /*strict=*/true);
  if (!ok || !builder.error().empty())
    return Status::error(builder.error().empty() ? "malformed JSON"
                                                 : builder.error());
  return root;
}

} // namespace

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

namespace {

/// Error for the field at JSON path `where`.
Status fieldError(const std::string &where, const std::string &what) {
  return Status::error(where + ": " + what);
}

Status typeError(const std::string &where, const char *expected,
                 const Json &got) {
  return fieldError(where, std::string("expected ") + expected + ", got " +
                               describe(got));
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
Status readString(const Json &object, const char *key, bool required,
                  std::string &out) {
  const Json *value = member(object, key);
  if (!value) {
    if (required)
      return fieldError(key, "missing (required)");
    return Status::success();
  }
  if (!value->is_string())
    return typeError(key, "a string", *value);
  if (required && stringOf(*value).empty())
    return fieldError(key, "must not be empty");
  // A NUL would silently truncate the string where C APIs read it.
  if (stringOf(*value).find('\0') != std::string::npos)
    return fieldError(key, "contains a NUL byte (\\u0000)");
  out = stringOf(*value);
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
    return fieldError(key, quote(file) + " is an absolute path" + lift);
  size_t start = 0;
  while (start <= file.size()) {
    size_t slash = file.find('/', start);
    if (slash == std::string::npos)
      slash = file.size();
    if (file.compare(start, slash - start, "..") == 0)
      return fieldError(key, quote(file) + " has a '..' component" + lift);
    start = slash + 1;
  }
  return Status::success();
}

/// Reads an integer at `where` into `out`, within [minimum, maximum].
Status readInteger(const Json &value, const std::string &where,
                   int64_t minimum, int64_t maximum, int64_t &out) {
  if (!isInteger(value))
    return typeError(where, "an integer", value);
  if (value.get<int64_t>() < minimum || value.get<int64_t>() > maximum)
    return fieldError(where, "expected a value in [" + std::to_string(minimum) +
                                 ", " + std::to_string(maximum) + "], got " +
                                 std::to_string(value.get<int64_t>()));
  out = value.get<int64_t>();
  return Status::success();
}

Status checkHeader(const Json &root) {
  std::string format;
  TESSERA_RETURN_IF_ERROR(readString(root, "format", true, format));
  if (format != "tessera-manifest")
    return fieldError("format",
                      "expected \"tessera-manifest\", got \"" + format + "\"");
  const Json *version = member(root, "version");
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

Status readNames(const Json &root, const ManifestOptions &options,
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

Status readBlock(const Json &root, Manifest &manifest) {
  const Json *block = member(root, "block");
  if (!block)
    return fieldError("block", "missing (required)");
  if (!block->is_array())
    return typeError("block", "an array of 1 to 3 integers", *block);
  if (block->empty() || block->size() > 3)
    return fieldError("block", "expected 1 to 3 dimensions, got " +
                                   std::to_string(block->size()));
  manifest.blockDims = static_cast<unsigned>(block->size());
  int64_t threads = 1;
  for (size_t i = 0; i < block->size(); ++i) {
    int64_t size = 0;
    TESSERA_RETURN_IF_ERROR(readInteger((*block)[i],
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

Status readGrid(const Json &root, Manifest &manifest) {
  const Json *grid = member(root, "grid");
  if (!grid)
    return fieldError("grid", "missing (required)");
  if (!grid->is_array())
    return typeError("grid", "an array of 1 to 3 expressions", *grid);
  if (grid->empty() || grid->size() > 3)
    return fieldError("grid", "expected 1 to 3 dimensions, got " +
                                  std::to_string(grid->size()));
  for (size_t i = 0; i < grid->size(); ++i) {
    const Json &entry = (*grid)[i];
    std::string where = "grid[" + std::to_string(i) + "]";
    std::string text;
    if (isInteger(entry))
      text = std::to_string(entry.get<int64_t>());
    else if (entry.is_string())
      text = stringOf(entry);
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
Status readConstant(const Json &value, const std::string &where,
                    Constant &constant) {
  if (value.is_boolean()) {
    constant.intValue = value.get<bool>() ? 1 : 0;
    return Status::success();
  }
  if (isInteger(value)) {
    constant.intValue = value.get<int64_t>();
    return Status::success();
  }
  if (value.is_number_integer())
    return fieldError(where, "integer does not fit in 64 bits");
  constant.kind = Constant::Kind::Float;
  if (value.is_number()) {
    if (!std::isfinite(value.get<double>()))
      return fieldError(where, "number does not fit in a double (write "
                               "\"inf\" or \"-inf\" for infinities)");
    constant.floatValue = value.get<double>();
    return Status::success();
  }
  if (value.is_string()) {
    const std::string &text = stringOf(value);
    if (text == "inf" || text == "-inf" || text == "nan") {
      constant.floatValue = text == "nan"   ? std::nan("")
                            : text == "inf" ? HUGE_VAL
                                            : -HUGE_VAL;
      return Status::success();
    }
    return fieldError(where, "expected \"inf\", \"-inf\" or \"nan\" (or a "
                             "number), got " +
                                 quote(text));
  }
  return typeError(where,
                   "an integer, a number, a boolean or \"inf\", "
                   "\"-inf\", \"nan\"",
                   value);
}

Status readConstants(const Json &root, Manifest &manifest) {
  const Json *constants = member(root, "constants");
  if (!constants)
    return Status::success();
  if (!constants->is_object())
    return typeError("constants", "an object", *constants);
  for (const auto &[name, value] : constants->items()) {
    Constant constant;
    constant.name = name;
    TESSERA_RETURN_IF_ERROR(
        readConstant(value, "constants." + name, constant));
    manifest.constants.push_back(std::move(constant));
  }
  return Status::success();
}

Status readShape(const Json &shape, const std::string &where,
                 ParamSpec &spec) {
  if (!shape.is_array())
    return typeError(where, "an array of size names or integers", shape);
  if (shape.size() > kMaxRank)
    return fieldError(where, "rank " + std::to_string(shape.size()) +
                                 " exceeds the maximum of " +
                                 std::to_string(kMaxRank));
  for (size_t i = 0; i < shape.size(); ++i) {
    const Json &dim = shape[i];
    std::string dimWhere = where + "[" + std::to_string(i) + "]";
    ShapeDim parsed;
    if (dim.is_string()) {
      if (!isIdentifier(stringOf(dim)))
        return fieldError(dimWhere,
                          "expected a size name (identifier), got \"" +
                              stringOf(dim) + "\"");
      parsed.symbol = stringOf(dim);
    } else {
      TESSERA_RETURN_IF_ERROR(
          readInteger(dim, dimWhere, 0, INT64_MAX, parsed.fixed));
    }
    spec.shape.push_back(parsed);
  }
  return Status::success();
}

/// Normalises an init value: "0", "-inf", "inf" or a finite decimal number.
Status readInit(const Json &init, const std::string &where,
                std::string &out) {
  if (init.is_number()) {
    // No iostreams here: number formatting through the global locale crashed
    // inside a Python process that loaded this library with ctypes.
    if (!std::isfinite(init.get<double>()))
      return fieldError(where, "number does not fit in a double");
    if (init.is_number_unsigned())
      return fieldError(where, "integer does not fit in 64 bits");
    out = isInteger(init) ? std::to_string(init.get<int64_t>())
                           : formatDouble(init.get<double>());
    return Status::success();
  }
  if (!init.is_string())
    return typeError(where, "a string such as \"0\" or \"-inf\", or a number",
                     init);
  const std::string &text = stringOf(init);
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
                          quote(text));
  out = text;
  return Status::success();
}

Status readParamKind(const Json &param, const std::string &where,
                     ParamSpec &spec) {
  const Json *kind = member(param, "kind");
  if (!kind)
    return fieldError(where + ".kind", "missing (required)");
  if (kind->is_string() && stringOf(*kind) == "tensor")
    spec.kind = ParamKind::Tensor;
  else if (kind->is_string() && stringOf(*kind) == "scalar")
    spec.kind = ParamKind::Scalar;
  else
    return fieldError(where + ".kind", "expected \"tensor\" or \"scalar\"");
  return Status::success();
}

Status readParamDType(const Json &param, const std::string &where,
                      ParamSpec &spec) {
  const Json *dtype = member(param, "dtype");
  if (!dtype)
    return fieldError(where + ".dtype", "missing (required)");
  if (!dtype->is_string())
    return typeError(where + ".dtype", "a string", *dtype);
  std::optional<DType> parsed = parseDType(stringOf(*dtype));
  if (!parsed || !host::isManifestDType(*parsed))
    return fieldError(where + ".dtype",
                      "expected one of f16, bf16, f32, i32, i64, got \"" +
                          stringOf(*dtype) + "\"");
  spec.dtype = *parsed;
  if (!spec.isTensor() &&
      (spec.dtype == DType::F16 || spec.dtype == DType::BF16))
    return fieldError(where + ".dtype",
                      "scalar parameters take f32, i32 or i64, got " +
                          stringOf(*dtype));
  return Status::success();
}

Status readParamRole(const Json &param, const std::string &where,
                     ParamSpec &spec) {
  const Json *role = member(param, "role");
  if (!role)
    return Status::success(); // Defaults to input.
  std::string text = role->is_string() ? stringOf(*role) : "";
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

Expected<ParamSpec> readParam(const Json &param,
                              const std::string &where) {
  if (!param.is_object())
    return typeError(where, "an object", param);
  ParamSpec spec;
  const Json *name = member(param, "name");
  if (!name || !name->is_string() || !isIdentifier(stringOf(*name)))
    return fieldError(where + ".name", "expected an identifier");
  spec.name = stringOf(*name);
  TESSERA_RETURN_IF_ERROR(readParamKind(param, where, spec));
  TESSERA_RETURN_IF_ERROR(readParamDType(param, where, spec));
  TESSERA_RETURN_IF_ERROR(readParamRole(param, where, spec));
  const Json *shape = member(param, "shape");
  if (spec.isTensor()) {
    if (!shape)
      return fieldError(where + ".shape", "missing (required for tensors)");
    TESSERA_RETURN_IF_ERROR(readShape(*shape, where + ".shape", spec));
  } else if (shape) {
    return fieldError(where + ".shape", "a scalar parameter has no shape");
  }
  if (const Json *align = member(param, "align")) {
    if (!spec.isTensor())
      return fieldError(where + ".align", "a scalar parameter has no align");
    uint64_t minimum = getDTypeSize(spec.dtype);
    if (!isInteger(*align) || align->get<int64_t>() < int64_t(minimum) ||
        align->get<int64_t>() > int64_t(kMaxTensorAlign) ||
        (align->get<int64_t>() & (align->get<int64_t>() - 1)) != 0)
      return fieldError(
          where + ".align",
          "expected a power of two from " + std::to_string(minimum) +
              " (the size of " + getDTypeName(spec.dtype) + ") to " +
              std::to_string(kMaxTensorAlign) + ", got " +
              (isInteger(*align)
                   ? std::to_string(align->get<int64_t>())
                   : std::string(describe(*align))));
    spec.align = static_cast<uint64_t>(align->get<int64_t>());
    spec.alignFromManifest = true;
  }
  if (const Json *init = member(param, "init")) {
    if (spec.role != ParamRole::InOut)
      return fieldError(where + ".init",
                        "only \"inout\" tensors take an init value");
    TESSERA_RETURN_IF_ERROR(readInit(*init, where + ".init", spec.init));
  }
  return spec;
}

Status readParams(const Json &root, Manifest &manifest) {
  const Json *params = member(root, "params");
  if (!params)
    return fieldError("params", "missing (required)");
  if (!params->is_array())
    return typeError("params", "an array", *params);
  std::set<std::string> seen;
  for (size_t i = 0; i < params->size(); ++i) {
    std::string where = "params[" + std::to_string(i) + "]";
    Expected<ParamSpec> spec = readParam((*params)[i], where);
    if (!spec.ok())
      return spec.status();
    if (!seen.insert(spec->name).second)
      return fieldError(where + ".name",
                        "duplicate parameter name '" + spec->name + "'");
    manifest.params.push_back(spec.take());
  }
  return Status::success();
}

Expected<TensorMapSpec> readTensorMap(const Json &entry,
                                      const std::string &where,
                                      const Manifest &manifest) {
  if (!entry.is_object())
    return typeError(where, "an object", entry);
  TensorMapSpec map;
  const Json *tensor = member(entry, "tensor");
  if (!tensor || !tensor->is_string())
    return fieldError(where + ".tensor", "expected the name of a tensor "
                                         "parameter");
  map.tensor = stringOf(*tensor);
  const ParamSpec *spec = manifest.param(map.tensor);
  if (!spec || !spec->isTensor())
    return fieldError(where + ".tensor",
                      "\"" + map.tensor + "\" is not a tensor parameter");
  map.param = static_cast<size_t>(spec - manifest.params.data());
  if (spec->dtype != DType::F16 && spec->dtype != DType::BF16)
    return fieldError(where + ".tensor",
                      "tensor maps describe f16 and bf16 tensors, \"" +
                          map.tensor + "\" is " + getDTypeName(spec->dtype));
  if (spec->rank() < 2 || spec->rank() > kMaxTensorMapRank)
    return fieldError(where + ".tensor",
                      "a tensor map describes 2 to " +
                          std::to_string(kMaxTensorMapRank) +
                          " dimensions, \"" + map.tensor + "\" has " +
                          std::to_string(spec->rank()));
  if (const Json *swizzle = member(entry, "swizzle")) {
    if (!isInteger(*swizzle) || swizzle->get<int64_t>() != 128)
      return fieldError(where + ".swizzle", "expected 128 (bytes)");
  }
  const Json *box = member(entry, "box");
  if (!box || !box->is_array() || box->size() != 2)
    return fieldError(where + ".box", "expected [rows, columns]");
  int64_t elementBytes = static_cast<int64_t>(getDTypeSize(spec->dtype));
  TESSERA_RETURN_IF_ERROR(
      readInteger((*box)[0], where + ".box[0]", 1, 256, map.box[0]));
  TESSERA_RETURN_IF_ERROR(readInteger((*box)[1], where + ".box[1]", 1,
                                      map.swizzle / elementBytes, map.box[1]));
  if (map.box[1] * elementBytes % 16 != 0)
    return fieldError(where + ".box[1]",
                      "expected a box row of a multiple of 16 bytes, got " +
                          std::to_string(map.box[1] * elementBytes));
  return map;
}

Status readTensorMaps(const Json &root, Manifest &manifest) {
  const Json *maps = member(root, "tensor_maps");
  if (!maps)
    return Status::success();
  if (!maps->is_array())
    return typeError("tensor_maps", "an array", *maps);
  for (size_t i = 0; i < maps->size(); ++i) {
    Expected<TensorMapSpec> map = readTensorMap(
        (*maps)[i], "tensor_maps[" + std::to_string(i) + "]", manifest);
    if (!map.ok())
      return map.status();
    manifest.tensorMaps.push_back(map.take());
  }
  return Status::success();
}

Status readResources(const Json &root, Manifest &manifest) {
  const Json *resources = member(root, "resources");
  if (!resources)
    return Status::success();
  if (!resources->is_object())
    return typeError("resources", "an object", *resources);
  const std::pair<const char *, int64_t *> fields[] = {
      {"registers", &manifest.resources.registers},
      {"spill_stores", &manifest.resources.spillStores},
      {"spill_loads", &manifest.resources.spillLoads},
      {"stack", &manifest.resources.stack},
      {"static_shared_memory", &manifest.resources.staticSharedMemory}};
  for (const auto &field : fields)
    if (const Json *value = member(*resources, field.first))
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

Status readManifest(const Json &root, const ManifestOptions &options,
                    Manifest &manifest) {
  if (!root.is_object())
    return typeError("manifest", "an object", root);
  TESSERA_RETURN_IF_ERROR(checkHeader(root));
  TESSERA_RETURN_IF_ERROR(readNames(root, options, manifest));
  TESSERA_RETURN_IF_ERROR(readBlock(root, manifest));
  TESSERA_RETURN_IF_ERROR(readGrid(root, manifest));
  if (const Json *persistent = member(root, "persistent")) {
    if (!persistent->is_boolean())
      return typeError("persistent", "true or false", *persistent);
    manifest.persistent = persistent->get<bool>();
  }
  if (const Json *smem = member(root, "dynamic_shared_memory"))
    TESSERA_RETURN_IF_ERROR(readInteger(*smem, "dynamic_shared_memory", 0,
                                        INT32_MAX,
                                        manifest.dynamicSharedMemory));
  TESSERA_RETURN_IF_ERROR(readConstants(root, manifest));
  TESSERA_RETURN_IF_ERROR(readParams(root, manifest));
  TESSERA_RETURN_IF_ERROR(readTensorMaps(root, manifest));
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
  Expected<Json> json = parseDocument(text);
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

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

namespace {

/// A float constant: a JSON number (nlohmann writes the shortest text that
/// reads back as the same double, with ".0" when it has no fraction, so
/// that 2.0 stays a float), or "inf", "-inf", "nan", which JSON lacks.
Json floatJson(double value) {
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value < 0 ? "-inf" : "inf";
  return value;
}

/// An `init` value: "inf" and "-inf" as strings, other values as numbers
/// (integers where the text is one).
Json initJson(const std::string &init) {
  if (init == "inf" || init == "-inf")
    return init;
  int64_t integer = 0;
  const char *end = init.data() + init.size();
  auto [rest, error] = std::from_chars(init.data(), end, integer);
  if (error == std::errc() && rest == end)
    return integer;
  double value = 0;
  bool outOfRange = false;
  parseDouble(init, value, outOfRange);
  return value;
}

Json paramJson(const ParamSpec &spec) {
  Json json = Json::object();
  json["name"] = spec.name;
  json["kind"] = spec.isTensor() ? "tensor" : "scalar";
  json["dtype"] = getDTypeName(spec.dtype);
  if (spec.isTensor()) {
    Json shape = Json::array();
    for (const ShapeDim &dim : spec.shape)
      shape.push_back(dim.isSymbolic() ? Json(dim.symbol) : Json(dim.fixed));
    json["shape"] = std::move(shape);
  }
  json["role"] = roleName(spec.role);
  if (!spec.init.empty())
    json["init"] = initJson(spec.init);
  if (spec.isTensor() && spec.alignFromManifest)
    json["align"] = spec.align;
  return json;
}

/// The fields of `resources` that are known, or null when none is.
Json resourcesJson(const Resources &resources) {
  const std::pair<const char *, int64_t> fields[] = {
      {"registers", resources.registers},
      {"spill_stores", resources.spillStores},
      {"spill_loads", resources.spillLoads},
      {"stack", resources.stack},
      {"static_shared_memory", resources.staticSharedMemory}};
  Json json;
  for (const auto &[name, value] : fields)
    if (value >= 0)
      json[name] = value;
  return json;
}

} // namespace

/// nlohmann's serializer for a Manifest (found by argument-dependent
/// lookup): keys in the order of docs/manifest.md.
static void to_json(Json &json, const Manifest &manifest) {
  json = Json::object();
  json["format"] = "tessera-manifest";
  json["version"] = 1;
  json["kernel"] = manifest.kernel;
  json["symbol"] = manifest.symbol;
  json["target"] = manifest.target;
  if (!manifest.ptx.empty())
    json["ptx"] = manifest.ptx;
  if (!manifest.cubin.empty())
    json["cubin"] = manifest.cubin;
  json["block"] = Json::array();
  for (unsigned i = 0; i < manifest.blockDims && i < 3; ++i)
    json["block"].push_back(manifest.block[i]);
  json["grid"] = Json::array();
  for (const GridExpr &expr : manifest.grid)
    json["grid"].push_back(expr.text());
  if (manifest.persistent)
    json["persistent"] = true;
  json["dynamic_shared_memory"] = manifest.dynamicSharedMemory;
  Json constants = Json::object();
  for (const Constant &constant : manifest.constants)
    constants[constant.name] = constant.isInteger()
                                   ? Json(constant.intValue)
                                   : floatJson(constant.floatValue);
  json["constants"] = std::move(constants);
  json["params"] = Json::array();
  for (const ParamSpec &spec : manifest.params)
    json["params"].push_back(paramJson(spec));
  if (!manifest.tensorMaps.empty()) {
    json["tensor_maps"] = Json::array();
    for (const TensorMapSpec &map : manifest.tensorMaps)
      json["tensor_maps"].push_back(
          {{"tensor", map.tensor},
           {"box", Json::array({map.box[0], map.box[1]})},
           {"swizzle", map.swizzle}});
  }
  if (Json resources = resourcesJson(manifest.resources); !resources.is_null())
    json["resources"] = std::move(resources);
}

std::string Manifest::toJson() const {
  // Invalid UTF-8 is replaced rather than thrown on (the runtime may be
  // built without exceptions' handlers on this path).
  return Json(*this).dump(2, ' ', false, Json::error_handler_t::replace) +
         "\n";
}

} // namespace runtime
} // namespace tessera
