import { XMLParser } from 'fast-xml-parser';
import type { Point } from '../geometry';
import { svgArcPoints } from '../svg-arc';
import { arcPoints, cubicPoints, quadPoints } from './stencil-curves';

/**
 * mxGraph stencil XML (draw.io's shape libraries) read into drawing calls in the shape's own units (`w` × `h`,
 * y down). Every op that `../shared/symbols/README.md` lists is understood; anything else is an error naming
 * the file and the shape, so that a new library never draws half a symbol in silence.
 */
export interface StencilPort {
  name: string;
  /** In shape units. */
  at: Point;
}

export interface StencilSubpath {
  points: Point[];
  closed: boolean;
}

export type StencilDraw =
  | {
      kind: 'path';
      subpaths: StencilSubpath[];
      stroke: boolean;
      /** Filled with ink (black or the stroke colour); a white fill paints nothing on paper. */
      fill: boolean;
      /** Dash and gap in shape units, when dashed. */
      dash?: number[];
      /** Stroke width relative to the symbol's. */
      weight: number;
      /** Drawn in the background: the body's outline. */
      body: boolean;
    }
  | { kind: 'text'; string: string; at: Point; size: number; align: 'left' | 'center' | 'right'; valign: 'top' | 'middle' | 'bottom' };

export interface Stencil {
  /** The library file, without `.xml`. */
  library: string;
  name: string;
  w: number;
  h: number;
  aspect: 'fixed' | 'variable';
  ports: StencilPort[];
  draws: StencilDraw[];
}

export class StencilError extends Error {}

type XmlNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', parseAttributeValue: false });

/** Every shape in one stencil file. */
export function parseStencilFile(xml: string, library: string): Stencil[] {
  let tree: XmlNode[];
  try {
    tree = parser.parse(xml, true) as XmlNode[];
  } catch (error) {
    throw new StencilError(`${library}: not well-formed XML: ${(error as Error).message}`);
  }
  const root = tree.find((node) => tagOf(node) === 'shapes');
  if (!root) throw new StencilError(`${library}: no <shapes> root`);
  return childrenOf(root)
    .filter((node) => tagOf(node) === 'shape')
    .map((node, index) => parseShape(node, library, index));
}

function parseShape(node: XmlNode, library: string, index: number): Stencil {
  const attrs = node[':@'] ?? {};
  const name = attrs.name;
  const where = `${library}: shape ${name ? `"${name}"` : `#${index + 1} (no name)`}`;
  if (!name) throw new StencilError(`${where}: a shape needs a name`);
  const w = number(attrs, 'w', where, 'shape');
  const h = number(attrs, 'h', where, 'shape');
  if (w <= 0 || h <= 0) throw new StencilError(`${where}: w and h must be positive`);
  const part = (tag: string) => childrenOf(node).find((child) => tagOf(child) === tag);
  const ports = childrenOf(part('connections'))
    .filter((child) => tagOf(child) === 'constraint')
    .map((child, i) => {
      const at = child[':@'] ?? {};
      return {
        name: at.name || `p${i + 1}`,
        at: [number(at, 'x', where, 'constraint') * w, number(at, 'y', where, 'constraint') * h] as Point,
      };
    });
  const painter = new StencilPainter(where);
  painter.run(childrenOf(part('background')), true);
  const foreground = childrenOf(part('foreground'));
  // The background waits for the foreground's first paint op (style ops may come before it); a background that
  // no paint op follows is filled and stroked.
  const firstDrawing = foreground.find((child) => !STYLE_OPS.has(tagOf(child) ?? ''));
  if (!PAINT_OPS.has(tagOf(firstDrawing) ?? '')) painter.paint('fillstroke');
  painter.run(foreground, false);
  return { library, name, w, h, aspect: attrs.aspect === 'fixed' ? 'fixed' : 'variable', ports, draws: painter.draws };
}

const PAINT_OPS = new Set(['stroke', 'fill', 'fillstroke']);
const STYLE_OPS = new Set([
  'fillcolor',
  'strokecolor',
  'dashed',
  'dashpattern',
  'strokewidth',
  'linejoin',
  'linecap',
  'miterlimit',
  'save',
  'restore',
  'alpha',
  'fontcolor',
  'fontsize',
  'fontstyle',
  'fontfamily',
]);

interface PaintState {
  fill: 'ink' | 'paper' | 'none';
  dash?: number[];
  dashed: boolean;
  weight: number;
  fontSize: number;
}

/** Replays the ops: geometry waits as the current shape until a paint op draws it. */
class StencilPainter {
  readonly draws: StencilDraw[] = [];
  private state: PaintState = { fill: 'paper', dashed: false, weight: 1, fontSize: 12 };
  private readonly saved: PaintState[] = [];
  private current: StencilSubpath[] = [];
  /** Whether the waiting geometry came from the background. */
  private currentIsBody = false;
  private inBody = false;

  constructor(private readonly where: string) {}

  run(nodes: XmlNode[], body: boolean): void {
    this.inBody = body;
    for (const node of nodes) this.op(node);
  }

  paint(kind: string): void {
    if (this.current.length === 0) return;
    const fill = kind !== 'stroke' && this.state.fill === 'ink';
    const stroke = kind !== 'fill';
    if (fill || stroke) {
      const dash = this.state.dashed ? (this.state.dash ?? [3, 3]).map((value) => value * this.state.weight) : undefined;
      this.draws.push({ kind: 'path', subpaths: this.current, stroke, fill, dash, weight: this.state.weight, body: this.currentIsBody });
    }
    this.current = [];
  }

  private op(node: XmlNode): void {
    const tag = tagOf(node);
    if (tag === 'path' || tag === 'rect' || tag === 'roundrect' || tag === 'ellipse') this.currentIsBody = this.inBody;
    const attrs = node[':@'] ?? {};
    const num = (name: string) => number(attrs, name, this.where, tag ?? '?');
    switch (tag) {
      case undefined:
        return; // text between elements
      case 'path':
        this.current = pathSubpaths(childrenOf(node), this.where);
        return;
      case 'rect':
      case 'roundrect':
        // centrifuges.xml has a bare <rect/>: draw.io reads NaN and draws nothing, and so do we.
        if (Object.keys(attrs).length === 0) return;
        this.current = [
          {
            points: rectPoints(num('x'), num('y'), num('w'), num('h'), tag === 'roundrect' ? optional(attrs, 'arcsize', 15) : 0),
            closed: true,
          },
        ];
        return;
      case 'ellipse': {
        const [x, y, w, h] = [num('x'), num('y'), num('w'), num('h')];
        this.current = [{ points: arcPoints([x + w / 2, y + h / 2], w / 2, h / 2, 0, 360), closed: true }];
        return;
      }
      case 'text':
        this.draws.push({
          kind: 'text',
          string: attrs.str ?? '',
          at: [num('x'), num('y')],
          size: this.state.fontSize,
          align: attrs.align === 'left' || attrs.align === 'right' ? attrs.align : 'center',
          valign: attrs.valign === 'top' || attrs.valign === 'bottom' ? attrs.valign : 'middle',
        });
        return;
      case 'stroke':
      case 'fill':
      case 'fillstroke':
        this.paint(tag);
        return;
      case 'fillcolor':
        this.state.fill = fillOf(attrs.color);
        return;
      case 'dashed':
        this.state.dashed = attrs.dashed === '1';
        return;
      case 'dashpattern':
        this.state.dash = (attrs.pattern ?? '').trim().split(/\s+/).map(Number);
        if (this.state.dash.some((value) => !Number.isFinite(value)))
          throw new StencilError(`${this.where}: <dashpattern> "${attrs.pattern}" is not numbers`);
        return;
      case 'strokewidth':
        this.state.weight = num('width');
        return;
      case 'fontsize':
        this.state.fontSize = num('size');
        return;
      case 'save':
        this.saved.push({ ...this.state });
        return;
      case 'restore':
        this.state = this.saved.pop() ?? this.state;
        return;
      // Cap, join and text colour change nothing a scanner could tell apart at symbol scale.
      case 'linejoin':
      case 'linecap':
      case 'miterlimit':
      case 'fontcolor':
      case 'fontstyle':
      case 'fontfamily':
      case 'strokecolor':
      case 'alpha':
        return;
      default:
        throw new StencilError(`${this.where}: unknown op <${tag}>`);
    }
  }
}

/** The subpaths of a `<path>`: each `<move>` starts one. */
function pathSubpaths(nodes: XmlNode[], where: string): StencilSubpath[] {
  const subpaths: StencilSubpath[] = [];
  let current: StencilSubpath | undefined;
  const last = (): Point => {
    if (!current) throw new StencilError(`${where}: a <path> must start with <move>`);
    return current.points[current.points.length - 1];
  };
  for (const node of nodes) {
    const tag = tagOf(node);
    const attrs = node[':@'] ?? {};
    const num = (name: string) => number(attrs, name, where, tag ?? '?');
    switch (tag) {
      case undefined:
        break;
      case 'move':
        current = { points: [[num('x'), num('y')]], closed: false };
        subpaths.push(current);
        break;
      case 'line':
        last();
        current!.points.push([num('x'), num('y')]);
        break;
      case 'quad':
        current!.points.push(...quadPoints(last(), [num('x1'), num('y1')], [num('x2'), num('y2')]));
        break;
      case 'curve':
        current!.points.push(...cubicPoints(last(), [num('x1'), num('y1')], [num('x2'), num('y2')], [num('x3'), num('y3')]));
        break;
      case 'arc':
        current!.points.push(
          ...svgArcPoints(last(), num('rx'), num('ry'), num('x-axis-rotation'), num('large-arc-flag') !== 0, num('sweep-flag') !== 0, [
            num('x'),
            num('y'),
          ]),
        );
        break;
      case 'close':
        last();
        current!.closed = true;
        break;
      default:
        throw new StencilError(`${where}: unknown path op <${tag}>`);
    }
  }
  return subpaths.filter((subpath) => subpath.points.length >= 2);
}

function rectPoints(x: number, y: number, w: number, h: number, arcSize: number): Point[] {
  if (arcSize <= 0)
    return [
      [x, y],
      [x + w, y],
      [x + w, y + h],
      [x, y + h],
    ];
  const r = (Math.min(w, h) * arcSize) / 100;
  return [
    ...arcPoints([x + w - r, y + r], r, r, -90, 0),
    ...arcPoints([x + w - r, y + h - r], r, r, 0, 90),
    ...arcPoints([x + r, y + h - r], r, r, 90, 180),
    ...arcPoints([x + r, y + r], r, r, 180, 270),
  ];
}

/** `#000000` and `stroke` fill with ink; `none` and light colours leave paper. */
function fillOf(color: string | undefined): PaintState['fill'] {
  if (!color || color === 'none') return 'none';
  if (color === 'stroke') return 'ink';
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (!hex) return 'paper';
  const value = parseInt(hex[1], 16);
  const luminance = (0.299 * (value >> 16) + 0.587 * ((value >> 8) & 255) + 0.114 * (value & 255)) / 255;
  return luminance < 0.5 ? 'ink' : 'paper';
}

function number(attrs: Record<string, string>, name: string, where: string, tag: string): number {
  const value = Number(attrs[name]);
  if (attrs[name] === undefined || attrs[name] === '' || !Number.isFinite(value)) {
    throw new StencilError(
      `${where}: <${tag}> needs a number in "${name}", got ${attrs[name] === undefined ? 'nothing' : `"${attrs[name]}"`}`,
    );
  }
  return value;
}

function optional(attrs: Record<string, string>, name: string, fallback: number): number {
  const value = Number(attrs[name]);
  return Number.isFinite(value) && attrs[name] !== undefined ? value : fallback;
}

function tagOf(node: XmlNode | undefined): string | undefined {
  if (!node) return undefined;
  return Object.keys(node).find((key) => key !== ':@' && key !== '#text');
}

function childrenOf(node: XmlNode | undefined): XmlNode[] {
  const tag = tagOf(node);
  return tag ? ((node![tag] as XmlNode[] | undefined) ?? []) : [];
}
