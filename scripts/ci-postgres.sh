#!/usr/bin/env bash
# Starts a local PostgreSQL for the server tests and exports TEST_DATABASE_URL.
# Meant to be sourced (`source scripts/ci-postgres.sh`) by .ci/run: it never exits the caller's
# shell, changes no shell options, and when PostgreSQL cannot be started it only warns, so the
# tests still run on PGlite. Idempotent: safe to source twice.
# Prints the export line too, for callers that run it instead of sourcing it.

_curso_pg_setup() {
  local user=curso password=curso db=curso_test port
  local as_postgres
  if [ "$(id -u)" = 0 ]; then
    if command -v runuser >/dev/null 2>&1; then as_postgres="runuser -u postgres --"; else as_postgres="su postgres -s /bin/sh -c"; fi
  else
    as_postgres="sudo -n -u postgres"
  fi
  _pg() { if [ "$as_postgres" = "su postgres -s /bin/sh -c" ]; then su postgres -s /bin/sh -c "$*"; else $as_postgres "$@"; fi; }

  if ! command -v pg_ctlcluster >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      echo "ci-postgres: instalando postgresql…" >&2
      (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) >&2 || return 1
    else
      return 1
    fi
  fi

  local version
  version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n1)
  if [ -z "$version" ]; then
    command -v pg_createcluster >/dev/null 2>&1 || return 1
    version=$(ls /usr/lib/postgresql | sort -V | tail -n1)
    pg_createcluster "$version" main >/dev/null 2>&1 || return 1
  fi
  pg_ctlcluster "$version" main status >/dev/null 2>&1 || pg_ctlcluster "$version" main start >/dev/null 2>&1 || return 1
  port=$(pg_conftool -s "$version" main show port 2>/dev/null || echo 5432)

  local i
  for i in 1 2 3 4 5 6 7 8 9 10; do
    _pg psql -p "$port" -qtAc 'SELECT 1' >/dev/null 2>&1 && break
    sleep 1
  done
  _pg psql -p "$port" -qtAc "SELECT 1 FROM pg_roles WHERE rolname = '$user'" 2>/dev/null | grep -q 1 ||
    _pg psql -p "$port" -qc "CREATE ROLE $user LOGIN PASSWORD '$password'" >/dev/null 2>&1 || return 1
  _pg psql -p "$port" -qtAc "SELECT 1 FROM pg_database WHERE datname = '$db'" 2>/dev/null | grep -q 1 ||
    _pg psql -p "$port" -qc "CREATE DATABASE $db OWNER $user" >/dev/null 2>&1 || return 1

  export TEST_DATABASE_URL="postgres://$user:$password@127.0.0.1:$port/$db"
  # Check the URL really works over TCP with a password (pg_hba may differ per machine).
  PGPASSWORD=$password psql "$TEST_DATABASE_URL" -qtAc 'SELECT 1' >/dev/null 2>&1 || { unset TEST_DATABASE_URL; return 1; }
  return 0
}

if _curso_pg_setup; then
  echo "export TEST_DATABASE_URL=$TEST_DATABASE_URL"
else
  echo "ci-postgres: AVISO: no se pudo iniciar PostgreSQL; las pruebas del servidor correrán solo con PGlite. / WARNING: PostgreSQL unavailable, server tests run on PGlite only." >&2
fi
unset -f _curso_pg_setup _pg 2>/dev/null
true
