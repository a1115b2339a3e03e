import type { WebhookDelivery } from '@memories/contracts';
import { LoadingIndicator } from '@memories/web-ui';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../settings-page/utils/format-date-time';

export interface WebhookDeliveriesProps {
  deliveries: WebhookDelivery[] | null;
}

const STATUS_LABELS: Record<WebhookDelivery['status'], string> = {
  pending: 'Waiting',
  succeeded: 'Delivered',
  failed: 'Failed',
};

function describe(delivery: WebhookDelivery): string {
  const answer = delivery.responseStatus === null ? 'no answer' : `answered ${delivery.responseStatus}`;
  const attempts = `${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'}`;
  const next = delivery.nextAttemptAt ? ` · next try ${formatDateTime(delivery.nextAttemptAt)}` : '';
  const error = delivery.error ? ` · ${delivery.error}` : '';
  return `${formatDateTime(delivery.createdAt)} · ${attempts} · ${answer}${next}${error}`;
}

/** A webhook's recent deliveries: event, status, attempts, the receiver's answer, when. */
export function WebhookDeliveries({ deliveries }: WebhookDeliveriesProps) {
  if (deliveries === null) return <LoadingIndicator label="Loading deliveries..." />;
  if (deliveries.length === 0) return <Typography color="text.secondary">Nothing was sent yet.</Typography>;
  return (
    <List aria-label="Recent deliveries" dense disablePadding data-testid="webhook-deliveries">
      {deliveries.map((delivery) => (
        <ListItem key={delivery.id} disableGutters data-testid="webhook-delivery">
          <ListItemText
            primary={`${delivery.event} — ${STATUS_LABELS[delivery.status]}`}
            secondary={describe(delivery)}
          />
        </ListItem>
      ))}
    </List>
  );
}
