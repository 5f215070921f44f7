// The VADDR layout of a MIMG op (see mimg_address_layout.h). The per-dim counts agree with
// llvm-mc 14 for gfx1010, whose assembler checks the address size against DIM (the same layout
// as GFX6-9; tests/isa/gcn/data/mimg_addr_llvm_mc.txt holds what it accepted):
//   body:        1D x | 1D array x,slice | 2D x,y | 2D array x,y,slice | 3D x,y,z | cube x,y,face |
//                2D MSAA x,y,fragment | 2D MSAA array x,y,slice,fragment
//   derivatives: one per coordinate of the image's 1D/2D/3D space, all d/dx then all d/dy; arrays
//                and MSAA have none for slice/fragment, cube has two (2D-style: 4 dwords in all).
#include "isa/gcn/mimg_address_layout.h"

#include <iterator>

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

AddressLayout GetAddressLayout(const Op& op, ImageType dim) {
  LayoutBuilder b;
  switch (op.kind) {
    case OpKind::kGetResinfo:
      b.Add(AddrSlot::kMip);
      return b.Done();
    case OpKind::kBvhIntersectRay:
      return b.Done();  // not an image address: the RDNA front end lays out the ray itself
    case OpKind::kLoad:
    case OpKind::kStore:
    case OpKind::kAtomic:
    case OpKind::kMsaaLoad:
      AddBody(dim, &b);
      if (op.flags & kOpMip) b.Add(AddrSlot::kMip);
      return b.Done();
    case OpKind::kSample:
    case OpKind::kGather4:
    case OpKind::kGetLod:
      break;
  }
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
  return b.Done();
}

}  // namespace texunit::gcn
