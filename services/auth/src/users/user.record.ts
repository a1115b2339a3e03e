import type { UserRole } from '@memories/contracts';

/** A row of auth.users as the service uses it; never leaves the service (see toAuthUser). */
export interface UserRecord {
  id: string;
  name: string;
  email: string;
  phoneNumber: string | null;
  profileImageUrl: string | null;
  /** null: the account has no password (single sign-on made it). */
  passwordHash: string | null;
  emailVerifiedAt: Date | null;
  createdAt: Date;
  role: UserRole;
  disabledAt: Date | null;
}

export interface NewUser {
  name: string;
  email: string;
  phoneNumber: string | null;
  passwordHash: string | null;
}

export interface UserProfileChanges {
  name?: string;
  phoneNumber?: string | null;
  profileImageUrl?: string | null;
}
