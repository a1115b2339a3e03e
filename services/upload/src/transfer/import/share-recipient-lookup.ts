import { Injectable } from '@nestjs/common';
import { MAX_IMPORT_SHARE_RECIPIENTS, USER_ERROR_CODES, USER_SUBJECTS, cleanText } from '@memories/contracts';
import { BusClient, isRpcErrorPayload } from '@memories/nest-common';
import type { TransferCaller } from '../export/journal-export.service';
import { ImportJobsRepository, type ImportJobRecord } from './import-jobs.repository';

/** Longest e-mail address the user lookup takes (RFC 5321's path limit); a longer "recipient" is nobody's. */
const MAX_EMAIL_LENGTH = 320;
/** The look-up budget's window, when the auth service does not say how long to wait. */
const LOOKUP_WINDOW_SECONDS = 60;

/** A page stopped before anything of it was written: looking up its share recipients must wait for the budget. */
export class LookupBudgetSpent {
  constructor(readonly waitSeconds: number) {}
}

/** How an address is compared: the accounts a look-up returns are keyed by it. */
export const addressOf = (email: string) => cleanText(email).toLowerCase();

/**
 * Who an archive's memories are shared with here, and who its journals' members are. Each address is looked up like
 * the share dialog does it (only confirmed addresses are found, and every look-up is taken from the importer's
 * budget), once per import (what was learnt is kept on the job, so a resumed job asks nothing twice), and for at most
 * MAX_IMPORT_SHARE_RECIPIENTS addresses: an archive cannot turn an import into an unthrottled "does this address have
 * an account" question.
 */
@Injectable()
export class ShareRecipientLookup {
  constructor(
    private readonly bus: BusClient,
    private readonly jobs: ImportJobsRepository,
  ) {}

  /** The account of each confirmed address among `addresses`, or, when the budget is spent, how long to wait. */
  async lookUp(
    job: ImportJobRecord,
    caller: TransferCaller,
    addresses: string[],
  ): Promise<Map<string, string> | LookupBudgetSpent> {
    const lookups = job.shareLookups;
    let capped = job.shareRecipientsCapped;
    const wanted = [...new Set(addresses.map(addressOf))].filter(
      (email) => email.length <= MAX_EMAIL_LENGTH && !(email in lookups),
    );
    let spent: LookupBudgetSpent | undefined;
    for (const email of wanted) {
      if (Object.keys(lookups).length >= MAX_IMPORT_SHARE_RECIPIENTS) {
        capped = true;
        break;
      }
      try {
        const { users } = await this.bus.request(USER_SUBJECTS.findByEmail, { email }, caller);
        lookups[email] = users[0]?.id ?? null;
      } catch (error) {
        if (!isRpcErrorPayload(error) || error.code !== USER_ERROR_CODES.USER_LOOKUP_RATE_LIMITED) throw error;
        const detail = error.detail as { retryAfterSeconds?: number } | undefined;
        spent = new LookupBudgetSpent(detail?.retryAfterSeconds ?? LOOKUP_WINDOW_SECONDS);
        break;
      }
    }
    if (wanted.length > 0) await this.jobs.recordShareLookups(job.id, lookups, capped);
    job.shareRecipientsCapped = capped;
    if (spent) return spent;
    return new Map(Object.entries(lookups).flatMap(([email, id]) => (id ? [[email, id] as const] : [])));
  }
}

/** The ids a memory is shared with again (never the importer), counted per address into `restored`. */
export function shareWith(
  addresses: string[],
  accounts: Map<string, string>,
  ownerId: string,
  restored: Record<string, number>,
): string[] {
  const ids = new Set<string>();
  for (const email of new Set(addresses.map(addressOf))) {
    const id = accounts.get(email);
    if (!id || id === ownerId || ids.has(id)) continue;
    ids.add(id);
    restored[email] = (restored[email] ?? 0) + 1;
  }
  return [...ids];
}
