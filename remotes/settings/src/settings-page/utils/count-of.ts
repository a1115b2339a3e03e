/** "1 memory", "3 memories"; only the noun while the count is not known yet. */
export const countOf = (n: number | null, one: string, many: string) =>
  n === null ? many : `${n} ${n === 1 ? one : many}`;
