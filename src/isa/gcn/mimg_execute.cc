// gcn::Execute: runs one decoded MIMG instruction against a wave's register file. It only
// translates: it reads the T# (and S#) from SGPRs, maps the VADDR columns to TexOperands per the
// op's address layout, points the results at the VDATA columns and hands the TexRequest to the
// runtime. It writes no register itself; the core writes active lanes only.
//
// Choices made here (documented in docs/replay-format.md, "Executor rules"):
//  - VDATA may overlap VADDR (image_load v[0:3], v[0:1], ... is common compiler output): address
//    columns that a result or status register overlaps (all of them for stores, atomics and cube
//    sampling), and store-data columns, are copied before the request runs; the other address
//    columns are read in place.
//  - GFX6-9: DA=1 requires an array or cube T#; a CUBE T# requires DA=1. DA=0 on a 1D/2D (MSAA)
//    array T# addresses the array without a slice operand: slice 0 (the view's BASE_ARRAY).
//  - Sampler ops on a CUBE: VADDR x, y in [1, 2] and face id + 8 * layer (V_CUBE* output) become
//    the core's face-local s = x - 1, t = y - 1, face and cube (TranslateCubeOperands).
//  - An all-zero (unbound) T# takes the layout of a 2D image (2D array with DA) and returns zeros.
//  - DMASK=0 returns no components; the TFE/LWE status still goes to VDATA+1, after the one
//    register the assembler reserves for the data.
//  - GFX10+ instructions (from the RDNA decoder) take the layout's image type from DIM; with NSA,
//    address dword k is in VGPR nsa_vaddr[k].
//  - A16 and G16 (docs/replay-format.md, "A16 and G16"): the 16-bit operands the layout places
//    in dword halves are widened here, f16 -> f32 exactly for sampler ops (NaN and Inf stay NaN
//    and Inf; f16 denormals become the equal f32 value), u16 zero-extended for the others; the
//    core gets a 32-bit request (mods.a16 clear, kOpG16 dropped), the same as the 32-bit form
//    of the instruction with those values. The unused high half of a padded dword is ignored.
//  - D16: the core returns (and takes) one 16-bit value per component in the low half of a dword.
//    GFX8 (tonga) keeps one per VGPR, high half written 0; GFX9+ pack two per VGPR, the first in
//    bits 15:0 and, for an odd count, 0 in the last register's high half.
//  - A T# whose format fields name no texel format fails here with AmdFormatError's reason
//    (naming DATA_FORMAT and NUM_FORMAT, or GFX10's FORMAT code).
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <type_traits>
#include <utility>

#include "common/same_bytes.h"
#include "isa/gcn/descriptor_cache.h"
#include "isa/gcn/mimg_address_layout.h"
#include "isa/gcn/mimg_opcodes.h"
#include "isa/gcn/mimg_registers.h"
#include "isa/rdna/bvh_execute.h"
#include "isa/rdna/gfx10_formats.h"
#include "texunit/amd_formats.h"
#include "texunit/gcn.h"

namespace texunit::gcn {

namespace {

alignas(64) constexpr uint32_t kZeroColumn[kLaneStride] = {};

bool IsArrayType(ImageType t) {
  return t == ImageType::k1DArray || t == ImageType::k2DArray || t == ImageType::k2DMsaaArray;
}

ImageType WithoutArray(ImageType t) {
  switch (t) {
    case ImageType::k1DArray:
      return ImageType::k1D;
    case ImageType::k2DArray:
      return ImageType::k2D;
    case ImageType::k2DMsaaArray:
      return ImageType::k2DMsaa;
    default:
      return t;
  }
}

// GATHER4H_PCK encodes an SSAMP but reads no sampler state (docs/sampling.md, "GATHER4H_PCK"), so
// its S# is not decoded: whatever those SGPRs hold cannot fail it.
bool NeedsSampler(const Op& op) { return OpUsesSampler(op) && (op.flags & kOpPck) == 0; }

// Points the TexOperands field that address slot `slot` feeds at `column`.
void MapSlot(AddrSlot slot, const uint32_t* column, TexOperands* in) {
  switch (slot) {
    case AddrSlot::kOffset:
      in->offset = column;
      break;
    case AddrSlot::kBias:
      in->bias = column;
      break;
    case AddrSlot::kZCompare:
      in->zcompare = column;
      break;
    case AddrSlot::kDsDx:
      in->deriv[0][0] = column;
      break;
    case AddrSlot::kDtDx:
      in->deriv[0][1] = column;
      break;
    case AddrSlot::kDrDx:
      in->deriv[0][2] = column;
      break;
    case AddrSlot::kDsDy:
      in->deriv[1][0] = column;
      break;
    case AddrSlot::kDtDy:
      in->deriv[1][1] = column;
      break;
    case AddrSlot::kDrDy:
      in->deriv[1][2] = column;
      break;
    case AddrSlot::kX:
      in->coord[0] = column;
      break;
    case AddrSlot::kY:
      in->coord[1] = column;
      break;
    case AddrSlot::kZ:
    case AddrSlot::kSlice:
    case AddrSlot::kFace:
      in->coord[2] = column;
      break;
    case AddrSlot::kFragment:
      in->coord[3] = column;
      break;
    case AddrSlot::kLod:
      in->lod = column;
      break;
    case AddrSlot::kClamp:
      in->clamp = column;
      break;
    case AddrSlot::kMip:
      in->mip = column;
      break;
  }
}

// The image type whose address layout VADDR follows, after the DA checks (GFX6-9) or from the
// DIM field (GFX10+). `*zero_slice` is set when the T# is an array addressed without a slice.
Status AddressType(const MimgInstruction& inst, const ImageDesc& image, ImageType* type,
                   bool* zero_slice) {
  *zero_slice = false;
  if (inst.gfx >= Gfx::kGfx10) {
    if (inst.dim > 7) {
      return Status::InvalidArgument("DIM=" + std::to_string(inst.dim) + " is not 0..7");
    }
    *type = static_cast<ImageType>(static_cast<uint8_t>(ImageType::k1D) + inst.dim);
    return Status::Ok();
  }
  if (image.unbound) {
    *type = inst.mods.da ? ImageType::k2DArray : ImageType::k2D;
    return Status::Ok();
  }
  const bool arrayed = IsArrayType(image.type) || image.type == ImageType::kCube;
  if (inst.mods.da && !arrayed) {
    return Status::InvalidArgument(std::string("DA=1 requires an array or cube T#, but T#.TYPE=") +
                                   ImageTypeName(image.type));
  }
  if (!inst.mods.da && image.type == ImageType::kCube) {
    return Status::InvalidArgument("T#.TYPE=CUBE requires DA=1 (the face operand), but DA=0");
  }
  if (!inst.mods.da && IsArrayType(image.type)) {
    *type = WithoutArray(image.type);
    *zero_slice = true;
    return Status::Ok();
  }
  *type = image.type;
  return Status::Ok();
}

// Sampler ops on a CUBE (docs/sampling.md, "Cube operands from GFX6-9"): VADDR holds
// x = sc / |2 ma| + 1.5, y likewise, and face id + 8 * layer (V_CUBE* output), as V_CUBE* and the
// compilers give them; the core takes face-local s = x - 1, t = y - 1 (exact in [1, 2]), the face
// and the cube. Rewrites the operands' (copied) columns in place and fills `cube` for coord[3].
void TranslateCubeOperands(uint32_t* const* column, const AddressLayout& layout, uint32_t* cube,
                           TexOperands* in) {
  for (uint32_t k = 0; k < layout.count; ++k) {
    uint32_t* c = column[k];
    switch (layout.slots[k]) {
      case AddrSlot::kX:
      case AddrSlot::kY:
        for (uint32_t lane = 0; lane < kLaneStride; ++lane) {
          c[lane] = std::bit_cast<uint32_t>(std::bit_cast<float>(c[lane]) - 1.0f);
        }
        break;
      case AddrSlot::kFace:
        for (uint32_t lane = 0; lane < kLaneStride; ++lane) {
          float f = std::bit_cast<float>(c[lane]);
          if (!(f > 0.0f)) f = 0.0f;  // NaN and negative ids
          // nearbyint rounds half to even in the default rounding mode.
          const auto q = static_cast<uint32_t>(std::nearbyint(std::min(f, 16777216.0f)));
          c[lane] = std::bit_cast<uint32_t>(static_cast<float>(q & 7));
          cube[lane] = std::bit_cast<uint32_t>(static_cast<float>(q >> 3));
        }
        break;
      default:
        break;
    }
  }
  in->coord[3] = cube;
}

// GetAddressLayout of the last (op, image type, packing) this thread executed: an emulator runs
// the same instruction wave after wave, and building the layout cost more than the rest of the
// address copy.
const AddressLayout& CachedAddressLayout(const Op& op, ImageType type, AddressPacking packing) {
  thread_local struct {
    bool valid = false;
    Op op;
    ImageType type = ImageType::k2D;
    AddressPacking packing;
    AddressLayout layout;
  } last;
  if (!last.valid || !(last.op == op) || last.type != type || !(last.packing == packing)) {
    last.layout = GetAddressLayout(op, type, packing);
    last.op = op;
    last.type = type;
    last.packing = packing;
    last.valid = true;
  }
  return last.layout;
}

// Widens the 16-bit operand in bits [shift + 15 : shift] of every lane of `packed` into `out`: an
// f16 (sampler ops) or a u16.
void WidenHalves(const uint32_t* packed, uint32_t shift, bool f16, uint32_t* out) {
  for (uint32_t lane = 0; lane < kLaneStride; ++lane) {
    out[lane] = WidenAddress16(static_cast<uint16_t>(packed[lane] >> shift), f16);
  }
}

// Moves the core's 16-bit results (low halves) into VDATA for the active lanes.
void WriteD16Results(const MimgInstruction& inst, WaveState& wave,
                     const uint32_t (*result)[kLaneStride], uint32_t count, bool packed) {
  const uint64_t active =
      wave.exec & (wave.lane_count == 64 ? ~0ull : (1ull << wave.lane_count) - 1);
  for (uint32_t lane = 0; lane < wave.lane_count; ++lane) {
    if (!((active >> lane) & 1)) continue;
    for (uint32_t k = 0; k < count; k += packed ? 2 : 1) {
      uint32_t v = result[k][lane] & 0xFFFFu;
      if (packed && k + 1 < count) v |= (result[k + 1][lane] & 0xFFFFu) << 16;
      wave.vgprs[size_t{inst.vdata + (packed ? k / 2 : k)} * kLaneStride + lane] = v;
    }
  }
}

// Execute's nesting depth on this thread (see Execute).
thread_local int execute_depth = 0;

class ExecuteDepth {
 public:
  ExecuteDepth() : nested_(execute_depth++ > 0) {}
  ~ExecuteDepth() { --execute_depth; }
  ExecuteDepth(const ExecuteDepth&) = delete;
  ExecuteDepth& operator=(const ExecuteDepth&) = delete;
  bool nested() const { return nested_; }

 private:
  bool nested_;
};

// The descriptor `words` decode to: the cache's entry, or when `nested` a decode of its own in
// `*own`. nullptr, with the decoder's status in *error, when it fails.
// (On the heap: std::optional's storage was zeroed on every call, at the cost of a copy.)
template <typename Desc, typename LookUpFn, typename DecodeFn>
const Desc* LookUpDesc(bool nested, Gfx gfx, std::span<const uint32_t> words,
                       std::unique_ptr<Desc>* own, Status* error, LookUpFn look_up,
                       DecodeFn decode) {
  if (!nested) return look_up(gfx, words, error);
  *own = std::make_unique<Desc>();
  *error = decode(gfx, words, own->get());
  return error->ok() ? own->get() : nullptr;
}

// A default TexRequest, built in `storage` without `rep stos`: GCC zeroes a TexRequest (300-odd
// bytes) with one, whose start-up cost was a fifth of Execute's own time on a point-sampled wave.
// Word-by-word copies of a blank request compile to plain stores. (memcpy into unsigned char
// storage creates the TexRequest implicitly: it is trivially copyable.)
static_assert(std::is_trivially_copyable_v<TexRequest>);
static_assert(sizeof(TexRequest) % sizeof(uint64_t) == 0);
constexpr size_t kRequestWords = sizeof(TexRequest) / sizeof(uint64_t);
const TexRequest kBlankRequest{};

template <size_t... I>
TexRequest* CopyRequestAt(unsigned char* storage, const TexRequest& request,
                          std::index_sequence<I...>) {
  const auto* from = reinterpret_cast<const unsigned char*>(&request);
  (std::memcpy(storage + I * sizeof(uint64_t), from + I * sizeof(uint64_t), sizeof(uint64_t)), ...);
  return std::launder(reinterpret_cast<TexRequest*>(storage));
}

TexRequest* RequestAt(unsigned char* storage, const TexRequest& from) {
  return CopyRequestAt(storage, from, std::make_index_sequence<kRequestWords>());
}

// The request Execute built last on this thread, when every operand and result column it names
// is a register read or written in place (no copied, widened or rewritten column, no D16, no
// store data): the request then depends only on the fields below, and the next instruction with
// the same ones (an emulator runs one instruction wave after wave) copies it instead of repeating
// the type, layout, register and VDATA checks, which passed for these fields before.
struct InPlaceRequest {
  bool valid = false;
  Gfx gfx = Gfx::kGfx6;
  Op op;
  Modifiers mods;
  uint8_t vaddr = 0;
  uint8_t vdata = 0;
  uint8_t dim = 0;
  uint8_t nsa_dwords = 0;
  uint8_t nsa_vaddr[13] = {};
  ImageType image_type = ImageType::k2D;  // the T#'s, which with DA sets the address layout
  bool unbound = false;
  const uint32_t* vgprs = nullptr;  // the columns are pointers into this register file
  size_t vgpr_words = 0;
  TexRequest request;  // the per-wave fields (SetWaveFields) are rewritten on use
};
static_assert(sizeof(Modifiers) == 10 && std::is_trivially_copyable_v<Modifiers>,
              "Modifiers is compared as its bytes: one byte per field, no padding");

bool SameShape(const InPlaceRequest& last, const MimgInstruction& inst, const ImageDesc& image,
               const WaveState& wave) {
  return last.valid && last.vgprs == wave.vgprs.data() && last.vgpr_words == wave.vgprs.size() &&
         last.gfx == inst.gfx && last.op == inst.op && last.vaddr == inst.vaddr &&
         last.vdata == inst.vdata && last.dim == inst.dim && last.nsa_dwords == inst.nsa_dwords &&
         last.image_type == image.type && last.unbound == image.unbound &&
         SameObject(last.mods, inst.mods) &&
         SameBytes<sizeof(last.nsa_vaddr)>(last.nsa_vaddr, inst.nsa_vaddr);
}

void RememberShape(const MimgInstruction& inst, const ImageDesc& image, const WaveState& wave,
                   const TexRequest& request, InPlaceRequest* last) {
  last->gfx = inst.gfx;
  last->op = inst.op;
  last->mods = inst.mods;
  last->vaddr = inst.vaddr;
  last->vdata = inst.vdata;
  last->dim = inst.dim;
  last->nsa_dwords = inst.nsa_dwords;
  std::memcpy(last->nsa_vaddr, inst.nsa_vaddr, sizeof(last->nsa_vaddr));
  last->image_type = image.type;
  last->unbound = image.unbound;
  last->vgprs = wave.vgprs.data();
  last->vgpr_words = wave.vgprs.size();
  last->request = request;
  last->valid = true;
}

// The fields of a request that change from wave to wave of one instruction.
void SetWaveFields(const ImageDesc* image, const SamplerDesc* sampler, const Memory& memory,
                   const WaveState& wave, PrecisionMode precision, TexRequest* req) {
  req->precision = precision;
  req->image = image;
  req->sampler = sampler;
  req->memory = &memory;
  req->lane_count = wave.lane_count;
  req->exec = wave.exec;
  // std::array<uint32_t, 4> is four dwords with no padding, as TexRequest's rows are.
  static_assert(sizeof(std::array<uint32_t, 4>) == sizeof(uint32_t[4]));
  req->border_color_table = reinterpret_cast<const uint32_t(*)[4]>(wave.border_color_table.data());
  req->border_color_count = static_cast<uint32_t>(wave.border_color_table.size());
  req->residency = nullptr;
  req->residency_pages = 0;
  if (!wave.residency.empty()) {
    req->residency = wave.residency.data();
    req->residency_pages = std::min<uint64_t>(wave.residency_pages, 64 * wave.residency.size());
  }
}

// Why the T#'s format fields name no texel format.
Status FormatError(Gfx gfx, const ImageDesc& image) {
  if (gfx >= Gfx::kGfx10) {
    const rdna::Gfx10FormatInfo* info = rdna::FindGfx10Format(image.gfx10_format);
    return Status::Unsupported("T#.FORMAT=" + Hex(image.gfx10_format) + " (" +
                               (info != nullptr ? info->name : "unknown") +
                               ") is not a texel format texunit decodes");
  }
  return AmdFormatError(
      gfx, {static_cast<DataFormat>(image.data_format), static_cast<NumFormat>(image.num_format)});
}

// The T# at `t` (and the S# at `s`, for the ops that read one), each checked: decoded (through
// the per-thread caches, or into `own_*` when `nested`), the T#'s format named, the S#'s dwords
// inside the SGPRs. Errors name the registers.
Status LookUpDescriptors(const MimgInstruction& inst, bool nested, std::span<const uint32_t> t,
                         std::span<const uint32_t> s, bool needs_sampler, size_t num_sgprs,
                         std::unique_ptr<ImageDesc>* own_image,
                         std::unique_ptr<SamplerDesc>* own_sampler, const ImageDesc** image,
                         const SamplerDesc** sampler) {
  const auto t_range = [&] { return RegRange('s', inst.srsrc, static_cast<uint32_t>(t.size())); };
  Status st;
  *image = LookUpDesc(nested, inst.gfx, t, own_image, &st, LookUpImageDesc, DecodeImageDesc);
  if (*image == nullptr) return Status(st.code(), "SRSRC " + t_range() + ": " + st.message());
  if (!(*image)->unbound && (*image)->format == FormatId::kInvalid) {
    const Status why = FormatError(inst.gfx, **image);
    return Status(why.code(), "SRSRC " + t_range() + ": " + why.message());
  }
  if (!needs_sampler) return Status::Ok();
  if (inst.ssamp + 4u > num_sgprs) {
    return Status::InvalidArgument("SSAMP " + RegRange('s', inst.ssamp, 4) +
                                   " is outside the wave's " + std::to_string(num_sgprs) +
                                   " SGPRs");
  }
  *sampler =
      LookUpDesc(nested, inst.gfx, s, own_sampler, &st, LookUpSamplerDesc, DecodeSamplerDesc);
  if (*sampler == nullptr) {
    return Status(st.code(), "SSAMP " + RegRange('s', inst.ssamp, 4) + ": " + st.message());
  }
  return Status::Ok();
}

}  // namespace

Status Execute(const Runtime& runtime, const MimgInstruction& inst, WaveState& wave,
               const Memory& memory, PrecisionMode precision) {
  if (wave.lane_count == 0 || wave.lane_count > kLaneStride) {
    return Status::InvalidArgument("WaveState.lane_count=" + std::to_string(wave.lane_count) +
                                   " is outside 1..64");
  }
  const size_t num_sgprs = wave.sgprs.size();
  const size_t num_vgprs = wave.vgprs.size() / kLaneStride;

  // A16 is bit 15 on GFX9 (R128's) and bit 62 on GFX10+; the _G16 opcodes are GFX10+ only.
  if (inst.mods.a16 && IsGcnGfx(inst.gfx) && inst.gfx != Gfx::kGfx9) {
    return Status::InvalidArgument(std::string(inst.mnemonic) + ": A16 does not exist on " +
                                   MimgGfxName(inst.gfx) + " (bit 15 is R128 there)");
  }
  if ((inst.op.flags & kOpG16) && IsGcnGfx(inst.gfx)) {
    return Status::InvalidArgument(std::string(inst.mnemonic) + ": the _G16 ops do not exist on " +
                                   MimgGfxName(inst.gfx) + " (GFX9 packs derivatives with A16)");
  }
  if (inst.op.kind == OpKind::kBvhIntersectRay)
    return rdna::ExecuteBvh(runtime, inst, wave, memory);

  // The per-thread descriptor caches hand out their entries in place. A Memory translator must
  // not execute requests, but one that runs another instruction on this thread while this one
  // executes gets an inner call that decodes into its own copies: it cannot replace the entries
  // this one points at.
  const ExecuteDepth depth;

  // T#: 4 dwords with R128, else 8.
  const uint32_t t_dwords = inst.mods.r128 ? 4 : 8;
  if (inst.srsrc + t_dwords > num_sgprs) {
    return Status::InvalidArgument("SRSRC " + RegRange('s', inst.srsrc, t_dwords) +
                                   " is outside the wave's " + std::to_string(num_sgprs) +
                                   " SGPRs");
  }
  const std::span<const uint32_t> t_words = wave.sgprs.subspan(inst.srsrc, t_dwords);
  // S#: 4 dwords, decoded for the ops that read one; float coordinates (A16 widening as f16, the
  // cube rewrite) are every sampler-style op's, GATHER4H_PCK's included.
  const bool has_sampler = OpUsesSampler(inst.op);
  const bool needs_sampler = NeedsSampler(inst.op);
  const bool s_in_range = inst.ssamp + 4u <= num_sgprs;
  const std::span<const uint32_t> s_words =
      needs_sampler && s_in_range ? wave.sgprs.subspan(inst.ssamp, 4) : std::span<const uint32_t>();
  std::unique_ptr<ImageDesc> own_image;
  std::unique_ptr<SamplerDesc> own_sampler;
  const ImageDesc* image = nullptr;
  const SamplerDesc* sampler = nullptr;
  DescPair pair;
  // The same T# and S# as the instruction before (the usual case): both passed the checks below.
  if (!depth.nested() && (!needs_sampler || s_in_range) &&
      LookUpDescPair(inst.gfx, t_words, s_words, &pair)) {
    image = pair.image;
    sampler = pair.sampler;
  } else {
    TEXUNIT_RETURN_IF_ERROR(LookUpDescriptors(inst, depth.nested(), t_words, s_words, needs_sampler,
                                              num_sgprs, &own_image, &own_sampler, &image,
                                              &sampler));
    if (!depth.nested()) RememberDescPair(inst.gfx, t_words, s_words, {image, sampler});
  }

  thread_local InPlaceRequest last;
  alignas(TexRequest) unsigned char request_storage[sizeof(TexRequest)];
  if (!depth.nested() && SameShape(last, inst, *image, wave)) {
    TexRequest& req = *RequestAt(request_storage, last.request);
    SetWaveFields(image, sampler, memory, wave, precision, &req);
    return runtime.Execute(req);
  }

  // VADDR: layout.dwords dwords. 16-bit operands (A16, G16) are widened into columns of their
  // own; a cube's are rewritten, so copied; the others are read in place unless a register the
  // request writes is one of them (VDATA overlapping VADDR), then copied first.
  ImageType type = ImageType::k2D;
  bool zero_slice = false;
  TEXUNIT_RETURN_IF_ERROR(AddressType(inst, *image, &type, &zero_slice));
  const AddressLayout& layout =
      CachedAddressLayout(inst.op, type, GetAddressPacking(inst.gfx, inst.op, inst.mods));
  if (layout.dwords > 16 || layout.count > 16) {
    return Status::Internal("address layout of " + std::to_string(layout.dwords) + " dwords");
  }
  uint32_t vgpr[16];
  TEXUNIT_RETURN_IF_ERROR(
      AddressVgprs(inst, wave, layout.dwords, inst.mods.a16 || (inst.op.flags & kOpG16), vgpr));
  const VdataUse use = GetVdataUse(inst);
  const uint32_t sources = use.sources;
  const uint32_t results = use.results;
  const bool packed = use.packed_d16;
  // The VGPRs the core writes while it still reads the addresses, as one range (a superset is
  // safe: it only copies more): the results, unless D16 sends them to scratch columns that reach
  // VDATA afterwards, and the status dword after the data registers.
  const uint32_t written_first = inst.vdata;
  const uint32_t written_end = inst.vdata + (use.status      ? use.data_registers + 1
                                             : inst.mods.d16 ? 0
                                                             : results);
  const bool rewrites = type == ImageType::kCube && has_sampler;
  // Ops that write memory copy every column: guest memory might alias the register file.
  const bool copy_all =
      rewrites || inst.op.kind == OpKind::kStore || inst.op.kind == OpKind::kAtomic;
  TexRequest& req = *RequestAt(request_storage, kBlankRequest);
  bool in_place = !copy_all && !inst.mods.d16 && sources == 0;
  alignas(64) uint32_t addr[16][kLaneStride];
  alignas(64) uint32_t wide[16][kLaneStride];
  const uint32_t* dword_column[16];
  for (uint32_t k = 0; k < layout.dwords; ++k) {
    const uint32_t* column = &wave.vgprs[size_t{vgpr[k]} * kLaneStride];
    if (copy_all || (vgpr[k] >= written_first && vgpr[k] < written_end)) {
      std::copy_n(column, kLaneStride, addr[k]);
      dword_column[k] = addr[k];
      in_place = false;
    } else {
      dword_column[k] = column;
    }
  }
  uint32_t* column[16];  // operand k's 32-bit column (written only for a cube, which copied)
  for (uint32_t k = 0; k < layout.count; ++k) {
    if (layout.half[k]) {
      WidenHalves(dword_column[layout.dword[k]], layout.shift[k], has_sampler, wide[k]);
      column[k] = wide[k];
      in_place = false;
    } else {
      column[k] = const_cast<uint32_t*>(dword_column[layout.dword[k]]);
    }
    MapSlot(layout.slots[k], column[k], &req.in);
  }
  if (zero_slice) req.in.coord[2] = kZeroColumn;
  alignas(64) uint32_t cube[kLaneStride];
  if (rewrites) TranslateCubeOperands(column, layout, cube, &req.in);

  // VDATA: sources (stores, atomics), then results, then the TFE/LWE status dword.
  if (inst.vdata + use.registers > num_vgprs) {
    return Status::InvalidArgument("VDATA " + RegRange('v', inst.vdata, use.registers) +
                                   " is outside the wave's " + std::to_string(num_vgprs) +
                                   " VGPRs");
  }
  alignas(64) uint32_t src[4][kLaneStride];
  for (uint32_t k = 0; k < sources; ++k) {
    const uint32_t* column = &wave.vgprs[size_t{inst.vdata + (packed ? k / 2 : k)} * kLaneStride];
    const int shift = packed && (k & 1) ? 16 : 0;
    for (uint32_t lane = 0; lane < kLaneStride; ++lane) {
      src[k][lane] = inst.mods.d16 ? (column[lane] >> shift) & 0xFFFFu : column[lane];
    }
    req.in.data[k] = src[k];
  }
  // D16 results land in scratch columns first and are packed into VDATA afterwards.
  alignas(64) uint32_t d16_result[4][kLaneStride];
  for (uint32_t k = 0; k < results; ++k) {
    req.out.data[k] =
        inst.mods.d16 ? d16_result[k] : &wave.vgprs[size_t{inst.vdata + k} * kLaneStride];
  }
  if (use.status)
    req.out.status = &wave.vgprs[size_t{inst.vdata + use.data_registers} * kLaneStride];

  // The request is 32-bit: the 16-bit operands were widened above.
  req.op = inst.op;
  req.op.flags &= ~kOpG16;
  req.mods = inst.mods;
  req.mods.a16 = false;
  SetWaveFields(image, sampler, memory, wave, precision, &req);
  if (!depth.nested()) {
    last.valid = false;
    if (in_place) RememberShape(inst, *image, wave, req, &last);
  }
  TEXUNIT_RETURN_IF_ERROR(runtime.Execute(req));
  if (inst.mods.d16 && results > 0) WriteD16Results(inst, wave, d16_result, results, packed);
  return Status::Ok();
}

}  // namespace texunit::gcn
