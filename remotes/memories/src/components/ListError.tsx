import { LazyPartBoundary, LazyPartFailed, lazyPart } from '@memories/web-ui';

// MUI's Alert is fetched when a list first fails to load, not with the page: the dashboard and the profile keep it out
// of their first load (docs/performance.md, issue 39).
const Alert = lazyPart(() => import('@mui/material/Alert').then((alert) => alert.default));

/**
 * A list that could not be loaded, said in MUI's Alert; until the Alert's code is there (or if it cannot be loaded,
 * a dropped network being the usual reason for both) the same text in plain type.
 */
export function ListError({ message }: { message: string }) {
  const plain = <LazyPartFailed message={message} />;
  return (
    <LazyPartBoundary fallback={plain} retryKey={message} loading={plain}>
      <Alert severity="error">{message}</Alert>
    </LazyPartBoundary>
  );
}
