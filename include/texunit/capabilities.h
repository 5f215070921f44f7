// What this release executes, as one table of instruction families (src/dispatch/capabilities.cc).
// Request validation (PrepareWave) accepts exactly the ops it marks implemented, the scalar
// reference takes its scope from it, `texunit info` prints it, and tests check README's
// "Supported instructions" table and every GCN opcode against it. A front end maps its opcodes to
// an Op; an Op that no implemented family accepts is Unimplemented, naming the family's note.
#pragma once

#include <cstdint>
#include <span>

#include "texunit/descriptors.h"
#include "texunit/request.h"

namespace texunit {

// One bit per T# TYPE (ImageType values 8..15).
using ImageTypeMask = uint16_t;
constexpr ImageTypeMask ImageTypeBit(ImageType t) {
  const unsigned v = static_cast<unsigned>(t);
  return v < 16 ? static_cast<ImageTypeMask>(1u << v) : 0;  // no bit for a value out of range
}
inline constexpr ImageTypeMask kEveryImageType = 0xFF00;
inline constexpr ImageTypeMask kSampledImageTypes =
    kEveryImageType & ~(ImageTypeBit(ImageType::k2DMsaa) | ImageTypeBit(ImageType::k2DMsaaArray));

// How a family's suffixes combine, beyond being a subset of its `suffixes`.
enum class SuffixRule : uint8_t {
  kAnySubset,
  kSgnNeedsPck,  // loads: _PCK_SGN exists, _SGN alone does not
  kAllOf,        // exactly the listed suffixes (GATHER4H_PCK)
  // Sample and gather4: at most one LOD source (_L, _LZ, _B, _D, _CD), and _CL only alone or with
  // _B, _D or _CD (there is no _L_CL or _LZ_CL opcode).
  kOneLodSource,
};

struct OpFamily {
  const char* name;  // as README names it: "IMAGE_SAMPLE"
  OpKind kind;
  uint32_t suffixes;  // the OpFlag bits its members may carry
  SuffixRule rule;
  ImageTypeMask types;  // the T# types it reads (another is InvalidArgument)
  bool implemented;     // false: outside this release (Unimplemented)
  const char* note;     // for the families outside this release: what they wait for
};

// Every family, implemented ones first.
std::span<const OpFamily> OpFamilies();

// The family `op` belongs to (its kind and suffixes, the rule included; atomics need an AtomicOp),
// implemented or not, or null when it is no instruction of any family.
const OpFamily* FindOpFamily(Op op);

// Whether this release executes `op`.
bool IsImplementedOp(Op op);

}  // namespace texunit
