import DownloadIcon from '@mui/icons-material/Download';
import MenuItem from '@mui/material/MenuItem';
import type { ExportFormat } from '../../../lib/drawing-export';
import { ToolbarMenu } from './toolbar-menu';

const EXPORT_CHOICES: ReadonlyArray<readonly [format: ExportFormat, label: string]> = [
  ['csv', 'CSV'],
  ['xlsx', 'Excel'],
  ['json', 'JSON'],
];

/** The viewer's "Export" button: the drawing's data as CSV, Excel or JSON (the dashboard's export). */
export function ExportMenu({ onExport }: { onExport: (format: ExportFormat) => void }) {
  return (
    <ToolbarMenu label="Export" icon={<DownloadIcon />}>
      {(close) =>
        EXPORT_CHOICES.map(([format, label]) => (
          <MenuItem
            key={format}
            onClick={() => {
              close();
              onExport(format);
            }}
          >
            {label}
          </MenuItem>
        ))
      }
    </ToolbarMenu>
  );
}
