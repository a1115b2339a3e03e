import { WEBHOOK_MESSAGES, type Webhook, type WebhookDelivery } from '@memories/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { WebhookDeliveries } from './WebhookDeliveries';
import { unavailableButton } from '@memories/web-ui';

export interface WebhookItemProps {
  webhook: Webhook;
  busy: boolean;
  onToggle: (enabled: boolean) => void;
  onTest: () => void;
  onDelete: () => void;
  loadDeliveries: () => Promise<WebhookDelivery[]>;
}

/** One webhook: where it sends what, whether it is on (and why the instance turned it off), its deliveries. */
export function WebhookItem({ webhook, busy, onToggle, onTest, onDelete, loadDeliveries }: WebhookItemProps) {
  const [deliveries, setDeliveries] = useState<WebhookDelivery[] | null | undefined>(undefined);
  const showDeliveries = async () => {
    setDeliveries(null);
    setDeliveries(await loadDeliveries().catch(() => []));
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="webhook">
      <Typography sx={{ wordBreak: 'break-all' }} fontWeight="bold">
        {webhook.url}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {webhook.events.join(', ')}
      </Typography>
      {webhook.disabledReason === 'failing' && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {WEBHOOK_MESSAGES.disabledFailing}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
        <FormControlLabel
          control={
            <Switch
              checked={webhook.enabled}
              // Not disabled while a change is saved (that took focus off the switch just pressed).
              onChange={(event) => (busy ? undefined : onToggle(event.target.checked))}
            />
          }
          label="Active"
        />
        <Button size="small" {...unavailableButton(busy, onTest)}>
          Send a test
        </Button>
        <Button size="small" onClick={() => void showDeliveries()} aria-expanded={deliveries !== undefined}>
          {deliveries === undefined ? 'Show deliveries' : 'Refresh deliveries'}
        </Button>
        <Button size="small" color="error" {...unavailableButton(busy, onDelete)}>
          Delete
        </Button>
      </Box>
      {deliveries !== undefined && <WebhookDeliveries deliveries={deliveries} />}
    </Paper>
  );
}
