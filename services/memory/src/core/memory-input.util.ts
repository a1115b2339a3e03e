import type { CallerContext } from '@memories/contracts';

/** Trimmed, non-empty, each once, in the order given (spec section 5, "Tags"). */
export function normaliseTags(tags: string[] | undefined): string[] {
  return [...new Set((tags ?? []).map((tag) => tag.trim()).filter((tag) => tag.length > 0))];
}

/** Who a memory is shared with: each once, never its own author. */
export function shareTargets(caller: CallerContext, userIds: string[]): string[] {
  return [...new Set(userIds)].filter((userId) => userId !== caller.userId);
}
