import type { SubjectPattern } from '../bus/subjects';

/** Asked by the gateway for the admin's users table: how many memories each account owns. */
export const OWNER_COUNT_SUBJECTS = {
  counts: 'memory.owners.counts',
} as const satisfies Record<string, SubjectPattern>;

export interface OwnerCountsPayload {
  ownerIds: string[];
}

/** Every owner asked about, in the order asked (0 for one without memories). */
export interface OwnerCountsResult {
  counts: Array<{ ownerId: string; memoryCount: number }>;
}

/** Payload and result of the owner counts subject (merged into `BusRequestMap`). */
export interface OwnerCountsBusRequestMap {
  [OWNER_COUNT_SUBJECTS.counts]: { payload: OwnerCountsPayload; result: OwnerCountsResult };
}
