import type { SignInOptions } from '@memories/contracts';
import type { AuthApi } from '@memories/web-api-client';
import { useCallback, useEffect, useState } from 'react';

/** What the page offers while the server cannot be asked: the password form (the server still decides). */
const PASSWORD_ONLY: SignInOptions = { passwordLogin: true, singleSignOn: null };

/**
 * How people sign in on this instance, asked once (and again on `retry`, when single sign-on was unavailable); null
 * while the first answer is on its way.
 */
export function useSignInOptions(api: Pick<AuthApi, 'signInOptions'>): {
  options: SignInOptions | null;
  retry: () => void;
} {
  const [options, setOptions] = useState<SignInOptions | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    void api.signInOptions().then(
      (answer) => current && setOptions(answer),
      () => current && setOptions(PASSWORD_ONLY),
    );
    return () => {
      current = false;
    };
  }, [api, attempt]);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { options, retry };
}
