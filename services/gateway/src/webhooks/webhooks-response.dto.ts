import { ApiProperty } from '@nestjs/swagger';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DISABLED_REASONS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT_TYPE,
  type CreatedWebhook,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookDeliveryType,
  type WebhookDisabledReason,
  type WebhookEventType,
} from '@memories/contracts';

// The `data` of the webhooks answers, for the API document.

export class WebhookDto implements Webhook {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'https://hooks.example.com/memories' }) url!: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true }) events!: WebhookEventType[];
  @ApiProperty() enabled!: boolean;
  @ApiProperty({
    enum: [...WEBHOOK_DISABLED_REASONS, null],
    nullable: true,
    type: String,
    description: '`failing`: the instance turned it off after a delivery failed for a day',
  })
  disabledReason!: WebhookDisabledReason | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class CreatedWebhookDto extends WebhookDto implements CreatedWebhook {
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description: 'The Standard Webhooks signing secret: shown only in this answer',
  })
  secret!: string;
}

export class WebhookDeliveryDto implements WebhookDelivery {
  @ApiProperty({ format: 'uuid', description: 'Also the `webhook-id` header of every attempt' }) id!: string;
  @ApiProperty({ enum: [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE] }) event!: WebhookDeliveryType;
  @ApiProperty({ enum: WEBHOOK_DELIVERY_STATUSES }) status!: WebhookDeliveryStatus;
  @ApiProperty({ type: 'integer', example: 1 }) attempts!: number;
  @ApiProperty({ type: 'integer', nullable: true, example: 204 }) responseStatus!: number | null;
  @ApiProperty({ type: String, nullable: true, example: 'The receiver answered 503.' }) error!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ format: 'date-time', type: String, nullable: true }) lastAttemptAt!: string | null;
  @ApiProperty({ format: 'date-time', type: String, nullable: true }) nextAttemptAt!: string | null;
}
