import type { AuthUser, UserSummary } from '@memories/contracts';
import type { UserRecord } from './user.record';

/** The only way a user leaves the service: without the password hash. */
export function toAuthUser(user: UserRecord): AuthUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phoneNumber: user.phoneNumber,
    profileImageUrl: user.profileImageUrl,
    emailVerified: user.emailVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
    role: user.role,
  };
}

/** What other users may see of this one (the share dialog, "Shared by"): no phone number, no dates. */
export function toUserSummary(user: UserRecord): UserSummary {
  return { id: user.id, name: user.name, email: user.email, profileImageUrl: user.profileImageUrl };
}
