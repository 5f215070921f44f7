#!/usr/bin/env python3
"""Regenerates tests/isa/rdna/data/mimg_llvm_mc.txt, the llvm-mc cross-check data of the RDNA
(gfx1010 = gfx10, gfx1030) MIMG decoder: gfx|canonical text|encoding bytes.

Every opcode llvm-mc 14 knows on each generation, with variants that rotate through every DIM and
set random modifiers (unorm glc slc dlc r128 a16 tfe lwe d16), random registers (SGPR and TTMP
tuples), contiguous and NSA address forms. The text is what llvm-mc prints back (its canonical
form), not what this script wrote; lines llvm-mc rejects are dropped. The VADDR/VDATA sizes
written here are this script's own reading of the seed's layouts (llvm-mc checks them).

Usage: scripts/gen-rdna-mimg-table.py   (needs llvm-mc 14; LLVM_MC=... to override)
"""
import os
import random
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests/isa/rdna/data/mimg_llvm_mc.txt")
MC = os.environ.get("LLVM_MC") or shutil.which("llvm-mc-14") or shutil.which("llvm-mc")
GENS = {"gfx10": "gfx1010", "gfx1030": "gfx1030"}
DIMS = ["1D", "2D", "3D", "CUBE", "1D_ARRAY", "2D_ARRAY", "2D_MSAA", "2D_MSAA_ARRAY"]
BODY = {"1D": 1, "2D": 2, "3D": 3, "CUBE": 3, "1D_ARRAY": 2, "2D_ARRAY": 3, "2D_MSAA": 3,
        "2D_MSAA_ARRAY": 4}
AXES = {"1D": 1, "1D_ARRAY": 1, "3D": 3}
MODS = ["unorm", "glc", "slc", "dlc", "r128", "a16", "tfe", "lwe", "d16"]

ops = ["image_load", "image_load_mip", "image_load_pck", "image_load_pck_sgn", "image_load_mip_pck",
       "image_load_mip_pck_sgn", "image_store", "image_store_mip", "image_store_pck",
       "image_store_mip_pck", "image_get_resinfo", "image_get_lod", "image_msaa_load",
       "image_bvh_intersect_ray", "image_bvh64_intersect_ray"]
for s in ["", "_cl", "_d", "_d_cl", "_l", "_b", "_b_cl", "_lz", "_c", "_c_cl", "_c_d", "_c_d_cl",
          "_c_l", "_c_b", "_c_b_cl", "_c_lz", "_cd", "_cd_cl", "_c_cd", "_c_cd_cl"]:
    ops += ["image_sample" + s, "image_sample" + s + "_o"]
for s in ["_d", "_d_cl", "_c_d", "_c_d_cl", "_cd", "_cd_cl", "_c_cd", "_c_cd_cl"]:
    ops += ["image_sample" + s + "_g16", "image_sample" + s + "_o_g16"]
for s in ["", "_cl", "_l", "_b", "_b_cl", "_lz", "_c", "_c_cl", "_c_l", "_c_b", "_c_b_cl", "_c_lz"]:
    ops += ["image_gather4" + s, "image_gather4" + s + "_o"]
ops += ["image_atomic_" + a for a in ["swap", "cmpswap", "add", "sub", "smin", "umin", "smax",
                                     "umax", "and", "or", "xor", "inc", "dec", "fcmpswap", "fmin",
                                     "fmax"]]
GFX1030_ONLY = {"image_msaa_load", "image_bvh_intersect_ray", "image_bvh64_intersect_ray"}


def kind(m):
    for k in ["load", "store", "atomic", "gather4", "sample", "bvh", "msaa_load"]:
        if m.startswith("image_" + k):
            return k
    return m[len("image_"):]  # get_resinfo, get_lod, bvh64 handled above via startswith("bvh")


def suffixes(m):
    return m.split("_")[2:]


def addr_count(m, dim, a16):
    k = kind(m)
    if m.startswith("image_bvh"):
        return (2 if "bvh64" in m else 1) + 4 + (3 if a16 else 6)
    if k == "get_resinfo":
        return 1
    sfx = suffixes(m)
    if k in ("load", "store", "atomic", "msaa_load"):
        rest = BODY[dim] + (1 if "mip" in sfx else 0)
        return (rest + 1) // 2 if a16 else rest
    pre = ("o" in sfx) + ("b" in sfx) + ("c" in sfx)
    derivs = 0
    if "d" in sfx or "cd" in sfx:
        axes = AXES.get(dim, 2)
        derivs = 2 * ((axes + 1) // 2) if "g16" in sfx else 2 * axes
    rest = BODY[dim] + ("l" in sfx) + ("cl" in sfx)
    return pre + derivs + ((rest + 1) // 2 if a16 else rest)


def data_count(m, dmask, mods):
    k = kind(m)
    if k == "bvh":
        return 4
    n = 4 if k == "gather4" else max(bin(dmask).count("1"), 1)
    if "d16" in mods:
        n = (n + 1) // 2
    return n + ("tfe" in mods)


def vrange(first, n):
    return "v%d" % first if n == 1 else "v[%d:%d]" % (first, first + n - 1)


def sgprs(rng, count):
    if rng.random() < 0.15:
        first = rng.randrange(0, 16 - count + 1, 4)
        return "ttmp[%d:%d]" % (first, first + count - 1)
    first = rng.randrange(0, 106 - count + 1, 4)
    return "s[%d:%d]" % (first, first + count - 1)


def emit(rng, gen, m, variant):
    k = kind(m)
    sampler = k in ("sample", "gather4", "get_lod")
    on = set()
    if variant == 0:
        pass
    elif variant <= len(MODS):
        on.add(MODS[variant - 1])
    else:
        on = {x for x in MODS if rng.random() < 0.3}
    if k == "bvh":
        on &= {"a16"}
        dim = None
    else:
        dim = DIMS[(variant + rng.randrange(8)) % 8] if variant > 0 else DIMS[variant % 8]
        if variant < 8:
            dim = DIMS[variant]
        # The seed: MSAA images take load, store and atomics only (not the _mip forms); MSAA_LOAD
        # takes MSAA images only.
        msaa_ok = k in ("load", "store", "atomic", "msaa_load") and "mip" not in suffixes(m)
        if "MSAA" in dim and not msaa_ok:
            dim = DIMS[(DIMS.index(dim) - 2)]
        if k == "msaa_load" and "MSAA" not in dim:
            dim = DIMS[6 + rng.randrange(2)]
    if k in ("atomic", "get_resinfo", "get_lod") or "pck" in m:
        on.discard("d16")
    if k == "gather4":
        dmask = 1 << rng.randrange(4)
    elif k == "atomic":
        dmask = (0xf if rng.random() < 0.5 else 0x3) if "cmpswap" in m else (
            0x3 if rng.random() < 0.5 else 0x1)
    elif k == "bvh":
        dmask = 0xf
    else:
        dmask = rng.randrange(16)
    na = addr_count(m, dim, "a16" in on)
    nd = data_count(m, dmask, on)
    # The hardware writes the status dword for LWE too (llvm-mc 14 only counts TFE).
    vdata = rng.randrange(0, 256 - nd - ("lwe" in on and "tfe" not in on) + 1)
    nsa = na >= 2 and rng.random() < 0.4
    if nsa:
        regs = rng.sample(range(256), na)
        vaddr = "[" + ", ".join("v%d" % r for r in regs) + "]"
    else:
        nr = na if na <= 8 else 16
        vaddr = vrange(rng.randrange(0, 256 - nr + 1), nr)
    text = "%s %s, %s, %s" % (m, vrange(vdata, nd), vaddr, sgprs(rng, 4 if k == "bvh" else 8))
    if sampler:
        text += ", " + sgprs(rng, 4)
    if k != "bvh":
        text += " dmask:0x%x dim:SQ_RSRC_IMG_%s" % (dmask, dim)
    text += "".join(" " + x for x in MODS if x in on)
    return text


def assemble(cpu, lines):
    p = subprocess.run([MC, "-arch=amdgcn", "-mcpu=" + cpu, "-show-encoding"],
                       input="\n".join(lines) + "\n", capture_output=True, text=True)
    bad = {int(x) for x in re.findall(r"<stdin>:(\d+):\d+: error", p.stderr)}
    enc = [l for l in p.stdout.splitlines() if "; encoding: [" in l]
    kept = [i for i in range(len(lines)) if i + 1 not in bad]
    assert len(kept) == len(enc), (cpu, len(kept), len(enc))
    out = []
    for line in enc:
        text, e = line.strip().split(" ; encoding: [")
        out.append((text.strip(), e.rstrip("]")))
    return out, len(bad)


def main():
    if not MC:
        sys.exit("gen-rdna-mimg-table.py: llvm-mc not found (set LLVM_MC)")
    version = re.search(r"LLVM version ([\d.]+)", subprocess.run(
        [MC, "--version"], capture_output=True, text=True).stdout).group(1)
    rng = random.Random(20261125)
    rows = []
    for gen, cpu in GENS.items():
        lines = []
        for m in ops:
            if m in GFX1030_ONLY and gen != "gfx1030":
                continue
            for v in range(14):
                lines.append(emit(rng, gen, m, v))
        out, rejected = assemble(cpu, lines)
        print("%s: %d lines, %d rejected by llvm-mc" % (gen, len(lines), rejected))
        rows += ["%s|%s|%s" % (gen, t, e) for t, e in out]
    with open(OUT, "w") as f:
        f.write("# Generated by scripts/gen-rdna-mimg-table.py with LLVM version %s.\n" % version)
        f.write("# gfx|llvm-mc canonical text|encoding bytes (little-endian). Do not edit by hand.\n")
        f.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
