import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_SECRET_PREFIX } from '@memories/contracts';

/** A delivery's Standard Webhooks headers. */
export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** 32 random bytes: within the 24 to 64 the Standard Webhooks specification asks for. */
const SECRET_BYTES = 32;

/**
 * Standard Webhooks secrets and signatures through the specification's own library (`standardwebhooks`): the secret is
 * `whsec_` and the base64 of the key; the signature is `v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`,
 * so any receiver can check it with the same library in its language.
 */
@Injectable()
export class WebhookSigner {
  newSecret(): string {
    return `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
  }

  sign(secret: string, messageId: string, at: Date, body: string): SignedHeaders {
    return {
      'webhook-id': messageId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(messageId, at, body),
    };
  }
}
