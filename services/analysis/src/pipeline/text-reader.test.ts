import { afterAll, describe, expect, it } from '@jest/globals';
import { box, bubble, line, svgPage, valve } from '../testing/synthetic';
import { analyzePage } from './analyze-page';
import { createTesseractReader, type TextReader } from './text-reader';
import { namingAll } from '../testing/classifiers';
import { HOOK_TIMEOUT_MS } from '@pid/platform/test-kit/samples';

const label = (x: number, y: number, text: string, size = 14) =>
  `<text x="${x}" y="${y}" font-family="sans-serif" font-size="${size}" text-anchor="middle" fill="#000000" stroke="none">${text}</text>`;

let reader: Promise<TextReader> | undefined;
const textReader = () => (reader ??= createTesseractReader());
afterAll(async () => (await reader)?.close(), HOOK_TIMEOUT_MS);

describe('reading text (tesseract.js, data from @tesseract.js-data/eng)', () => {
  it('names an instrument after its bubble tag, a pump after the tag beside it, and reads free text', async () => {
    const shapes =
      box(60, 200, 120, 90) +
      line(180, 245, 440, 245) +
      box(440, 200, 120, 90) +
      bubble(320, 100, 30, ['FIC', '101']) +
      line(320, 130, 320, 245) +
      label(120, 340, 'P-101', 18) +
      label(500, 390, 'COOLING WATER', 16);
    const result = await analyzePage(await svgPage(640, 420, shapes), { textReader });
    const instrument = result.elements.find((e) => e.elementType === 'instrument');
    expect(instrument?.name).toBe('FIC-101');
    expect(instrument?.metadata.isa).toMatchObject({ measuredVariable: { letter: 'F', meaning: 'flow' }, loop: '101' });
    const texts = result.elements.filter((e) => e.elementType === 'text').map((e) => e.name);
    expect(texts).toEqual(['COOLING WATER']);
    const [pump, vessel] = result.elements.filter((e) => e.elementType === 'equipment').sort((a, b) => a.boundingBox.x - b.boundingBox.x);
    expect(pump.name).toBe('P-101');
    expect(pump.metadata.tag_box).toMatchObject({ y: expect.any(Number) });
    expect(vessel.name).toBe('');
  });

  it('reads a tag whose letters touch a stroke beside them (a signal line, a leader) and names the valve with it', async () => {
    const shapes =
      box(40, 200, 100, 90) +
      line(140, 245, 500, 245) +
      box(500, 200, 100, 90) +
      valve(320, 245, 18) +
      label(394, 222, 'FV-101', 20) +
      line(334, 214, 363, 214);
    const result = await analyzePage(await svgPage(640, 420, shapes), { textReader });
    const named = result.elements.filter((e) => e.name !== '').map((e) => [e.elementType, e.name]);
    expect(named).toEqual([['valve', 'FV-101']]);
  });

  it('reads a panel instrument: letters over the bar, loop number under it', async () => {
    const shapes = bubble(200, 150, 34, ['LIC', '317']) + line(166, 150, 234, 150) + line(200, 184, 200, 300);
    const result = await analyzePage(await svgPage(400, 320, shapes), { textReader });
    expect(result.elements.filter((e) => e.elementType === 'instrument').map((e) => e.name)).toEqual(['LIC-317']);
  });
});

/** A bubble with a tag stacked in it, a part a line, its signal line down; analysed with `reader`, the bubble named an instrument. */
async function stackedBubble(parts: [string, string, string], reader: () => Promise<TextReader>) {
  const shapes =
    `<circle cx="200" cy="150" r="44"/>` + parts.map((part, i) => label(200, 132 + 22 * i, part, 18)).join('') + line(200, 194, 200, 280);
  const result = await analyzePage(await svgPage(400, 300, shapes), {
    textReader: reader,
    symbolClassifier: async () => namingAll('field_instrument', 'instrument', 0.99),
  });
  return { instruments: result.elements.filter((e) => e.elementType === 'instrument').map((e) => e.name), elements: result.elements };
}

describe('a bubble the reader cannot read as a whole', () => {
  it('is named by its tag read line by line, stacked inside it (area, letters, loop), not left as three texts', async () => {
    // The bubble's own reading (its tag alphabet) fails; its lines are read one by one.
    const linesOnly = async (): Promise<TextReader> => {
      const real = await textReader();
      return {
        read: (region, mode) => (mode === 'tag' ? Promise.resolve({ text: '', confidence: 0 }) : real.read(region, mode)),
        close: async () => undefined,
      };
    };
    const { instruments, elements } = await stackedBubble(['052', 'FE', '004A'], linesOnly);
    expect(instruments).toEqual(['052-FE-004A']);
    expect(elements.filter((e) => e.elementType === 'text')).toEqual([]);
  });

  it('has letters left unread between two lines read once more with the tag alphabet', async () => {
    // Reads the bubble as a whole, and the letters (the narrowest line) as a line of text, as nothing; the digit
    // lines, top down, as `052` and `036`; the tag alphabet reads the letters.
    const digits = ['052', '036'];
    let tagCalls = 0;
    const scripted = async (): Promise<TextReader> => ({
      read: async (region, mode) => {
        if (mode === 'tag') return tagCalls++ === 0 ? { text: '', confidence: 0 } : { text: 'TV', confidence: 0.7 };
        return region.width < 33 ? { text: '', confidence: 0 } : { text: digits.shift() ?? '', confidence: 0.9 };
      },
      close: async () => undefined,
    });
    expect((await stackedBubble(['052', 'TV', '036'], scripted)).instruments).toEqual(['052-TV-036']);
  });
});

describe('readings OCR is unsure of', () => {
  // A reader as unsure as Tesseract is of long scanned line numbers: every line read at confidence 0.35.
  const unsure = (text: string) => async (): Promise<TextReader> => ({
    read: async () => ({ text, confidence: 0.35 }),
    close: async () => undefined,
  });
  const shapes = label(200, 100, 'SOME TEXT HERE', 16);

  it('keeps a line number, named with its separators as drawn', async () => {
    const result = await analyzePage(await svgPage(400, 200, shapes), { textReader: unsure('006-SW-500-6"~-1CA1S01-N-50') });
    expect(result.elements.filter((e) => e.elementType === 'text').map((e) => e.name)).toEqual(['006-SW-500-6"-1CA1S01-N-50']);
  });

  it('keeps a tag, and leaves other text unread', async () => {
    const tagged = await analyzePage(await svgPage(400, 200, shapes), { textReader: unsure('P-609A') });
    expect(tagged.elements.filter((e) => e.elementType === 'text').map((e) => e.name)).toEqual(['P-609A']);
    const prose = await analyzePage(await svgPage(400, 200, shapes), { textReader: unsure('SOME TEXT HERE') });
    expect(prose.elements.filter((e) => e.elementType === 'text').map((e) => e.name)).toEqual(['']);
  });
});
