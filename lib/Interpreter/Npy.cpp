//===- Npy.cpp - NumPy .npy files for interpreter tensors -----------------===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#include "tessera/Interpreter/Npy.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace tessera::interp;

namespace {

/// The .npy descr of a dtype, and its element size in the file.
struct NpyType {
  llvm::StringRef descr;
  unsigned bytes;
};

NpyType npyTypeOf(DType dtype) {
  switch (dtype) {
  case DType::F16:
    return {"<f2", 2};
  case DType::BF16:
  case DType::F32:
    return {"<f4", 4};
  case DType::F64:
    return {"<f8", 8};
  case DType::I1:
    return {"|b1", 1};
  case DType::I8:
    return {"|i1", 1};
  case DType::I32:
    return {"<i4", 4};
  case DType::I64:
    return {"<i8", 8};
  }
  llvm_unreachable("unknown dtype");
}

llvm::Error fileError(llvm::StringRef path, const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 path + ": " + message);
}

/// The value of `key` in the header dictionary: the text after "'key':" up
/// to the next top-level ',' or '}'.
std::optional<llvm::StringRef> headerValue(llvm::StringRef header,
                                           llvm::StringRef key) {
  std::string quoted = ("'" + key + "'").str();
  size_t at = header.find(quoted);
  if (at == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef rest = header.drop_front(at + quoted.size()).ltrim();
  if (!rest.consume_front(":"))
    return std::nullopt;
  rest = rest.ltrim();
  size_t end = rest.starts_with("(") ? rest.find(')') + 1
                                     : rest.find_first_of(",}");
  if (end == llvm::StringRef::npos || end == 0)
    return std::nullopt;
  return rest.take_front(end).trim();
}

} // namespace

llvm::Expected<Tensor> tessera::interp::readNpy(llvm::StringRef path,
                                                DType dtype) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!file)
    return fileError(path, file.getError().message());
  llvm::StringRef data = (*file)->getBuffer();
  if (!data.starts_with("\x93NUMPY") || data.size() < 10)
    return fileError(path, "not a .npy file (no \\x93NUMPY magic)");
  unsigned major = static_cast<unsigned char>(data[6]);
  size_t headerLength, headerStart;
  if (major == 1) {
    headerLength = static_cast<unsigned char>(data[8]) |
                   static_cast<unsigned char>(data[9]) << 8;
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (data.size() < 12)
      return fileError(path, "truncated header");
    headerLength = 0;
    for (int i = 3; i >= 0; --i)
      headerLength = headerLength << 8 | static_cast<unsigned char>(data[8 + i]);
    headerStart = 12;
  } else {
    return fileError(path, "unsupported .npy version " + llvm::Twine(major));
  }
  if (headerStart + headerLength > data.size())
    return fileError(path, "truncated header");
  llvm::StringRef header = data.substr(headerStart, headerLength);

  std::optional<llvm::StringRef> descr = headerValue(header, "descr");
  std::optional<llvm::StringRef> order = headerValue(header, "fortran_order");
  std::optional<llvm::StringRef> shapeText = headerValue(header, "shape");
  if (!descr || !order || !shapeText)
    return fileError(path, "expected 'descr', 'fortran_order' and 'shape' in "
                           "the header, got " + header.trim());
  if (*order != "False")
    return fileError(path, "expected a C-order array, got fortran_order " +
                               *order);
  NpyType expected = npyTypeOf(dtype);
  llvm::StringRef fileDescr = descr->trim("'\"");
  // Native-endian '=' is little-endian on every host the tools run on.
  if (fileDescr.size() == 3 && fileDescr[0] == '=')
    fileDescr = fileDescr.substr(1);
  if (fileDescr != expected.descr && fileDescr != expected.descr.substr(1))
    return fileError(path, "expected elements of '" + expected.descr +
                               "' for a " + getDTypeName(dtype) +
                               " tensor, got '" + fileDescr + "'");

  llvm::SmallVector<int64_t, 4> shape;
  llvm::SmallVector<llvm::StringRef> dims;
  shapeText->trim("()").split(dims, ',', -1, /*KeepEmpty=*/false);
  int64_t count = 1;
  for (llvm::StringRef dim : dims) {
    int64_t size;
    if (dim.trim().getAsInteger(10, size) || size < 0)
      return fileError(path, "bad dimension '" + dim.trim() + "' in shape " +
                                 *shapeText);
    if (size != 0 && count > (int64_t(1) << 40) / size)
      return fileError(path, "shape " + *shapeText + " is too large");
    count *= size;
    shape.push_back(size);
  }
  size_t payload = headerStart + headerLength;
  if (data.size() - payload != size_t(count) * expected.bytes)
    return fileError(path, "expected " + llvm::Twine(count * expected.bytes) +
                               " bytes of data for shape " + *shapeText +
                               ", got " + llvm::Twine(data.size() - payload));

  Tensor tensor(dtype, shape);
  const char *bytes = data.data() + payload;
  for (int64_t i = 0; i < count; ++i) {
    const char *element = bytes + i * expected.bytes;
    auto read = [&](auto value) {
      std::memcpy(&value, element, sizeof(value));
      return value;
    };
    switch (dtype) {
    case DType::F16:
      tensor.setLinear(i, halfBitsToFloat(read(uint16_t())));
      break;
    case DType::BF16:
    case DType::F32:
      tensor.setLinear(i, read(float()));
      break;
    case DType::F64:
      tensor.setLinear(i, read(double()));
      break;
    case DType::I1:
    case DType::I8:
      tensor.storeInt(tensor.getLinearOffset(i), read(int8_t()));
      break;
    case DType::I32:
      tensor.storeInt(tensor.getLinearOffset(i), read(int32_t()));
      break;
    case DType::I64:
      tensor.storeInt(tensor.getLinearOffset(i), read(int64_t()));
      break;
    }
  }
  return tensor;
}

llvm::Error tessera::interp::writeNpy(llvm::StringRef path,
                                      const Tensor &tensor) {
  NpyType type = npyTypeOf(tensor.getDType());
  std::string shape = "(";
  for (int64_t size : tensor.getShape())
    shape += std::to_string(size) + ", ";
  if (tensor.getRank() > 1)
    shape.resize(shape.size() - 2);
  else if (tensor.getRank() == 1)
    shape.pop_back(); // "(n,)"
  shape += ")";
  std::string header = ("{'descr': '" + type.descr +
                        "', 'fortran_order': False, 'shape': " + shape + ", }")
                           .str();
  // Pad with spaces so that the data starts on a 64-byte boundary.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';

  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return fileError(path, ec.message());
  os << "\x93NUMPY" << char(1) << char(0) << char(header.size() & 0xff)
     << char(header.size() >> 8) << header;
  for (int64_t i = 0, e = tensor.getNumElements(); i < e; ++i) {
    auto write = [&](auto value) {
      char bytes[sizeof(value)];
      std::memcpy(bytes, &value, sizeof(value));
      os.write(bytes, sizeof(value));
    };
    double value = tensor.getLinear(i);
    switch (tensor.getDType()) {
    case DType::F16:
      write(floatToHalfBits(static_cast<float>(value)));
      break;
    case DType::BF16:
    case DType::F32:
      write(static_cast<float>(value));
      break;
    case DType::F64:
      write(value);
      break;
    case DType::I1:
      write(static_cast<int8_t>(tensor.loadInt(tensor.getLinearOffset(i)) != 0));
      break;
    case DType::I8:
      write(static_cast<int8_t>(tensor.loadInt(tensor.getLinearOffset(i))));
      break;
    case DType::I32:
      write(static_cast<int32_t>(tensor.loadInt(tensor.getLinearOffset(i))));
      break;
    case DType::I64:
      write(tensor.loadInt(tensor.getLinearOffset(i)));
      break;
    }
  }
  os.close();
  if (os.has_error())
    return fileError(path, os.error().message());
  return llvm::Error::success();
}
