import { CreateAuthSchema1732100000000 } from './migrations/1732100000000-create-auth-schema';

/** Every migration of the auth schema, oldest first. */
export const AUTH_MIGRATIONS = [CreateAuthSchema1732100000000];
