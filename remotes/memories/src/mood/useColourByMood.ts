import { useState } from 'react';

const STORAGE_KEY = 'memories.colourByMood';

function stored(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * Whether the calendar and the year heat map colour days by mood rather than by how many memories they have: one
 * choice for both, kept on this device (a preference of how to look, not data).
 */
export function useColourByMood(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(stored);
  const change = (next: boolean) => {
    setOn(next);
    try {
      localStorage.setItem(STORAGE_KEY, String(next));
    } catch {
      // Storage refused (private mode): the choice holds for this page only.
    }
  };
  return [on, change];
}
