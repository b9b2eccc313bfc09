#!/usr/bin/env bash
# The screenshots in Chinese need a CJK face in the browser (else every character is a box):
# Debian's Noto CJK, installed when fontconfig knows no face for Chinese.
set -euo pipefail
if [ -z "$(fc-list :lang=zh 2>/dev/null)" ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "installing fonts-noto-cjk from Debian (Chinese needs a CJK font)"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq fonts-noto-cjk >/dev/null
fi
