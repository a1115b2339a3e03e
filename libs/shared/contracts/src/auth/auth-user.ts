import type { UserRole } from '../admin/instance-admin';

/** The signed-in user as the API returns it (spec section 3 "User"; never the password hash). */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  phoneNumber: string | null;
  profileImageUrl: string | null;
  emailVerified: boolean;
  createdAt: string;
  /** An admin also sees the administration screens (the gateway checks the role on every admin call). */
  role: UserRole;
}
