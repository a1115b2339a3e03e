import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { PushSubscriptionBodyDto, ReminderSettingsBodyDto } from './reminder-request.dto';

async function fieldsFailing<T extends object>(type: new () => T, plain: object): Promise<string[]> {
  const errors = await validate(plainToInstance(type, plain), { whitelist: true, forbidNonWhitelisted: true });
  return errors.map((error) => error.property);
}

describe('reminder request DTOs', () => {
  const settings = { enabled: true, time: '07:05', timeZone: 'America/New_York', days: [1, 7], channels: ['email'] };

  it('takes the issue’s exact body', async () => {
    expect(await fieldsFailing(ReminderSettingsBodyDto, settings)).toEqual([]);
  });

  it.each([
    ['time', '7:05'],
    ['time', '23:60'],
    ['timeZone', 'Europe/Atlantis'],
    ['days', [1, 0]],
    ['days', ['1']],
    ['channels', ['push', 'push']],
  ])('names %s when it is %j', async (field, value) => {
    expect(await fieldsFailing(ReminderSettingsBodyDto, { ...settings, [field]: value })).toEqual([field]);
  });

  it('needs a subscription’s keys', async () => {
    expect(await fieldsFailing(PushSubscriptionBodyDto, { endpoint: 'https://push.example.com/x' })).toEqual(['keys']);
    expect(
      await fieldsFailing(PushSubscriptionBodyDto, {
        endpoint: 'https://push.example.com/x',
        keys: { p256dh: 'BNc-abc', auth: 'tBHI' },
      }),
    ).toEqual([]);
  });
});
