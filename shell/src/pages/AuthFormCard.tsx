import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export interface AuthFormCardProps {
  title: string;
  submitLabel: string;
  /** The form's fields. */
  children: ReactNode;
  footer: { text: string; linkLabel: string; to: string };
}

/**
 * The frame of the login and register forms. Submitting is not wired yet (accounts arrive with issue #3), so the
 * submit button is disabled and says so instead of pretending to work.
 */
export function AuthFormCard({ title, submitLabel, children, footer }: AuthFormCardProps) {
  const headingId = useId();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: 6 }}>
      <Paper component="section" aria-labelledby={headingId} sx={{ width: '100%', maxWidth: 440, p: 4 }}>
        <Typography id={headingId} variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
        <Stack component="form" noValidate spacing={2} onSubmit={(event) => event.preventDefault()}>
          {children}
          <Alert severity="info">Accounts are not available yet in this version.</Alert>
          <Button type="submit" variant="contained" size="large" disabled>
            {submitLabel}
          </Button>
        </Stack>
        <Typography sx={{ mt: 3 }}>
          {footer.text}{' '}
          <Link component={RouterLink} to={footer.to}>
            {footer.linkLabel}
          </Link>
        </Typography>
      </Paper>
    </Box>
  );
}
