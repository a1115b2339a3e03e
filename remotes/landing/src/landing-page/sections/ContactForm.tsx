import { CONTACT_UNDER_CONSTRUCTION_MESSAGE, TextInput, UnderConstructionDialog } from '@memories/web-ui';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState, type FormEvent } from 'react';

type ContactField = 'name' | 'email' | 'subject' | 'message';

const FIELDS: readonly { name: ContactField; label: string; multiline?: boolean; type?: string }[] = [
  { name: 'name', label: 'Name' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'subject', label: 'Subject' },
  { name: 'message', label: 'Message', multiline: true },
];

const emptyValues: Record<ContactField, string> = { name: '', email: '', subject: '', message: '' };

/** The contact form (spec section 5): every field required, never submitted; sending only shows the notice. */
export function ContactForm() {
  const [values, setValues] = useState(emptyValues);
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [noticeOpen, setNoticeOpen] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<ContactField, string>> = {};
    for (const field of FIELDS) if (!values[field.name].trim()) found[field.name] = `${field.label} is required`;
    setErrors(found);
    if (Object.keys(found).length === 0) setNoticeOpen(true);
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Contact form" sx={{ display: 'grid', gap: 2 }}>
      {FIELDS.map((field) => (
        <TextInput
          key={field.name}
          name={field.name}
          label={field.label}
          type={field.type}
          required
          multiline={field.multiline}
          minRows={field.multiline ? 4 : undefined}
          value={values[field.name]}
          error={errors[field.name]}
          onChange={(event) => {
            setValues((current) => ({ ...current, [field.name]: event.target.value }));
            setErrors((current) => ({ ...current, [field.name]: undefined }));
          }}
        />
      ))}
      <Button type="submit" variant="contained" size="large">
        Send Message
      </Button>
      <UnderConstructionDialog
        open={noticeOpen}
        onClose={() => setNoticeOpen(false)}
        message={CONTACT_UNDER_CONSTRUCTION_MESSAGE}
      />
    </Box>
  );
}
