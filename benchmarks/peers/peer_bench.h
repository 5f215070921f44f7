// `texunit bench --vs lavapipe,opencv`: texunit's `texunit bench` workloads (RGBA8 UNORM N x N
// with a full mip chain: point and bilinear IMAGE_SAMPLE_LZ on a coherent 1:1 sweep and on
// random coordinates, trilinear IMAGE_SAMPLE_L at LOD 1.5, trilinear IMAGE_SAMPLE with implicit
// LOD, 16x anisotropic IMAGE_SAMPLE on the oblique ground plane) timed in one process on texunit
// (Runtime::ExecuteBatch), on Mesa's lavapipe (lavapipe_peer.h) and on OpenCV's cv::remap
// (opencv_peer.h), in interleaved rounds, printed as a Markdown table of medians with the ratios
// texunit / peer. Before timing, the point samples of the coherent sweep are compared with
// texunit's ("outputs agree"), so the peers are known to do the same work.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "texunit/runtime.h"

namespace texunit::peers {

struct PeerBenchOptions {
  bool lavapipe = false;
  bool opencv = false;
  uint32_t size = 1024;  // a multiple of 8: the coherent sweep is whole 8x8 tiles
  // Threads of all three: texunit's Runtime, lavapipe's LP_NUM_THREADS (unless the environment
  // sets it already) and OpenCV's setNumThreads. 0: texunit's default ($TEXUNIT_THREADS, else
  // all hardware threads), which the peers then follow.
  int threads = 1;
  std::string target;  // texunit's Highway target; empty: the best
  bool format_fast_paths = true;
  BoxReads box_reads = BoxReads::kAuto;
  double seconds = 1.0;  // timed seconds per engine and workload, over all rounds
  int rounds = 5;
};

// "lavapipe", "opencv" or both, comma-separated, into `options`.
bool ParsePeerList(std::string_view list, PeerBenchOptions* options, std::string* error);

// Prints the table to stdout. Returns 0; 1 when a peer cannot run or its output disagrees with
// texunit's (OpenCV missing from the build is not a failure: its column says it was skipped);
// 2 for bad options.
int RunPeerBench(const PeerBenchOptions& options);

}  // namespace texunit::peers
