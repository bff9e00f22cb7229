import LinkIcon from '@mui/icons-material/Link';
import Button from '@mui/material/Button';
import { useDrawing } from '../api/get-drawing';
import type { Continuation } from './off-page-continuation';

/** The other drawing's name, once known; its id's end until then or when it cannot be read. */
function OtherDrawingName({ id }: { id: string }) {
  const drawing = useDrawing(id);
  return <>{drawing.data?.name ?? `drawing ${id.slice(-4)}`}</>;
}

/** "Continues on page N" (or "on <drawing name>") under an off-page connector's row; follows the link when clicked. */
export function ContinuationLink({
  continuation,
  onFollow,
}: {
  continuation: Continuation;
  onFollow: (continuation: Continuation) => void;
}) {
  return (
    <Button
      size="small"
      startIcon={<LinkIcon fontSize="small" />}
      onClick={() => onFollow(continuation)}
      sx={{ alignSelf: 'flex-start', textTransform: 'none' }}
    >
      Continues on {continuation.drawing ? <OtherDrawingName id={continuation.drawing} /> : `page ${continuation.page}`}
    </Button>
  );
}
