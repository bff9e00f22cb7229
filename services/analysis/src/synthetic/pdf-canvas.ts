import { PDF_RENDER_DPI } from '@pid/contracts';
import {
  degrees,
  LineCapStyle,
  LineJoinStyle,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setLineJoin,
  StandardFonts,
  type Color,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import type { Box, Point } from './geometry';
import { strokesBox, strokeText, strokeTextMetrics, type StrokeFontName } from './stroke-font';

/** PDF points per pixel of the page rendered at PDF_RENDER_DPI. */
export const POINTS_PER_PIXEL = 72 / PDF_RENDER_DPI;

export type FontName = 'Helvetica' | 'Courier' | 'Times' | StrokedFontName;

/** CAD-plotter lettering drawn as strokes (`stroke-font.ts`): on the page, but not in the text layer, as SHX text. */
export type StrokedFontName = 'Stroked' | 'StrokedMedium' | 'StrokedSerif';
const STROKED_FONT: Record<StrokedFontName, StrokeFontName> = { Stroked: 'futural', StrokedMedium: 'futuram', StrokedSerif: 'timesr' };
/** The pen of stroked lettering, relative to the font size. */
const STROKED_PEN = 0.075;

type StandardFontName = Exclude<FontName, StrokedFontName>;
const isStroked = (font: FontName): font is StrokedFontName => font in STROKED_FONT;

const STANDARD_FONT: Record<StandardFontName, StandardFonts> = {
  Helvetica: StandardFonts.Helvetica,
  Courier: StandardFonts.Courier,
  Times: StandardFonts.TimesRoman,
};

const BLACK = rgb(0, 0, 0);

/** Layers a colour sheet may ink apart from its main ink (process lines, symbols, furniture). */
export type InkLayer = 'signal' | 'text';
/** Key colours of the layers: red stays 0 where there is ink, so the red channel is still the page's grey. */
const LAYER_KEYS: Record<InkLayer, Color> = { signal: rgb(0, 1, 0), text: rgb(0, 0, 1) };

export interface StrokeOptions {
  width: number;
  /** Drawn in its layer's key colour when the canvas keys layers. */
  layer?: InkLayer;
  /** Dash and gap lengths in pixels. */
  dash?: number[];
  fill?: boolean;
}

export interface TextOptions {
  font: FontName;
  /** Font size in pixels. */
  size: number;
  /** Rotated 90° counter-clockwise: reads bottom to top, as line numbers on vertical pipes. */
  vertical?: boolean;
}

/** Letters that reach below the baseline; P&ID text is mostly upper case and seldom has any. */
const DESCENDERS = /[gjpqy,;()[\]{}|_]/;

/**
 * One PDF page drawn in pixel coordinates (origin top-left, y down), with the standard fonts so the page has a
 * real text layer and needs no system font. Shapes are SVG paths scaled to points; text boxes come from the
 * font metrics, so the truth is exact.
 */
export class PdfCanvas {
  /** Signal lines and text drawn in key colours (`LAYER_KEYS`) that a colour sheet inks apart; off, all is black. */
  keyLayers = false;

  private constructor(
    readonly document: PDFDocument,
    private readonly page: PDFPage,
    private readonly fonts: Record<StandardFontName, PDFFont>,
    readonly width: number,
    readonly height: number,
  ) {}

  /** A page of `width` × `height` pixels (whole pixels, so the rendition has exactly that size). */
  static async create(width: number, height: number, title: string): Promise<PdfCanvas> {
    const document = await PDFDocument.create({ updateMetadata: false });
    // Fixed metadata: the same options give the same bytes.
    document.setTitle(title);
    document.setProducer('pid synthetic generator');
    const page = document.addPage([width * POINTS_PER_PIXEL, height * POINTS_PER_PIXEL]);
    const fonts = {} as Record<StandardFontName, PDFFont>;
    for (const name of Object.keys(STANDARD_FONT) as StandardFontName[]) fonts[name] = await document.embedFont(STANDARD_FONT[name]);
    return new PdfCanvas(document, page, fonts, width, height);
  }

  /** A polyline (closed when `closed`), stroked and optionally filled. */
  path(points: readonly Point[], options: StrokeOptions & { closed?: boolean }): void {
    if (points.length < 2) return;
    const d = points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${round(x)} ${round(y)}`).join(' ') + (options.closed ? ' Z' : '');
    this.page.drawSvgPath(d, {
      x: 0,
      y: this.height * POINTS_PER_PIXEL,
      scale: POINTS_PER_PIXEL,
      borderWidth: options.width,
      borderColor: this.ink(options.layer),
      color: options.fill ? this.ink(options.layer) : undefined,
      borderDashArray: options.dash,
      borderLineCap: options.dash ? LineCapStyle.Butt : LineCapStyle.Round,
    });
  }

  /** Draws `text` with its baseline starting at (x, y) and answers its box from the font metrics. */
  text(text: string, x: number, y: number, options: TextOptions): Box {
    if (isStroked(options.font)) {
      const width = options.size * STROKED_PEN;
      // Round joins, as a plotter pen draws: a mitred serif would poke out of the box by several pen widths.
      this.page.pushOperators(pushGraphicsState(), setLineJoin(LineJoinStyle.Round));
      for (const stroke of strokeText(text, x, y, options.size, STROKED_FONT[options.font], options.vertical))
        this.path(stroke, { width, layer: 'text' });
      this.page.pushOperators(popGraphicsState());
      return this.textBox(text, x, y, options);
    }
    const font = this.fonts[options.font];
    this.page.drawText(text, {
      x: x * POINTS_PER_PIXEL,
      y: (this.height - y) * POINTS_PER_PIXEL,
      size: options.size * POINTS_PER_PIXEL,
      font,
      color: this.ink('text'),
      rotate: degrees(options.vertical ? 90 : 0),
    });
    return this.textBox(text, x, y, options);
  }

  /** The box `text` would take, baseline at (x, y). */
  textBox(text: string, x: number, y: number, options: TextOptions): Box {
    if (isStroked(options.font)) {
      // Strokes are exact: their own bounds, with the pen.
      const strokes = strokeText(text, x, y, options.size, STROKED_FONT[options.font], options.vertical);
      if (strokes.length > 0) return strokesBox(strokes, options.size * STROKED_PEN);
    }
    const { width, ascent, descent } = this.measure(text, options);
    return options.vertical ? [x - ascent, y - width, x + descent, y] : [x, y - ascent, x + width, y + descent];
  }

  measure(text: string, options: Pick<TextOptions, 'font' | 'size'>): { width: number; ascent: number; descent: number } {
    if (isStroked(options.font)) {
      const pen = options.size * STROKED_PEN;
      const metrics = strokeTextMetrics(text, options.size, STROKED_FONT[options.font]);
      return { width: metrics.width + pen, ascent: metrics.ascent + pen / 2, descent: metrics.descent + pen / 2 };
    }
    const font = this.fonts[options.font];
    const ascent = font.heightAtSize(options.size, { descender: false });
    const full = font.heightAtSize(options.size);
    return { width: font.widthOfTextAtSize(text, options.size), ascent, descent: DESCENDERS.test(text) ? full - ascent : 0 };
  }

  private ink(layer: InkLayer | undefined): Color {
    return this.keyLayers && layer ? LAYER_KEYS[layer] : BLACK;
  }

  save(): Promise<Uint8Array> {
    return this.document.save({ useObjectStreams: false });
  }
}

const round = (value: number) => Math.round(value * 100) / 100;
