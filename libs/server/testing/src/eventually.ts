/**
 * Reads until the answer satisfies `done` (at most `attempts` times, 100 ms apart) and answers the last one, for
 * work that finishes after an answer (an event's handlers). Tests assert on the value, never on the time it took.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, attempts = 300): Promise<T> {
  let value = await read();
  for (let attempt = 1; attempt < attempts && !done(value); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}
