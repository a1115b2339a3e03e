/** The signed-in user as the API returns it (spec section 3 "User"; never the password hash). */
export interface AuthUser {
  id: string;
  name: string;
  email: string;
  phoneNumber: string | null;
  profileImageUrl: string | null;
  emailVerified: boolean;
  createdAt: string;
}
