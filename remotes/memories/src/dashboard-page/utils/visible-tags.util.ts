/** The first `max` tags and how many more there are (shown as "+N"; spec section 9: 1 on a card, 2 in a row). */
export function visibleTags(tags: readonly string[], max: number): { shown: string[]; more: number } {
  return { shown: tags.slice(0, max), more: Math.max(0, tags.length - max) };
}
