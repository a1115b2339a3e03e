import { validateProfileFields, type ProfileFields, type RegistrationErrors } from '@memories/contracts';
import { useSession } from '@memories/web-session';
import { TextInput } from '@memories/web-ui';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { SettingsCard } from '../../settings-page/components/SettingsSection';

/** "First Last" as the register form joined it: the first word, and everything after it. */
function fieldsOf(name: string, phoneNumber: string | null): ProfileFields {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' '), phoneNumber: phoneNumber ?? '' };
}

type Outcome = { kind: 'saved'; message: string } | { kind: 'failed'; message: string } | null;

/** Edit Profile: first and last name and phone number, with the register form's rules and messages. */
export function ProfileDetailsForm() {
  const { user, updateProfile } = useSession();
  const [fields, setFields] = useState<ProfileFields>(() => fieldsOf(user?.name ?? '', user?.phoneNumber ?? null));
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const field = (name: keyof ProfileFields) => ({
    name,
    value: fields[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setFields((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
      setOutcome(null);
    },
  });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateProfileFields(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await updateProfile({
        name: `${fields.firstName.trim()} ${fields.lastName.trim()}`,
        phoneNumber: fields.phoneNumber.trim() || null,
      });
      setOutcome({ kind: 'saved', message: 'Your profile has been saved.' });
    } catch (failure) {
      setOutcome({ kind: 'failed', message: failure instanceof Error ? failure.message : String(failure) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <SettingsCard title="Profile">
      <Box component="form" noValidate onSubmit={(event) => void save(event)}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextInput label="First name" autoComplete="given-name" required {...field('firstName')} />
            <TextInput label="Last name" autoComplete="family-name" required {...field('lastName')} />
          </Stack>
          <TextInput label="Phone number (optional)" type="tel" autoComplete="tel" {...field('phoneNumber')} />
          <TextInput
            label="Email"
            value={user?.email ?? ''}
            slotProps={{ input: { readOnly: true } }}
            hint="You sign in with it, and people find you by it to share with you. It cannot be changed."
          />
          {outcome && (
            <Alert
              severity={outcome.kind === 'saved' ? 'success' : 'error'}
              role={outcome.kind === 'saved' ? 'status' : 'alert'}
            >
              {outcome.message}
            </Alert>
          )}
          <Box>
            <Button type="submit" variant="contained" disabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SettingsCard>
  );
}
