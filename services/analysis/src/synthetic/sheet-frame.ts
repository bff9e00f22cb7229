import { PDF_RENDER_DPI } from '@pid/contracts';
import type { DraftingStyle } from './drafting-styles';
import type { Box } from './geometry';
import type { PdfCanvas } from './pdf-canvas';
import type { Prng } from './prng';
import type { Paper } from './sheet-generator';
import type { PlacedText } from './sheet-builder';

export const mm = (value: number) => (value * PDF_RENDER_DPI) / 25.4;

export interface SheetFrame {
  /** Inside the border, where the process is drawn. */
  drawingArea: Box;
  /** Title block, revision table, notes: no symbol, line or text goes there. */
  reserved: Box[];
  texts: PlacedText[];
  drawingNumber: string;
  unitNumber: number;
}

const COMPANIES = [
  'NORTHWIND PROCESS ENGINEERING',
  'ACME REFINING CO.',
  'PETROCHEM SOLUTIONS LTD',
  'BLUE RIVER CHEMICALS',
  'HALDEN ENERGY AS',
];
const UNITS = [
  'CRUDE DISTILLATION UNIT',
  'AMINE REGENERATION',
  'NAPHTHA HYDROTREATER',
  'COOLING WATER SYSTEM',
  'GAS COMPRESSION',
  'PRODUCT STORAGE',
  'SOUR WATER STRIPPER',
];
const SECTIONS = ['FEED SECTION', 'REACTOR SECTION', 'OVERHEAD SYSTEM', 'BOTTOMS AND PRODUCT', 'UTILITIES'];
const NOTES = [
  'ALL INSTRUMENT TAGS ARE PREFIXED WITH THE UNIT NUMBER.',
  'LINE SIZES IN INCHES UNLESS NOTED OTHERWISE.',
  'VALVES SHOWN IN NORMAL OPERATING POSITION.',
  'PROVIDE HIGH POINT VENTS AND LOW POINT DRAINS.',
  'SAFETY VALVE OUTLETS ROUTED TO FLARE HEADER.',
  'PUMP SUCTION STRAINERS FOR START-UP ONLY.',
  'FOR LEGEND SEE DRAWING PID-000-001.',
  'HOLD: VENDOR DATA TO BE CONFIRMED.',
];
const INITIALS = ['JS', 'MK', 'AB', 'RT', 'LW', 'PD', 'HN', 'CV'];
const REVISION_TEXT = ['ISSUED FOR REVIEW', 'ISSUED FOR APPROVAL', 'ISSUED FOR DESIGN', 'ISSUED FOR CONSTRUCTION', 'AS BUILT'];

/**
 * The sheet border with zone marks, the title block and, now and then, a revision table and notes. None of it
 * is a symbol or a pipe in the truth; its words are labels.
 */
export function drawSheetFrame(canvas: PdfCanvas, style: DraftingStyle, rng: Prng, paper: Paper): SheetFrame {
  const large = paper === 'A1' || paper === 'A0';
  const portrait = canvas.height > canvas.width;
  const { width, height } = canvas;
  const texts: PlacedText[] = [];
  const small = Math.round(style.textSize * 0.7);
  const label = (string: string, x: number, y: number, size = style.textSize) => {
    const options = { font: style.font, size };
    texts.push({ string, x, y, options, box: canvas.textBox(string, x, y, options), role: 'label' });
  };
  const centred = (string: string, cx: number, baseline: number, size: number) =>
    label(string, cx - canvas.measure(string, { font: style.font, size }).width / 2, baseline, size);
  const heavy = style.processWidth * 1.2;
  const thin = style.signalWidth;
  const rectangle = (box: Box, lineWidth: number) =>
    canvas.path(
      [
        [box[0], box[1]],
        [box[2], box[1]],
        [box[2], box[3]],
        [box[0], box[3]],
      ],
      { width: lineWidth, closed: true },
    );

  const edge = mm(large ? 20 : 10);
  const border: Box = [mm(20), edge, width - edge, height - edge];
  rectangle(border, heavy);
  // Zone marks between the page edge and the border.
  const [long, short] = large ? [12, 8] : [8, 6];
  const [columns, rows] = portrait ? [short, long] : [long, short];
  for (let i = 0; i < columns; i++) {
    const x0 = border[0] + ((border[2] - border[0]) * i) / columns;
    const xm = x0 + (border[2] - border[0]) / columns / 2;
    if (i > 0) {
      canvas.path(
        [
          [x0, border[1] - edge * 0.5],
          [x0, border[1]],
        ],
        { width: thin },
      );
      canvas.path(
        [
          [x0, border[3]],
          [x0, border[3] + edge * 0.5],
        ],
        { width: thin },
      );
    }
    centred(String(i + 1), xm, border[1] - edge * 0.3, small);
    centred(String(i + 1), xm, border[3] + edge * 0.3 + small * 0.7, small);
  }
  for (let j = 0; j < rows; j++) {
    const y0 = border[1] + ((border[3] - border[1]) * j) / rows;
    const ym = y0 + (border[3] - border[1]) / rows / 2 + small * 0.35;
    if (j > 0) {
      canvas.path(
        [
          [border[0] - edge * 0.5, y0],
          [border[0], y0],
        ],
        { width: thin },
      );
      canvas.path(
        [
          [border[2], y0],
          [border[2] + edge * 0.5, y0],
        ],
        { width: thin },
      );
    }
    const letter = String.fromCharCode(65 + rows - 1 - j);
    label(letter, border[0] - mm(10) + small * 0.2, ym, small);
    label(letter, border[2] + edge * 0.3, ym, small);
  }

  // Title block, bottom right: 180 mm wide, one row per line of information.
  const unitNumber = rng.int(1, 9) * 100;
  const drawingNumber = `PID-${unitNumber + rng.int(0, 9)}-${String(rng.int(1, 40)).padStart(3, '0')}`;
  const rowHeight = mm(8);
  const blockWidth = mm(180);
  const x0 = border[2] - blockWidth;
  let top = border[3] - rowHeight * 6;
  const title: Box = [x0, top, border[2], border[3]];
  rectangle(title, heavy);
  const rowsSpec: [string, string, number][][] = [
    [['', rng.pick(COMPANIES), 1]],
    [['TITLE', 'PIPING AND INSTRUMENTATION DIAGRAM', 1]],
    [['', `${rng.pick(UNITS)} - ${rng.pick(SECTIONS)}`, 1]],
    [
      ['DRAWING NO.', drawingNumber, 0.7],
      ['REV', String.fromCharCode(65 + rng.int(0, 4)), 0.3],
    ],
    [
      ['SCALE', 'NONE', 0.3],
      ['SHEET', `${rng.int(1, 3)} OF ${rng.int(3, 6)}`, 0.3],
      ['DATE', `20${rng.int(10, 24)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`, 0.4],
    ],
    [
      ['DRAWN', rng.pick(INITIALS), 1 / 3],
      ['CHECKED', rng.pick(INITIALS), 1 / 3],
      ['APPROVED', rng.pick(INITIALS), 1 / 3],
    ],
  ];
  rowsSpec.forEach((cells, row) => {
    const y = top + row * rowHeight;
    if (row > 0)
      canvas.path(
        [
          [x0, y],
          [border[2], y],
        ],
        { width: thin },
      );
    let x = x0;
    for (const [caption, value, fraction] of cells) {
      if (x > x0)
        canvas.path(
          [
            [x, y],
            [x, y + rowHeight],
          ],
          { width: thin },
        );
      if (caption) label(caption, x + mm(1), y + small * 0.85, small);
      const size = row === 0 ? Math.round(style.textSize * 1.25) : style.textSize;
      if (caption) label(value, x + mm(3), y + rowHeight - mm(1.2), size);
      else centred(value, x + (blockWidth * fraction) / 2, y + rowHeight * 0.5 + size * 0.35, size);
      x += blockWidth * fraction;
    }
  });
  const reserved: Box[] = [title];

  if (rng.chance(0.6)) {
    const revisions = rng.int(1, 4);
    const bottom = top;
    top -= rowHeight * 0.8 * (revisions + 1);
    const table: Box = [x0, top, border[2], bottom];
    rectangle(table, thin * 1.5);
    const columnsAt = [0, 0.08, 0.26, 0.78, 0.89, 1];
    const header = ['REV', 'DATE', 'DESCRIPTION', 'BY', 'CHK'];
    for (let r = 0; r <= revisions; r++) {
      const y = top + r * rowHeight * 0.8;
      if (r > 0)
        canvas.path(
          [
            [x0, y],
            [border[2], y],
          ],
          { width: thin },
        );
      const cells =
        r === 0
          ? header
          : [
              String.fromCharCode(64 + revisions - r + 1),
              `20${rng.int(10, 24)}-${String(rng.int(1, 12)).padStart(2, '0')}`,
              REVISION_TEXT[(revisions - r) % REVISION_TEXT.length],
              rng.pick(INITIALS),
              rng.pick(INITIALS),
            ];
      cells.forEach((cell, c) => label(cell, x0 + blockWidth * columnsAt[c] + mm(1.2), y + rowHeight * 0.8 - mm(1.6), small));
    }
    for (const fraction of columnsAt.slice(1, -1))
      canvas.path(
        [
          [x0 + blockWidth * fraction, top],
          [x0 + blockWidth * fraction, bottom],
        ],
        { width: thin },
      );
    reserved.push(table);
  }

  if (rng.chance(0.5)) {
    const notes = rng.shuffle(NOTES).slice(0, rng.int(2, 4));
    const lineHeight = style.textSize * 1.45;
    const bottom = top - mm(4);
    top = bottom - lineHeight * (notes.length + 1) - mm(2);
    label('NOTES:', x0 + mm(2), top + lineHeight);
    notes.forEach((note, i) => label(`${i + 1}. ${note}`, x0 + mm(2), top + lineHeight * (i + 2), small));
    reserved.push([x0, top, border[2], bottom]);
  }

  const inset = mm(4);
  return {
    drawingArea: [border[0] + inset, border[1] + inset, border[2] - inset, border[3] - inset],
    reserved,
    texts,
    drawingNumber,
    unitNumber,
  };
}
