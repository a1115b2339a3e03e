import { passkeyElsewhereMessage } from '@memories/contracts';
import { authApi, passkeyErrorMessage, type AuthApi } from '@memories/web-api-client';
import { useSession } from '@memories/web-session';
import KeyIcon from '@mui/icons-material/Key';
import Button from '@mui/material/Button';
import {
  browserSupportsWebAuthn,
  startAuthentication,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useState } from 'react';

export interface PasskeySignInButtonProps {
  rememberMe: boolean;
  /** A failed attempt's message, or undefined when a new attempt starts. */
  onError: (message: string | undefined) => void;
  /** Tests pass their own; the app uses the shared client. */
  api?: Pick<AuthApi, 'passkeyLoginOptions'>;
}

/** "Sign in with a passkey": the browser's own passkey prompt instead of e-mail and password. */
export function PasskeySignInButton({ rememberMe, onError, api = authApi }: PasskeySignInButtonProps) {
  const { loginWithPasskey } = useSession();
  const [waiting, setWaiting] = useState(false);
  if (!browserSupportsWebAuthn()) return null;

  const signIn = async () => {
    setWaiting(true);
    onError(undefined);
    try {
      const { challengeId, options, origin } = await api.passkeyLoginOptions();
      if (origin !== window.location.origin) throw new Error(passkeyElsewhereMessage(origin));
      const response = await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
      await loginWithPasskey({ challengeId, response, rememberMe });
    } catch (error) {
      onError(passkeyErrorMessage(error));
    } finally {
      setWaiting(false);
    }
  };

  return (
    <Button variant="outlined" size="large" startIcon={<KeyIcon />} disabled={waiting} onClick={() => void signIn()}>
      {waiting ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
    </Button>
  );
}
