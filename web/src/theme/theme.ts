import { createTheme } from '@mui/material/styles';
import { componentOverrides } from './component-overrides';
import './fonts';
import { breakpoints, palette, shape, typography } from './primitives';

export const theme = createTheme({
  palette,
  typography,
  shape,
  breakpoints,
  components: componentOverrides,
});
