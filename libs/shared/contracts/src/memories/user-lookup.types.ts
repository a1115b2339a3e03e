/**
 * `auth.users.lookup`: the public facts of some users by id, for other services (the memory service needs the
 * owner's e-mail and must refuse shares with unknown users). Unknown ids are simply absent from `users`.
 */
export interface UserLookupRequest {
  ids: string[];
  /** Users to find by e-mail address (any case) as well: an import restores shares recorded as addresses. */
  emails?: string[];
}

export interface UserSummary {
  id: string;
  email: string;
}

export interface UserLookupResult {
  users: UserSummary[];
}
