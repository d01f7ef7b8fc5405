#!/bin/sh
# The CPU target built with the thread sanitizer(s): see sanitize.sh.
exec sh "$(dirname "$0")/sanitize.sh" thread
