import TextField, { type TextFieldProps } from '@mui/material/TextField';

export type TextInputProps = Omit<TextFieldProps, 'error' | 'helperText' | 'variant'> & {
  /** The field's error, shown under it; the field is marked invalid while it is set. */
  error?: string;
  /** A hint under the field while there is no error. */
  hint?: string;
};

/**
 * The shared input (spec section 2): a label with an asterisk when required, and the error text under the field,
 * tied to the input through aria-describedby (MUI's helper text) so screen readers announce it.
 */
export function TextInput({ error, hint, fullWidth = true, ...props }: TextInputProps) {
  return <TextField {...props} fullWidth={fullWidth} error={Boolean(error)} helperText={error ?? hint} />;
}
