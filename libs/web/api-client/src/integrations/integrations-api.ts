import type {
  CreatedPersonalAccessToken,
  CreatedWebhook,
  CreateTokenPayload,
  CreateWebhookPayload,
  PersonalAccessToken,
  UpdateWebhookPayload,
  Webhook,
  WebhookDelivery,
} from '@memories/contracts';
import type { ApiClient } from '../api-client';
import type { WithMessage } from '../account-security/account-security-api';

/** Shown when the server gives no message of its own. */
export const INTEGRATIONS_FALLBACK_MESSAGES = {
  tokens: 'Could not change your access tokens',
  webhooks: 'Could not change your webhooks',
} as const;

/** Personal access tokens and webhooks (Settings → Developer). */
export interface IntegrationsApi {
  listTokens(): Promise<PersonalAccessToken[]>;
  createToken(payload: CreateTokenPayload): Promise<WithMessage<CreatedPersonalAccessToken>>;
  revokeToken(id: string): Promise<WithMessage<null>>;
  listWebhooks(): Promise<Webhook[]>;
  createWebhook(payload: CreateWebhookPayload): Promise<WithMessage<CreatedWebhook>>;
  updateWebhook(payload: UpdateWebhookPayload): Promise<WithMessage<Webhook>>;
  deleteWebhook(id: string): Promise<WithMessage<null>>;
  testWebhook(id: string): Promise<WithMessage<WebhookDelivery>>;
  webhookDeliveries(id: string): Promise<WebhookDelivery[]>;
}

const withMessage = <T>({ data, message }: { data: T; message?: string }): WithMessage<T> => ({ data, message });

export function createIntegrationsApi(client: ApiClient): IntegrationsApi {
  const tokens = { fallbackMessage: INTEGRATIONS_FALLBACK_MESSAGES.tokens };
  const webhooks = { fallbackMessage: INTEGRATIONS_FALLBACK_MESSAGES.webhooks };
  const webhook = (id: string) => `/webhooks/${encodeURIComponent(id)}`;
  return {
    listTokens: async () => (await client.get<PersonalAccessToken[]>('/tokens', tokens)).data,
    createToken: async (payload) =>
      withMessage(await client.post<CreatedPersonalAccessToken>('/tokens', payload, tokens)),
    revokeToken: async (id) => withMessage(await client.delete<null>(`/tokens/${encodeURIComponent(id)}`, tokens)),
    listWebhooks: async () => (await client.get<Webhook[]>('/webhooks', webhooks)).data,
    createWebhook: async (payload) => withMessage(await client.post<CreatedWebhook>('/webhooks', payload, webhooks)),
    updateWebhook: async ({ id, ...changes }) =>
      withMessage(await client.request<Webhook>('PATCH', webhook(id), { ...webhooks, body: changes })),
    deleteWebhook: async (id) => withMessage(await client.delete<null>(webhook(id), webhooks)),
    testWebhook: async (id) =>
      withMessage(await client.post<WebhookDelivery>(`${webhook(id)}/test`, undefined, webhooks)),
    webhookDeliveries: async (id) => (await client.get<WebhookDelivery[]>(`${webhook(id)}/deliveries`, webhooks)).data,
  };
}
