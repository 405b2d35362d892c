#!/bin/sh
# Playwright starts Chromium through this. Chromium raises its browser, GPU and compositor threads to nice -8 whenever
# it may, as root may (CI runs as root): on a two-core machine those threads then outrank the server and workers under
# test. Without CAP_SYS_NICE in its bounding set it keeps the priority it was started with, as every other process of
# the suite does. Run as another user, Chromium is started as it is.
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
  exec setpriv --bounding-set=-sys_nice "$chromium" "$@"
fi
exec "$chromium" "$@"
