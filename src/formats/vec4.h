// Four SIMD vectors addressed by index: a texel's four channels, or its four 32-bit words.
//
// Arm SVE vectors are sizeless types: they cannot be array elements or struct members, so
// `VF c[4]` does not compile for the SVE targets. The vectors live in four locals instead
// (TEXUNIT_VEC4 declares them) and a Vec4 refers to them; c[i] reads and writes the i-th. Once the
// kernel is inlined the compiler sees through the references, as it saw through the array (the
// x86 benchmarks run at the same speed as with arrays).
#ifndef TEXUNIT_FORMATS_VEC4_H_
#define TEXUNIT_FORMATS_VEC4_H_

namespace texunit {

template <class V>
class Vec4 {
 public:
  Vec4(V& v0, V& v1, V& v2, V& v3) : v0_(v0), v1_(v1), v2_(v2), v3_(v3) {}
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

// Declares four vectors of type V and `name`, the Vec4 that addresses them.
#define TEXUNIT_VEC4(V, name)                   \
  V name##_0_, name##_1_, name##_2_, name##_3_; \
  const ::texunit::Vec4<V> name(name##_0_, name##_1_, name##_2_, name##_3_)

#endif  // TEXUNIT_FORMATS_VEC4_H_
