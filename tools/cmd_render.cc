// `texunit render`: draws a demo scene and writes a PNG. The default scene is a trilinear-filtered
// ground plane receding to the horizon, drawn with IMAGE_SAMPLE on the texture unit; `--scene bvh`
// ray-traces a torus knot through a BVH with IMAGE_BVH_INTERSECT_RAY (render/bvh_scene.h).
#include <unistd.h>

#include <bit>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cli_args.h"
#include "command.h"
#include "render/bvh_scene.h"
#include "render/ground_plane_scene.h"
#include "render/image_io.h"
#include "render/mip_chain.h"
#include "render/procedural_texture.h"
#include "texunit/memory.h"
#include "texunit/runtime.h"

namespace texunit::cli {
namespace {

void DrawProgress(double fraction) {
  constexpr int kWidth = 40;
  const int filled = static_cast<int>(fraction * kWidth + 0.5);
  std::string bar(static_cast<size_t>(filled), '#');
  bar.append(static_cast<size_t>(kWidth - filled), '.');
  std::fprintf(stderr, "\rrendering [%s] %3d%%", bar.c_str(), static_cast<int>(fraction * 100));
  std::fflush(stderr);
}

// `--scene bvh`: builds the knot's BVH, traces it and prints the ray rates.
int RenderBvh(const Runtime& runtime, uint32_t width, uint32_t height, const std::string& boxes,
              const std::string& out_path) {
  render::BvhSceneOptions options;
  options.width = width;
  options.height = height;
  options.box_format =
      boxes == "box16" ? render::BvhBoxFormat::kBox16 : render::BvhBoxFormat::kBox32;
  std::unique_ptr<render::BvhScene> scene;
  Status status = render::BvhScene::Create(options, &scene);
  if (!status.ok()) {
    std::fprintf(stderr, "texunit render: %s\n", status.ToString().c_str());
    return 1;
  }
  const render::BuiltBvh& bvh = scene->bvh();
  std::printf("bvh: %zu triangles, %u %s nodes (depth %u), %.1f KiB, built in %.1f ms\n",
              scene->triangles().size(), bvh.box_nodes, boxes.c_str(), bvh.box_depth,
              bvh.bytes.size() / 1024.0, scene->build_seconds() * 1e3);
  const bool show_progress = isatty(STDERR_FILENO) != 0;
  render::Rgba8Image picture;
  render::BvhTraceStats stats;
  status = render::RenderBvhScene(runtime, *scene, &picture, &stats,
                                  show_progress ? render::ProgressFn(DrawProgress) : nullptr);
  if (show_progress) std::fprintf(stderr, "\r%60s\r", "");
  if (status.ok()) status = render::WritePngRgba8(out_path, picture);
  if (!status.ok()) {
    std::fprintf(stderr, "texunit render: %s\n", status.ToString().c_str());
    return 1;
  }
  const double per_second = stats.seconds > 0.0 ? 1.0 / stats.seconds : 0.0;
  const double inside =
      stats.seconds > 0.0 ? stats.intersect_seconds / (stats.seconds * stats.threads) : 0.0;
  std::printf(
      "%s: %ux%u, %llu rays, %llu node tests (%.1f per ray, %.1f active lanes per "
      "IntersectRays) in %.1f ms, %.2f Mrays/s, %.1f M node tests/s (%.0f%% of thread time in "
      "IntersectRays), target %s, %d thread%s\n",
      out_path.c_str(), stats.width, stats.height, static_cast<unsigned long long>(stats.rays),
      static_cast<unsigned long long>(stats.node_tests),
      stats.rays > 0 ? static_cast<double>(stats.node_tests) / stats.rays : 0.0,
      stats.wave_steps > 0 ? static_cast<double>(stats.node_tests) / stats.wave_steps : 0.0,
      stats.seconds * 1e3, stats.rays * per_second * 1e-6, stats.node_tests * per_second * 1e-6,
      inside * 100.0, stats.target.c_str(), stats.threads, stats.threads == 1 ? "" : "s");
  return 0;
}

int RunRender(const std::vector<std::string>& args) {
  std::string scene_name = "ground";
  std::string boxes = "box32";
  std::string texture_path;
  std::string out_path = "demo.png";
  std::string target;
  std::string format = "srgb";
  int width = 1280;
  int height = 720;
  int threads = 0;
  double repeat = render::GroundPlaneOptions().texture_repeat;
  int aniso = 1;
  bool split = false;
  ArgParser parser("texunit render [options]");
  parser.AddChoice("scene", &scene_name, {"ground", "bvh"},
                   "ground: the textured ground plane (IMAGE_SAMPLE); bvh: a ray-traced torus "
                   "knot (IMAGE_BVH_INTERSECT_RAY)");
  parser.AddChoice("boxes", &boxes, {"box32", "box16"}, "--scene bvh: the BVH's box node type");
  parser.AddString("texture", &texture_path,
                   "PNG file for the plane; default: the built-in pattern");
  parser.AddInt("width", &width, "picture width in pixels", 1, 16384);
  parser.AddInt("height", &height, "picture height in pixels", 1, 16384);
  parser.AddString("out", &out_path, "PNG file to write");
  parser.AddInt("threads", &threads, "worker threads (0: $TEXUNIT_THREADS, else all)", 0, 4096);
  parser.AddString("target", &target, "Highway target, e.g. AVX3, AVX2, SSE4, SCALAR");
  parser.AddChoice("format", &format, {"srgb", "unorm"},
                   "texture format: 8_8_8_8 SRGB (filtered in linear light) or UNORM");
  parser.AddDouble("repeat", &repeat, "texture repeats per world unit");
  parser.AddInt("aniso", &aniso,
                "anisotropic filtering: maximum probes 1|2|4|8|16 (ANISO_BILINEAR; 1: trilinear)",
                1, 16);
  parser.AddFlag("split", &split, "left half trilinear, right half with --aniso (a comparison)");
  if (const int rc = parser.ParseOrExit(args); rc >= 0) return rc;
  // Each scene's own options mean nothing to the other: say so rather than ignore them.
  const bool bvh = scene_name == "bvh";
  for (const char* name : {"texture", "format", "repeat", "aniso", "split", "boxes"}) {
    const bool bvh_option = std::string(name) == "boxes";
    if (parser.WasSet(name) && bvh_option != bvh) {
      std::fprintf(stderr, "texunit render: --%s does not apply to --scene %s\n", name,
                   scene_name.c_str());
      return 2;
    }
  }
  if (!std::has_single_bit(static_cast<unsigned>(aniso))) {
    std::fprintf(stderr, "texunit render: --aniso=%d must be 1, 2, 4, 8 or 16\n", aniso);
    return 2;
  }
  if (!(repeat > 0.0)) {
    std::fprintf(stderr, "texunit render: --repeat=%g must be positive\n", repeat);
    return 2;
  }

  RuntimeOptions options;
  options.threads = threads;
  options.target = target;
  std::unique_ptr<Runtime> runtime;
  if (Status s = Runtime::Create(options, &runtime); !s.ok()) {
    std::fprintf(stderr, "texunit render: %s\n", s.ToString().c_str());
    return 2;
  }
  if (bvh) {
    return RenderBvh(*runtime, static_cast<uint32_t>(width), static_cast<uint32_t>(height), boxes,
                     out_path);
  }

  render::Rgba8Image texture;
  if (texture_path.empty()) {
    texture = render::MakeProceduralTexture();
  } else if (Status s = render::LoadRgba8(texture_path, &texture); !s.ok()) {
    std::fprintf(stderr, "texunit render: %s\n", s.ToString().c_str());
    return 1;
  }
  std::unique_ptr<render::MipImage> image;
  Memory memory;
  Status status =
      render::MipImage::CreateRgba8(texture.pixels.data(), texture.width, texture.height,
                                    format == "srgb", render::kDefaultImageAddress, &image);
  if (status.ok()) status = image->Register(&memory, /*writable=*/false);
  if (!status.ok()) {
    std::fprintf(stderr, "texunit render: %s\n", status.ToString().c_str());
    return 1;
  }

  render::GroundPlaneOptions scene_options;
  scene_options.width = static_cast<uint32_t>(width);
  scene_options.height = static_cast<uint32_t>(height);
  scene_options.texture_repeat = repeat;
  scene_options.max_aniso_ratio =
      static_cast<uint8_t>(std::countr_zero(static_cast<unsigned>(aniso)));
  scene_options.split = split;
  const render::GroundPlaneScene scene(scene_options);
  const bool show_progress = isatty(STDERR_FILENO) != 0;
  render::Rgba8Image picture;
  render::RenderStats stats;
  status = render::RenderGroundPlane(*runtime, scene, *image, memory, &picture, &stats,
                                     show_progress ? render::ProgressFn(DrawProgress) : nullptr);
  if (show_progress) std::fprintf(stderr, "\r%60s\r", "");
  if (status.ok()) status = render::WritePngRgba8(out_path, picture);
  if (!status.ok()) {
    std::fprintf(stderr, "texunit render: %s\n", status.ToString().c_str());
    return 1;
  }
  const double rate = stats.seconds > 0.0 ? stats.samples / stats.seconds : 0.0;
  std::printf("%s: %ux%u, %llu samples in %.1f ms, %.1f Msamples/s, target %s, %d thread%s\n",
              out_path.c_str(), stats.width, stats.height,
              static_cast<unsigned long long>(stats.samples), stats.seconds * 1e3, rate * 1e-6,
              stats.target.c_str(), stats.threads, stats.threads == 1 ? "" : "s");
  return 0;
}

}  // namespace

TEXUNIT_REGISTER_COMMAND(render,
                         "Render a demo scene (mip-mapped ground plane, or a BVH-traced knot) to "
                         "a PNG",
                         RunRender);

}  // namespace texunit::cli
