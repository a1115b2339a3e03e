import { SINGLE_SIGN_ON_MESSAGES, singleSignOnLabel, type SingleSignOnOption } from '@memories/contracts';
import LoginIcon from '@mui/icons-material/Login';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

export interface SingleSignOnSectionProps {
  option: SingleSignOnOption;
  /** A persistent session, as the login form's "Remember me". */
  rememberMe: boolean;
  /** An invite's token (the sign-up page's): a first sign-in without an account is admitted with it. */
  invite?: string;
  /** Why the last single sign-on signed nobody in, if it came back refused. */
  error?: string;
  /** Asks the server again whether the provider can be reached. */
  onRetry: () => void;
}

/**
 * "Sign in with {provider}": a link the browser follows to the provider (a real navigation: the provider's pages are
 * not ours), or, while the provider cannot be reached, why not and a way to ask again.
 */
export function SingleSignOnSection({ option, rememberMe, invite, error, onRetry }: SingleSignOnSectionProps) {
  const query = new URLSearchParams({ ...(rememberMe ? { rememberMe: 'true' } : {}), ...(invite ? { invite } : {}) });
  const href = query.toString() ? `${option.startUrl}?${query}` : option.startUrl;
  return (
    <Stack spacing={1.5}>
      {error && <Alert severity="error">{error}</Alert>}
      {option.available ? (
        <Button variant="outlined" size="large" startIcon={<LoginIcon />} href={href}>
          {singleSignOnLabel(option.displayName)}
        </Button>
      ) : (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Try again
            </Button>
          }
        >
          {SINGLE_SIGN_ON_MESSAGES.unavailable}
        </Alert>
      )}
    </Stack>
  );
}
