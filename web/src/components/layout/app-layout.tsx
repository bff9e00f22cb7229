import Box from '@mui/material/Box';
import { Outlet } from 'react-router-dom';
import { Footer } from './footer';
import { TopBar } from './top-bar';

/** Page frame for every route: top bar, the routed page, and a footer held at the bottom of short pages. */
export function AppLayout() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <TopBar />
      <Box component="main" sx={{ flexGrow: 1 }}>
        <Outlet />
      </Box>
      <Footer />
    </Box>
  );
}
