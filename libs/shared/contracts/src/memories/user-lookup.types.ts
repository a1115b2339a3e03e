/**
 * `auth.users.lookup`: the public facts of some users by id, for other services (the memory service needs the
 * owner's e-mail and must refuse shares with unknown users). Unknown ids are simply absent from `users`.
 */
export interface UserLookupRequest {
  ids: string[];
}

/**
 * What one user may see of another they share with (the share dialog, "Shared by"), and all that
 * `GET /api/users?email=` reveals: never the phone number, the verification state or when they joined.
 */
export interface UserSummary {
  id: string;
  name: string;
  email: string;
  profileImageUrl: string | null;
}

export interface UserLookupResult {
  users: UserSummary[];
}
