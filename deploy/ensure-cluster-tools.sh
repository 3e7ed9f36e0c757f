#!/usr/bin/env bash
# What the cluster (npm run cluster, the fault suite, the load balancer's browser journey and
# the cluster benchmark) runs on, installed or started when missing, as .ci/run does for Chromium:
# Debian's HAProxy, Debian's redis-server (the fault suite starts a Redis of its own to restart
# it) and a PostgreSQL answering on 127.0.0.1:5432.
set -euo pipefail

missing=()
command -v haproxy >/dev/null 2>&1 || missing+=(haproxy)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing Debian's ${missing[*]} for the cluster"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  if [[ " ${missing[*]} " == *" postgresql "* ]]; then
    # The cluster this install just created is ours: the local superuser over loopback, no password,
    # as the test settings expect (postgres://postgres@127.0.0.1:5432).
    hba="$(ls /etc/postgresql/*/main/pg_hba.conf | head -1)"
    sed -i '1i host all postgres 127.0.0.1/32 trust' "$hba"
  fi
fi

if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  echo "starting this machine's PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start
  for _ in $(seq 1 50); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 0.2; done
fi
