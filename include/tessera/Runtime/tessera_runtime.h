/*===- tessera_runtime.h - C API of the Tessera runtime -----------*- C -*-===*\
|*                                                                            *|
|* Part of the Tessera project.                                               *|
|*                                                                            *|
|*===----------------------------------------------------------------------===*|
|*                                                                            *|
|* A plain C interface to load a compiled kernel (manifest + PTX/cubin) and   *|
|* launch it, for ctypes/FFI callers such as a PyTorch bridge. Every function *|
|* that can fail returns 0 on success and -1 on failure; the message is then  *|
|* available from tessera_last_error() on the same thread. No C++ exception  *|
|* crosses this interface.                                                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TESSERA_RUNTIME_TESSERA_RUNTIME_H
#define TESSERA_RUNTIME_TESSERA_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Version of this C API (bumped on incompatible changes). */
#define TESSERA_RUNTIME_API_VERSION 1
/** Largest tensor rank a tessera_arg carries. */
#define TESSERA_MAX_RANK 8

/** Element types (the manifest's "dtype" strings). */
typedef enum tessera_dtype {
  TESSERA_DTYPE_F16 = 0,
  TESSERA_DTYPE_BF16 = 1,
  TESSERA_DTYPE_F32 = 2,
  TESSERA_DTYPE_I32 = 3,
  TESSERA_DTYPE_I64 = 4
} tessera_dtype;

/** Whether a tessera_arg is a tensor or a scalar. */
typedef enum tessera_arg_kind {
  TESSERA_ARG_TENSOR = 0,
  TESSERA_ARG_SCALAR = 1
} tessera_arg_kind;

/** One kernel argument, in the order of the manifest's "params".
 *  Tensor: data (device address), dtype, rank, sizes and strides (elements).
 *  Scalar: dtype F32 reads float_value; I32/I64 read int_value.
 *  Fixed layout (168 bytes) so ctypes can mirror it. */
typedef struct tessera_arg {
  int32_t kind;  /**< tessera_arg_kind */
  int32_t dtype; /**< tessera_dtype */
  int32_t rank;
  int32_t reserved; /**< Set to 0. */
  uint64_t data;
  int64_t sizes[TESSERA_MAX_RANK];
  int64_t strides[TESSERA_MAX_RANK];
  double float_value;
  int64_t int_value;
} tessera_arg;

/** A loaded kernel (opaque). */
typedef struct tessera_module tessera_module;

/** Returns TESSERA_RUNTIME_API_VERSION of the library. */
int tessera_api_version(void);

/** The last error message on this thread ("" if none). Valid until the next
 *  failing call on this thread. */
const char *tessera_last_error(void);

/** Reads and validates the manifest at manifest_path with the runtime's
 *  schema (no GPU needed) and returns it as the JSON tessera-compile writes
 *  (docs/manifest.md's key order), so that bindings read exactly what the
 *  runtime does. NULL on failure (tessera_last_error says why). The text is
 *  valid until the next call on this thread. */
const char *tessera_manifest_json(const char *manifest_path);

/** Loads the kernel of the manifest at manifest_path on device 0, preferring
 *  the cubin. On failure the message also goes to errbuf (if not NULL,
 *  truncated to errbuf_size bytes including the NUL). */
int tessera_module_load(const char *manifest_path, tessera_module **module,
                        char *errbuf, size_t errbuf_size);

/** Like tessera_module_load, with a device ordinal and prefer_cubin = 0 to
 *  force JIT compilation of the PTX. */
int tessera_module_load_ex(const char *manifest_path, int device,
                           int prefer_cubin, tessera_module **module,
                           char *errbuf, size_t errbuf_size);

/** Unloads a module (NULL is ignored). */
void tessera_module_unload(tessera_module *module);

/** The kernel name, the binary loaded, and whether it was the cubin. */
const char *tessera_module_kernel(const tessera_module *module);
const char *tessera_module_binary_path(const tessera_module *module);
int tessera_module_used_cubin(const tessera_module *module);

/** The number of parameters and the name of parameter index. */
int tessera_module_num_params(const tessera_module *module);
const char *tessera_module_param_name(const tessera_module *module, int index);

/** Checks the arguments against the manifest and writes the grid it would
 *  launch, without launching (a persistent kernel's: the CTAs that fit). */
int tessera_grid(const tessera_module *module, const tessera_arg *args,
                 int num_args, uint32_t grid[3]);

/** Checks the arguments and launches asynchronously on stream (a CUstream;
 *  NULL for the default stream). */
int tessera_launch(const tessera_module *module, const tessera_arg *args,
                   int num_args, void *stream);

/** Launches warmup + iterations times on stream, timing each of the last
 *  iterations with CUDA events; writes the median in milliseconds. */
int tessera_time(const tessera_module *module, const tessera_arg *args,
                 int num_args, void *stream, int warmup, int iterations,
                 float *median_ms);

/** Sets the deadline, in seconds, of the runtime's waits for the GPU (in
 *  tessera_time); 0, the default, waits as long as the GPU takes. A wait that
 *  runs out fails with "... did not finish in N s"; the process then cannot
 *  use the GPU again (tessera/Runtime/Watchdog.h). Fails for a negative or
 *  NaN value. */
int tessera_set_wait_timeout(double seconds);

#ifdef __cplusplus
}
#endif

#endif /* TESSERA_RUNTIME_TESSERA_RUNTIME_H */
