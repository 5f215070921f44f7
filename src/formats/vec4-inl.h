// Four SIMD vectors addressed by index: a texel's four channels, or its four 32-bit words.
//
// Arm SVE vectors (and RISC-V V ones) are sizeless types: they cannot be array elements or struct
// members, so `VF c[4]` does not compile for those targets. There, the four vectors are four
// locals and a Vec4 holds references to them (Vec4Ref). Every other target keeps a real array
// and a Vec4 is a pointer to it (Vec4Array), exactly what a `VF c[4]` parameter was, so the
// sized targets compile to the same code as before. TEXUNIT_VEC4(V, name) declares the storage
// and `name`, the Vec4 that addresses it; functions take a Vec4<V> by value.

// The classes: target-independent, defined once.
#ifndef TEXUNIT_FORMATS_VEC4_CLASSES_
#define TEXUNIT_FORMATS_VEC4_CLASSES_

#include <type_traits>

namespace texunit {

template <class V>
class Vec4Array {
 public:
  explicit Vec4Array(V* v) : v_(v) {}
  V& operator[](int i) const { return v_[i]; }

 private:
  V* v_;
};

template <class V>
class Vec4Ref {
 public:
  Vec4Ref(V& v0, V& v1, V& v2, V& v3) : v0_(v0), v1_(v1), v2_(v2), v3_(v3) {}
  // A select rather than a table of pointers: with a constant index it folds to one vector, with
  // a run-time one (a format's word number) it picks an address without a stored table.
  V& operator[](int i) const { return i == 0 ? v0_ : i == 1 ? v1_ : i == 2 ? v2_ : v3_; }

 private:
  V& v0_;
  V& v1_;
  V& v2_;
  V& v3_;
};

}  // namespace texunit

#endif  // TEXUNIT_FORMATS_VEC4_CLASSES_

// Per target: which class, and how TEXUNIT_VEC4 declares the storage.
#if defined(TEXUNIT_FORMATS_VEC4_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef TEXUNIT_FORMATS_VEC4_INL_H_
#undef TEXUNIT_FORMATS_VEC4_INL_H_
#else
#define TEXUNIT_FORMATS_VEC4_INL_H_
#endif

#include "hwy/highway.h"

HWY_BEFORE_NAMESPACE();
namespace texunit {
namespace HWY_NAMESPACE {

template <class V>
using Vec4 = std::conditional_t<HWY_HAVE_SCALABLE, Vec4Ref<V>, Vec4Array<V>>;

// A member of a struct that hands vectors from one stage to the next. On sized targets it is the
// vector, and the struct declares TEXUNIT_VFIELD_CTOR: an empty constructor of its own, compiled
// with the target's attributes (the implicit one is not, and NEON's always_inline vector
// constructor then refuses to be inlined into it). On scalable targets, whose sizeless vectors
// cannot be members, it is a reference to a local of the caller; each such struct comes with a
// TEXUNIT_* macro that declares the locals and the struct bound to them.
template <class V>
using VField = std::conditional_t<HWY_HAVE_SCALABLE, V&, V>;

}  // namespace HWY_NAMESPACE
}  // namespace texunit
HWY_AFTER_NAMESPACE();

#undef TEXUNIT_VEC4
#undef TEXUNIT_VFIELD_CTOR
#if HWY_HAVE_SCALABLE
#define TEXUNIT_VFIELD_CTOR(Name)
#else
#define TEXUNIT_VFIELD_CTOR(Name) \
  HWY_INLINE Name() {}
#endif
#if HWY_HAVE_SCALABLE
#define TEXUNIT_VEC4(V, name)                   \
  V name##_0_, name##_1_, name##_2_, name##_3_; \
  const Vec4<V> name(name##_0_, name##_1_, name##_2_, name##_3_)
#else
#define TEXUNIT_VEC4(V, name) \
  V name##_[4];               \
  const Vec4<V> name(name##_)
#endif

#endif  // TEXUNIT_FORMATS_VEC4_INL_H_
