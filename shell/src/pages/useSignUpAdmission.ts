import { ADMIN_MESSAGES, type InviteCheck, type SignupMode } from '@memories/contracts';
import type { AuthApi } from '@memories/web-api-client';
import { useEffect, useState } from 'react';

/** What the sign-up page may offer: nothing yet, the form (with an invite, or not), or only why not. */
export type SignUpAdmission =
  | { phase: 'checking' }
  | { phase: 'form'; invite?: InviteCheck & { token: string }; warning?: string }
  | { phase: 'refused'; message: string };

const INVITE_FRAGMENT = /(?:^#|&)invite=([A-Za-z0-9_-]+)/;

/** The invite token of an invite link (`/register#invite=<token>`): in the fragment, so never sent to a server. */
export function inviteTokenOf(hash: string): string | undefined {
  return INVITE_FRAGMENT.exec(hash)?.[1];
}

const refusalOf = (mode: SignupMode): string =>
  mode === 'closed' ? ADMIN_MESSAGES.signupClosed : ADMIN_MESSAGES.signupByInvite;

/**
 * Asks the server, once, whether sign-up is open and whether the page's invite (if any) can be used, so the page
 * never offers a form that cannot work. If the server cannot be asked, the form is shown: registering says why not.
 */
export function useSignUpAdmission(
  api: Pick<AuthApi, 'signUpState' | 'checkInvite'>,
  token: string | undefined,
): SignUpAdmission {
  const [admission, setAdmission] = useState<SignUpAdmission>({ phase: 'checking' });
  useEffect(() => {
    let current = true;
    const decide = async (): Promise<SignUpAdmission> => {
      const [state, invite] = await Promise.all([
        api.signUpState().catch(() => null),
        token ? api.checkInvite(token).catch(() => null) : null,
      ]);
      if (token && invite) return { phase: 'form', invite: { ...invite, token } };
      const mode = state?.signupMode ?? 'open';
      if (mode !== 'open') return { phase: 'refused', message: token ? ADMIN_MESSAGES.inviteInvalid : refusalOf(mode) };
      return token ? { phase: 'form', warning: ADMIN_MESSAGES.inviteInvalid } : { phase: 'form' };
    };
    void decide().then((decided) => {
      if (current) setAdmission(decided);
    });
    return () => {
      current = false;
    };
  }, [api, token]);
  return admission;
}
