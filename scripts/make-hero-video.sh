#!/usr/bin/env bash
# Renders the home page's background video and its poster frame from ffmpeg's own
# generators (nothing downloaded, nothing copied): slowly moving brand-coloured gradients
# with a faint drifting grid of cells. Run once by hand (needs Debian's ffmpeg); the
# results are committed under public/media/.
set -euo pipefail
cd "$(dirname "$0")/.."
out=public/media
mkdir -p "$out"
seconds=8
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "gradients=s=960x540:r=24:d=${seconds}:c0=0x0b1024:c1=0x1d2f63:c2=0x233d9c:c3=0x0f766e:c4=0x121c3d:nb_colors=5:speed=0.012:type=radial" \
  -f lavfi -i "life=s=240x135:r=24:mold=10:ratio=0.12:death_color=#000000:life_color=#5eead4:mold_color=#1d2f63,scale=960:540:flags=neighbor,format=rgba,colorchannelmixer=aa=0.10" \
  -filter_complex "[0:v][1:v]overlay=format=auto,trim=duration=${seconds},format=yuv420p" \
  -c:v libx264 -profile:v high -preset veryslow -crf 32 -movflags +faststart -an "$out/hero.mp4"
ffmpeg -hide_banner -loglevel error -y -ss 2 -i "$out/hero.mp4" -frames:v 1 -vf scale=960:540 -q:v 6 "$out/hero-poster.jpg"
ls -l "$out"
