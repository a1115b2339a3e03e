import Button from '@mui/material/Button';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { ReactNode } from 'react';
import { unavailableButton } from '@memories/web-ui';

export interface RemovableListItemProps {
  icon: ReactNode;
  primary: string;
  secondary: string;
  /** The button's words ("Remove", "Unlink") and its name for a screen reader ("Remove My phone"). */
  actionLabel: string;
  actionName: string;
  disabled: boolean;
  onRemove: () => void;
}

/** One thing of the account in a settings list (a passkey, a linked sign-in), with the button that takes it away. */
export function RemovableListItem({
  icon,
  primary,
  secondary,
  actionLabel,
  actionName,
  disabled,
  onRemove,
}: RemovableListItemProps) {
  return (
    <ListItem
      divider
      disableGutters
      sx={{ flexWrap: 'wrap', gap: 1 }}
      secondaryAction={
        <Button color="error" {...unavailableButton(disabled, onRemove)} aria-label={actionName}>
          {actionLabel}
        </Button>
      }
    >
      {icon}
      <ListItemText primary={primary} secondary={secondary} sx={{ pr: 10 }} />
    </ListItem>
  );
}
