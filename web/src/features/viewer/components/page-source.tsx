import type { AnalysisSource } from '@pid/contracts';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';

const WORDS: Record<AnalysisSource, { label: string; detail: string }> = {
  vector: {
    label: 'Read from the PDF',
    detail: "Names and lines come from the PDF's own text and drawing, exactly as drawn.",
  },
  mixed: {
    label: 'Read from the PDF and the image',
    detail: "The PDF's own text or lines were used where the page has them; the rest was read from the image.",
  },
  raster: {
    label: 'Read from the image',
    detail: 'Text was read by OCR from the image: check names closely.',
  },
};

/** How the analysis read the page shown, so a reviewer knows how far to trust its names. */
export function PageSource({ source }: { source: AnalysisSource }) {
  const words = WORDS[source];
  return (
    <Tooltip title={words.detail}>
      <Chip size="small" variant="outlined" color={source === 'raster' ? 'default' : 'success'} label={words.label} />
    </Tooltip>
  );
}
