#!/bin/sh
# Restores the images of a complete backup into the bucket: afterwards the bucket holds exactly the backup's files
# (files uploaded since are removed, as the restored database does not know them). Says how many it replaced.
# Runs in the minio/mc image.
set -eu
: "${BACKUP:?}" "${S3_ENDPOINT:?}" "${S3_PORT:?}" "${S3_BUCKET:?}" "${S3_ACCESS_KEY:?}" "${S3_SECRET_KEY:?}"
[ -f "$BACKUP/COMPLETE" ] || { echo "$BACKUP is not a complete backup (no COMPLETE marker): it cannot be restored." >&2; exit 1; }
export MC_CONFIG_DIR="${MC_CONFIG_DIR:-/tmp/.mc}"
scheme=http
[ "${S3_USE_SSL:-false}" = true ] && scheme=https
mc alias set store "$scheme://$S3_ENDPOINT:$S3_PORT" "$S3_ACCESS_KEY" "$S3_SECRET_KEY" >/dev/null
before="$(mc ls --recursive "store/$S3_BUCKET" | wc -l)"
mc mirror --quiet --overwrite --remove "$BACKUP/files" "store/$S3_BUCKET"
echo "replaced $before file(s) in $S3_BUCKET by the backup's $(mc ls --recursive "store/$S3_BUCKET" | wc -l)"
