import { CreateUploadSchema1732100000002 } from './migrations/1732100000002-create-upload-schema';
import { CreateFiles1732400000000 } from './migrations/1732400000000-create-files';
import { CreateTransferTables1733300000000 } from './migrations/1733300000000-create-transfer-tables';
import { FollowAccountDeletions1733400000002 } from './migrations/1733400000002-follow-account-deletions';
import { StorageQuotas1733600000002 } from './migrations/1733600000002-storage-quotas';
import { ExportRunsHeartbeat1735000000002 } from './migrations/1735000000002-export-runs-heartbeat';

/** Every migration of the upload schema, oldest first. */
export const UPLOAD_MIGRATIONS = [
  CreateUploadSchema1732100000002,
  CreateFiles1732400000000,
  CreateTransferTables1733300000000,
  FollowAccountDeletions1733400000002,
  StorageQuotas1733600000002,
  ExportRunsHeartbeat1735000000002,
];
