import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import type { RefObject } from 'react';

export interface OpenFilterSelectProps<T extends string> {
  id: string;
  labelId: string;
  label: string;
  value: T;
  labels: Record<T, string>;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  selectHandle: RefObject<{ focus: () => void } | null>;
  onChange: (value: T) => void;
}

/** A filter as MUI's Select, once it has been used (see FilterSelect). */
export function OpenFilterSelect<T extends string>({
  id,
  labelId,
  label,
  value,
  labels,
  open,
  onOpen,
  onClose,
  selectHandle,
  onChange,
}: OpenFilterSelectProps<T>) {
  return (
    <Select
      id={id}
      labelId={labelId}
      label={label}
      value={value}
      autoFocus
      open={open}
      onOpen={onOpen}
      onClose={onClose}
      inputRef={selectHandle}
      onChange={(event) => onChange(event.target.value as T)}
    >
      {(Object.keys(labels) as T[]).map((option) => (
        <MenuItem key={option} value={option}>
          {labels[option]}
        </MenuItem>
      ))}
    </Select>
  );
}
