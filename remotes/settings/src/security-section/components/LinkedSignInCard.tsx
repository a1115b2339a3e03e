import {
  ACCOUNT_SECURITY_ERROR_CODES,
  SINGLE_SIGN_ON_ERROR_PARAMETER,
  SINGLE_SIGN_ON_LINKED_PARAMETER,
  SINGLE_SIGN_ON_MESSAGES,
  singleSignOnErrorMessage,
  type LinkedIdentity,
  type SignInOptions,
} from '@memories/contracts';
import { ApiError, accountSecurityApi, authApi, type AccountSecurityApi, type AuthApi } from '@memories/web-api-client';
import { LoadingIndicator } from '@memories/web-ui';
import LoginIcon from '@mui/icons-material/Login';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CardNotice, useCardNotice } from '../../settings-page/components/CardNotice';
import { RemovableListItem } from '../../settings-page/components/RemovableListItem';
import { SettingsCard } from '../../settings-page/components/SettingsSection';
import { formatDateTime } from '../../settings-page/utils/format-date-time';
import { ConfirmWithPasswordDialog } from './ConfirmWithPasswordDialog';

export interface LinkedSignInCardProps {
  api?: Pick<AccountSecurityApi, 'listLinkedIdentities' | 'linkIdentity' | 'unlinkIdentity'>;
  signInApi?: Pick<AuthApi, 'signInOptions'>;
  /** Sends the browser to the provider; the app's is a full page load. */
  leaveFor?: (url: string) => void;
}

const leaveForDefault = (url: string) => window.location.assign(url);

/** What the provider's redirect back to this page said (`?ssoLinked=1` or `?ssoError=CODE`), if anything. */
function outcomeOf(search: string): { kind: 'success' | 'error'; message: string } | null {
  const query = new URLSearchParams(search);
  const code = query.get(SINGLE_SIGN_ON_ERROR_PARAMETER);
  if (code) return { kind: 'error', message: singleSignOnErrorMessage(code) };
  return query.has(SINGLE_SIGN_ON_LINKED_PARAMETER)
    ? { kind: 'success', message: SINGLE_SIGN_ON_MESSAGES.linked }
    : null;
}

/**
 * Linked sign-in: the identity provider (single sign-on) that opens this account. Link it (the password is asked
 * again where the account has one: the server says so), unlink it (never the only way in: the server refuses).
 * Shown only where the instance has single sign-on, or the account still has a link to a provider it used to have.
 */
export function LinkedSignInCard({
  api = accountSecurityApi,
  signInApi = authApi,
  leaveFor = leaveForDefault,
}: LinkedSignInCardProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [identities, setIdentities] = useState<LinkedIdentity[] | null>(null);
  const [options, setOptions] = useState<SignInOptions | null>(null);
  const [busy, setBusy] = useState(false);
  const [askingPassword, setAskingPassword] = useState(false);
  const [passwordError, setPasswordError] = useState<string>();
  const [unlinking, setUnlinking] = useState<LinkedIdentity | null>(null);
  const [unlinkError, setUnlinkError] = useState<string>();
  const { notice, succeeded, failed, clear } = useCardNotice();
  const [returned] = useState(() => outcomeOf(location.search));

  const load = useCallback(() => api.listLinkedIdentities().then(setIdentities, failed), [api, failed]);
  useEffect(() => void load(), [load]);
  useEffect(() => {
    void signInApi.signInOptions().then(setOptions, () => setOptions({ passwordLogin: true, singleSignOn: null }));
  }, [signInApi]);
  // The provider's answer is shown once; the address loses it, so a reload does not show it again.
  useEffect(() => {
    if (!returned) return;
    if (returned.kind === 'success') succeeded(returned.message);
    else failed(new Error(returned.message));
    void navigate(location.pathname, { replace: true });
  }, [returned, succeeded, failed, navigate, location.pathname]);

  const provider = options?.singleSignOn ?? null;
  if (identities?.length === 0 && options && !provider && !notice) return null;

  const link = async (password?: string) => {
    setBusy(true);
    setPasswordError(undefined);
    try {
      const { authorizationUrl } = await api.linkIdentity(password);
      leaveFor(authorizationUrl);
    } catch (error) {
      const asksPassword =
        error instanceof ApiError && error.code === ACCOUNT_SECURITY_ERROR_CODES.PASSWORD_CONFIRMATION_INVALID;
      if (asksPassword || askingPassword) {
        setAskingPassword(true);
        if (!asksPassword || password !== undefined) setPasswordError((error as Error).message);
      } else failed(error);
      setBusy(false);
    }
  };

  const unlink = async () => {
    if (!unlinking) return;
    setBusy(true);
    setUnlinkError(undefined);
    try {
      const { message } = await api.unlinkIdentity(unlinking.id);
      setUnlinking(null);
      if (message) succeeded(message);
      await load();
    } catch (error) {
      setUnlinkError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const linkedToProvider = identities?.some((identity) => identity.usable) ?? false;
  return (
    <SettingsCard title="Linked sign-in">
      <Stack spacing={2}>
        <Typography>
          {provider
            ? `Sign in with ${provider.displayName}, this instance's single sign-on, instead of a password.`
            : 'Sign-ins at identity providers that open this account.'}
        </Typography>
        {(identities === null || options === null) && !notice && <LoadingIndicator label="Loading linked sign-in..." />}
        {identities && identities.length > 0 && (
          <List aria-label="Your linked sign-ins" disablePadding>
            {identities.map((identity) => (
              <RemovableListItem
                key={identity.id}
                icon={<LoginIcon color="action" sx={{ mr: 1.5 }} aria-hidden />}
                primary={identity.email ? `${identity.provider} (${identity.email})` : identity.provider}
                secondary={[
                  `Linked ${formatDateTime(identity.linkedAt)}`,
                  identity.lastUsedAt ? `Last used ${formatDateTime(identity.lastUsedAt)}` : 'Not used yet',
                  ...(identity.usable ? [] : ['This instance no longer uses this provider']),
                ].join(' · ')}
                actionLabel="Unlink"
                actionName={`Unlink ${identity.provider}`}
                disabled={busy}
                onRemove={() => setUnlinking(identity)}
              />
            ))}
          </List>
        )}
        {provider && identities && !linkedToProvider && (
          <div>
            <Button
              variant="contained"
              startIcon={<LoginIcon />}
              disabled={busy || !provider.available}
              onClick={() => void link()}
            >
              {`Link ${provider.displayName}`}
            </Button>
            {!provider.available && (
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {SINGLE_SIGN_ON_MESSAGES.unavailable}
              </Typography>
            )}
          </div>
        )}
        <CardNotice notice={notice} onClose={clear} />
      </Stack>
      {askingPassword && provider && (
        <ConfirmWithPasswordDialog
          askPassword
          title={`Link ${provider.displayName}?`}
          text="Enter your password to add this way into your account. You then sign in at the provider."
          confirmLabel="Continue"
          busy={busy}
          error={passwordError}
          onConfirm={(password) => void link(password)}
          onCancel={() => {
            setAskingPassword(false);
            setPasswordError(undefined);
          }}
        />
      )}
      {unlinking && (
        <ConfirmWithPasswordDialog
          title={`Unlink ${unlinking.provider}?`}
          text="You can no longer sign in with it. You can link it again later."
          confirmLabel="Unlink"
          busy={busy}
          error={unlinkError}
          onConfirm={() => void unlink()}
          onCancel={() => {
            setUnlinking(null);
            setUnlinkError(undefined);
          }}
        />
      )}
    </SettingsCard>
  );
}
