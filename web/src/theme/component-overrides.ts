import type { Components, Theme } from '@mui/material/styles';
import { palette } from './primitives';

interface ColorRange {
  main: string;
  light: string;
  dark: string;
}

const gradient = (from: string, to: string) => `linear-gradient(135deg, ${from} 0%, ${to} 100%)`;

/** Gradient fill for a contained button; hover deepens it, and disabled drops it so MUI's grey shows. */
function containedGradient(color: ColorRange) {
  return {
    backgroundImage: gradient(color.main, color.light),
    '&:hover': { backgroundImage: gradient(color.dark, color.main) },
    '&.Mui-disabled': { backgroundImage: 'none' },
  };
}

export const componentOverrides = {
  MuiButton: {
    styleOverrides: {
      root: {
        textTransform: 'none',
        borderRadius: 8,
        variants: [
          { props: { variant: 'contained', color: 'primary' }, style: containedGradient(palette.primary) },
          { props: { variant: 'contained', color: 'secondary' }, style: containedGradient(palette.secondary) },
        ],
      },
    },
  },
  MuiCard: {
    styleOverrides: {
      root: { borderRadius: 12 },
    },
  },
} satisfies Components<Theme>;
