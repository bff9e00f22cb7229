import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from '@jest/globals';
import { PageSource } from './page-source';

describe('PageSource', () => {
  it('says the page was read from the PDF itself, and explains on hover', async () => {
    render(<PageSource source="vector" />);
    await userEvent.hover(screen.getByText('Read from the PDF'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent("the PDF's own text and drawing");
  });

  it('warns that names of a scanned page were read by OCR', async () => {
    render(<PageSource source="raster" />);
    await userEvent.hover(screen.getByText('Read from the image'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('read by OCR');
  });
});
