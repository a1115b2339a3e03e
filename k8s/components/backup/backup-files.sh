#!/bin/sh
# Second half of a backup: the bucket's images mirrored next to the dump (MinIO's mc mirror), then the folder is
# marked COMPLETE and loses its `.incomplete` suffix; only the newest BACKUP_KEEP complete backups are kept.
# A backup that stopped halfway keeps `.incomplete` and is never restored. Runs in the minio/mc image.
set -eu
: "${BACKUP_ROOT:?}" "${S3_ENDPOINT:?}" "${S3_PORT:?}" "${S3_BUCKET:?}" "${S3_ACCESS_KEY:?}" "${S3_SECRET_KEY:?}"
export MC_CONFIG_DIR="${MC_CONFIG_DIR:-/tmp/.mc}"
folder="$(cat "$BACKUP_ROOT/.in-progress")"
scheme=http
[ "${S3_USE_SSL:-false}" = true ] && scheme=https
mc alias set store "$scheme://$S3_ENDPOINT:$S3_PORT" "$S3_ACCESS_KEY" "$S3_SECRET_KEY" >/dev/null
mc mirror --quiet "store/$S3_BUCKET" "$folder/files"
date -u +%Y-%m-%dT%H:%M:%SZ > "$folder/COMPLETE"
complete="${folder%.incomplete}"
mv "$folder" "$complete"
rm -f "$BACKUP_ROOT/.in-progress"
echo "backup complete: $complete"
count=0
for old in $(ls -1d "$BACKUP_ROOT"/memories-*Z 2>/dev/null | sort -r); do
  count=$((count + 1))
  if [ "$count" -gt "${BACKUP_KEEP:-7}" ]; then rm -rf "$old" && echo "removed the older backup $old"; fi
done
