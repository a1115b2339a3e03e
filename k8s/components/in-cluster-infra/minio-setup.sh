#!/bin/sh
# One-shot set-up of the object store, shared by docker-compose.yml and the dev cluster's Job: the bucket, kept
# private, the upload service's own access key, allowed to touch that bucket only, and the only origin MinIO answers
# CORS for (CORS_ALLOW_ORIGIN, optional: browsers reach the bucket through the app's own origin, so no cross-origin
# call is needed; this narrows MinIO's default, any origin). Safe to run again.
set -eu

: "${MINIO_URL:?}" "${MINIO_ROOT_USER:?}" "${MINIO_ROOT_PASSWORD:?}" "${S3_BUCKET:?}" "${S3_ACCESS_KEY:?}" "${S3_SECRET_KEY:?}"
export MC_CONFIG_DIR="${MC_CONFIG_DIR:-/tmp/.mc}"
policy_file="$(mktemp)"

# MinIO may still be starting (in the cluster nothing orders the Job after it): wait up to two minutes.
attempt=0
until mc alias set store "$MINIO_URL" "$MINIO_ROOT_USER" "$MINIO_ROOT_PASSWORD" >/dev/null 2>&1 && mc ls store >/dev/null 2>&1; do
  attempt=$((attempt + 1))
  if [ "$attempt" -ge 60 ]; then echo "MinIO at $MINIO_URL did not answer" >&2; exit 1; fi
  sleep 2
done
mc mb --ignore-existing "store/$S3_BUCKET"
mc anonymous set none "store/$S3_BUCKET"

cat > "$policy_file" <<POLICY
{
  "Version": "2012-10-17",
  "Statement": [
    { "Effect": "Allow", "Action": ["s3:GetBucketLocation", "s3:ListBucket"], "Resource": ["arn:aws:s3:::$S3_BUCKET"] },
    { "Effect": "Allow", "Action": ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"], "Resource": ["arn:aws:s3:::$S3_BUCKET/*"] }
  ]
}
POLICY
mc admin policy create store memories-upload "$policy_file"
mc admin user add store "$S3_ACCESS_KEY" "$S3_SECRET_KEY"
if ! mc admin user info store "$S3_ACCESS_KEY" | grep -q memories-upload; then
  mc admin policy attach store memories-upload --user "$S3_ACCESS_KEY"
fi
# Community MinIO has no per-bucket CORS: the allowed origin is a server setting, applied without a restart.
if [ -n "${CORS_ALLOW_ORIGIN:-}" ]; then
  mc admin config set store api cors_allow_origin="$CORS_ALLOW_ORIGIN"
fi
echo "object store ready: bucket $S3_BUCKET, access key $S3_ACCESS_KEY"
