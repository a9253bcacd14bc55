#!/usr/bin/env bash
# Run under xvfb-run: start `choreo view`, wait for its window, step to s06 (or press $KEYS), take a
# screenshot, press q.
# Usage: xvfb_driver.sh SCRIPT SHOT.png   (exit 0 only when the viewer quit cleanly after the shot)
# PYTHON names the interpreter (the test's own: its venv has the dependencies; default python3)
set -u
# xwininfo (x11-utils) answers at once; xdotool search can take seconds a call without a window manager.
# The title says "planning" until the first plan is in (made in the background, the window open).
found() {
  if command -v xwininfo >/dev/null; then xwininfo -root -tree 2>/dev/null | grep "choreo view" | grep -qv planning
  else xdotool search --name "choreo view" >/dev/null 2>&1; fi
}
script="$1"; shot="$2"
unset SDL_VIDEODRIVER
"${PYTHON:-python3}" -m choreo view "$script" --size 1240x760 --out-dir "$(dirname "$shot")" &
pid=$!
for _ in $(seq 1 600); do
  found && break
  sleep 0.1
done
sleep 0.8  # the first frames (font, the panels drawn ahead)
keys=${KEYS-Right Right Right Right Right}
if [ -n "$keys" ]; then xdotool key $keys; fi
sleep 0.8
if [ -x /usr/bin/import ]; then
  /usr/bin/import -window root "$shot"
else
  xwd -root -silent | /usr/bin/convert xwd:- "png:$shot"
fi
xdotool key q
for _ in $(seq 1 300); do  # a loaded machine (eight test runs on two cores) can take seconds
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
if kill -0 "$pid" 2>/dev/null; then
  titles=$(xwininfo -root -tree 2>/dev/null | grep -o '"choreo view[^"]*"')
  kill "$pid"; echo "viewer did not quit on q within 30 s (window: ${titles:-none})" >&2; exit 3
fi
wait "$pid"
