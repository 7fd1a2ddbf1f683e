#!/bin/sh
# Chromium whose profile lies on a disk of 80 MB (a tmpfs mounted over CHLOE_SMALL_DISK, in a
# mount namespace of its own: it goes when Chromium does, whatever happens to the test). The quota
# Chromium gives an origin follows the disk: about 47 MB here, as on a full phone.
set -e
dir="${CHLOE_SMALL_DISK:?CHLOE_SMALL_DISK names the profile directory}"
if [ "$(id -u)" = 0 ]; then ns="--mount"; else ns="--mount --map-root-user"; fi
# shellcheck disable=SC2086 # two options when not root
exec unshare $ns --propagation private sh -c 'mount -t tmpfs -o size=80m tmpfs "$0" && exec "${CHROMIUM_PATH:-/usr/bin/chromium}" "$@"' "$dir" "$@"
