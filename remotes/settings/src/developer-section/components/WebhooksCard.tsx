import {
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_EVENT_TYPES,
  type CreatedWebhook,
  type Webhook,
  type WebhookEventType,
} from '@memories/contracts';
import { integrationsApi, type IntegrationsApi } from '@memories/web-api-client';
import { ConfirmDialog, LoadingIndicator, ShownOnceSecret, TextInput } from '@memories/web-ui';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { CardNotice, useCardNotice } from '../../settings-page/components/CardNotice';
import { SettingsCard } from '../../settings-page/components/SettingsSection';
import { WebhookItem } from './WebhookItem';

export interface WebhooksCardProps {
  api?: Omit<IntegrationsApi, 'listTokens' | 'createToken' | 'revokeToken'>;
}

const EVENT_LABELS: Record<WebhookEventType, string> = {
  'memory.created': 'A memory is created',
  'memory.updated': 'A memory is changed',
  'memory.deleted': 'A memory is deleted',
};

/** Webhooks: signed messages to another app when memories are created, changed or deleted. */
export function WebhooksCard({ api = integrationsApi }: WebhooksCardProps) {
  const [webhooks, setWebhooks] = useState<Webhook[] | null>(null);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [busy, setBusy] = useState(false);
  const { notice, succeeded, failed, clear } = useCardNotice();

  const load = useCallback(() => api.listWebhooks().then(setWebhooks, failed), [api, failed]);
  useEffect(() => void load(), [load]);

  const act = async (action: () => Promise<{ message?: string }>) => {
    setBusy(true);
    clear();
    try {
      const { message } = await action();
      if (message) succeeded(message);
      await load();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const create = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      const answer = await api.createWebhook({ url: url.trim(), events });
      setCreated(answer.data);
      setUrl('');
      return {};
    });
  };

  const toggleEvent = (type: WebhookEventType, checked: boolean) =>
    setEvents((current) => (checked ? [...current, type] : current.filter((chosen) => chosen !== type)));

  return (
    <SettingsCard title="Webhooks">
      <Stack spacing={2}>
        <Typography color="text.secondary">
          Memories sends a signed message (Standard Webhooks) to the address you give whenever one of your memories is
          created, changed or deleted: its id, date, title and tags, never what you wrote.
        </Typography>
        {created && (
          <ShownOnceSecret
            title="The webhook’s signing secret"
            label="Signing secret"
            secret={created.secret}
            onDone={() => setCreated(null)}
          />
        )}
        {webhooks === null && !notice && <LoadingIndicator label="Loading your webhooks..." />}
        {webhooks && webhooks.length === 0 && <Typography>You have no webhooks yet.</Typography>}
        {webhooks?.map((webhook) => (
          <WebhookItem
            key={webhook.id}
            webhook={webhook}
            busy={busy}
            onToggle={(enabled) => void act(() => api.updateWebhook({ id: webhook.id, enabled }))}
            onTest={() => void act(() => api.testWebhook(webhook.id))}
            onDelete={() => setDeleting(webhook)}
            loadDeliveries={() => api.webhookDeliveries(webhook.id)}
          />
        ))}
        <Stack component="form" onSubmit={create} spacing={1} aria-label="New webhook">
          <TextInput
            label="Address (URL)"
            type="url"
            value={url}
            required
            onChange={(event) => setUrl(event.target.value)}
            slotProps={{ htmlInput: { maxLength: MAX_WEBHOOK_URL_LENGTH } }}
            hint="https://… on a public address"
          />
          <FormLabel component="legend">Send when</FormLabel>
          <FormGroup>
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <FormControlLabel
                key={type}
                control={
                  <Checkbox
                    checked={events.includes(type)}
                    onChange={(event) => toggleEvent(type, event.target.checked)}
                  />
                }
                label={EVENT_LABELS[type]}
              />
            ))}
          </FormGroup>
          <div>
            <Button type="submit" variant="contained" disabled={busy || url.trim() === '' || events.length === 0}>
              Add webhook
            </Button>
          </div>
        </Stack>
        <CardNotice notice={notice} onClose={clear} />
      </Stack>
      {deleting && (
        <ConfirmDialog
          title="Delete this webhook?"
          message={`Nothing more is sent to ${deleting.url}, and its deliveries are forgotten.`}
          confirmLabel="Delete"
          destructive
          busy={busy}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void act(() => api.deleteWebhook(deleting.id)).then(() => setDeleting(null))}
        />
      )}
    </SettingsCard>
  );
}
