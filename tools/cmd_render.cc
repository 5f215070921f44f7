// `texunit render`: draws the demo scene (a trilinear-filtered ground plane receding to the
// horizon) with IMAGE_SAMPLE on the texture unit and writes a PNG.
#include <unistd.h>

#include <bit>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "cli_args.h"
#include "command.h"
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

int RunRender(const std::vector<std::string>& args) {
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

TEXUNIT_REGISTER_COMMAND(render, "Render the demo scene (mip-mapped ground plane) to a PNG",
                         RunRender);

}  // namespace texunit::cli
