#include "vulkan/vk_runner.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <fstream>
#include <iterator>
#include <utility>

namespace texunit::conformance {

#define VK_TRY(expr)                                                             \
  do {                                                                           \
    const VkResult vk_try_result = (expr);                                       \
    if (vk_try_result != VK_SUCCESS) {                                           \
      *error = std::string(#expr) + " failed: " + std::to_string(vk_try_result); \
      return false;                                                              \
    }                                                                            \
  } while (0)

namespace {

// What the device supports of one extension's feature struct (chained into
// vkGetPhysicalDeviceFeatures2).
template <typename T>
T SupportedFeatures(VkPhysicalDevice physical, VkStructureType type) {
  T supported{type};
  VkPhysicalDeviceFeatures2 features2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  features2.pNext = &supported;
  vkGetPhysicalDeviceFeatures2(physical, &features2);
  return supported;
}

// The aspect a view, a barrier and a buffer-image copy of `format` name: depth for depth formats
// (this runner samples and uploads depth only), colour for the rest.
VkImageAspectFlags AspectOf(VkFormat format) {
  switch (format) {
    case VK_FORMAT_D16_UNORM:
    case VK_FORMAT_X8_D24_UNORM_PACK32:
    case VK_FORMAT_D32_SFLOAT:
    case VK_FORMAT_D16_UNORM_S8_UINT:
    case VK_FORMAT_D24_UNORM_S8_UINT:
    case VK_FORMAT_D32_SFLOAT_S8_UINT:
      return VK_IMAGE_ASPECT_DEPTH_BIT;
    default:
      return VK_IMAGE_ASPECT_COLOR_BIT;
  }
}

// The aspects a layout transition of `format` must name: both for depth/stencil formats.
VkImageAspectFlags BarrierAspectOf(VkFormat format) {
  switch (format) {
    case VK_FORMAT_D16_UNORM_S8_UINT:
    case VK_FORMAT_D24_UNORM_S8_UINT:
    case VK_FORMAT_D32_SFLOAT_S8_UINT:
      return VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
    default:
      return AspectOf(format);
  }
}

}  // namespace

struct VkRunner::Buffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  void* mapped = nullptr;
};

std::unique_ptr<VkRunner> VkRunner::Create(std::string* why, std::string spirv_dir) {
  std::unique_ptr<VkRunner> r(new VkRunner());
  r->spirv_dir_ = std::move(spirv_dir);
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "texunit";
  app.apiVersion = VK_API_VERSION_1_1;
  VkInstanceCreateInfo ici{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  ici.pApplicationInfo = &app;
  if (vkCreateInstance(&ici, nullptr, &r->instance_) != VK_SUCCESS) {
    *why = "no Vulkan instance (is mesa-vulkan-drivers installed?)";
    return nullptr;
  }
  uint32_t count = 0;
  vkEnumeratePhysicalDevices(r->instance_, &count, nullptr);
  std::vector<VkPhysicalDevice> devices(count);
  vkEnumeratePhysicalDevices(r->instance_, &count, devices.data());
  for (VkPhysicalDevice d : devices) {
    VkPhysicalDeviceProperties p;
    vkGetPhysicalDeviceProperties(d, &p);
    if (p.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU &&
        std::strstr(p.deviceName, "llvmpipe") != nullptr) {
      r->physical_ = d;
      r->device_name_ = p.deviceName;
    }
  }
  if (r->physical_ == VK_NULL_HANDLE) {
    *why = "no lavapipe (llvmpipe) Vulkan device among " + std::to_string(count) + " devices";
    return nullptr;
  }
  vkGetPhysicalDeviceMemoryProperties(r->physical_, &r->memory_);
  vkGetPhysicalDeviceQueueFamilyProperties(r->physical_, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vkGetPhysicalDeviceQueueFamilyProperties(r->physical_, &count, families.data());
  bool found = false;
  for (uint32_t i = 0; i < count && !found; ++i) {
    if (families[i].queueFlags & VK_QUEUE_COMPUTE_BIT) r->queue_family_ = i, found = true;
  }
  if (!found) {
    *why = "lavapipe has no compute queue";
    return nullptr;
  }
  const float priority = 1.0f;
  VkDeviceQueueCreateInfo qci{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  qci.queueFamilyIndex = r->queue_family_;
  qci.queueCount = 1;
  qci.pQueuePriorities = &priority;
  VkPhysicalDeviceFeatures supported;
  vkGetPhysicalDeviceFeatures(r->physical_, &supported);
  VkPhysicalDeviceFeatures features{};
  features.textureCompressionBC = supported.textureCompressionBC;
  // imageStore on an image2D without a format qualifier: one store shader for every format.
  features.shaderStorageImageWriteWithoutFormat = supported.shaderStorageImageWriteWithoutFormat;
  r->can_store_ = supported.shaderStorageImageWriteWithoutFormat == VK_TRUE;
  // samplerCubeArray (CUBE_ARRAY views).
  features.imageCubeArray = supported.imageCubeArray;
  // Anisotropic filtering (SamplerState::max_anisotropy).
  features.samplerAnisotropy = supported.samplerAnisotropy;
  r->aniso_ = supported.samplerAnisotropy == VK_TRUE;
  // textureGatherOffsets (ConstOffsets), the GATHER4H oracle.
  features.shaderImageGatherExtended = supported.shaderImageGatherExtended;
  r->gather_extended_ = supported.shaderImageGatherExtended == VK_TRUE;
  // Min/max reduction and custom border colours, where the device has them.
  vkEnumerateDeviceExtensionProperties(r->physical_, nullptr, &count, nullptr);
  std::vector<VkExtensionProperties> extensions(count);
  vkEnumerateDeviceExtensionProperties(r->physical_, nullptr, &count, extensions.data());
  std::vector<const char*> enabled;
  const auto has = [&](const char* name) {
    for (const VkExtensionProperties& e : extensions) {
      if (std::strcmp(e.extensionName, name) == 0) return true;
    }
    return false;
  };
  if (has(VK_EXT_SAMPLER_FILTER_MINMAX_EXTENSION_NAME)) {
    enabled.push_back(VK_EXT_SAMPLER_FILTER_MINMAX_EXTENSION_NAME);
    r->minmax_ = true;
  }
  VkPhysicalDeviceCustomBorderColorFeaturesEXT border{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT};
  if (has(VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME)) {
    if (SupportedFeatures<VkPhysicalDeviceCustomBorderColorFeaturesEXT>(
            r->physical_, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT)
            .customBorderColors == VK_TRUE) {
      enabled.push_back(VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME);
      border.customBorderColors = VK_TRUE;
      r->custom_border_ = true;
    }
  }
  // 64-bit image atomics (VK_EXT_shader_image_atomic_int64: r64ui / r64i storage images), with
  // shaderInt64 for the shaders' 64-bit integers.
  VkPhysicalDeviceShaderImageAtomicInt64FeaturesEXT image_int64{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_IMAGE_ATOMIC_INT64_FEATURES_EXT};
  if (has(VK_EXT_SHADER_IMAGE_ATOMIC_INT64_EXTENSION_NAME) && supported.shaderInt64 == VK_TRUE) {
    if (SupportedFeatures<VkPhysicalDeviceShaderImageAtomicInt64FeaturesEXT>(
            r->physical_, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_IMAGE_ATOMIC_INT64_FEATURES_EXT)
            .shaderImageInt64Atomics == VK_TRUE) {
      enabled.push_back(VK_EXT_SHADER_IMAGE_ATOMIC_INT64_EXTENSION_NAME);
      image_int64.shaderImageInt64Atomics = VK_TRUE;
      features.shaderInt64 = VK_TRUE;
      r->image_int64_atomics_ = true;
    }
  }
  if (!r->image_int64_atomics_) {
    r->image_int64_why_ = has(VK_EXT_SHADER_IMAGE_ATOMIC_INT64_EXTENSION_NAME)
                              ? "lavapipe lacks shaderImageInt64Atomics or shaderInt64"
                              : "lavapipe does not expose VK_EXT_shader_image_atomic_int64";
  }
  // The feature structures chained in the order they were enabled.
  void* chain = nullptr;
  if (r->image_int64_atomics_) {
    image_int64.pNext = chain;
    chain = &image_int64;
  }
  if (r->custom_border_) {
    border.pNext = chain;
    chain = &border;
  }
  VkDeviceCreateInfo dci{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  dci.pNext = chain;
  dci.queueCreateInfoCount = 1;
  dci.pQueueCreateInfos = &qci;
  dci.pEnabledFeatures = &features;
  dci.enabledExtensionCount = static_cast<uint32_t>(enabled.size());
  dci.ppEnabledExtensionNames = enabled.data();
  if (vkCreateDevice(r->physical_, &dci, nullptr, &r->device_) != VK_SUCCESS) {
    *why = "cannot create the lavapipe device";
    return nullptr;
  }
  vkGetDeviceQueue(r->device_, r->queue_family_, 0, &r->queue_);
  VkCommandPoolCreateInfo pci{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  pci.queueFamilyIndex = r->queue_family_;
  pci.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  if (vkCreateCommandPool(r->device_, &pci, nullptr, &r->pool_) != VK_SUCCESS) {
    *why = "cannot create a command pool";
    return nullptr;
  }
  return r;
}

VkRunner::~VkRunner() {
  if (device_ != VK_NULL_HANDLE) {
    vkDeviceWaitIdle(device_);
    if (pool_ != VK_NULL_HANDLE) vkDestroyCommandPool(device_, pool_, nullptr);
    vkDestroyDevice(device_, nullptr);
  }
  if (instance_ != VK_NULL_HANDLE) vkDestroyInstance(instance_, nullptr);
}

bool VkRunner::CanSample(VkFormat format) const {
  VkFormatProperties p;
  vkGetPhysicalDeviceFormatProperties(physical_, format, &p);
  return (p.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT) != 0 &&
         (p.optimalTilingFeatures & VK_FORMAT_FEATURE_TRANSFER_DST_BIT) != 0;
}

bool VkRunner::CanFilterLinear(VkFormat format) const {
  VkFormatProperties p;
  vkGetPhysicalDeviceFormatProperties(physical_, format, &p);
  return CanSample(format) &&
         (p.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT) != 0;
}

bool VkRunner::CanReduce(VkFormat format) const {
  VkFormatProperties p;
  vkGetPhysicalDeviceFormatProperties(physical_, format, &p);
  return minmax_ && CanSample(format) &&
         (p.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_MINMAX_BIT) != 0;
}

uint32_t VkRunner::MemoryType(uint32_t bits, VkMemoryPropertyFlags flags) const {
  for (uint32_t i = 0; i < memory_.memoryTypeCount; ++i) {
    if ((bits & (1u << i)) && (memory_.memoryTypes[i].propertyFlags & flags) == flags) return i;
  }
  return UINT32_MAX;
}

bool VkRunner::MakeBuffer(VkDeviceSize size, VkBufferUsageFlags usage, Buffer* out,
                          std::string* error) {
  VkBufferCreateInfo bci{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  bci.size = size;
  bci.usage = usage;
  VK_TRY(vkCreateBuffer(device_, &bci, nullptr, &out->buffer));
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(device_, out->buffer, &req);
  VkMemoryAllocateInfo mai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  mai.allocationSize = req.size;
  mai.memoryTypeIndex = MemoryType(req.memoryTypeBits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                                           VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
  VK_TRY(vkAllocateMemory(device_, &mai, nullptr, &out->memory));
  VK_TRY(vkBindBufferMemory(device_, out->buffer, out->memory, 0));
  VK_TRY(vkMapMemory(device_, out->memory, 0, VK_WHOLE_SIZE, 0, &out->mapped));
  return true;
}

void VkRunner::FreeBuffer(Buffer* b) {
  if (b->memory != VK_NULL_HANDLE) vkFreeMemory(device_, b->memory, nullptr);
  if (b->buffer != VK_NULL_HANDLE) vkDestroyBuffer(device_, b->buffer, nullptr);
  *b = Buffer();
}

bool VkRunner::LoadShader(const std::string& name, VkShaderModule* out, std::string* error) {
  const std::string path = spirv_dir_ + "/" + name + ".spv";
  std::ifstream in(path, std::ios::binary);
  const std::vector<char> code((std::istreambuf_iterator<char>(in)),
                               std::istreambuf_iterator<char>());
  if (code.empty() || code.size() % 4 != 0) {
    *error = "cannot read the SPIR-V module " + path;
    return false;
  }
  VkShaderModuleCreateInfo smci{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  smci.codeSize = code.size();
  smci.pCode = reinterpret_cast<const uint32_t*>(code.data());
  VK_TRY(vkCreateShaderModule(device_, &smci, nullptr, out));
  return true;
}

bool VkRunner::TexelFetch(const Image2D& image, SampledKind kind,
                          std::span<const FetchCoord> coords,
                          std::vector<std::array<uint32_t, 4>>* out, std::string* error) {
  std::vector<std::array<uint32_t, 4>> operands(coords.size());
  for (size_t i = 0; i < coords.size(); ++i) {
    for (int k = 0; k < 3; ++k) operands[i][k] = static_cast<uint32_t>(coords[i][k]);
  }
  const char* shader = kind == SampledKind::kFloat  ? "fetch_float"
                       : kind == SampledKind::kUint ? "fetch_uint"
                                                    : "fetch_sint";
  return Dispatch(image, shader, SamplerState(), operands, static_cast<uint32_t>(coords.size()),
                  out, nullptr, error);
}

bool VkRunner::CanStore(VkFormat format) const {
  VkFormatProperties p;
  vkGetPhysicalDeviceFormatProperties(physical_, format, &p);
  const VkFormatFeatureFlags need = VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT |
                                    VK_FORMAT_FEATURE_TRANSFER_SRC_BIT |
                                    VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
  return can_store_ && (p.optimalTilingFeatures & need) == need;
}

bool VkRunner::ImageStore(const Image2D& image, SampledKind kind, std::span<const StoreLane> lanes,
                          std::vector<uint8_t>* bytes_after, std::string* error) {
  std::vector<std::array<uint32_t, 4>> operands(2 * lanes.size());
  for (size_t i = 0; i < lanes.size(); ++i) {
    operands[2 * i] = {lanes[i].x, lanes[i].y, 0, 0};
    operands[2 * i + 1] = lanes[i].value;
  }
  const char* shader = kind == SampledKind::kFloat  ? "store_float"
                       : kind == SampledKind::kUint ? "store_uint"
                                                    : "store_sint";
  std::vector<std::array<uint32_t, 4>> unused;
  return Dispatch(image, shader, SamplerState(), operands, static_cast<uint32_t>(lanes.size()),
                  &unused, bytes_after, error);
}

bool VkRunner::TextureLod(const Image2D& image, const SamplerState& sampler,
                          std::span<const LodCoord> coords,
                          std::vector<std::array<uint32_t, 4>>* out, std::string* error) {
  std::vector<std::array<uint32_t, 4>> operands(coords.size());
  for (size_t i = 0; i < coords.size(); ++i) {
    for (int k = 0; k < 3; ++k) operands[i][k] = std::bit_cast<uint32_t>(coords[i][k]);
  }
  return Dispatch(image, "lod_float", sampler, operands, static_cast<uint32_t>(coords.size()), out,
                  nullptr, error);
}

bool VkRunner::Run(const Image2D& image, const std::string& shader_name,
                   const SamplerState& sampler, std::span<const std::array<uint32_t, 4>> operands,
                   std::vector<std::array<uint32_t, 4>>* out, std::string* error,
                   uint32_t uvec4s_per_lane) {
  if (uvec4s_per_lane == 0 || operands.size() % uvec4s_per_lane != 0) {
    *error = "operands are not a whole number of lanes of " + std::to_string(uvec4s_per_lane) +
             " uvec4s";
    return false;
  }
  return Dispatch(image, shader_name, sampler, operands,
                  static_cast<uint32_t>(operands.size() / uvec4s_per_lane), out, nullptr, error);
}

bool VkRunner::CanStorageAtomic(VkFormat format) const {
  VkFormatProperties p;
  vkGetPhysicalDeviceFormatProperties(physical_, format, &p);
  const VkFormatFeatureFlags need =
      VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT | VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT |
      VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
  return (p.optimalTilingFeatures & need) == need;
}

bool VkRunner::RunStorage(const Image2D& image, const std::string& shader_name,
                          std::span<const std::array<uint32_t, 4>> operands,
                          std::vector<std::array<uint32_t, 4>>* out,
                          std::vector<uint8_t>* bytes_after, std::string* error,
                          uint32_t uvec4s_per_lane) {
  if (uvec4s_per_lane == 0 || operands.size() % uvec4s_per_lane != 0) {
    *error = "operands are not a whole number of lanes of " + std::to_string(uvec4s_per_lane) +
             " uvec4s";
    return false;
  }
  return Dispatch(image, shader_name, SamplerState(), operands,
                  static_cast<uint32_t>(operands.size() / uvec4s_per_lane), out, bytes_after,
                  error);
}

bool VkRunner::Dispatch(const Image2D& image, const std::string& shader_name,
                        const SamplerState& sampler_state,
                        std::span<const std::array<uint32_t, 4>> operands, uint32_t lanes,
                        std::vector<std::array<uint32_t, 4>>* out,
                        std::vector<uint8_t>* bytes_after, std::string* error) {
  DispatchSpec spec;
  spec.image = &image;
  spec.sampler = sampler_state;
  spec.shader_name = shader_name;
  spec.operands = operands;
  spec.results = lanes;
  spec.groups = (lanes + 63) / 64;
  spec.push = {lanes, 0, 0, 0};
  spec.storage = bytes_after != nullptr;
  std::unique_ptr<PreparedDispatch> prepared;
  if (!Prepare(spec, &prepared, error) || !prepared->Submit(error)) return false;
  if (spec.storage) {
    const std::span<const uint8_t> after = prepared->image_bytes();
    bytes_after->assign(after.begin(), after.end());
  }
  const std::span<const std::array<uint32_t, 4>> results = prepared->results();
  out->assign(results.begin(), results.end());
  return true;
}

// Everything a prepared dispatch holds, destroyed by ~PreparedDispatch.
struct PreparedDispatch::Resources {
  VkRunner::Buffer staging, in_buf, out_buf;
  VkImage image = VK_NULL_HANDLE;
  VkDeviceMemory image_memory = VK_NULL_HANDLE;
  VkImageView view = VK_NULL_HANDLE;
  VkSampler sampler = VK_NULL_HANDLE;
  VkShaderModule shader = VK_NULL_HANDLE;
  VkDescriptorSetLayout set_layout = VK_NULL_HANDLE;
  VkPipelineLayout pipeline_layout = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkDescriptorPool descriptor_pool = VK_NULL_HANDLE;
  VkCommandBuffer upload_cmd = VK_NULL_HANDLE;
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;
  uint32_t results = 0;
  size_t image_bytes = 0;
  bool storage = false;
};

PreparedDispatch::PreparedDispatch(VkRunner* runner)
    : runner_(runner), r_(std::make_unique<Resources>()) {}

PreparedDispatch::~PreparedDispatch() {
  const VkDevice device = runner_->device_;
  Resources& r = *r_;
  vkDeviceWaitIdle(device);
  if (r.fence) vkDestroyFence(device, r.fence, nullptr);
  if (r.cmd) vkFreeCommandBuffers(device, runner_->pool_, 1, &r.cmd);
  if (r.upload_cmd) vkFreeCommandBuffers(device, runner_->pool_, 1, &r.upload_cmd);
  if (r.descriptor_pool) vkDestroyDescriptorPool(device, r.descriptor_pool, nullptr);
  if (r.pipeline) vkDestroyPipeline(device, r.pipeline, nullptr);
  if (r.pipeline_layout) vkDestroyPipelineLayout(device, r.pipeline_layout, nullptr);
  if (r.set_layout) vkDestroyDescriptorSetLayout(device, r.set_layout, nullptr);
  if (r.shader) vkDestroyShaderModule(device, r.shader, nullptr);
  if (r.sampler) vkDestroySampler(device, r.sampler, nullptr);
  if (r.view) vkDestroyImageView(device, r.view, nullptr);
  if (r.image) vkDestroyImage(device, r.image, nullptr);
  if (r.image_memory) vkFreeMemory(device, r.image_memory, nullptr);
  runner_->FreeBuffer(&r.staging);
  runner_->FreeBuffer(&r.in_buf);
  runner_->FreeBuffer(&r.out_buf);
}

bool PreparedDispatch::Submit(std::string* error) {
  const VkDevice device = runner_->device_;
  VK_TRY(vkResetFences(device, 1, &r_->fence));
  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &r_->cmd;
  VK_TRY(vkQueueSubmit(runner_->queue_, 1, &submit, r_->fence));
  VK_TRY(vkWaitForFences(device, 1, &r_->fence, VK_TRUE, UINT64_MAX));
  return true;
}

std::span<const std::array<uint32_t, 4>> PreparedDispatch::results() const {
  return {static_cast<const std::array<uint32_t, 4>*>(r_->out_buf.mapped), r_->results};
}

std::span<const uint8_t> PreparedDispatch::image_bytes() const {
  if (!r_->storage) return {};
  return {static_cast<const uint8_t*>(r_->staging.mapped), r_->image_bytes};
}

bool VkRunner::Prepare(const DispatchSpec& spec, std::unique_ptr<PreparedDispatch>* out,
                       std::string* error) {
  const Image2D& image = *spec.image;
  const SamplerState& sampler_state = spec.sampler;
  const bool storage = spec.storage;
  // Everything made here is destroyed with `prepared` on every path out but success.
  std::unique_ptr<PreparedDispatch> prepared(new PreparedDispatch(this));
  PreparedDispatch::Resources& r = *prepared->r_;
  r.storage = storage;
  r.results = spec.results;
  r.image_bytes = image.bytes.size();

  // The texel bytes, in texunit's layout, are the staging buffer; each level is copied from its
  // offset with its row pitch, its layers one slice apart.
  if (!MakeBuffer(image.bytes.size(),
                  VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, &r.staging,
                  error)) {
    return false;
  }
  std::memcpy(r.staging.mapped, image.bytes.data(), image.bytes.size());
  // Vulkan buffers cannot be empty: a dispatch without operands or results still binds 16 bytes.
  const VkDeviceSize in_size = std::max<VkDeviceSize>(16, 16 * spec.operands.size());
  const VkDeviceSize out_size = std::max<VkDeviceSize>(16, VkDeviceSize{16} * spec.results);
  if (!MakeBuffer(in_size, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &r.in_buf, error) ||
      !MakeBuffer(out_size, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &r.out_buf, error)) {
    return false;
  }
  std::memcpy(r.in_buf.mapped, spec.operands.data(), 16 * spec.operands.size());

  const bool cube = image.view_type == VK_IMAGE_VIEW_TYPE_CUBE ||
                    image.view_type == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
  const bool volume = image.view_type == VK_IMAGE_VIEW_TYPE_3D;
  const bool one_d =
      image.view_type == VK_IMAGE_VIEW_TYPE_1D || image.view_type == VK_IMAGE_VIEW_TYPE_1D_ARRAY;
  const uint32_t view_layers =
      image.view_layers != 0 ? image.view_layers : image.layers - image.base_layer;
  VkImageCreateInfo ici{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  ici.flags = cube ? VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT : 0;
  ici.imageType = volume ? VK_IMAGE_TYPE_3D : one_d ? VK_IMAGE_TYPE_1D : VK_IMAGE_TYPE_2D;
  ici.format = image.format;
  ici.extent = {image.width, one_d ? 1 : image.height, volume ? image.depth : 1};
  ici.mipLevels = image.levels;
  ici.arrayLayers = image.layers;
  ici.samples = VK_SAMPLE_COUNT_1_BIT;
  ici.tiling = VK_IMAGE_TILING_OPTIMAL;
  ici.usage = storage ? VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                            VK_IMAGE_USAGE_TRANSFER_DST_BIT
                      : VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
  ici.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  VK_TRY(vkCreateImage(device_, &ici, nullptr, &r.image));
  VkMemoryRequirements req;
  vkGetImageMemoryRequirements(device_, r.image, &req);
  VkMemoryAllocateInfo mai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  mai.allocationSize = req.size;
  mai.memoryTypeIndex = MemoryType(req.memoryTypeBits, 0);
  VK_TRY(vkAllocateMemory(device_, &mai, nullptr, &r.image_memory));
  VK_TRY(vkBindImageMemory(device_, r.image, r.image_memory, 0));

  VkImageViewCreateInfo vci{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  vci.image = r.image;
  vci.viewType = image.view_type;
  vci.format = image.format;
  vci.subresourceRange = {AspectOf(image.format), 0, image.levels, image.base_layer, view_layers};
  VK_TRY(vkCreateImageView(device_, &vci, nullptr, &r.view));
  VkSamplerCreateInfo sci{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
  sci.magFilter = sampler_state.mag;
  sci.minFilter = sampler_state.min;
  sci.mipmapMode = sampler_state.mip;
  sci.addressModeU = sampler_state.address_u;
  sci.addressModeV = sampler_state.address_v;
  sci.addressModeW = sampler_state.address_w;
  sci.compareEnable = sampler_state.compare_enable ? VK_TRUE : VK_FALSE;
  sci.compareOp = sampler_state.compare_op;
  sci.maxLod = sampler_state.unnormalized ? 0.0f : static_cast<float>(image.levels);
  sci.unnormalizedCoordinates = sampler_state.unnormalized ? VK_TRUE : VK_FALSE;
  sci.borderColor = sampler_state.border_color;
  if (sampler_state.max_anisotropy > 1.0f) {
    sci.anisotropyEnable = VK_TRUE;
    sci.maxAnisotropy = sampler_state.max_anisotropy;
  }
  VkSamplerReductionModeCreateInfo reduction{VK_STRUCTURE_TYPE_SAMPLER_REDUCTION_MODE_CREATE_INFO};
  reduction.reductionMode = sampler_state.reduction;
  VkSamplerCustomBorderColorCreateInfoEXT custom{
      VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT};
  std::memcpy(custom.customBorderColor.uint32, sampler_state.custom_border.data(), 16);
  custom.format = image.format;
  const void** tail = &sci.pNext;
  if (sampler_state.reduction != VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE) {
    *tail = &reduction;
    tail = &reduction.pNext;
  }
  if (sampler_state.border_color == VK_BORDER_COLOR_FLOAT_CUSTOM_EXT ||
      sampler_state.border_color == VK_BORDER_COLOR_INT_CUSTOM_EXT) {
    *tail = &custom;
  }
  VK_TRY(vkCreateSampler(device_, &sci, nullptr, &r.sampler));

  if (spec.spirv.empty()) {
    if (!LoadShader(spec.shader_name, &r.shader, error)) return false;
  } else {
    VkShaderModuleCreateInfo smci{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    smci.codeSize = spec.spirv.size_bytes();
    smci.pCode = spec.spirv.data();
    VK_TRY(vkCreateShaderModule(device_, &smci, nullptr, &r.shader));
  }
  const VkDescriptorType image_type =
      storage ? VK_DESCRIPTOR_TYPE_STORAGE_IMAGE : VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
  const VkImageLayout shader_layout =
      storage ? VK_IMAGE_LAYOUT_GENERAL : VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
  const VkDescriptorSetLayoutBinding bindings[3] = {
      {0, image_type, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr},
      {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr}};
  VkDescriptorSetLayoutCreateInfo dslci{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  dslci.bindingCount = 3;
  dslci.pBindings = bindings;
  VK_TRY(vkCreateDescriptorSetLayout(device_, &dslci, nullptr, &r.set_layout));
  const VkPushConstantRange push{VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(spec.push)};
  VkPipelineLayoutCreateInfo plci{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  plci.setLayoutCount = 1;
  plci.pSetLayouts = &r.set_layout;
  plci.pushConstantRangeCount = 1;
  plci.pPushConstantRanges = &push;
  VK_TRY(vkCreatePipelineLayout(device_, &plci, nullptr, &r.pipeline_layout));
  VkComputePipelineCreateInfo cpci{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  cpci.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
  cpci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  cpci.stage.module = r.shader;
  cpci.stage.pName = "main";
  cpci.layout = r.pipeline_layout;
  VK_TRY(vkCreateComputePipelines(device_, VK_NULL_HANDLE, 1, &cpci, nullptr, &r.pipeline));

  const VkDescriptorPoolSize sizes[2] = {{image_type, 1}, {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2}};
  VkDescriptorPoolCreateInfo dpci{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  dpci.maxSets = 1;
  dpci.poolSizeCount = 2;
  dpci.pPoolSizes = sizes;
  VK_TRY(vkCreateDescriptorPool(device_, &dpci, nullptr, &r.descriptor_pool));
  VkDescriptorSetAllocateInfo dsai{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  dsai.descriptorPool = r.descriptor_pool;
  dsai.descriptorSetCount = 1;
  dsai.pSetLayouts = &r.set_layout;
  VkDescriptorSet set;
  VK_TRY(vkAllocateDescriptorSets(device_, &dsai, &set));
  const VkDescriptorImageInfo image_info{r.sampler, r.view, shader_layout};
  const VkDescriptorBufferInfo in_info{r.in_buf.buffer, 0, in_size};
  const VkDescriptorBufferInfo out_info{r.out_buf.buffer, 0, out_size};
  VkWriteDescriptorSet writes[3] = {};
  for (int i = 0; i < 3; ++i) {
    writes[i].sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
    writes[i].dstSet = set;
    writes[i].dstBinding = static_cast<uint32_t>(i);
    writes[i].descriptorCount = 1;
    writes[i].descriptorType = bindings[i].descriptorType;
  }
  writes[0].pImageInfo = &image_info;
  writes[1].pBufferInfo = &in_info;
  writes[2].pBufferInfo = &out_info;
  vkUpdateDescriptorSets(device_, 3, writes, 0, nullptr);

  // The upload, submitted once here: the image into the layout the shader uses.
  VkCommandBuffer cmds[2];
  VkCommandBufferAllocateInfo cbai{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  cbai.commandPool = pool_;
  cbai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  cbai.commandBufferCount = 2;
  VK_TRY(vkAllocateCommandBuffers(device_, &cbai, cmds));
  r.upload_cmd = cmds[0];
  r.cmd = cmds[1];
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  VK_TRY(vkBeginCommandBuffer(r.upload_cmd, &begin));
  VkImageMemoryBarrier barrier{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
  barrier.srcQueueFamilyIndex = barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  barrier.image = r.image;
  barrier.subresourceRange = {BarrierAspectOf(image.format), 0, image.levels, 0, image.layers};
  barrier.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  barrier.newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
  barrier.dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
  vkCmdPipelineBarrier(r.upload_cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                       VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, nullptr, 0, nullptr, 1, &barrier);
  std::vector<VkBufferImageCopy> copies;
  for (uint32_t l = 0; l < image.levels; ++l) {
    const LevelLayout& lv = image.layout->levels[l];
    VkBufferImageCopy c{};
    c.bufferOffset = lv.offset;
    c.bufferRowLength = lv.pitch;
    c.bufferImageHeight = lv.rows * image.layout->block_height;
    c.imageSubresource = {AspectOf(image.format), l, 0, image.layers};
    c.imageExtent = {lv.width, lv.height, volume ? lv.depth : 1};
    copies.push_back(c);
  }
  vkCmdCopyBufferToImage(r.upload_cmd, r.staging.buffer, r.image,
                         VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, static_cast<uint32_t>(copies.size()),
                         copies.data());
  barrier.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
  barrier.newLayout = shader_layout;
  barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
  barrier.dstAccessMask = storage ? VK_ACCESS_SHADER_WRITE_BIT : VK_ACCESS_SHADER_READ_BIT;
  vkCmdPipelineBarrier(r.upload_cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                       VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 0, nullptr, 0, nullptr, 1,
                       &barrier);
  VK_TRY(vkEndCommandBuffer(r.upload_cmd));
  VkFenceCreateInfo fci{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  VK_TRY(vkCreateFence(device_, &fci, nullptr, &r.fence));
  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &r.upload_cmd;
  VK_TRY(vkQueueSubmit(queue_, 1, &submit, r.fence));
  VK_TRY(vkWaitForFences(device_, 1, &r.fence, VK_TRUE, UINT64_MAX));

  // The dispatch, recorded once for any number of submits.
  begin.flags = 0;
  VK_TRY(vkBeginCommandBuffer(r.cmd, &begin));
  vkCmdBindPipeline(r.cmd, VK_PIPELINE_BIND_POINT_COMPUTE, r.pipeline);
  vkCmdBindDescriptorSets(r.cmd, VK_PIPELINE_BIND_POINT_COMPUTE, r.pipeline_layout, 0, 1, &set, 0,
                          nullptr);
  vkCmdPushConstants(r.cmd, r.pipeline_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(spec.push),
                     spec.push.data());
  vkCmdDispatch(r.cmd, spec.groups, 1, 1);
  VkMemoryBarrier host{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  if (storage) {
    // The image back into the staging buffer, in the same layout it was uploaded from, and back
    // into GENERAL for the next submit.
    barrier.oldLayout = VK_IMAGE_LAYOUT_GENERAL;
    barrier.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
    vkCmdPipelineBarrier(r.cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                         VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, nullptr, 0, nullptr, 1, &barrier);
    vkCmdCopyImageToBuffer(r.cmd, r.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, r.staging.buffer,
                           static_cast<uint32_t>(copies.size()), copies.data());
    barrier.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    barrier.newLayout = VK_IMAGE_LAYOUT_GENERAL;
    barrier.srcAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
    barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT;
    vkCmdPipelineBarrier(r.cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 0, nullptr, 0, nullptr, 1,
                         &barrier);
    host.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_SHADER_WRITE_BIT;
    host.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    vkCmdPipelineBarrier(r.cmd,
                         VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                         VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &host, 0, nullptr, 0, nullptr);
  } else {
    host.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    host.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    vkCmdPipelineBarrier(r.cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0,
                         1, &host, 0, nullptr, 0, nullptr);
  }
  VK_TRY(vkEndCommandBuffer(r.cmd));
  *out = std::move(prepared);
  return true;
}

}  // namespace texunit::conformance
