import FormControl, { type FormControlProps } from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';

/** What a TextInput passes on to the input itself, as MUI's TextField does. */
type InputPassThrough = Pick<
  OutlinedInputProps,
  | 'autoComplete'
  | 'autoFocus'
  | 'defaultValue'
  | 'inputRef'
  | 'maxRows'
  | 'minRows'
  | 'multiline'
  | 'name'
  | 'onBlur'
  | 'onChange'
  | 'onFocus'
  | 'placeholder'
  | 'rows'
  | 'type'
  | 'value'
>;

export type TextInputProps = InputPassThrough &
  Omit<FormControlProps, keyof InputPassThrough | 'error' | 'variant' | 'children'> & {
    label?: ReactNode;
    /** The field's error, shown under it; the field is marked invalid while it is set. */
    error?: string;
    /** A hint under the field while there is no error. */
    hint?: string;
    /** Props of the parts, named as MUI's TextField names them. */
    slotProps?: {
      /** The `<input>` element. */
      htmlInput?: OutlinedInputProps['inputProps'];
      /** The outlined input around it. */
      input?: Partial<OutlinedInputProps>;
      inputLabel?: Partial<InputLabelProps>;
      formHelperText?: Partial<FormHelperTextProps>;
    };
  };

/**
 * The shared input (spec section 2): a label with an asterisk when required, and the error text under the field,
 * tied to the input through aria-describedby so screen readers announce it.
 *
 * It renders what MUI's outlined TextField renders (the same elements, ids and ARIA), built from the parts themselves:
 * TextField imports Select, and with it Menu, Popover, Modal and the filled and standard inputs, about 15 KiB gzip
 * that every page with a form loaded and no text input uses. A choice from a list is MUI's TextField with `select`.
 */
export function TextInput({
  error,
  hint,
  fullWidth = true,
  id: idOverride,
  label,
  autoComplete,
  autoFocus,
  defaultValue,
  inputRef,
  maxRows,
  minRows,
  multiline,
  name,
  onBlur,
  onChange,
  onFocus,
  placeholder,
  rows,
  type,
  value,
  slotProps = {},
  ...control
}: TextInputProps) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperText = error ?? hint;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const labelled = label != null && label !== '';
  return (
    <FormControl {...control} fullWidth={fullWidth} error={Boolean(error)} variant="outlined">
      {labelled && (
        <InputLabel htmlFor={id} id={`${id}-label`} {...slotProps.inputLabel}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        aria-describedby={helperTextId}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        fullWidth={fullWidth}
        multiline={multiline}
        name={name}
        rows={rows}
        maxRows={maxRows}
        minRows={minRows}
        type={type}
        value={value}
        id={id}
        inputRef={inputRef}
        onBlur={onBlur}
        onChange={onChange}
        onFocus={onFocus}
        placeholder={placeholder}
        inputProps={slotProps.htmlInput}
        label={label}
        notched={slotProps.inputLabel?.shrink}
        {...slotProps.input}
      />
      {helperText && (
        <FormHelperText id={helperTextId} {...slotProps.formHelperText}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
