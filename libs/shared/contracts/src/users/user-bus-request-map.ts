import type {
  AccountDeletionsPayload,
  AccountDeletionsResult,
  DeleteAccountPayload,
  ProfileImagesReferencedPayload,
  ProfileImagesReferencedResult,
  UserEmailLookupPayload,
  UserEmailLookupResult,
  UserMailAddress,
} from './user-payloads';
import type { USER_SUBJECTS } from './user-subjects';

/** Payload and result of every users subject (merged into `BusRequestMap`). */
export interface UserBusRequestMap {
  [USER_SUBJECTS.findByEmail]: { payload: UserEmailLookupPayload; result: UserEmailLookupResult };
  [USER_SUBJECTS.delete]: { payload: DeleteAccountPayload; result: { deleted: true } };
  [USER_SUBJECTS.deletions]: { payload: AccountDeletionsPayload; result: AccountDeletionsResult };
  [USER_SUBJECTS.profileImagesReferenced]: {
    payload: ProfileImagesReferencedPayload;
    result: ProfileImagesReferencedResult;
  };
  [USER_SUBJECTS.mailAddress]: { payload: Record<string, never>; result: UserMailAddress };
}
