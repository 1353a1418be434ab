#!/usr/bin/env bash
# Installs the Debian 12 packages recall needs to build and test, and only the
# missing ones. Does nothing (and needs no network) when all are present.
set -euo pipefail
packages=(
  build-essential cmake pkg-config git
  libsqlite3-dev sqlite3 libsqlitecpp-dev libcli11-dev libspdlog-dev libfmt-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  libzip-dev nlohmann-json3-dev libmd4c-dev libmd4c-html0-dev libutf8proc-dev
  libmd-dev libzstd-dev tzdata
  clang libclang-rt-14-dev
)
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "recall: installing missing packages: ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
