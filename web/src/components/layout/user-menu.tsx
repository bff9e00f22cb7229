import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { startTransition } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { routePaths } from '../../config/route-paths';
import { useSession } from '../../lib/session';
import { MENU_BELOW_RIGHT, useMenuAnchor } from '../../lib/use-menu-anchor';

/** First letter of the username, upper-cased; null when there is no username. */
export function avatarLetter(username: string | null | undefined): string | null {
  const trimmed = username?.trim();
  return trimmed ? trimmed.charAt(0).toUpperCase() : null;
}

/** The signed-in avatar button and its Profile / Logout menu (spec §2 Top bar). */
export function UserMenu() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const menu = useMenuAnchor('user-menu');
  const letter = avatarLetter(user?.username);

  const handleLogout = () => {
    menu.close();
    // One transition for both: the router leaves a guarded page in the same render that signs out, so
    // no guard sees the signed-out user first and sends them to /login instead of /.
    startTransition(() => {
      navigate(routePaths.home);
      logout();
    });
  };

  return (
    <>
      <Tooltip title="Open settings">
        <IconButton aria-label="Open settings" {...menu.buttonProps} sx={{ p: 0.5 }}>
          <Avatar sx={{ bgcolor: 'secondary.main', width: 36, height: 36, fontWeight: 600 }}>
            {letter ?? <PersonIcon data-testid="avatar-person-icon" />}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu {...menu.menuProps} {...MENU_BELOW_RIGHT}>
        <MenuItem component={RouterLink} to={routePaths.profile} onClick={menu.close}>
          Profile
        </MenuItem>
        <MenuItem onClick={handleLogout}>Logout</MenuItem>
      </Menu>
    </>
  );
}
