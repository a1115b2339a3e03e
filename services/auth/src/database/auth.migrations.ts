import { CreateAuthSchema1732100000000 } from './migrations/1732100000000-create-auth-schema';
import { CreateAuthTables1732200000000 } from './migrations/1732200000000-create-auth-tables';
import { RecordDeletedAccounts1733400000000 } from './migrations/1733400000000-record-deleted-accounts';

/** Every migration of the auth schema, oldest first. */
export const AUTH_MIGRATIONS = [CreateAuthSchema1732100000000, CreateAuthTables1732200000000, RecordDeletedAccounts1733400000000];
