import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useRef } from 'react';

export interface LoadMoreOnScrollProps {
  loading: boolean;
  onLoadMore: () => void;
  label: string;
}

/**
 * The end of an endless list: loads the next page as it scrolls into view (starting a screen early), and is a
 * button for keyboards, screen readers and browsers without IntersectionObserver.
 */
export function LoadMoreOnScroll({ loading, onLoadMore, label }: LoadMoreOnScrollProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  useEffect(() => {
    latest.current = onLoadMore;
  });
  // Observed anew after each page: a sentinel still in view once a short page has arrived asks for the next one.
  useEffect(() => {
    const element = sentinel.current;
    if (loading || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (seen) => seen.some((entry) => entry.isIntersecting) && latest.current(),
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [loading]);
  return (
    <Box ref={sentinel} sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
      {loading ? (
        <CircularProgress size={28} aria-label="Loading older memories" />
      ) : (
        <Button variant="outlined" onClick={onLoadMore}>
          {label}
        </Button>
      )}
    </Box>
  );
}
