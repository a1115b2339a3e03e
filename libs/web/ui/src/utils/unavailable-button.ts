import { buttonBaseClasses } from '@mui/material/ButtonBase';

/** What a button takes from `unavailableButton`. */
export interface UnavailableButtonProps {
  'aria-disabled'?: true;
  className?: string;
  onClick?: () => void;
}

/**
 * A button's press, or nothing while it cannot be used (a save running, the first journal's "Move up"): it then looks
 * disabled, is announced so and ignores presses, but keeps focus. MUI's `disabled` takes focus off the button a person
 * just pressed and leaves it on the page's body, so their next Tab started again from the top of the page.
 */
export function unavailableButton(unavailable: boolean, onClick: () => void): UnavailableButtonProps {
  return unavailable ? { 'aria-disabled': true, className: buttonBaseClasses.disabled } : { onClick };
}
