#!/usr/bin/env bash
# Regenerates the llvm-mc cross-check data of the GCN MIMG decoder:
#
#   tests/isa/gcn/data/mimg_llvm_mc.txt       gfx|canonical text|encoding bytes
#       Every opcode of gfx6 (tahiti), gfx7 (bonaire), gfx8 (tonga) and gfx9 (gfx900) that llvm-mc
#       knows, each with a few register/modifier variants, assembled by llvm-mc -show-encoding.
#       The text is what llvm-mc prints back (its canonical form), not what this script wrote.
#   tests/isa/gcn/data/mimg_addr_llvm_mc.txt  mnemonic|dim|a16|vaddr dwords
#       The exact VADDR size llvm-mc accepts for each op (GFX6-9's and GFX10's _G16 samples) and
#       image dim, with and without A16, on gfx1010, whose assembler (unlike GFX6-9's) checks the
#       address size against DIM, A16 and G16.
#
# llvm-mc 14 cannot disassemble GFX6/7 and prints a one-register VADDR when disassembling
# GFX8/9, so the assembler is the oracle: we write the text (VADDR width from the seed's layout
# for a 2D image, 2D array with DA), llvm-mc checks the rest (VDATA width against dmask/tfe/d16,
# modifiers, registers) and prints the encoding.
#
# Usage: scripts/gen-mimg-table.sh   (from anywhere; needs llvm-mc 14: LLVM_MC=... to override)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
data="$root/tests/isa/gcn/data"
mc=${LLVM_MC:-}
if [[ -z "$mc" ]]; then
  for c in llvm-mc-14 llvm-mc; do
    if command -v "$c" >/dev/null; then mc=$c; break; fi
  done
fi
[[ -n "$mc" ]] || { echo "gen-mimg-table.sh: llvm-mc not found (set LLVM_MC)" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ---- opcode lists (mnemonics only: llvm-mc supplies the numbers) ----
common="image_load image_load_mip image_load_pck image_load_pck_sgn image_load_mip_pck
image_load_mip_pck_sgn image_store image_store_mip image_store_pck image_store_mip_pck
image_get_resinfo"
for s in "" _cl _d _d_cl _l _b _b_cl _lz _c _c_cl _c_d _c_d_cl _c_l _c_b _c_b_cl _c_lz; do
  common+=" image_sample$s image_sample${s}_o"
done
for s in "" _cl _l _b _b_cl _lz _c _c_cl _c_l _c_b _c_b_cl _c_lz; do
  common+=" image_gather4$s image_gather4${s}_o"
done
common+=" image_get_lod image_sample_cd image_sample_cd_cl image_sample_c_cd image_sample_c_cd_cl
image_sample_cd_o image_sample_cd_cl_o image_sample_c_cd_o image_sample_c_cd_cl_o"
atomics_vi="image_atomic_swap image_atomic_cmpswap image_atomic_add image_atomic_sub
image_atomic_smin image_atomic_umin image_atomic_smax image_atomic_umax image_atomic_and
image_atomic_or image_atomic_xor image_atomic_inc image_atomic_dec"
atomics_ci="$atomics_vi image_atomic_fcmpswap image_atomic_fmin image_atomic_fmax"
# gfx7 has no RSUB (seed 000; llvm-mc 14 accepts it on bonaire regardless). gfx9's
# image_gather4h (0x42) is not known to llvm-mc 14 and is tested by hand instead.
ops_gfx6="$common $atomics_ci image_atomic_rsub"
ops_gfx7="$common $atomics_ci"
ops_gfx8="$common $atomics_vi"
ops_gfx9="$common $atomics_vi"

# ---- a deterministic pseudo-random stream ----
rng=20240611
rand() {  # rand N -> $r in [0, N)
  rng=$(((rng * 1103515245 + 12345) & 0x7fffffff))
  r=$(((rng >> 8) % $1))
}

# ---- the seed's VADDR layout, 2D image (2D array with da) ----
# addr_count mnemonic da a16 -> $ac (dwords)
addr_count() {
  local m=${1#image_} da=$2 a16=$3 body=$((2 + $2))
  local pre=0 derivs=0 rest=0
  case $m in
    get_resinfo) ac=1; return ;;
    load* | store* | atomic_*)
      rest=$body
      [[ $m == *_mip* ]] && rest=$((rest + 1))
      ;;
    *)
      local sfx="_${m#*_}"
      [[ $m == sample || $m == gather4 || $m == get_lod ]] && sfx=""
      [[ $sfx == *_o ]] && pre=$((pre + 1))
      [[ $sfx == *_b_* || $sfx == *_b ]] && pre=$((pre + 1))
      [[ $sfx == _c_* || $sfx == _c ]] && pre=$((pre + 1))
      [[ $sfx == *_d_* || $sfx == *_d || $sfx == *_cd_* || $sfx == *_cd ]] && derivs=4
      rest=$body
      [[ $sfx == *_l_* || $sfx == *_l ]] && rest=$((rest + 1))
      [[ $sfx == *_cl_* || $sfx == *_cl ]] && rest=$((rest + 1))
      ;;
  esac
  if ((a16)); then
    ac=$((pre + derivs / 2 + (rest + 1) / 2))  # gfx9 a16: 16-bit gradients pack per direction
  else
    ac=$((pre + derivs + rest))
  fi
}

vreg() {  # vreg first count
  if (($2 == 1)); then echo "v$1"; else echo "v[$1:$(($1 + $2 - 1))]"; fi
}

dmasks_any=(0xf 0x1 0x3 0x7 0x5 0x2 0x8 0xe 0x9 0xc 0x0 0x6 0xb 0xd 0xa 0x4)
mod_names=(unorm glc slc r128 tfe lwe da d16)

# emit gen mnemonic variant -> one assembly line on stdout
emit() {
  local gen=$1 m=$2 v=$3
  local kind=sample
  case $m in
    image_load* | image_store*) kind=mem ;;
    image_get_resinfo) kind=resinfo ;;
    image_atomic_*) kind=atomic ;;
    image_gather4*) kind=gather ;;
    image_get_lod) kind=lod ;;
  esac
  # modifiers: variant 0 sets one rotating modifier, the others a random set
  local -A on=()
  if ((v == 0)); then
    rand 9
    ((r < 8)) && on[${mod_names[$r]}]=1
  else
    for n in "${mod_names[@]}"; do
      rand 100
      ((r < 40)) && on[$n]=1
    done
  fi
  # generation and op rules
  if [[ $gen == gfx9 ]]; then
    [[ -n ${on[r128]:-} ]] && { unset 'on[r128]'; on[a16]=1; }
  fi
  if [[ $gen == gfx6 || $gen == gfx7 ]]; then unset 'on[d16]'; fi
  case $kind in
    atomic | resinfo | lod) unset 'on[d16]' ;;
  esac
  case $m in *_pck*) unset 'on[d16]' ;; esac
  # llvm-mc 14 rejects every VDATA width for gfx9 gather4 with both tfe and d16
  if [[ $gen == gfx9 && $kind == gather && -n ${on[d16]:-} ]]; then unset 'on[tfe]'; fi
  # dmask
  local dmask
  case $kind in
    gather) rand 4; dmask=$((1 << r)) ;;
    atomic)
      rand 2
      if [[ $m == *cmpswap ]]; then dmask=$((r ? 0xf : 0x3)); else dmask=$((r ? 0x3 : 0x1)); fi
      ;;
    *) rand 16; dmask=$((dmasks_any[r])) ;;
  esac
  # llvm-mc 14 has no 3- or 5-register VDATA for atomics: only 32-bit ones take tfe there
  if [[ $kind == atomic && $dmask != 1 ]]; then unset 'on[tfe]'; fi
  # VDATA registers as llvm-mc 14 counts them (tfe adds one, lwe does not)
  local nd
  if [[ $kind == gather ]]; then
    nd=4
  else
    nd=0
    for ((b = 0; b < 4; b++)); do ((dmask >> b & 1)) && nd=$((nd + 1)); done
    ((nd == 0)) && nd=1
  fi
  [[ $gen == gfx9 && -n ${on[d16]:-} ]] && nd=$(((nd + 1) / 2))
  [[ -n ${on[tfe]:-} ]] && nd=$((nd + 1))
  addr_count "$m" "${on[da]:-0}" "${on[a16]:-0}"
  local na=$ac
  ((na > 8)) && na=16
  # registers
  local vd va sr ss
  rand $((257 - nd)); vd=$r
  rand $((257 - na)); va=$r
  local sgpr_max=104
  [[ $gen == gfx8 || $gen == gfx9 ]] && sgpr_max=102
  rand 10
  if ((r == 0)); then
    local tb=2
    [[ $gen == gfx9 ]] && tb=3
    rand $tb; sr="ttmp[$((4 * r)):$((4 * r + 7))]"
  else
    rand $(((sgpr_max - 8) / 4 + 1)); sr="s[$((4 * r)):$((4 * r + 7))]"
  fi
  rand 10
  if ((r == 0)); then
    local tb=3
    [[ $gen == gfx9 ]] && tb=4
    rand $tb; ss="ttmp[$((4 * r)):$((4 * r + 3))]"
  else
    rand $(((sgpr_max - 4) / 4 + 1)); ss="s[$((4 * r)):$((4 * r + 3))]"
  fi
  local line="$m $(vreg $vd $nd), $(vreg $va $na), $sr"
  case $kind in sample | gather | lod) line+=", $ss" ;; esac
  ((dmask != 0)) && line+=" dmask:$(printf '0x%x' $dmask)"
  for n in unorm glc slc r128 a16 tfe lwe da d16; do
    [[ -n ${on[$n]:-} ]] && line+=" $n"
  done
  echo "$line"
}

# Hand-picked lines: the extremes of every field.
extra_lines() {
  local gen=$1
  echo "image_sample v[252:255], v[254:255], s[8:15], s[16:19] dmask:0xf"
  echo "image_sample v0, v[0:1], s[0:7], s[0:3]"
  echo "image_sample_c_d_cl_o v[0:3], v[4:19], s[8:15], s[16:19] dmask:0xf"
  echo "image_sample_c_d_cl_o v[0:3], v[240:255], s[92:99], s[12:15] dmask:0xf da"
  echo "image_gather4_c_b_cl_o v[4:7], v[8:14], ttmp[4:11], ttmp[8:11] dmask:0x8 da"
  echo "image_get_resinfo v[0:3], v255, s[8:15] dmask:0xf"
  echo "image_atomic_cmpswap v[0:3], v[4:5], s[8:15] dmask:0xf glc"
  echo "image_store_mip v[1:2], v[3:5], s[4:11] dmask:0x9 lwe"
  case $gen in
    gfx6 | gfx7)
      echo "image_load v[0:4], v[4:5], s[8:15] dmask:0xf unorm glc slc r128 tfe lwe"
      ;;
    gfx8)
      echo "image_load v[0:4], v[4:5], s[8:15] dmask:0xf unorm glc slc r128 tfe lwe"
      echo "image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x7 tfe d16"
      echo "image_gather4_lz v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x2 d16"
      echo "image_store v[0:4], v[4:6], s[8:15] dmask:0xf unorm glc slc r128 tfe lwe da d16"
      ;;
    gfx9)
      echo "image_load v[0:4], v4, s[8:15] dmask:0xf unorm glc slc a16 tfe lwe"
      echo "image_sample v[0:2], v[4:5], s[8:15], s[16:19] dmask:0x7 tfe d16"
      echo "image_gather4_lz v[0:1], v[4:5], s[8:15], s[16:19] dmask:0x2 d16"
      echo "image_store v[0:2], v[4:5], s[8:15] dmask:0xf unorm glc slc a16 tfe lwe da d16"
      echo "image_sample_d v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf a16"
      echo "image_sample_c_d_cl_o v[0:3], v[4:9], s[8:15], s[16:19] dmask:0xf a16 da"
      echo "image_sample_b_cl v[0:3], v[4:6], s[8:15], s[16:19] dmask:0xf a16"
      echo "image_load_mip v[0:3], v[4:5], s[8:15] dmask:0xf a16 da"
      echo "image_load v[0:1], v[4], s[8:15] dmask:0xf a16 d16"
      ;;
  esac
}

assemble() {  # gen cpu infile outfile -> "gen|text|bytes" lines; fails on any llvm-mc error
  local gen=$1 cpu=$2 in=$3 out=$4
  "$mc" -arch=amdgcn -mcpu="$cpu" -show-encoding <"$in" >"$tmp/asm.out" 2>"$tmp/asm.err" || true
  if [[ -s "$tmp/asm.err" ]]; then
    echo "llvm-mc -mcpu=$cpu rejected generated lines:" >&2
    cat "$tmp/asm.err" >&2
    exit 1
  fi
  grep 'encoding:' "$tmp/asm.out" |
    sed -E 's/^[[:space:]]+//; s/[[:space:]]*; encoding: \[([^]]*)\]$/|\1/; s/^/'"$gen"'|/' >>"$out"
  local want got
  want=$(wc -l <"$in")
  got=$(grep -c 'encoding:' "$tmp/asm.out")
  [[ $want == "$got" ]] || { echo "$cpu: $want lines in, $got encodings out" >&2; exit 1; }
}

table="$tmp/mimg_llvm_mc.txt"
{
  echo "# Generated by scripts/gen-mimg-table.sh with $("$mc" --version | grep -o 'LLVM version [0-9.]*')."
  echo "# gfx|llvm-mc canonical text|encoding bytes (little-endian). Do not edit by hand."
} >"$table"
for pair in gfx6:tahiti gfx7:bonaire gfx8:tonga gfx9:gfx900; do
  gen=${pair%%:*} cpu=${pair#*:}
  ops_var="ops_$gen"
  : >"$tmp/in.s"
  for m in ${!ops_var}; do
    for v in 0 1; do emit "$gen" "$m" "$v" >>"$tmp/in.s"; done
  done
  extra_lines "$gen" >>"$tmp/in.s"
  assemble "$gen" "$cpu" "$tmp/in.s" "$table"
done

# ---- VADDR sizes from the gfx1010 assembler ----
dims="1D 2D 3D CUBE 1D_ARRAY 2D_ARRAY 2D_MSAA 2D_MSAA_ARRAY"
# GFX10's _G16 samples (16-bit derivatives, packed per direction) join the GFX6-9 ops here.
g16=""
for s in _d _d_cl _c_d _c_d_cl _d_o _d_cl_o _c_d_o _c_d_cl_o _cd _cd_cl _c_cd _c_cd_cl _cd_o \
  _cd_cl_o _c_cd_o _c_cd_cl_o; do
  g16+=" image_sample${s}_g16"
done
addr_ops="$common $atomics_ci $g16"
: >"$tmp/addr.s"
: >"$tmp/addr.keys"
for m in $addr_ops; do
  case $m in
    image_load* | image_store* | image_get_resinfo | image_atomic_*) samp="" ;;
    *) samp=", s[12:15]" ;;
  esac
  vd=v0 dm=0x1
  [[ $m == *cmpswap ]] && vd="v[0:1]" dm=0x3
  [[ $m == image_gather4* ]] && vd="v[0:3]"
  for d in $dims; do
    for a16 in 0 1; do
      mods=""
      ((a16)) && mods=" a16"
      for n in $(seq 1 13); do
        # The NSA form is exact but LLVM 14 lacks some NSA variants; the contiguous form is exact
        # up to 7 registers (8 also stands for 5-7).
        vas=()
        ((n > 1)) && vas+=("[$(seq -s ', ' -f 'v%g' 20 $((19 + n)))]")
        ((n <= 7)) && vas+=("$(vreg 20 $n)")
        for va in "${vas[@]}"; do
          echo "$m $vd, $va, s[8:15]$samp dmask:$dm dim:SQ_RSRC_IMG_$d$mods" >>"$tmp/addr.s"
          echo "$m|$(echo "$d" | tr 'A-Z' 'a-z')|$a16|$n" >>"$tmp/addr.keys"
        done
      done
    done
  done
done
"$mc" -arch=amdgcn -mcpu=gfx1010 -show-encoding <"$tmp/addr.s" >/dev/null 2>"$tmp/addr.err" || true
grep -oE '^<stdin>:[0-9]+:[0-9]+: error' "$tmp/addr.err" | cut -d: -f2 | sort -un >"$tmp/bad.lines"
addr="$tmp/mimg_addr_llvm_mc.txt"
{
  echo "# Generated by scripts/gen-mimg-table.sh with $("$mc" --version | grep -o 'LLVM version [0-9.]*')."
  echo "# mnemonic|dim|a16|VADDR dwords llvm-mc -mcpu=gfx1010 accepts (exact)."
  echo "# Combinations it rejects at every size are absent."
} >"$addr"
awk 'NR == FNR { bad[$1] = 1; next } !(FNR in bad) { print }' "$tmp/bad.lines" "$tmp/addr.keys" |
  sort -u -t'|' -k1,1 -k2,2 -k3,3n -k4,4n >"$tmp/addr.ok"
if dup=$(cut -d'|' -f1-3 "$tmp/addr.ok" | uniq -d | head -1) && [[ -n $dup ]]; then
  echo "llvm-mc -mcpu=gfx1010 accepted two VADDR sizes for $dup" >&2
  exit 1
fi
cat "$tmp/addr.ok" >>"$addr"

mkdir -p "$data"
cp "$table" "$data/mimg_llvm_mc.txt"
cp "$addr" "$data/mimg_addr_llvm_mc.txt"
echo "wrote $(grep -vc '^#' "$data/mimg_llvm_mc.txt") instructions to tests/isa/gcn/data/mimg_llvm_mc.txt"
echo "wrote $(grep -vc '^#' "$data/mimg_addr_llvm_mc.txt") sizes to tests/isa/gcn/data/mimg_addr_llvm_mc.txt"
