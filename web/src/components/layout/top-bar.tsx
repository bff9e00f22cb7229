import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME } from '../../config/product';
import { routePaths } from '../../config/route-paths';
import { useSession } from '../../lib/session';
import { MENU_BELOW_RIGHT, useMenuAnchor } from '../../lib/use-menu-anchor';
import { UserMenu } from './user-menu';

interface NavItem {
  label: string;
  to: string;
}

const signedOutItems: NavItem[] = [
  { label: 'Login', to: routePaths.login },
  { label: 'Register', to: routePaths.register },
  { label: 'Pricing', to: routePaths.pricing },
  { label: 'Learn More', to: routePaths.learnMore },
];

const signedInItems: NavItem[] = [
  { label: 'Drawings', to: routePaths.dashboard },
  { label: 'Upload', to: routePaths.upload },
];

/** Small screens also reach Profile from the hamburger menu (spec §2). */
const signedInMenuItems: NavItem[] = [...signedInItems, { label: 'Profile', to: routePaths.profile }];

export function TopBar() {
  const { status } = useSession();
  const menu = useMenuAnchor('navigation-menu');
  const signedIn = status === 'authenticated';
  const items = signedIn ? signedInItems : signedOutItems;
  const menuItems = signedIn ? signedInMenuItems : signedOutItems;

  return (
    <AppBar position="static" elevation={0}>
      <Toolbar sx={{ gap: 1 }}>
        <Typography
          variant="h6"
          component={RouterLink}
          to={routePaths.home}
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, flexGrow: 1, whiteSpace: 'nowrap' }}
        >
          {PRODUCT_NAME}
        </Typography>
        {status !== 'loading' && (
          <>
            <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 1 }}>
              {items.map((item) => (
                <Button key={item.to} color="inherit" component={RouterLink} to={item.to}>
                  {item.label}
                </Button>
              ))}
            </Box>
            <IconButton
              color="inherit"
              aria-label="Open navigation menu"
              {...menu.buttonProps}
              sx={{ display: { xs: 'inline-flex', md: 'none' } }}
            >
              <MenuIcon />
            </IconButton>
            <Menu {...menu.menuProps} {...MENU_BELOW_RIGHT} sx={{ display: { md: 'none' } }}>
              {menuItems.map((item) => (
                <MenuItem key={item.to} component={RouterLink} to={item.to} onClick={menu.close}>
                  {item.label}
                </MenuItem>
              ))}
            </Menu>
            {signedIn && <UserMenu />}
          </>
        )}
      </Toolbar>
    </AppBar>
  );
}
