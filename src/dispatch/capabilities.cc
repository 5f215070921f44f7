// The release's instruction families (texunit/capabilities.h): the one list that says what runs.
#include "texunit/capabilities.h"

#include <bit>

namespace texunit {
namespace {

constexpr uint32_t kLodSources = kOpLod | kOpLz | kOpBias | kOpDeriv | kOpCoarseDeriv;
constexpr uint32_t kSampleSuffixes = kLodSources | kOpClamp | kOpCompare | kOpOffset;
constexpr uint32_t kGatherSuffixes = kOpLod | kOpLz | kOpBias | kOpClamp | kOpCompare | kOpOffset;

constexpr OpFamily kFamilies[] = {
    {"IMAGE_LOAD", OpKind::kLoad, kOpMip | kOpPck | kOpSgn, SuffixRule::kSgnNeedsPck,
     kEveryImageType, true, ""},
    {"IMAGE_STORE", OpKind::kStore, kOpMip | kOpPck, SuffixRule::kAnySubset, kEveryImageType, true,
     ""},
    {"IMAGE_GET_RESINFO", OpKind::kGetResinfo, 0, SuffixRule::kAnySubset, kEveryImageType, true,
     ""},
    {"IMAGE_ATOMIC", OpKind::kAtomic, 0, SuffixRule::kAnySubset, kEveryImageType, true, ""},
    {"IMAGE_SAMPLE", OpKind::kSample, kSampleSuffixes, SuffixRule::kOneLodSource,
     kSampledImageTypes, true, ""},
    {"IMAGE_GATHER4", OpKind::kGather4, kGatherSuffixes, SuffixRule::kOneLodSource,
     kSampledImageTypes, true, ""},
    // GFX9/GFX10's 4x1 gather (docs/sampling.md, "GATHER4H").
    {"IMAGE_GATHER4H", OpKind::kGather4, kOpGather4H, SuffixRule::kAnySubset, kSampledImageTypes,
     true, ""},
    // Its raw, packed form: four LOAD_PCKs (Runtime::Execute composes them; docs/sampling.md,
    // "GATHER4H_PCK"). Both flags, so the row is matched by exactly this op.
    {"IMAGE_GATHER4H_PCK", OpKind::kGather4, kOpGather4H | kOpPck, SuffixRule::kAllOf,
     ImageTypeBit(ImageType::k1D) | ImageTypeBit(ImageType::k2D), true, ""},
    {"IMAGE_GET_LOD", OpKind::kGetLod, 0, SuffixRule::kAnySubset, kSampledImageTypes, true, ""},
    // Four one-component loads (Runtime::Execute composes them; docs/sampling.md, "MSAA_LOAD").
    {"IMAGE_MSAA_LOAD", OpKind::kMsaaLoad, 0, SuffixRule::kAnySubset,
     ImageTypeBit(ImageType::k2DMsaa) | ImageTypeBit(ImageType::k2DMsaaArray), true, ""},
    // Not an image op: its request is a BvhRequest (Runtime::IntersectRays, docs/bvh.md).
    {"IMAGE_BVH_INTERSECT_RAY", OpKind::kBvhIntersectRay, 0, SuffixRule::kAnySubset, 0, true, ""},
    // Outside this release.
    {"IMAGE_SAMPLE_*_G16", OpKind::kSample, kSampleSuffixes | kOpG16, SuffixRule::kOneLodSource,
     kSampledImageTypes, false,
     "a request's derivatives are 32-bit; gcn::Execute widens the _G16 ops' 16-bit ones and "
     "sends the _D op"},
};

bool FollowsRule(const OpFamily& f, uint32_t flags) {
  if ((flags & ~f.suffixes) != 0) return false;
  switch (f.rule) {
    case SuffixRule::kSgnNeedsPck:
      return (flags & kOpSgn) == 0 || (flags & kOpPck) != 0;
    case SuffixRule::kAllOf:
      return flags == f.suffixes;
    case SuffixRule::kOneLodSource: {
      const uint32_t source = flags & kLodSources;
      if (std::popcount(source) > 1) return false;
      return (flags & kOpClamp) == 0 || (source & (kOpLod | kOpLz)) == 0;
    }
    default:
      return true;
  }
}

}  // namespace

std::span<const OpFamily> OpFamilies() { return kFamilies; }

const OpFamily* FindOpFamily(Op op) {
  if ((op.kind == OpKind::kAtomic) != (op.atomic != AtomicOp::kNone)) return nullptr;
  for (const OpFamily& f : kFamilies) {
    if (f.kind == op.kind && FollowsRule(f, op.flags)) return &f;
  }
  return nullptr;
}

bool IsImplementedOp(Op op) {
  const OpFamily* f = FindOpFamily(op);
  return f != nullptr && f->implemented;
}

}  // namespace texunit
