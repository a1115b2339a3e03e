/** The subject the floor's bare gateway asks and its bare responder answers (see api-memories.ts). */
export const FLOOR_SUBJECT = 'bench.floor';
