// texunit::OpName: the hardware-style name of a neutral Op, lower case and without the IMAGE_
// prefix. Suffixes come in the order of the hardware mnemonics: _c, then the derivative kind
// (_d or _cd), then the LOD source (_l, _b or _lz), then _cl, then _o, then _g16
// ("sample_c_d_cl_o_g16"); loads and stores are base_mip_pck_sgn.
#include <string>

#include "texunit/request.h"

namespace texunit {

namespace {

const char* AtomicName(AtomicOp a) {
  switch (a) {
    case AtomicOp::kNone:
      return "none";
    case AtomicOp::kSwap:
      return "swap";
    case AtomicOp::kCmpSwap:
      return "cmpswap";
    case AtomicOp::kAdd:
      return "add";
    case AtomicOp::kSub:
      return "sub";
    case AtomicOp::kRsub:
      return "rsub";
    case AtomicOp::kSmin:
      return "smin";
    case AtomicOp::kUmin:
      return "umin";
    case AtomicOp::kSmax:
      return "smax";
    case AtomicOp::kUmax:
      return "umax";
    case AtomicOp::kAnd:
      return "and";
    case AtomicOp::kOr:
      return "or";
    case AtomicOp::kXor:
      return "xor";
    case AtomicOp::kInc:
      return "inc";
    case AtomicOp::kDec:
      return "dec";
    case AtomicOp::kFcmpSwap:
      return "fcmpswap";
    case AtomicOp::kFmin:
      return "fmin";
    case AtomicOp::kFmax:
      return "fmax";
  }
  return "unknown";
}

void Append(std::string* name, uint32_t flags, uint32_t flag, const char* suffix) {
  if (flags & flag) *name += suffix;
}

}  // namespace

std::string OpName(Op op) {
  const uint32_t f = op.flags;
  std::string name;
  switch (op.kind) {
    case OpKind::kLoad:
    case OpKind::kStore:
      name = op.kind == OpKind::kLoad ? "load" : "store";
      Append(&name, f, kOpMip, "_mip");
      Append(&name, f, kOpPck, "_pck");
      Append(&name, f, kOpSgn, "_sgn");
      return name;
    case OpKind::kGetResinfo:
      return "get_resinfo";
    case OpKind::kAtomic:
      return std::string("atomic_") + AtomicName(op.atomic);
    case OpKind::kMsaaLoad:
      return "msaa_load";
    case OpKind::kBvhIntersectRay:
      return "bvh_intersect_ray";
    case OpKind::kGetLod:
      return "get_lod";
    case OpKind::kSample:
      name = "sample";
      break;
    case OpKind::kGather4:
      name = (f & kOpGather4H) ? "gather4h" : "gather4";
      break;
  }
  Append(&name, f, kOpCompare, "_c");
  Append(&name, f, kOpDeriv, "_d");
  Append(&name, f, kOpCoarseDeriv, "_cd");
  Append(&name, f, kOpLod, "_l");
  Append(&name, f, kOpBias, "_b");
  Append(&name, f, kOpLz, "_lz");
  Append(&name, f, kOpClamp, "_cl");
  Append(&name, f, kOpOffset, "_o");
  Append(&name, f, kOpG16, "_g16");
  Append(&name, f, kOpPck, "_pck");
  return name;
}

}  // namespace texunit
