#!/bin/sh
# Backs up a docker compose install while it runs, with the real tools and the same scripts as the Kubernetes
# CronJob (k8s/components/backup): pg_dump of the database, then mc mirror of the bucket, into
# ./backups/memories-<time>/ (BACKUP_ROOT), keeping the newest BACKUP_KEEP (7). Run from the repository root:
#   sh tools/deploy/backup/compose-backup.sh
set -eu
# The few settings these commands need, from the environment or else from .env (not sourced: it holds PEM keys).
for name in POSTGRES_USER POSTGRES_PASSWORD POSTGRES_DB MINIO_ROOT_USER MINIO_ROOT_PASSWORD; do
  eval "current=\${$name:-}"
  [ -z "$current" ] && [ -f .env ] && eval "$name=\"\$(sed -n 's/^$name=//p' .env | tail -n 1)\""
done
root="$(cd "$(dirname "$0")/../../.." && pwd)"
backups="$(mkdir -p "${BACKUP_ROOT:-./backups}" && cd "${BACKUP_ROOT:-./backups}" && pwd)"
scripts="$root/k8s/components/backup"

docker compose run --rm --no-deps -T --entrypoint /bin/sh \
  -v "$backups:/backups" -v "$scripts:/scripts:ro" \
  -e BACKUP_ROOT=/backups \
  -e DATABASE_URL="postgres://${POSTGRES_USER:-memories}:${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD in .env}@postgres:5432/${POSTGRES_DB:-memories}" \
  postgres /scripts/backup-database.sh

docker compose run --rm --no-deps -T --entrypoint /bin/sh \
  -v "$backups:/backups" -v "$scripts:/scripts:ro" \
  -e BACKUP_ROOT=/backups -e BACKUP_KEEP="${BACKUP_KEEP:-7}" \
  -e S3_ENDPOINT=minio -e S3_PORT=9000 -e S3_USE_SSL=false -e S3_BUCKET=memories-files \
  -e S3_ACCESS_KEY="${MINIO_ROOT_USER:-memories-admin}" -e S3_SECRET_KEY="${MINIO_ROOT_PASSWORD:?set MINIO_ROOT_PASSWORD in .env}" \
  minio-setup /scripts/backup-files.sh
