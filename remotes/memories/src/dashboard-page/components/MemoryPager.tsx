import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { pagerWindow } from '../utils/pager-window.util';

export interface MemoryPagerProps {
  /** Zero-based. */
  page: number;
  pageSize: number;
  totalPages: number;
  totalElements: number;
  onPage: (page: number) => void;
}

/**
 * "Showing X to Y of Z results", Previous/Next and up to 5 numbers centred on the page; only with more than one page.
 */
export function MemoryPager({ page, pageSize, totalPages, totalElements, onPage }: MemoryPagerProps) {
  if (totalPages <= 1) return null;
  const from = page * pageSize + 1;
  const to = Math.min((page + 1) * pageSize, totalElements);
  return (
    <Box
      component="nav"
      aria-label="Pagination"
      sx={{ mt: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}
    >
      <Typography variant="body2" color="text.secondary">
        Showing {from} to {to} of {totalElements} results
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
        <Button variant="outlined" size="small" disabled={page === 0} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        {pagerWindow(page, totalPages).map((number) => (
          <Button
            key={number}
            size="small"
            variant={number === page ? 'contained' : 'outlined'}
            aria-current={number === page ? 'page' : undefined}
            aria-label={`Page ${number + 1}`}
            onClick={() => onPage(number)}
            sx={{ minWidth: 40 }}
          >
            {number + 1}
          </Button>
        ))}
        <Button variant="outlined" size="small" disabled={page >= totalPages - 1} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </Stack>
    </Box>
  );
}
