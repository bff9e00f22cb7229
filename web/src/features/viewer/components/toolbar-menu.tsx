import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import type { ReactNode } from 'react';
import { useMenuAnchor } from '../../../lib/use-menu-anchor';

/** A toolbar button ("Export", "Layers") that opens a menu; `children` gets `close` for items that end the choice. */
export function ToolbarMenu({ label, icon, children }: { label: string; icon: ReactNode; children: (close: () => void) => ReactNode }) {
  const menu = useMenuAnchor();
  return (
    <>
      <Button size="small" variant="outlined" startIcon={icon} {...menu.buttonProps}>
        {label}
      </Button>
      <Menu {...menu.menuProps}>{children(menu.close)}</Menu>
    </>
  );
}
