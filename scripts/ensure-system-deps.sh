#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages the app and its tests need, only when missing (idempotent).
#   ffmpeg     audio decoding and normalization
#   espeak-ng  speech synthesis for the shipped sample calls and test fixtures
#   sox        audio assembly for fixtures
#   chromium   the browser of the end-to-end tests (only with --browser)
set -euo pipefail
need=()
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
command -v espeak-ng >/dev/null 2>&1 || need+=(espeak-ng)
command -v sox >/dev/null 2>&1 || need+=(sox)
if [[ "${1:-}" == "--browser" ]]; then
  [[ -x /usr/bin/chromium ]] || need+=(chromium)
fi
if [[ ${#need[@]} -eq 0 ]]; then exit 0; fi
echo "Installing system packages: ${need[*]}"
SUDO=""
if [[ "$(id -u)" -ne 0 ]]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
