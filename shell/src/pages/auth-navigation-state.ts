/** Navigation state /login reads: a one-time success message (e.g. after registering), shown once and then cleared. */
export interface AuthNavigationState {
  message?: string;
}
