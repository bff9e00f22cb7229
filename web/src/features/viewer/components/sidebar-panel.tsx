import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

/** The collapsible right-hand panel (spec §2): 340 px open, a 40 px strip with the expand button closed. */
export function SidebarPanel({ open, onToggle, children }: { open: boolean; onToggle: () => void; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ width: open ? 340 : 40, flexShrink: 0, display: 'flex', overflow: 'hidden' }}>
      <IconButton
        size="small"
        aria-label={open ? 'Collapse sidebar' : 'Expand sidebar'}
        onClick={onToggle}
        sx={{ alignSelf: 'flex-start', mt: 1.5 }}
      >
        {open ? <ChevronRightIcon /> : <ChevronLeftIcon />}
      </IconButton>
      {open ? <Box sx={{ flexGrow: 1, minWidth: 0 }}>{children}</Box> : null}
    </Paper>
  );
}
