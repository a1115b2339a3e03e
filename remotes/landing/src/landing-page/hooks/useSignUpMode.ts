import type { SignupMode } from '@memories/contracts';
import type { AuthApi } from '@memories/web-api-client';
import { useEffect, useState } from 'react';

/** The instance's sign-up mode; undefined until known (or when the server cannot say: the page then offers sign-up). */
export function useSignUpMode(api: Pick<AuthApi, 'signUpState'>): SignupMode | undefined {
  const [mode, setMode] = useState<SignupMode>();
  useEffect(() => {
    let current = true;
    api.signUpState().then(
      ({ signupMode }) => current && setMode(signupMode),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [api]);
  return mode;
}
