import { CreateUploadSchema1732100000002 } from './migrations/1732100000002-create-upload-schema';

/** Every migration of the upload schema, oldest first. */
export const UPLOAD_MIGRATIONS = [CreateUploadSchema1732100000002];
