import { createSchemaMigration } from '@memories/nest-common';

export const CreateNotifySchema1734000000000 = createSchemaMigration('notify', 1734000000000);
