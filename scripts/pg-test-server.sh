#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests and benchmarks, on 127.0.0.1 only.
#
#   scripts/pg-test-server.sh start DIR   # prints the URL (postgresql://...) on stdout
#   scripts/pg-test-server.sh stop DIR    # stops the cluster and removes DIR
#
# `start` installs the Debian packages if no PostgreSQL is found (apt-get, as root), makes
# a new cluster in DIR (which must not exist or be empty) with initdb, and starts it with
# pg_ctl on a free port, listening on 127.0.0.1 and a Unix socket inside DIR. As root (CI)
# the cluster is owned by and run as the `postgres` user, since PostgreSQL refuses to run
# as root (DIR must then be reachable by that user: put it under /tmp); otherwise as the
# current user. Authentication is `trust`: only for tests. Only the cluster in DIR is
# started (if apt-get installs PostgreSQL, a default cluster it started is stopped).
#
# CI:   PG_DIR=$(mktemp -d); trap 'scripts/pg-test-server.sh stop "$PG_DIR"' EXIT
#       export ISLANDGAMES_PG_URL=$(scripts/pg-test-server.sh start "$PG_DIR")
# Extra server settings may be given in PG_TEST_OPTIONS (e.g. "-c fsync=off").
set -euo pipefail

usage() {
    echo "usage: $0 start|stop DIR" >&2
    exit 2
}

[ $# -eq 2 ] || usage
command=$1
dir=$2

find_bindir() {
    local d
    d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    if [ -n "$d" ] && [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then
        echo "$d"
        return 0
    fi
    if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
        dirname "$(command -v initdb)"
        return 0
    fi
    return 1
}

as_owner() {
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

free_port() {
    python3 - <<'EOF'
import socket
with socket.socket() as s:
    s.bind(("127.0.0.1", 0))
    print(s.getsockname()[1])
EOF
}

start() {
    local bindir port url
    if ! bindir=$(find_bindir); then
        if [ "$(id -u)" -ne 0 ]; then
            echo "$0: PostgreSQL is not installed (as root: apt-get install postgresql)" >&2
            exit 1
        fi
        echo "$0: installing PostgreSQL (apt-get)" >&2
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq >&2
        apt-get install -y -qq postgresql >&2
        # the package may have started its default cluster: this script starts only its own
        if command -v pg_lsclusters >/dev/null 2>&1; then
            pg_lsclusters -h 2>/dev/null | while read -r version name _port status _rest; do
                if [ "$status" = online ]; then
                    pg_ctlcluster "$version" "$name" stop >&2 || true
                fi
            done
        fi
        bindir=$(find_bindir)
    fi
    mkdir -p "$dir"
    if [ -n "$(ls -A "$dir")" ]; then
        echo "$0: $dir is not empty" >&2
        exit 1
    fi
    if [ "$(id -u)" -eq 0 ]; then
        chown postgres: "$dir"
        chmod 700 "$dir"
    fi
    as_owner "$bindir/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C \
        --no-sync >"$dir/initdb.log" 2>&1 || {
        cat "$dir/initdb.log" >&2
        exit 1
    }
    # the port is free now; another process could take it before the server binds it:
    # try a few times
    for _attempt in 1 2 3; do
        port=$(free_port)
        if as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
            -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$dir \
                -c max_connections=200 ${PG_TEST_OPTIONS:-}" start >&2; then
            url="postgresql://postgres@127.0.0.1:$port/postgres"
            echo "$url" >"$dir/url"
            echo "$url"
            return 0
        fi
    done
    cat "$dir/server.log" >&2 || true
    exit 1
}

stop() {
    local bindir
    if [ -f "$dir/data/postmaster.pid" ]; then
        bindir=$(find_bindir)
        as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >&2 || true
    fi
    rm -rf "$dir"
}

case "$command" in
    start) start ;;
    stop) stop ;;
    *) usage ;;
esac
