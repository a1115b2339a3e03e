import { createSchemaMigration } from '@memories/nest-common';

export const CreateMemorySchema1732100000001 = createSchemaMigration('memory', 1732100000001);
