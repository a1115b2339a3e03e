import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  REMINDER_ERROR_CODES,
  REMINDER_MESSAGES,
  REMINDER_SUBJECTS,
  type ApiSuccess,
  type CallerContext,
  type PushDevice,
  type ReminderSettingsView,
} from '@memories/contracts';
import { IdParams } from '@memories/account-security-dto';
import { BusClient, Public } from '@memories/nest-common';
import { PushSubscriptionBodyDto, ReminderSettingsBodyDto, ReminderUnsubscribeQueryDto } from '@memories/reminder-dto';
import { ok } from '../http/api-response.util';
import { Caller } from '../http/caller.decorator';
import { ApiRoute } from '../openapi/api-route.decorator';
import { PushDeviceDto, ReminderSettingsViewDto } from './reminders-response.dto';
import { OneClickUnsubscribeBodyDto } from './one-click-unsubscribe.dto';

/** Reminders to write, kept and sent by the notify service: the settings, the devices, and the e-mails' link. */
@ApiTags('reminders')
@Controller()
export class RemindersController {
  constructor(private readonly bus: BusClient) {}

  @Get('settings/reminders')
  @ApiRoute({
    summary: 'The caller’s reminder settings, whether each channel can deliver now, and the Web Push public key',
    data: ReminderSettingsViewDto,
  })
  async get(@Caller() caller: CallerContext): Promise<ApiSuccess<ReminderSettingsView>> {
    return ok(await this.bus.request(REMINDER_SUBJECTS.get, {}, caller));
  }

  @Put('settings/reminders')
  @ApiRoute({
    summary: 'Save the reminder settings: on or off, a local time, the ISO weekdays, a time zone, the channels',
    description:
      'A bad time, zone, day or channel answers 400 naming the field. Channels that cannot deliver yet (no SMTP, no ' +
      'device with notifications on) are kept; `channelStatus` says why they cannot.',
    data: ReminderSettingsViewDto,
  })
  async update(
    @Body() body: ReminderSettingsBodyDto,
    @Caller() caller: CallerContext,
  ): Promise<ApiSuccess<ReminderSettingsView>> {
    return ok(await this.bus.request(REMINDER_SUBJECTS.update, body, caller), { message: REMINDER_MESSAGES.saved });
  }

  @Post('settings/reminders/devices')
  @ApiRoute({
    summary: 'Register this browser’s push subscription for reminders (PushSubscription.toJSON())',
    description: 'The endpoint must be, and resolve only to, public addresses (or a host of PUSH_ALLOWED_HOSTS).',
    data: PushDeviceDto,
    errors: [REMINDER_ERROR_CODES.PUSH_ENDPOINT_REFUSED],
  })
  async addDevice(
    @Body() body: PushSubscriptionBodyDto,
    @Caller() caller: CallerContext,
  ): Promise<ApiSuccess<PushDevice>> {
    return ok(await this.bus.request(REMINDER_SUBJECTS.addDevice, body, caller), {
      message: REMINDER_MESSAGES.deviceAdded,
    });
  }

  @Delete('settings/reminders/devices/:id')
  @ApiRoute({
    summary: 'Stop sending reminders to a device',
    data: null,
    errors: [REMINDER_ERROR_CODES.PUSH_DEVICE_NOT_FOUND],
  })
  async removeDevice(@Param() { id }: IdParams, @Caller() caller: CallerContext): Promise<ApiSuccess<null>> {
    await this.bus.request(REMINDER_SUBJECTS.removeDevice, { id }, caller);
    return ok(null, { message: REMINDER_MESSAGES.deviceRemoved });
  }

  @Public()
  @Post('reminders/unsubscribe')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'One-click unsubscribe from reminder e-mails (RFC 8058), no sign-in',
    description:
      'The `List-Unsubscribe` link of every reminder e-mail; mail clients POST `List-Unsubscribe=One-Click` ' +
      '(application/x-www-form-urlencoded). Turns e-mail reminders off, nothing else.',
    data: null,
    errors: [REMINDER_ERROR_CODES.REMINDER_UNSUBSCRIBE_NOT_FOUND],
  })
  async unsubscribe(
    @Query() query: ReminderUnsubscribeQueryDto,
    @Body() _body: OneClickUnsubscribeBodyDto,
    @Caller() caller: CallerContext,
  ): Promise<ApiSuccess<null>> {
    await this.bus.request(REMINDER_SUBJECTS.unsubscribe, { token: query.token }, caller);
    return ok(null, { message: REMINDER_MESSAGES.unsubscribed });
  }
}
