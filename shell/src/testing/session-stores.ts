import { ApiError } from '@memories/web-api-client';
import { createSessionStore, type SessionStore } from '@memories/web-session';

type RefreshAnswer = 'pending' | 'signed-out' | 'signed-in';

/** A real session store whose start-up refresh answers as a test needs (the server side is not under test here). */
export function sessionStoreAfterRefresh(answer: RefreshAnswer): SessionStore {
  return createSessionStore({
    api: {
      setAccessTokenProvider: () => undefined,
      post: async <T,>() => {
        if (answer === 'pending') return new Promise<never>(() => undefined);
        if (answer === 'signed-out') throw new ApiError({ kind: 'http', status: 404, message: 'Not Found' });
        return { success: true as const, data: { accessToken: 'jwt', user: { email: 'ada@example.com', name: 'Ada Lovelace' } } as T };
      },
    },
  });
}
