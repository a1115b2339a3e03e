import { CreateUploadSchema1732100000002 } from './migrations/1732100000002-create-upload-schema';
import { CreateFiles1732400000000 } from './migrations/1732400000000-create-files';
import { FollowAccountDeletions1733400000002 } from './migrations/1733400000002-follow-account-deletions';

/** Every migration of the upload schema, oldest first. */
export const UPLOAD_MIGRATIONS = [CreateUploadSchema1732100000002, CreateFiles1732400000000, FollowAccountDeletions1733400000002];
