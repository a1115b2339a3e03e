import { createSchemaMigration } from '@memories/nest-common';

export const CreateUploadSchema1732100000002 = createSchemaMigration('upload', 1732100000002);
