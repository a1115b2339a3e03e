import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { WebhookSigner } from './webhook-signer';

describe('WebhookSigner', () => {
  const signer = new WebhookSigner();

  it('makes whsec_ secrets of a base64 key of 32 bytes, a new one each time', () => {
    const secret = signer.newSecret();

    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(signer.newSecret()).not.toBe(secret);
  });

  it('signs v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}"> that a Standard Webhooks receiver verifies', () => {
    const secret = signer.newSecret();
    const body = JSON.stringify({ type: 'memory.created', timestamp: '2024-05-01T12:00:00.000Z', data: {} });
    const at = new Date();

    const headers = signer.sign(secret, 'msg_1', at, body);

    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key).update(`msg_1.${headers['webhook-timestamp']}.${body}`).digest('base64');
    expect(headers).toEqual({
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': `v1,${expected}`,
    });
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual(JSON.parse(body));
  });
});
