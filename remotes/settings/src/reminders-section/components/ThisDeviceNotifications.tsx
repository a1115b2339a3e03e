import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ThisDevicePush } from '../hooks/useThisDevicePush';
import { unavailableButton } from '@memories/web-ui';

export interface ThisDeviceNotificationsProps {
  state: ThisDevicePush;
  /** Null when the server cannot send Web Push at all (the channel's own notice says so). */
  publicKey: string | null;
  busy: boolean;
  onTurnOn: () => void;
  onTurnOff: () => void;
}

const EXPLANATIONS: Record<ThisDevicePush, string> = {
  unsupported: 'This browser cannot show notifications. Install the app or use another browser on this device.',
  blocked:
    'Notifications are blocked for this site. Allow them in the browser’s site settings, then come back to this page.',
  off: 'This device does not receive reminders yet.',
  on: 'This device receives reminders as notifications.',
};

/** Notifications on the device showing the page: their state in words, and the button that changes it. */
export function ThisDeviceNotifications({ state, publicKey, busy, onTurnOn, onTurnOff }: ThisDeviceNotificationsProps) {
  return (
    <Stack spacing={1} aria-label="This device">
      <Typography variant="subtitle1" component="h4">
        This device
      </Typography>
      {state === 'blocked' || state === 'unsupported' ? (
        <Alert severity="info">{EXPLANATIONS[state]}</Alert>
      ) : (
        <Typography color="text.secondary">{EXPLANATIONS[state]}</Typography>
      )}
      {state === 'off' && publicKey && (
        <div>
          <Button variant="outlined" {...unavailableButton(busy, onTurnOn)}>
            Turn on notifications on this device
          </Button>
        </div>
      )}
      {state === 'on' && (
        <div>
          <Button {...unavailableButton(busy, onTurnOff)}>Turn off notifications on this device</Button>
        </div>
      )}
    </Stack>
  );
}
