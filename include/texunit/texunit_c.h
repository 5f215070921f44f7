/* The C API: what an emulator written in C needs to run GCN MIMG instructions against its own
 * register file and guest memory. Every call returns a texunit_status (0 = OK, otherwise the
 * StatusCode value); texunit_last_error() gives the message of the calling thread's last
 * failure. No C++ exception crosses this boundary. */
#ifndef TEXUNIT_TEXUNIT_C_H_
#define TEXUNIT_TEXUNIT_C_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef int texunit_status; /* 0 OK, 1 invalid argument, 2 out of range, 3 unsupported,
                               4 unimplemented, 5 internal */
typedef struct texunit_runtime texunit_runtime;
typedef struct texunit_memory texunit_memory;
typedef uint8_t* (*texunit_translate_fn)(void* user, uint64_t address, uint64_t size, int write);

/* target: NULL or "" for the best (or $TEXUNIT_TARGET); threads: 0 for $TEXUNIT_THREADS or all. */
texunit_status texunit_runtime_create(const char* target, int threads, texunit_runtime** out);
void texunit_runtime_destroy(texunit_runtime* runtime);
/* The Highway target the runtime's kernels run on, e.g. "AVX3". */
const char* texunit_runtime_target(const texunit_runtime* runtime);

texunit_status texunit_memory_create(texunit_memory** out);
void texunit_memory_destroy(texunit_memory* memory);
texunit_status texunit_memory_add_region(texunit_memory* memory, uint64_t address, void* host,
                                         uint64_t size, int writable);
void texunit_memory_set_translator(texunit_memory* memory, texunit_translate_fn fn, void* user);
/* The device's border color table (what the driver points TA_BC_BASE_ADDR at): `count` entries
 * of four dwords R, G, B, A each (float bits for float-class formats, integers for integer
 * formats), read by S# BORDER_COLOR_TYPE REGISTER at BORDER_COLOR_PTR. texunit keeps the pointer:
 * the table must outlive the executions that use it. NULL (or count 0) removes it. */
texunit_status texunit_memory_set_border_colors(texunit_memory* memory, const uint32_t* table,
                                                size_t count);
/* Partially resident textures: the residency map of the image the next executions read, one
 * bit per 64 KiB page of its footprint from its T# base address (bit p % 64 of map[p / 64] set:
 * page p resident), `pages` pages. Used only by T#s with MIN_LOD_WARN set (docs/sampling.md,
 * "Partially resident textures"). texunit keeps the pointer; NULL (or 0 pages) removes it. */
texunit_status texunit_memory_set_residency(texunit_memory* memory, const uint64_t* map,
                                            uint64_t pages);

/* Decodes and executes one MIMG instruction. gfx: "gfx6".."gfx9" (or llvm -mcpu names).
 * vgprs are laid out [vgpr][lane] with a stride of 64 lanes (num_vgprs * 64 dwords). */
texunit_status texunit_gcn_execute(texunit_runtime* runtime, const char* gfx, const uint32_t* words,
                                   size_t num_words, uint32_t lane_count, uint64_t exec,
                                   uint32_t* sgprs, size_t num_sgprs, uint32_t* vgprs,
                                   size_t num_vgprs, texunit_memory* memory);

/* The calling thread's last error message ("" after a success). */
const char* texunit_last_error(void);

#ifdef __cplusplus
}
#endif

#endif /* TEXUNIT_TEXUNIT_C_H_ */
