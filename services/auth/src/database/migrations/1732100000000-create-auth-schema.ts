import { createSchemaMigration } from '@memories/nest-common';

export const CreateAuthSchema1732100000000 = createSchemaMigration('auth', 1732100000000);
