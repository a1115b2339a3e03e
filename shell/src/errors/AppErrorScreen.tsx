import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The default error screen of the spec: "Unexpected Application Error!" with the status and text, or the message. */
export function AppErrorScreen() {
  const error = useRouteError();
  return (
    <Box component="main" sx={{ maxWidth: 720, mx: 'auto', my: 8, px: 3 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Unexpected Application Error!
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary" sx={{ fontFamily: 'monospace' }} gutterBottom>
        {describe(error)}
      </Typography>
      <Button variant="contained" href="/">
        Go to the home page
      </Button>
    </Box>
  );
}
