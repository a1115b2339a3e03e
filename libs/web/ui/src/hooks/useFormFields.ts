import { useCallback, useState, type ChangeEvent } from 'react';

export type FieldErrors<TFields> = Partial<Record<keyof TFields, string>>;

/**
 * The text fields of a form with an error each: `field(name)` spreads onto a TextInput (name, value, error,
 * onChange), and a field's error clears as soon as the user edits it (spec section 5).
 */
export function useFormFields<TFields extends { [K in keyof TFields]: string }>(initial: TFields) {
  const [fields, setFields] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<TFields>>({});

  const field = (name: keyof TFields & string) => ({
    name,
    value: fields[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setFields((current) => ({ ...current, [name]: event.target.value }));
      setErrors(({ [name]: _cleared, ...others }) => others as FieldErrors<TFields>);
    },
  });
  const reset = useCallback(() => setFields(initial), [initial]);

  return { fields, errors, setErrors, field, reset };
}
