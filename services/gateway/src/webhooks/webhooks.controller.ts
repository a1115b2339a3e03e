import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  WEBHOOK_ERROR_CODES,
  WEBHOOK_MESSAGES,
  WEBHOOK_SUBJECTS,
  type ApiSuccess,
  type CreatedWebhook,
  type CallerContext,
  type Webhook,
  type WebhookDelivery,
} from '@memories/contracts';
import { IdParams } from '@memories/account-security-dto';
import { BusClient } from '@memories/nest-common';
import { ok } from '../http/api-response.util';
import { Caller } from '../http/caller.decorator';
import { ApiRoute } from '../openapi/api-route.decorator';
import { CreateWebhookBodyDto, UpdateWebhookBodyDto } from './webhooks-request.dto';
import { CreatedWebhookDto, WebhookDeliveryDto, WebhookDto } from './webhooks-response.dto';

const NOT_FOUND = [WEBHOOK_ERROR_CODES.WEBHOOK_NOT_FOUND];

/** /api/webhooks: the caller's webhooks, served by the notify service. Another account's webhook is 404. */
@ApiTags('webhooks')
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly bus: BusClient) {}

  @Post()
  @ApiRoute({
    summary: 'Add a webhook: signed Standard Webhooks requests for the chosen memory events',
    description:
      'The URL must be, and resolve only to, public addresses (or a host of WEBHOOK_ALLOWED_HOSTS): otherwise 400 ' +
      'WEBHOOK_URL_REFUSED, before any connection. The answer is the only one that shows the signing secret.',
    data: CreatedWebhookDto,
    errors: [WEBHOOK_ERROR_CODES.WEBHOOK_URL_REFUSED, WEBHOOK_ERROR_CODES.WEBHOOK_LIMIT_CONFLICT],
  })
  async create(
    @Body() body: CreateWebhookBodyDto,
    @Caller() caller: CallerContext,
  ): Promise<ApiSuccess<CreatedWebhook>> {
    return ok(await this.bus.request(WEBHOOK_SUBJECTS.create, body, caller), { message: WEBHOOK_MESSAGES.created });
  }

  @Get()
  @ApiRoute({ summary: 'The caller’s webhooks (never their secrets)', data: [WebhookDto] })
  async list(@Caller() caller: CallerContext): Promise<ApiSuccess<Webhook[]>> {
    return ok(await this.bus.request(WEBHOOK_SUBJECTS.list, {}, caller));
  }

  @Patch(':id')
  @ApiRoute({
    summary: 'Change a webhook’s URL, events, or turn it on or off',
    data: WebhookDto,
    errors: [...NOT_FOUND, WEBHOOK_ERROR_CODES.WEBHOOK_URL_REFUSED],
  })
  async update(
    @Param() { id }: IdParams,
    @Body() body: UpdateWebhookBodyDto,
    @Caller() caller: CallerContext,
  ): Promise<ApiSuccess<Webhook>> {
    return ok(await this.bus.request(WEBHOOK_SUBJECTS.update, { id, ...body }, caller), {
      message: WEBHOOK_MESSAGES.updated,
    });
  }

  @Delete(':id')
  @ApiRoute({ summary: 'Delete a webhook and its deliveries', data: null, errors: NOT_FOUND })
  async delete(@Param() { id }: IdParams, @Caller() caller: CallerContext): Promise<ApiSuccess<null>> {
    await this.bus.request(WEBHOOK_SUBJECTS.delete, { id }, caller);
    return ok(null, { message: WEBHOOK_MESSAGES.deleted });
  }

  @Get(':id/deliveries')
  @ApiRoute({
    summary: 'The webhook’s most recent deliveries, newest first: event, status, attempts, answer, time',
    data: [WebhookDeliveryDto],
    errors: NOT_FOUND,
  })
  async deliveries(@Param() { id }: IdParams, @Caller() caller: CallerContext): Promise<ApiSuccess<WebhookDelivery[]>> {
    return ok(await this.bus.request(WEBHOOK_SUBJECTS.deliveries, { id }, caller));
  }

  @Post(':id/test')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiRoute({
    summary: 'Send a `webhook.test` delivery now (tried once, also when the webhook is off)',
    description: 'Answers at once with the pending delivery; its outcome shows in the deliveries list.',
    data: WebhookDeliveryDto,
    errors: NOT_FOUND,
  })
  async test(@Param() { id }: IdParams, @Caller() caller: CallerContext): Promise<ApiSuccess<WebhookDelivery>> {
    return ok(await this.bus.request(WEBHOOK_SUBJECTS.test, { id }, caller), { message: WEBHOOK_MESSAGES.testQueued });
  }
}
