import { applyMatrix, IDENTITY, lengthScale, multiply, type Matrix, type Point } from '@pid/platform/imaging';
import { degrees, LineCapStyle, PDFDocument, rgb, StandardFonts, type Color, type PDFPage } from 'pdf-lib';
import { svgArcPoints } from '../../synthetic/svg-arc';

/**
 * A vector PDF from an SVG, for the subset the DEXPI exports use: `<g>`, `<path>` (absolute M/L/A/Z), `<polygon>`,
 * `<rect>` and `<text>`, with transforms (translate, rotate, scale, matrix), stroke, fill, stroke width and dashes.
 * 1 SVG unit = 1 PDF point. Shapes are drawn as straight segments in page coordinates (arcs flattened), text
 * with the standard Helvetica so the PDF has a real text layer. What is outside the subset is skipped and
 * counted in `skipped`, so the caller can say what the PDF lacks.
 */
export interface SvgPdf {
  pdf: Uint8Array;
  /** What was left out, by kind (`<tspan>`, `path command C`, `character U+207A`), with how often. */
  skipped: Record<string, number>;
}

const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g;
const numbers = (text: string) => (text.match(NUMBER) ?? []).map(Number);

/** A `transform` attribute as one matrix; undefined when it holds a function outside the subset. */
function parseTransform(text: string): Matrix | undefined {
  let matrix = IDENTITY;
  for (const [, name, args] of text.matchAll(/(\w+)\s*\(([^)]*)\)/g)) {
    const v = numbers(args);
    let step: Matrix;
    if (name === 'translate') step = [1, 0, 0, 1, v[0] ?? 0, v[1] ?? 0];
    else if (name === 'scale') step = [v[0] ?? 1, 0, 0, v[1] ?? v[0] ?? 1, 0, 0];
    else if (name === 'matrix' && v.length === 6) step = v as Matrix;
    else if (name === 'rotate') {
      const angle = ((v[0] ?? 0) * Math.PI) / 180;
      const [cx, cy] = [v[1] ?? 0, v[2] ?? 0];
      const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
      step = [cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy];
    } else return undefined;
    matrix = multiply(step, matrix);
  }
  return matrix;
}

interface Subpath {
  points: Point[];
  closed: boolean;
}

/** Numbers each path command takes. */
const PATH_ARITY: Record<string, number> = { M: 2, L: 2, A: 7, Z: 0, z: 0 };

/** Path data with absolute M, L, A and Z (implicit repeats included); the first other command is answered instead. */
function parsePathData(d: string): Subpath[] | { unsupported: string } {
  const tokens = d.match(/[a-zA-Z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? [];
  const subpaths: Subpath[] = [];
  let current: Subpath | undefined;
  let command = '';
  for (let i = 0; i < tokens.length;) {
    if (/[a-zA-Z]/.test(tokens[i])) command = tokens[i++];
    const arity = PATH_ARITY[command];
    if (arity === undefined) return { unsupported: `path command ${command || 'without letter'}` };
    const args = tokens.slice(i, (i += arity));
    if (args.length < arity || args.some((t) => Number.isNaN(Number(t)))) return { unsupported: 'path data cut short' };
    const v = args.map(Number);
    const last = (): Point => current?.points[current.points.length - 1] ?? [0, 0];
    if (command === 'M') {
      subpaths.push((current = { points: [[v[0], v[1]]], closed: false }));
      command = 'L'; // further pairs after a move are lines
    } else if (command === 'L' || command === 'A') {
      const from = last();
      if (!current) subpaths.push((current = { points: [from], closed: false }));
      if (command === 'L') current.points.push([v[0], v[1]]);
      else current.points.push(...svgArcPoints(from, v[0], v[1], v[2], v[3] !== 0, v[4] !== 0, [v[5], v[6]], 2));
    } else {
      if (current) {
        current.closed = true;
        // Drawing on after Z starts from the subpath's first point.
        subpaths.push((current = { points: [current.points[0]], closed: false }));
      }
      command = '';
    }
  }
  return subpaths.filter((s) => s.points.length > 1);
}

/** Painting properties, inherited from the enclosing groups as in SVG. */
interface Style {
  fill: string;
  stroke: string;
  strokeWidth: number;
  dashArray: string;
  lineCap: string;
  fontSize: number;
  textAnchor: string;
}

const INITIAL_STYLE: Style = {
  fill: '#000000',
  stroke: 'none',
  strokeWidth: 1,
  dashArray: 'none',
  lineCap: 'butt',
  fontSize: 16,
  textAnchor: 'start',
};

function styleOf(parent: Style, attributes: Record<string, string>): Style {
  const a = attributes;
  return {
    fill: a.fill ?? parent.fill,
    stroke: a.stroke ?? parent.stroke,
    strokeWidth: a['stroke-width'] !== undefined ? parseFloat(a['stroke-width']) : parent.strokeWidth,
    dashArray: a['stroke-dasharray'] ?? parent.dashArray,
    lineCap: a['stroke-linecap'] ?? parent.lineCap,
    fontSize: a['font-size'] !== undefined ? parseFloat(a['font-size']) : parent.fontSize,
    textAnchor: a['text-anchor'] ?? parent.textAnchor,
  };
}

const LINE_CAPS: Record<string, LineCapStyle> = { butt: LineCapStyle.Butt, round: LineCapStyle.Round, square: LineCapStyle.Projecting };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? whole;
  });
}

function parseAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, double, single] of text.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attributes[name] = decodeEntities(double ?? single);
  }
  return attributes;
}

/** Characters Helvetica (WinAnsi) lacks, as the nearest it has; anything else becomes `?`. */
const CHARACTER_STAND_INS: Record<string, string> = { '\u207a': '+', '\u207b': '-', '\u2212': '-', '\u2300': '\u00d8' };

/** Markup, tag by tag: comments, declarations and processing instructions are dropped, text between tags kept. */
const TOKENS = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<![^>]*>|<(\/?)([\w:.-]+)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|([^<]+)/g;

/** Elements that only hold others (their transform and style pass on). */
const CONTAINERS = new Set(['svg', 'g']);

interface OpenElement {
  name: string;
  matrix: Matrix;
  style: Style;
  /** Inside a skipped element: nothing below it is drawn. */
  skipped: boolean;
  attributes: Record<string, string>;
  text: string;
}

export async function svgToPdf(svg: string): Promise<SvgPdf> {
  const skipped: Record<string, number> = {};
  const skip = (what: string) => (skipped[what] = (skipped[what] ?? 0) + 1);
  const document = await PDFDocument.create({ updateMetadata: false });
  const font = await document.embedFont(StandardFonts.Helvetica);
  const drawable = new Set(font.getCharacterSet());
  let page: PDFPage | undefined;
  let pageHeight = 0;
  const stack: OpenElement[] = [];

  const colour = (value: string): Color | undefined => {
    if (value === 'none') return undefined;
    const hex = /^#([0-9a-fA-F]{6})$/.exec(value.trim());
    if (!hex) {
      skip(`colour ${value}`);
      return undefined;
    }
    const channel = (i: number) => parseInt(hex[1].slice(i, i + 2), 16) / 255;
    return rgb(channel(0), channel(2), channel(4));
  };

  const drawShape = (subpaths: Subpath[], element: OpenElement) => {
    const { style, matrix, attributes } = element;
    const fill = colour(style.fill);
    const stroke = colour(style.stroke);
    if (!page || subpaths.length === 0 || (!fill && !stroke)) return;
    // A non-scaling stroke keeps its width whatever the transform; otherwise it scales with the shape.
    const widthScale = attributes['vector-effect'] === 'non-scaling-stroke' ? 1 : lengthScale(matrix);
    const dashes = style.dashArray === 'none' ? [] : numbers(style.dashArray).map((v) => v * widthScale);
    const d = subpaths
      .map(({ points, closed }) => {
        const onPage = points.map((p) => applyMatrix(matrix, p));
        return onPage.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${round(x)} ${round(y)}`).join('') + (closed ? 'Z' : '');
      })
      .join('');
    page.drawSvgPath(d, {
      x: 0,
      y: pageHeight,
      scale: 1,
      color: fill,
      borderColor: stroke,
      borderWidth: stroke ? style.strokeWidth * widthScale : 0,
      borderDashArray: dashes.some((v) => v > 0) ? dashes : undefined,
      borderLineCap: LINE_CAPS[style.lineCap],
    });
  };

  const drawText = (element: OpenElement) => {
    const { style, matrix, attributes } = element;
    const fill = colour(style.fill);
    // SVG collapses white space in text.
    const raw = element.text.replace(/\s+/g, ' ').trim();
    if (!page || !fill || raw === '') return;
    const text = [...raw]
      .map((character) => {
        if (drawable.has(character.codePointAt(0)!)) return character;
        skip(`character U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
        return CHARACTER_STAND_INS[character] ?? '?';
      })
      .join('');
    const size = style.fontSize * lengthScale(matrix);
    const width = font.widthOfTextAtSize(text, size);
    const shift = style.textAnchor === 'middle' ? width / 2 : style.textAnchor === 'end' ? width : 0;
    // The baseline's start and direction on the page (SVG's y axis points down).
    const origin = applyMatrix(matrix, [parseFloat(attributes.x ?? '0'), parseFloat(attributes.y ?? '0')]);
    const angle = Math.atan2(matrix[1], matrix[0]);
    const start: Point = [origin[0] - shift * Math.cos(angle), origin[1] - shift * Math.sin(angle)];
    page.drawText(text, {
      x: start[0],
      y: pageHeight - start[1],
      size,
      font,
      color: fill,
      // Clockwise on screen with y down is counter-clockwise in PDF's y-up space.
      rotate: degrees((-angle * 180) / Math.PI),
    });
  };

  const open = (name: string, attributes: Record<string, string>): OpenElement => {
    const parent = stack[stack.length - 1];
    const element: OpenElement = {
      name,
      matrix: parent?.matrix ?? IDENTITY,
      style: styleOf(parent?.style ?? INITIAL_STYLE, attributes),
      skipped: parent?.skipped ?? false,
      attributes,
      text: '',
    };
    if (element.skipped) return element;
    if (attributes.transform !== undefined) {
      const own = parseTransform(attributes.transform);
      if (!own) {
        skip(`transform ${attributes.transform}`);
        return { ...element, skipped: true };
      }
      element.matrix = multiply(own, element.matrix);
    }
    if (name === 'svg' && !page) {
      const [minX, minY, width, height] = attributes.viewBox
        ? numbers(attributes.viewBox)
        : [0, 0, parseFloat(attributes.width), parseFloat(attributes.height)];
      pageHeight = height;
      page = document.addPage([width, height]);
      element.matrix = multiply([1, 0, 0, 1, -minX, -minY], element.matrix);
    } else if (name === 'path') {
      const subpaths = parsePathData(attributes.d ?? '');
      if ('unsupported' in subpaths) skip(subpaths.unsupported);
      else drawShape(subpaths, element);
    } else if (name === 'polygon') {
      const v = numbers(attributes.points ?? '');
      const points = Array.from({ length: Math.floor(v.length / 2) }, (_, i): Point => [v[2 * i], v[2 * i + 1]]);
      drawShape([{ points, closed: true }], element);
    } else if (name === 'rect') {
      if (attributes.rx !== undefined || attributes.ry !== undefined) skip('rounded rect corners');
      const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((key) => parseFloat(attributes[key] ?? '0'));
      const corners: Point[] = [
        [x, y],
        [x + w, y],
        [x + w, y + h],
        [x, y + h],
      ];
      drawShape([{ points: corners, closed: true }], element);
    } else if (name !== 'text' && !CONTAINERS.has(name)) {
      skip(`<${name}>`);
      return { ...element, skipped: true };
    }
    return element;
  };

  for (const [, closing, qualifiedName, attributeText, selfClosing, characters] of svg.matchAll(TOKENS)) {
    if (characters !== undefined) {
      const current = stack[stack.length - 1];
      if (current?.name === 'text' && !current.skipped) current.text += decodeEntities(characters);
      continue;
    }
    if (!qualifiedName) continue; // comment, declaration or processing instruction
    // Namespace prefixes (`ns0:g`) do not change what an element is.
    const name = qualifiedName.slice(qualifiedName.indexOf(':') + 1);
    if (closing) {
      const element = stack.pop();
      if (element?.name === 'text' && !element.skipped) drawText(element);
      continue;
    }
    const element = open(name, parseAttributes(attributeText));
    if (selfClosing) {
      if (name === 'text' && !element.skipped) drawText(element);
    } else stack.push(element);
  }
  if (!page) throw new Error('No <svg> element with a size');
  return { pdf: await document.save({ useObjectStreams: false }), skipped };
}

const round = (value: number) => Math.round(value * 1000) / 1000;
