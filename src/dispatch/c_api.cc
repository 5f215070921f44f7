// The C API over the C++ one. Errors become codes plus a thread-local message; exceptions (only
// std::bad_alloc can arise) are caught here and never cross into C.
#include <array>
#include <exception>
#include <memory>
#include <string>

#include "texunit/gcn.h"
#include "texunit/rdna.h"
#include "texunit/runtime.h"
#include "texunit/texunit_c.h"

struct texunit_runtime {
  std::unique_ptr<texunit::Runtime> rt;
  std::string target;
};
static_assert(sizeof(std::array<uint32_t, 4>) == 4 * sizeof(uint32_t),
              "border color entries are read as four packed dwords");

struct texunit_memory {
  texunit::Memory memory;
  texunit_translate_fn c_translate = nullptr;  // the C callback (it takes `int write`)
  void* c_user = nullptr;
  const std::array<uint32_t, 4>* border_colors = nullptr;  // texunit_memory_set_border_colors
  size_t border_color_count = 0;
  const uint64_t* residency = nullptr;  // texunit_memory_set_residency
  uint64_t residency_pages = 0;
};

namespace {

thread_local std::string g_last_error;

texunit_status Report(const texunit::Status& s) {
  g_last_error = s.ok() ? std::string() : s.ToString();
  return static_cast<texunit_status>(s.code());
}

template <class F>
texunit_status Guard(F&& f) {
  try {
    return Report(f());
  } catch (const std::exception& e) {
    return Report(texunit::Status::Internal(std::string("exception: ") + e.what()));
  } catch (...) {
    return Report(texunit::Status::Internal("unknown exception"));
  }
}

texunit::Status NotNull(const void* p, const char* what) {
  if (p != nullptr) return texunit::Status::Ok();
  return texunit::Status::InvalidArgument(std::string(what) + " is NULL");
}

}  // namespace

extern "C" {

texunit_status texunit_runtime_create(const char* target, int threads, texunit_runtime** out) {
  return Guard([&] {
    TEXUNIT_RETURN_IF_ERROR(NotNull(out, "out"));
    texunit::RuntimeOptions opt;
    opt.target = target != nullptr ? target : "";
    opt.threads = threads;
    auto r = std::make_unique<texunit_runtime>();
    TEXUNIT_RETURN_IF_ERROR(texunit::Runtime::Create(opt, &r->rt));
    r->target = r->rt->target_name();
    *out = r.release();
    return texunit::Status::Ok();
  });
}

void texunit_runtime_destroy(texunit_runtime* runtime) { delete runtime; }

const char* texunit_runtime_target(const texunit_runtime* runtime) {
  return runtime != nullptr ? runtime->target.c_str() : "";
}

texunit_status texunit_memory_create(texunit_memory** out) {
  return Guard([&] {
    TEXUNIT_RETURN_IF_ERROR(NotNull(out, "out"));
    *out = new texunit_memory();
    return texunit::Status::Ok();
  });
}

void texunit_memory_destroy(texunit_memory* memory) { delete memory; }

texunit_status texunit_memory_add_region(texunit_memory* memory, uint64_t address, void* host,
                                         uint64_t size, int writable) {
  return Guard([&] {
    TEXUNIT_RETURN_IF_ERROR(NotNull(memory, "memory"));
    return memory->memory.AddRegion(address, host, size, writable != 0);
  });
}

void texunit_memory_set_translator(texunit_memory* memory, texunit_translate_fn fn, void* user) {
  if (memory == nullptr) return;
  memory->c_translate = fn;
  memory->c_user = user;
  if (fn == nullptr) {
    memory->memory.SetTranslator(nullptr, nullptr);
    return;
  }
  memory->memory.SetTranslator(
      [](void* u, uint64_t address, uint64_t size, bool write) -> uint8_t* {
        auto* m = static_cast<texunit_memory*>(u);
        return m->c_translate(m->c_user, address, size, write ? 1 : 0);
      },
      memory);
}

texunit_status texunit_memory_set_border_colors(texunit_memory* memory, const uint32_t* table,
                                                size_t count) {
  return Guard([&] {
    TEXUNIT_RETURN_IF_ERROR(NotNull(memory, "memory"));
    if (table == nullptr && count != 0) {
      return texunit::Status::InvalidArgument("border color table is NULL but count=" +
                                              std::to_string(count));
    }
    if (count > 0xFFFFFFFFu) {
      return texunit::Status::InvalidArgument("border color count=" + std::to_string(count) +
                                              " does not fit in 32 bits");
    }
    // Four dwords per entry, as std::array<uint32_t, 4> lays them out.
    memory->border_colors = reinterpret_cast<const std::array<uint32_t, 4>*>(table);
    memory->border_color_count = table == nullptr ? 0 : count;
    return texunit::Status::Ok();
  });
}

texunit_status texunit_memory_set_residency(texunit_memory* memory, const uint64_t* map,
                                            uint64_t pages) {
  return Guard([&] {
    TEXUNIT_RETURN_IF_ERROR(NotNull(memory, "memory"));
    if (map == nullptr && pages != 0) {
      return texunit::Status::InvalidArgument("residency map is NULL but pages=" +
                                              std::to_string(pages));
    }
    memory->residency = map;
    memory->residency_pages = map == nullptr ? 0 : pages;
    return texunit::Status::Ok();
  });
}

texunit_status texunit_gcn_execute(texunit_runtime* runtime, const char* gfx, const uint32_t* words,
                                   size_t num_words, uint32_t lane_count, uint64_t exec,
                                   uint32_t* sgprs, size_t num_sgprs, uint32_t* vgprs,
                                   size_t num_vgprs, texunit_memory* memory) {
  return Guard([&] {
    TEXUNIT_RETURN_IF_ERROR(NotNull(runtime, "runtime"));
    TEXUNIT_RETURN_IF_ERROR(NotNull(gfx, "gfx"));
    TEXUNIT_RETURN_IF_ERROR(NotNull(words, "words"));
    TEXUNIT_RETURN_IF_ERROR(NotNull(memory, "memory"));
    TEXUNIT_RETURN_IF_ERROR(NotNull(sgprs, "sgprs"));
    TEXUNIT_RETURN_IF_ERROR(NotNull(vgprs, "vgprs"));
    texunit::Gfx g;
    TEXUNIT_RETURN_IF_ERROR(texunit::ParseGfx(gfx, &g));
    texunit::gcn::MimgInstruction inst;
    TEXUNIT_RETURN_IF_ERROR(texunit::DecodeAmdMimg(g, {words, num_words}, &inst));
    texunit::gcn::WaveState wave;
    wave.lane_count = lane_count;
    wave.exec = exec;
    wave.sgprs = {sgprs, num_sgprs};
    wave.vgprs = {vgprs, num_vgprs * 64};
    wave.border_color_table = {memory->border_colors, memory->border_color_count};
    if (memory->residency != nullptr) {
      wave.residency = {memory->residency, (memory->residency_pages + 63) / 64};
      wave.residency_pages = memory->residency_pages;
    }
    return texunit::gcn::Execute(*runtime->rt, inst, wave, memory->memory);
  });
}

const char* texunit_last_error(void) { return g_last_error.c_str(); }

}  // extern "C"
