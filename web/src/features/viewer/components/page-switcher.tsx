import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** "Page N of M" with a page picker, above the image of a drawing of several pages. */
export function PageSwitcher({ page, pageCount, onPage }: { page: number; pageCount: number; onPage: (page: number) => void }) {
  return (
    <Stack direction="row" alignItems="center" spacing={2} component="nav" aria-label="Drawing pages">
      <Typography variant="body2" aria-live="polite">
        Page {page} of {pageCount}
      </Typography>
      <Pagination
        size="small"
        count={pageCount}
        page={page}
        onChange={(_event, next) => onPage(next)}
        siblingCount={1}
        boundaryCount={1}
        showFirstButton={pageCount > 5}
        showLastButton={pageCount > 5}
      />
    </Stack>
  );
}
