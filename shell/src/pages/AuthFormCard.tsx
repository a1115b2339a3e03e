import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export interface AuthFormCardProps {
  title: string;
  submitLabel: string;
  /** The form is being sent: the button is disabled and says so. */
  submitting: boolean;
  /** Without it there is no form: the card only says why (sign-up needs an invite). */
  onSubmit?: () => void;
  /** A success message above the form (e.g. "Registration successful! ..."). */
  notice?: string;
  /** Information above the form, or instead of it (sign-up by invite). */
  info?: string;
  /** The form's error above the button, announced when it appears. */
  error?: string;
  /** The form's fields. */
  children?: ReactNode;
  /** Other ways on from the form, under its button (a passkey, a recovery code, back to the first step). */
  actions?: ReactNode;
  footer?: { text: string; linkLabel: string; to: string };
}

/**
 * The frame of the public account forms (log in, register, password recovery): heading, notices, fields, submit button,
 * other ways on.
 */
export function AuthFormCard({
  title,
  submitLabel,
  submitting,
  onSubmit,
  notice,
  info,
  error,
  children,
  actions,
  footer,
}: AuthFormCardProps) {
  const headingId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!submitting) onSubmit?.();
  };
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: { xs: 1.5, sm: 2 }, py: { xs: 3, sm: 6 } }}>
      <Paper
        component="section"
        aria-labelledby={headingId}
        sx={{ width: '100%', maxWidth: 480, p: { xs: 2.5, sm: 4 } }}
      >
        <Typography id={headingId} variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
        {notice && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}
        {info && (
          <Alert severity="info" role="note" sx={{ mb: 2 }}>
            {info}
          </Alert>
        )}
        {/* noValidate: the form's own checks and messages replace the browser's bubbles. */}
        {onSubmit && (
          <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-busy={submitting}>
            {children}
            {error && <Alert severity="error">{error}</Alert>}
            <Button type="submit" variant="contained" size="large" disabled={submitting}>
              {submitLabel}
            </Button>
          </Stack>
        )}
        {actions && (
          <Stack spacing={1.5} sx={{ mt: 2 }}>
            {actions}
          </Stack>
        )}
        {footer && (
          <Typography sx={{ mt: 3 }}>
            {footer.text}{' '}
            <Link component={RouterLink} to={footer.to}>
              {footer.linkLabel}
            </Link>
          </Typography>
        )}
      </Paper>
    </Box>
  );
}
