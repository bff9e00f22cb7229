import { useState, type MouseEvent } from 'react';

/** A menu that drops from below its button's right edge (the top bar's menus). */
export const MENU_BELOW_RIGHT = {
  anchorOrigin: { vertical: 'bottom', horizontal: 'right' },
  transformOrigin: { vertical: 'top', horizontal: 'right' },
} as const;

/**
 * A menu opened by a button: spread `buttonProps` on the button (with a menu `id`, they carry the ARIA
 * of a button that controls it) and `menuProps` on the MUI Menu; `close` after a choice.
 */
export function useMenuAnchor(id?: string) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const aria = id
    ? {
        'aria-controls': anchor ? id : undefined,
        'aria-haspopup': 'true' as const,
        'aria-expanded': anchor ? ('true' as const) : undefined,
      }
    : {};
  return {
    close,
    buttonProps: { ...aria, onClick: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget) },
    menuProps: { id, anchorEl: anchor, open: anchor !== null, onClose: close },
  };
}
