import {
  REMINDER_CHANNEL_PROBLEM_MESSAGES,
  type IsoWeekday,
  type ReminderChannel,
  type ReminderSettings,
  type ReminderSettingsView,
} from '@memories/contracts';
import { remindersApi, type RemindersApi } from '@memories/web-api-client';
import { LoadingIndicator, TextInput } from '@memories/web-ui';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { CardNotice, useCardNotice } from '../../settings-page/components/CardNotice';
import { SettingsCard } from '../../settings-page/components/SettingsSection';
import { useThisDevicePush } from '../hooks/useThisDevicePush';
import { browserTimeZone, knownTimeZones } from '../utils/time-zones';
import { WEEKDAYS } from '../utils/weekdays';
import { ThisDeviceNotifications } from './ThisDeviceNotifications';

export interface RemindersCardProps {
  api?: RemindersApi;
}

const CHANNEL_LABELS: Record<ReminderChannel, string> = {
  push: 'Notifications on my devices',
  email: 'E-mail',
};

/** The settings as saved, with the browser's zone in place of the default one of someone who never saved any. */
function formOf(view: ReminderSettingsView): ReminderSettings {
  const neverSaved = !view.enabled && view.timeZone === 'UTC' && view.nextReminderAt === null;
  const { enabled, time, timeZone, days, channels } = view;
  return { enabled, time, timeZone: neverSaved ? browserTimeZone() : timeZone, days, channels };
}

const toggled = <T,>(list: readonly T[], item: T, on: boolean): T[] =>
  on ? [...list.filter((value) => value !== item), item] : list.filter((value) => value !== item);

/**
 * Settings → Reminders: on or off, the time, the days, the time zone and the channels. A chosen channel that cannot
 * deliver yet stays chosen, with what would fix it said under it; this device's notifications are turned on here.
 */
export function RemindersCard({ api = remindersApi }: RemindersCardProps) {
  const [view, setView] = useState<ReminderSettingsView | null>(null);
  const [form, setForm] = useState<ReminderSettings | null>(null);
  const [busy, setBusy] = useState(false);
  const { notice, succeeded, failed, clear } = useCardNotice();
  const device = useThisDevicePush(api, view?.pushPublicKey ?? null);
  const zones = useMemo(() => knownTimeZones(form?.timeZone ?? 'UTC'), [form?.timeZone]);

  const load = useCallback(async () => {
    const loaded = await api.get();
    setView(loaded);
    setForm((current) => current ?? formOf(loaded));
  }, [api]);
  useEffect(() => void load().catch(failed), [load, failed]);

  const act = async (action: () => Promise<string | undefined>) => {
    setBusy(true);
    clear();
    try {
      const message = await action();
      if (message) succeeded(message);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    void act(async () => {
      const { data, message } = await api.save(form);
      setView(data);
      return message;
    });
  };

  const changeDevice = (change: () => Promise<void>) =>
    void act(async () => {
      await change();
      await load();
      return undefined;
    });

  if (!form || !view) {
    return (
      <SettingsCard title="Reminders">
        {notice ? (
          <CardNotice notice={notice} onClose={clear} />
        ) : (
          <LoadingIndicator label="Loading your reminders..." />
        )}
      </SettingsCard>
    );
  }
  const update = (changes: Partial<ReminderSettings>) => setForm({ ...form, ...changes });
  const nextReminder = view.nextReminderAt
    ? new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' }).format(
        new Date(view.nextReminderAt),
      )
    : null;

  return (
    <SettingsCard title="Reminders">
      <Stack component="form" spacing={2} onSubmit={save} aria-label="Reminder settings">
        <Typography color="text.secondary">
          A nudge to write at the hour you choose, with a prompt and how many memories you have on that day. None comes
          on a day you already wrote.
        </Typography>
        <FormControlLabel
          control={<Switch checked={form.enabled} onChange={(event) => update({ enabled: event.target.checked })} />}
          label="Remind me to write"
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextInput
            label="Time"
            type="time"
            value={form.time}
            required
            onChange={(event) => update({ time: event.target.value })}
            sx={{ maxWidth: { sm: 180 } }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Autocomplete
            options={zones}
            value={form.timeZone}
            disableClearable
            onChange={(_event, zone) => update({ timeZone: zone })}
            renderInput={(params) => <TextField {...params} label="Time zone" required />}
            sx={{ flex: 1 }}
          />
        </Stack>
        <FormControl component="fieldset">
          <FormLabel component="legend">Days</FormLabel>
          <FormGroup row>
            {WEEKDAYS.map(({ day, label, short }) => (
              <FormControlLabel
                key={day}
                control={
                  <Checkbox
                    checked={form.days.includes(day)}
                    onChange={(event) => update({ days: toggled<IsoWeekday>(form.days, day, event.target.checked) })}
                    slotProps={{ input: { 'aria-label': label } }}
                  />
                }
                label={short}
              />
            ))}
          </FormGroup>
        </FormControl>
        <FormControl component="fieldset">
          <FormLabel component="legend">Remind me by</FormLabel>
          <FormGroup>
            {view.channelStatus.map(({ channel, problem }) => (
              <div key={channel}>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={form.channels.includes(channel)}
                      onChange={(event) => update({ channels: toggled(form.channels, channel, event.target.checked) })}
                    />
                  }
                  label={CHANNEL_LABELS[channel]}
                />
                {problem && form.channels.includes(channel) && (
                  <Alert severity="warning" data-testid={`reminder-problem-${channel}`}>
                    {REMINDER_CHANNEL_PROBLEM_MESSAGES[problem]}
                  </Alert>
                )}
              </div>
            ))}
          </FormGroup>
        </FormControl>
        <ThisDeviceNotifications
          state={device.state}
          publicKey={view.pushPublicKey}
          busy={busy}
          onTurnOn={() => changeDevice(device.turnOn)}
          onTurnOff={() => changeDevice(device.turnOff)}
        />
        {form.enabled && nextReminder && <Typography>Next reminder: {nextReminder}</Typography>}
        <div>
          <Button type="submit" variant="contained" disabled={busy || form.days.length === 0}>
            Save reminders
          </Button>
        </div>
        <CardNotice notice={notice} onClose={clear} />
      </Stack>
    </SettingsCard>
  );
}
