import type { ThemeOptions } from '@mui/material/styles';

/** Design tokens of spec §1 "Visual style"; component-overrides.ts builds on these. */
export const palette = {
  mode: 'light',
  primary: { main: '#1a3d8f', light: '#3d63c4', dark: '#0f2661', contrastText: '#ffffff' },
  secondary: { main: '#00897b', light: '#26a69a', dark: '#00695c', contrastText: '#ffffff' },
  error: { main: '#d32f2f' },
  background: { default: '#f5f7fa', paper: '#ffffff' },
} as const satisfies ThemeOptions['palette'];

export const typography = {
  fontFamily: ['"Poppins"', '"Helvetica"', '"Arial"', 'sans-serif'].join(', '),
  h1: { fontWeight: 700 },
  h2: { fontWeight: 700 },
  h3: { fontWeight: 600 },
  h4: { fontWeight: 600 },
  h5: { fontWeight: 600 },
  h6: { fontWeight: 600 },
  button: { fontWeight: 600 },
} as const satisfies ThemeOptions['typography'];

export const shape = { borderRadius: 8 } as const satisfies ThemeOptions['shape'];

export const breakpoints = {
  values: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 },
} as const satisfies ThemeOptions['breakpoints'];
