import { describe, expect, it } from '@jest/globals';
import { theme } from './theme';

describe('theme', () => {
  it('uses the spec shape, breakpoints and font', () => {
    expect(theme.palette.mode).toBe('light');
    expect(theme.shape.borderRadius).toBe(8);
    expect(theme.breakpoints.values).toEqual({ xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 });
    expect(theme.typography.fontFamily).toBe('"Poppins", "Helvetica", "Arial", sans-serif');
    expect(theme.palette.background.default).toBe('#f5f7fa');
    expect(theme.palette.background.paper).toBe('#ffffff');
  });

  it('gives buttons no upper-casing, 8px corners and gradient contained variants', () => {
    const root = theme.components?.MuiButton?.styleOverrides?.root;

    expect(root).toMatchObject({ textTransform: 'none', borderRadius: 8 });
    expect(root).toHaveProperty('variants', [
      expect.objectContaining({
        props: { variant: 'contained', color: 'primary' },
        style: expect.objectContaining({ backgroundImage: expect.stringContaining('linear-gradient') }),
      }),
      expect.objectContaining({
        props: { variant: 'contained', color: 'secondary' },
        style: expect.objectContaining({ backgroundImage: expect.stringContaining('linear-gradient') }),
      }),
    ]);
  });

  it('gives cards 12px corners', () => {
    expect(theme.components?.MuiCard?.styleOverrides?.root).toMatchObject({ borderRadius: 12 });
  });
});
