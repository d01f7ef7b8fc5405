#!/bin/sh
# The CPU target built with the address sanitizer(s): see sanitize.sh.
exec sh "$(dirname "$0")/sanitize.sh" address
