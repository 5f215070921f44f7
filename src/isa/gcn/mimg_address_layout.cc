// The VADDR layout of a MIMG op (see mimg_address_layout.h). The per-dim counts agree with
// llvm-mc 14 for gfx1010, whose assembler checks the address size against DIM (the same layout
// as GFX6-9; tests/isa/gcn/data/mimg_addr_llvm_mc.txt holds what it accepted):
//   body:        1D x | 1D array x,slice | 2D x,y | 2D array x,y,slice | 3D x,y,z | cube x,y,face |
//                2D MSAA x,y,fragment | 2D MSAA array x,y,slice,fragment
//   derivatives: one per coordinate of the image's 1D/2D/3D space, all d/dx then all d/dy; arrays
//                and MSAA have none for slice/fragment, cube has two (2D-style: 4 dwords in all).
// 16-bit packing (A16, G16) follows LLVM's AMDGPU backend, which packs them for the hardware
// (AMDGPULegalizerInfo.cpp packImage16bitOpsToDwords, SIISelLowering.cpp lowerImage) and whose
// gfx1010 assembler accepts exactly these counts; docs/replay-format.md, "A16 and G16", has the
// tables and sources.
#include "isa/gcn/mimg_address_layout.h"

#include <bit>
#include <iterator>

#include "formats/half_to_float.h"
#include "isa/gcn/mimg_opcodes.h"

namespace texunit::gcn {

namespace {

class LayoutBuilder {
 public:
  void Add(AddrSlot s) {
    if (layout_.count < std::size(layout_.slots)) layout_.slots[layout_.count++] = s;
  }
  AddressLayout Done() const { return layout_; }

 private:
  AddressLayout layout_;
};

bool IsDerivative(AddrSlot s) {
  return s == AddrSlot::kDsDx || s == AddrSlot::kDtDx || s == AddrSlot::kDrDx ||
         s == AddrSlot::kDsDy || s == AddrSlot::kDtDy || s == AddrSlot::kDrDy;
}

bool IsDxDerivative(AddrSlot s) {
  return s == AddrSlot::kDsDx || s == AddrSlot::kDtDx || s == AddrSlot::kDrDx;
}

// The packing group of a slot: operands pair up only inside their group. Offset, bias and
// z-compare are groups of one each; d/dx, d/dy and the body with lod/clamp/mip are one each.
enum class Group : uint8_t { kOffset, kBias, kZCompare, kDx, kDy, kBody };

Group GroupOf(AddrSlot s) {
  switch (s) {
    case AddrSlot::kOffset:
      return Group::kOffset;
    case AddrSlot::kBias:
      return Group::kBias;
    case AddrSlot::kZCompare:
      return Group::kZCompare;
    default:
      if (IsDerivative(s)) return IsDxDerivative(s) ? Group::kDx : Group::kDy;
      return Group::kBody;
  }
}

// Whether the operands of `g` are 16-bit under `p`. Bias is (an f16 alone in its dword) with A16;
// offset and z-compare never are.
bool IsSixteenBit(Group g, AddressPacking p) {
  switch (g) {
    case Group::kOffset:
    case Group::kZCompare:
      return false;
    case Group::kBias:
    case Group::kBody:
      return p.a16;
    case Group::kDx:
    case Group::kDy:
      return p.g16;
  }
  return false;
}

// Gives every slot its dword: 32-bit operands one each; 16-bit ones two to a dword, the first in
// bits 15:0, within their group (a group with an odd count leaves its last high half unused).
void AssignDwords(AddressPacking packing, AddressLayout* l) {
  uint8_t dword = 0;
  for (uint8_t k = 0; k < l->count;) {
    const Group g = GroupOf(l->slots[k]);
    const bool half = IsSixteenBit(g, packing);
    l->dword[k] = dword;
    l->shift[k] = 0;
    l->half[k] = half;
    ++k;
    // Bias is a group of one; a pair needs a second operand of the same group.
    if (half && g != Group::kBias && k < l->count && GroupOf(l->slots[k]) == g) {
      l->dword[k] = dword;
      l->shift[k] = 16;
      l->half[k] = true;
      ++k;
    }
    ++dword;
  }
  l->dwords = dword;
}

// Coordinates of the image's (non-array) space that derivatives are given for: 1, 2 or 3.
int DerivativeAxes(ImageType dim) {
  switch (dim) {
    case ImageType::k1D:
    case ImageType::k1DArray:
      return 1;
    case ImageType::k3D:
      return 3;
    default:  // 2D, 2D array, cube (face-local s,t), MSAA
      return 2;
  }
}

void AddBody(ImageType dim, LayoutBuilder* b) {
  b->Add(AddrSlot::kX);
  switch (dim) {
    case ImageType::k1D:
      break;
    case ImageType::k1DArray:
      b->Add(AddrSlot::kSlice);
      break;
    case ImageType::k2D:
      b->Add(AddrSlot::kY);
      break;
    case ImageType::k2DArray:
      b->Add(AddrSlot::kY);
      b->Add(AddrSlot::kSlice);
      break;
    case ImageType::k3D:
      b->Add(AddrSlot::kY);
      b->Add(AddrSlot::kZ);
      break;
    case ImageType::kCube:
      b->Add(AddrSlot::kY);
      b->Add(AddrSlot::kFace);
      break;
    case ImageType::k2DMsaa:
      b->Add(AddrSlot::kY);
      b->Add(AddrSlot::kFragment);
      break;
    case ImageType::k2DMsaaArray:
      b->Add(AddrSlot::kY);
      b->Add(AddrSlot::kSlice);
      b->Add(AddrSlot::kFragment);
      break;
  }
}

}  // namespace

AddressLayout GetAddressLayout(const Op& op, ImageType dim, AddressPacking packing) {
  LayoutBuilder b;
  switch (op.kind) {
    case OpKind::kGetResinfo:
      b.Add(AddrSlot::kMip);
      break;
    case OpKind::kBvhIntersectRay:
      break;  // not an image address: the RDNA front end lays out the ray itself
    case OpKind::kLoad:
    case OpKind::kStore:
    case OpKind::kAtomic:
    case OpKind::kMsaaLoad:
      AddBody(dim, &b);
      if (op.flags & kOpMip) b.Add(AddrSlot::kMip);
      break;
    case OpKind::kSample:
    case OpKind::kGather4:
    case OpKind::kGetLod:
      if (op.flags & kOpOffset) b.Add(AddrSlot::kOffset);
      if (op.flags & kOpBias) b.Add(AddrSlot::kBias);
      if (op.flags & kOpCompare) b.Add(AddrSlot::kZCompare);
      if (op.flags & (kOpDeriv | kOpCoarseDeriv)) {
        const int axes = DerivativeAxes(dim);
        constexpr AddrSlot kDx[] = {AddrSlot::kDsDx, AddrSlot::kDtDx, AddrSlot::kDrDx};
        constexpr AddrSlot kDy[] = {AddrSlot::kDsDy, AddrSlot::kDtDy, AddrSlot::kDrDy};
        for (int i = 0; i < axes; ++i) b.Add(kDx[i]);
        for (int i = 0; i < axes; ++i) b.Add(kDy[i]);
      }
      AddBody(dim, &b);
      if (op.flags & kOpLod) b.Add(AddrSlot::kLod);
      if (op.flags & kOpClamp) b.Add(AddrSlot::kClamp);
      break;
  }
  AddressLayout layout = b.Done();
  AssignDwords(packing, &layout);
  return layout;
}

const char* AddrSlotName(AddrSlot s) {
  switch (s) {
    case AddrSlot::kOffset:
      return "offset";
    case AddrSlot::kBias:
      return "bias";
    case AddrSlot::kZCompare:
      return "z-compare";
    case AddrSlot::kDsDx:
      return "ds/dx";
    case AddrSlot::kDtDx:
      return "dt/dx";
    case AddrSlot::kDrDx:
      return "dr/dx";
    case AddrSlot::kDsDy:
      return "ds/dy";
    case AddrSlot::kDtDy:
      return "dt/dy";
    case AddrSlot::kDrDy:
      return "dr/dy";
    case AddrSlot::kX:
      return "x";
    case AddrSlot::kY:
      return "y";
    case AddrSlot::kZ:
      return "z";
    case AddrSlot::kSlice:
      return "slice";
    case AddrSlot::kFace:
      return "face";
    case AddrSlot::kFragment:
      return "fragment";
    case AddrSlot::kLod:
      return "lod";
    case AddrSlot::kClamp:
      return "clamp";
    case AddrSlot::kMip:
      return "mip";
  }
  return "?";
}

AddressPacking GetAddressPacking(Gfx gfx, const Op& op, const Modifiers& mods) {
  AddressPacking p;
  p.a16 = mods.a16;
  // GFX9 ties the derivatives to A16; GFX10 gives them their own opcodes (_G16).
  p.g16 = IsGcnGfx(gfx) ? mods.a16 : (op.flags & kOpG16) != 0;
  return p;
}

uint32_t WidenAddress16(uint16_t h, bool f16) { return f16 ? HalfToFloatBits(h) : h; }

std::string AddressLayoutText(const AddressLayout& l) {
  std::string s;
  for (uint8_t k = 0; k < l.count; ++k) {
    if (k) s += ", ";
    if (!l.half[k]) {
      s += AddrSlotName(l.slots[k]);
      continue;
    }
    s += '(';
    s += AddrSlotName(l.slots[k]);
    s += ", ";
    if (k + 1 < l.count && l.dword[k + 1] == l.dword[k]) {
      s += AddrSlotName(l.slots[++k]);
    } else {
      s += '-';
    }
    s += ')';
  }
  return s;
}

}  // namespace texunit::gcn
