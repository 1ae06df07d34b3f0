#!/usr/bin/env bash
# Entrypoint of perf-suite/postgres:15, compatible with the official postgres image's:
#   docker-entrypoint.sh postgres [-c name=value ...]   initialise PGDATA on first start, then run the server
#   docker-entrypoint.sh -c fsync=off                  same ("postgres" is prepended)
#   docker-entrypoint.sh anything-else ...             exec'd as is (e.g. bash, psql)
set -Eeuo pipefail

log() { printf '%s [entrypoint] %s\n' "$(date -u '+%F %T UTC')" "$*"; }
die() { printf '%s [entrypoint] ERROR: %s\n' "$(date -u '+%F %T UTC')" "$*" >&2; exit 1; }

# VAR or VAR_FILE (docker secrets), never both.
file_env() {
    local var="$1" def="${2:-}" fvar="${1}_FILE" val
    if [[ -n "${!var:-}" && -n "${!fvar:-}" ]]; then
        die "both $var and $fvar are set (they are exclusive)"
    fi
    val="$def"
    if [[ -n "${!var:-}" ]]; then
        val="${!var}"
    elif [[ -n "${!fvar:-}" ]]; then
        val="$(<"${!fvar}")"
    fi
    export "$var"="$val"
    unset "$fvar"
}

setup_env() {
    file_env POSTGRES_PASSWORD
    file_env POSTGRES_USER postgres
    file_env POSTGRES_DB "$POSTGRES_USER"
    file_env POSTGRES_INITDB_ARGS
    : "${POSTGRES_HOST_AUTH_METHOD:=}"
    : "${PGDATA:=/var/lib/postgresql/data}"
    export PGDATA
}

init_db() {
    if [[ -z "$POSTGRES_PASSWORD" && "$POSTGRES_HOST_AUTH_METHOD" != trust ]]; then
        die "database is uninitialized and no superuser password is set: pass -e POSTGRES_PASSWORD=... (or -e POSTGRES_HOST_AUTH_METHOD=trust to allow all connections without a password; not recommended)"
    fi
    if [[ ${#POSTGRES_PASSWORD} -gt 100 ]]; then
        log "WARNING: POSTGRES_PASSWORD is longer than 100 characters; md5/scram clients may truncate it"
    fi
    log "initdb in $PGDATA (superuser '$POSTGRES_USER')"
    # shellcheck disable=SC2086   # POSTGRES_INITDB_ARGS is a list of words by design
    if [[ -n "$POSTGRES_PASSWORD" ]]; then
        initdb --username="$POSTGRES_USER" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") $POSTGRES_INITDB_ARGS
    else
        initdb --username="$POSTGRES_USER" $POSTGRES_INITDB_ARGS
    fi

    # Remote clients: scram-sha-256 for every host (trust only if asked for explicitly).
    local auth="${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}"
    printf '\n# perf-suite entrypoint\nhost all all all %s\n' "$auth" >>"$PGDATA/pg_hba.conf"

    # Temporary server: unix socket only, with the caller's options (e.g. -c fsync=off).
    # Its log goes to our stdout, so "ready to accept connections" appears here once.
    local opts="-c listen_addresses='' -p ${PGPORT:-5432}"
    local a; for a in "$@"; do opts+=" $(printf '%q' "$a")"; done
    PGUSER="$POSTGRES_USER" PGPASSWORD="$POSTGRES_PASSWORD" \
        pg_ctl -D "$PGDATA" -o "$opts" -w start

    local psql=(psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --no-password --no-psqlrc)
    export PGPASSWORD="$POSTGRES_PASSWORD"
    if [[ "$POSTGRES_DB" != postgres ]]; then
        local exists
        exists="$("${psql[@]}" --dbname postgres --tuples-only --no-align --set db="$POSTGRES_DB" \
            <<<"SELECT 1 FROM pg_database WHERE datname = :'db';")"
        if [[ -z "$exists" ]]; then
            log "CREATE DATABASE \"$POSTGRES_DB\""
            "${psql[@]}" --dbname postgres --set db="$POSTGRES_DB" <<<'CREATE DATABASE :"db";' >/dev/null
        fi
    fi

    local f
    for f in /docker-entrypoint-initdb.d/*; do
        [[ -e "$f" ]] || continue
        case "$f" in
            *.sh)
                if [[ -x "$f" ]]; then log "running $f"; "$f"
                else log "sourcing $f"; # shellcheck disable=SC1090
                    . "$f"; fi ;;
            *.sql)    log "running $f"; "${psql[@]}" --dbname "$POSTGRES_DB" -f "$f" ;;
            *.sql.gz) log "running $f"; gunzip -c "$f" | "${psql[@]}" --dbname "$POSTGRES_DB" ;;
            *)        log "ignoring $f" ;;
        esac
    done
    unset PGPASSWORD

    pg_ctl -D "$PGDATA" -m fast -w stop
    log "init process complete; starting the server"
}

main() {
    if [[ "${1:-}" == -* ]]; then
        set -- postgres "$@"
    fi
    if [[ "${1:-}" != postgres ]]; then
        exec "$@"
    fi
    setup_env

    if [[ $(id -u) -eq 0 ]]; then
        # As root: make PGDATA (maybe a fresh mount) usable, then re-exec as postgres.
        mkdir -p "$PGDATA"
        chmod 00700 "$PGDATA" || true
        find "$PGDATA" \! -user postgres -exec chown postgres:postgres '{}' + 2>/dev/null || true
        install -d -o postgres -g postgres -m 3777 /var/run/postgresql
        HOME=/var/lib/postgresql exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
    fi

    shift   # drop "postgres"; the rest are server options
    local a
    for a in "$@"; do   # informational runs: no initialisation
        case "$a" in -'?'|--help|--describe-config|-V|--version) exec postgres "$@" ;; esac
    done
    if [[ ! -s "$PGDATA/PG_VERSION" ]]; then
        init_db "$@"
    else
        log "PGDATA $PGDATA already initialised (PostgreSQL $(<"$PGDATA/PG_VERSION")); skipping init"
    fi
    exec postgres "$@"
}

main "$@"
