// A small Vulkan compute runner on Mesa's lavapipe (the CPU Vulkan driver from Debian's
// mesa-vulkan-drivers): the independent implementation the conformance tests compare texunit
// with, and the peer the benchmarks in benchmarks/peers/ time. It creates a 2D image (or a 2D
// array seen as a cube or cube array, a 1D image or array, or a 3D image, as Image2D's view type
// says) from the same texel bytes texunit reads (every level and layer, uploaded from texunit's
// linear layout), runs a compute shader compiled by glslc at build time over per-lane operands,
// and reads the results back. Only lavapipe is used: a GPU driver would answer for other
// hardware, and a missing CPU device makes the tests skip, not fail. It is not part of
// libtexunit (CMake target texunit_vulkan).
#pragma once

#include <vulkan/vulkan.h>

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "texunit/layout.h"

namespace texunit::conformance {

// What the shader's texture returns: vec4 (UNORM, SNORM, SCALED, FLOAT, SRGB), uvec4 or ivec4.
enum class SampledKind { kFloat, kUint, kSint };

struct Image2D {
  VkFormat format = VK_FORMAT_UNDEFINED;
  uint32_t width = 1;
  uint32_t height = 1;
  uint32_t levels = 1;
  const ImageLayout* layout = nullptr;  // where each level is in `bytes` (texunit's linear layout)
  std::span<const uint8_t> bytes;
  // Array layers of the image (cube faces count as layers: 6 per cube, +X -X +Y -Y +Z -Z), each
  // level's layers one slice after another in `bytes` as texunit's layout stores them. A CUBE or
  // CUBE_ARRAY view makes the image cube-compatible; the view sees layers
  // `base_layer .. base_layer + view_layers - 1` (view_layers 0: all from base_layer).
  uint32_t layers = 1;
  VkImageViewType view_type = VK_IMAGE_VIEW_TYPE_2D;
  uint32_t base_layer = 0;
  uint32_t view_layers = 0;
  // 3D images (view_type 3D): the depth of level 0; each level's slices one after another in
  // `bytes`. 1D and 1D_ARRAY views make a 1D image (height 1).
  uint32_t depth = 1;
};

// One lane's texelFetch operands: x, y, level.
using FetchCoord = std::array<int32_t, 3>;
// One lane's textureLod operands: s, t (normalized), lod.
using LodCoord = std::array<float, 3>;

// One lane of imageStore(img, ivec2(x, y), value): the value's four 32-bit words (float bits for
// float formats, integers for UINT/SINT ones).
struct StoreLane {
  uint32_t x = 0, y = 0;
  std::array<uint32_t, 4> value = {};
};

// The VkSampler of a request (texelFetch ignores it). `compare_enable` makes it a depth-compare
// sampler for sampler2DShadow shaders, with `compare_op` as the test (ref OP texel).
struct SamplerState {
  VkFilter mag = VK_FILTER_NEAREST;
  VkFilter min = VK_FILTER_NEAREST;
  VkSamplerMipmapMode mip = VK_SAMPLER_MIPMAP_MODE_NEAREST;
  VkSamplerAddressMode address_u = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  VkSamplerAddressMode address_v = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  bool compare_enable = false;
  VkCompareOp compare_op = VK_COMPARE_OP_NEVER;
  VkSamplerAddressMode address_w = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  // VkSamplerReductionModeCreateInfo (VK_EXT_sampler_filter_minmax): MIN or MAX reduce instead of
  // the weighted average (see CanReduce).
  VkSamplerReductionMode reduction = VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE;
  // The border colour of CLAMP_TO_BORDER; VK_BORDER_COLOR_FLOAT_CUSTOM_EXT takes `custom_border`
  // (float bits, VK_EXT_custom_border_color, see CanCustomBorder) with the image's format.
  VkBorderColor border_color = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK;
  std::array<uint32_t, 4> custom_border = {};
  // unnormalizedCoordinates: minLod = maxLod = 0 (Vulkan requires both).
  bool unnormalized = false;
  // anisotropyEnable with maxAnisotropy `max_anisotropy` when above 1 (the device's
  // samplerAnisotropy feature, enabled where it has it; see CanAniso).
  float max_anisotropy = 1.0f;
};

class VkRunner;

// One compute dispatch for VkRunner::Prepare. The descriptor set is binding 0: `image` (a
// combined image sampler made from `sampler`, or a storage image when `storage`), binding 1: the
// operands (read-only storage buffer), binding 2: `results` uvec4s (storage buffer); the push
// constants are four 32-bit words.
struct DispatchSpec {
  const Image2D* image = nullptr;
  SamplerState sampler;
  // The shader's SPIR-V words; when empty, the module `shader_name`.spv in the runner's SPIR-V
  // directory.
  std::span<const uint32_t> spirv;
  std::string shader_name;
  std::span<const std::array<uint32_t, 4>> operands;
  uint32_t results = 0;
  uint32_t groups = 1;  // workgroups along x
  std::array<uint32_t, 4> push = {};
  // The image (one level) bound as a storage image, and its bytes copied back after each
  // dispatch (PreparedDispatch::image_bytes).
  bool storage = false;
};

// A dispatch made once (image uploaded, pipeline compiled, command buffer recorded) and submitted
// any number of times: the peer benchmarks time Submit. It must not outlive its runner.
class PreparedDispatch {
 public:
  ~PreparedDispatch();
  PreparedDispatch(const PreparedDispatch&) = delete;
  PreparedDispatch& operator=(const PreparedDispatch&) = delete;

  // Submits the recorded command buffer and waits for its fence.
  bool Submit(std::string* error);
  // The results of the last Submit (binding 2), mapped host memory.
  std::span<const std::array<uint32_t, 4>> results() const;
  // DispatchSpec::storage: the image's bytes after the last Submit, in the layout they were
  // uploaded from.
  std::span<const uint8_t> image_bytes() const;

 private:
  friend class VkRunner;
  struct Resources;
  explicit PreparedDispatch(VkRunner* runner);
  VkRunner* runner_;
  std::unique_ptr<Resources> r_;
};

class VkRunner {
 public:
  // The lavapipe device, or null with `why` set when there is none (no loader, no ICD, no CPU
  // device): callers skip with that message. Shaders named by DispatchSpec::shader_name (and by
  // Run, RunStorage and the typed helpers) are read from `spirv_dir`.
  static std::unique_ptr<VkRunner> Create(std::string* why, std::string spirv_dir = {});
  ~VkRunner();
  VkRunner(const VkRunner&) = delete;
  VkRunner& operator=(const VkRunner&) = delete;

  std::string device_name() const { return device_name_; }
  // Whether lavapipe can sample `format` from an optimally tiled image.
  bool CanSample(VkFormat format) const;
  // Whether it can also filter `format` linearly (VK_FILTER_LINEAR).
  bool CanFilterLinear(VkFormat format) const;
  // Whether samplers may reduce `format` with MIN / MAX (VK_EXT_sampler_filter_minmax enabled and
  // the format's SAMPLED_IMAGE_FILTER_MINMAX feature).
  bool CanReduce(VkFormat format) const;
  // Whether VK_EXT_custom_border_color is enabled (customBorderColorWithoutFormat not needed:
  // the runner names the image's format).
  bool CanCustomBorder() const { return custom_border_; }
  // Whether the samplerAnisotropy feature is enabled.
  bool CanAniso() const { return aniso_; }
  // textureGatherOffsets (shaderImageGatherExtended): the GATHER4H oracle's shader needs it.
  bool CanGatherOffsets() const { return gather_extended_; }
  // Whether 64-bit image atomics are enabled (VK_EXT_shader_image_atomic_int64's
  // shaderImageInt64Atomics, with shaderInt64): R64_UINT / R64_SINT storage images that
  // CanStorageAtomic accepts. Without them, `image_int64_why()` says what is missing.
  bool CanImageInt64Atomics() const { return image_int64_atomics_; }
  const std::string& image_int64_why() const { return image_int64_why_; }
  // texelFetch(tex, ivec2(x, y), level) for every lane; each result is the vec4/uvec4/ivec4's four
  // 32-bit words. Returns false with `error` on any Vulkan failure.
  bool TexelFetch(const Image2D& image, SampledKind kind, std::span<const FetchCoord> coords,
                  std::vector<std::array<uint32_t, 4>>* out, std::string* error);
  // Whether lavapipe can imageStore `format` without a format qualifier and copy it back.
  bool CanStore(VkFormat format) const;
  // imageStore of every lane into a one-level image holding `image.bytes`, then the image's
  // bytes in the same layout.
  bool ImageStore(const Image2D& image, SampledKind kind, std::span<const StoreLane> lanes,
                  std::vector<uint8_t>* bytes_after, std::string* error);
  // textureLod(tex, vec2(s, t), lod) of a vec4 texture with `sampler`, for every lane.
  bool TextureLod(const Image2D& image, const SamplerState& sampler,
                  std::span<const LodCoord> coords, std::vector<std::array<uint32_t, 4>>* out,
                  std::string* error);
  // The compute shader `shader_name` (a .spv built from tests/conformance/shaders/), one lane per
  // element of `operands`, each lane reading its uvec4 operand and writing one uvec4 result, with
  // `image` bound as a combined image sampler made from `sampler`. Depth formats are bound
  // through their depth aspect. The shaders' interface is lod_float.comp's; with
  // `uvec4s_per_lane` > 1 lane i reads operand[n * i .. n * i + n - 1] (cube_float.comp's).
  bool Run(const Image2D& image, const std::string& shader_name, const SamplerState& sampler,
           std::span<const std::array<uint32_t, 4>> operands,
           std::vector<std::array<uint32_t, 4>>* out, std::string* error,
           uint32_t uvec4s_per_lane = 1);
  // Whether `format` is a storage image with atomics (STORAGE_IMAGE_ATOMIC) that can be copied in
  // and out.
  bool CanStorageAtomic(VkFormat format) const;
  // As Run, with `image` (one level) bound as a storage image instead of a sampled one (the
  // shader names its format, as image atomics need), and its bytes after the dispatch read back
  // into `bytes_after` in the same layout: atomics return values through `out`.
  bool RunStorage(const Image2D& image, const std::string& shader_name,
                  std::span<const std::array<uint32_t, 4>> operands,
                  std::vector<std::array<uint32_t, 4>>* out, std::vector<uint8_t>* bytes_after,
                  std::string* error, uint32_t uvec4s_per_lane = 1);
  // Makes `spec`'s dispatch: uploads the image, compiles the pipeline and records the command
  // buffer, without submitting it.
  bool Prepare(const DispatchSpec& spec, std::unique_ptr<PreparedDispatch>* out,
               std::string* error);

 private:
  friend class PreparedDispatch;
  VkRunner() = default;
  struct Buffer;
  bool MakeBuffer(VkDeviceSize size, VkBufferUsageFlags usage, Buffer* out, std::string* error);
  void FreeBuffer(Buffer* b);
  bool LoadShader(const std::string& name, VkShaderModule* out, std::string* error);
  // Runs the compute shader `shader_name` (a .spv built from tests/conformance/shaders/) on
  // `lanes` lanes with their operand words (one or more uvec4 per lane, as the shader reads them)
  // and `image` bound through a sampler made from `sampler`, or, when `bytes_after` is given, as
  // a storage image whose contents are read back into it.
  bool Dispatch(const Image2D& image, const std::string& shader_name, const SamplerState& sampler,
                std::span<const std::array<uint32_t, 4>> operands, uint32_t lanes,
                std::vector<std::array<uint32_t, 4>>* out, std::vector<uint8_t>* bytes_after,
                std::string* error);
  uint32_t MemoryType(uint32_t bits, VkMemoryPropertyFlags flags) const;

  std::string spirv_dir_;
  VkInstance instance_ = VK_NULL_HANDLE;
  VkPhysicalDevice physical_ = VK_NULL_HANDLE;
  VkDevice device_ = VK_NULL_HANDLE;
  VkQueue queue_ = VK_NULL_HANDLE;
  uint32_t queue_family_ = 0;
  VkCommandPool pool_ = VK_NULL_HANDLE;
  VkPhysicalDeviceMemoryProperties memory_{};
  std::string device_name_;
  bool can_store_ = false;
  bool minmax_ = false;
  bool custom_border_ = false;
  bool aniso_ = false;
  bool gather_extended_ = false;
  bool image_int64_atomics_ = false;
  std::string image_int64_why_;
};

}  // namespace texunit::conformance
