import AppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME } from '../../config/product';
import { routePaths } from '../../config/route-paths';

export function TopBar() {
  return (
    <AppBar position="static" elevation={0}>
      <Toolbar>
        <Typography
          variant="h6"
          component={RouterLink}
          to={routePaths.home}
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700 }}
        >
          {PRODUCT_NAME}
        </Typography>
      </Toolbar>
    </AppBar>
  );
}
