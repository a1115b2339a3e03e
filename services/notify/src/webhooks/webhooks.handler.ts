import { MessagePattern, Payload } from '@nestjs/microservices';
import { WEBHOOK_SUBJECTS, type CreatedWebhook, type Webhook, type WebhookDelivery } from '@memories/contracts';
import { BusHandler } from '@memories/nest-common';
import {
  CreateWebhookEnvelopeDto,
  OwnerEnvelopeDto,
  UpdateWebhookEnvelopeDto,
  WebhookIdEnvelopeDto,
} from './webhook-envelope.dto';
import { WebhooksService } from './webhooks.service';

/** The webhooks API on the bus: one line each. */
@BusHandler()
export class WebhooksHandler {
  constructor(private readonly webhooks: WebhooksService) {}

  @MessagePattern(WEBHOOK_SUBJECTS.create)
  create(@Payload() { payload, ...context }: CreateWebhookEnvelopeDto): Promise<CreatedWebhook> {
    return this.webhooks.create(context, payload);
  }

  @MessagePattern(WEBHOOK_SUBJECTS.list)
  list(@Payload() { payload: _none, ...context }: OwnerEnvelopeDto): Promise<Webhook[]> {
    return this.webhooks.list(context);
  }

  @MessagePattern(WEBHOOK_SUBJECTS.update)
  update(@Payload() { payload, ...context }: UpdateWebhookEnvelopeDto): Promise<Webhook> {
    return this.webhooks.update(context, payload);
  }

  @MessagePattern(WEBHOOK_SUBJECTS.delete)
  delete(@Payload() { payload, ...context }: WebhookIdEnvelopeDto): Promise<{ deleted: true }> {
    return this.webhooks.delete(context, payload.id);
  }

  @MessagePattern(WEBHOOK_SUBJECTS.test)
  test(@Payload() { payload, ...context }: WebhookIdEnvelopeDto): Promise<WebhookDelivery> {
    return this.webhooks.test(context, payload.id);
  }

  @MessagePattern(WEBHOOK_SUBJECTS.deliveries)
  deliveries(@Payload() { payload, ...context }: WebhookIdEnvelopeDto): Promise<WebhookDelivery[]> {
    return this.webhooks.deliveriesOf(context, payload.id);
  }
}
