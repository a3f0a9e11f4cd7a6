/* Uses the installed C API: the version, then loading a manifest (which
   needs a GPU; without one the runtime says why). */
#include <stdio.h>

#include "tessera/Runtime/tessera_runtime.h"

int main(int argc, char **argv) {
  printf("api %d (header %d)\n", tessera_api_version(), TESSERA_RUNTIME_API_VERSION);
  if (argc < 2)
    return 0;
  tessera_module *module = NULL;
  char error[1024];
  if (tessera_module_load(argv[1], &module, error, sizeof error)) {
    printf("load: error: %s\n", error);
    return 0;
  }
  printf("load: ok: %s\n", tessera_module_kernel(module));
  tessera_module_unload(module);
  return 0;
}
