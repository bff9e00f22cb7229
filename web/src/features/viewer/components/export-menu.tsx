import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import type { ExportFormat } from '../../../lib/drawing-export';

const EXPORT_CHOICES: ReadonlyArray<readonly [format: ExportFormat, label: string]> = [
  ['csv', 'CSV'],
  ['xlsx', 'Excel'],
  ['json', 'JSON'],
];

/** The viewer's "Export" button: the drawing's data as CSV, Excel or JSON (the dashboard's export). */
export function ExportMenu({ onExport }: { onExport: (format: ExportFormat) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={(event) => setAnchor(event.currentTarget)}>
        Export
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {EXPORT_CHOICES.map(([format, label]) => (
          <MenuItem
            key={format}
            onClick={() => {
              setAnchor(null);
              onExport(format);
            }}
          >
            {label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
