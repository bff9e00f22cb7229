import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ElementType } from '@pid/contracts';
import { parseStencilFile, StencilError, type Stencil } from './stencil-xml';

/**
 * The draw.io P&ID library (CC BY 4.0, `services/analysis/symbols/drawio-pid/NOTICE`) and its reviewed mapping to
 * the project's taxonomy (`mapping.tsv` there): every shape names a class of ours or `other_symbol`, an element
 * type, and how the generator places it.
 */
export const DRAWIO_DIR = path.resolve(__dirname, '../../../symbols/drawio-pid');

/** The generic class of a third-party shape our taxonomy has no class for. */
export const OTHER_SYMBOL = 'other_symbol';

export type DrawioPlacement = 'inline' | 'equipment' | 'instrument';

export interface DrawioShape {
  stencil: Stencil;
  className: string;
  elementType: ElementType;
  placement: DrawioPlacement;
}

let cache: DrawioShape[] | undefined;

/** Every shape of the library with its mapping, files in name order. */
export function drawioShapes(dir = DRAWIO_DIR): DrawioShape[] {
  if (dir === DRAWIO_DIR && cache) return cache;
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.xml'))
    .sort();
  const stencils = files.flatMap((file) => parseStencilFile(readFileSync(path.join(dir, file), 'utf8'), file.replace(/\.xml$/, '')));
  const mapping = readMapping(path.join(dir, 'mapping.tsv'));
  const shapes = stencils.map((stencil) => {
    const row = mapping.get(`${stencil.library}/${stencil.name}`);
    if (!row) throw new StencilError(`${stencil.library}: shape "${stencil.name}" has no row in mapping.tsv`);
    mapping.delete(`${stencil.library}/${stencil.name}`);
    return { stencil, ...row };
  });
  const extra = [...mapping.keys()];
  if (extra.length) throw new StencilError(`mapping.tsv names shapes no file has: ${extra.slice(0, 5).join(', ')}`);
  if (dir === DRAWIO_DIR) cache = shapes;
  return shapes;
}

type MappingRow = Omit<DrawioShape, 'stencil'>;

function readMapping(file: string): Map<string, MappingRow> {
  const rows = new Map<string, MappingRow>();
  const lines = readFileSync(file, 'utf8').split('\n').slice(1);
  for (const line of lines.filter((text) => text.trim())) {
    const [library, shape, className, elementType, placement] = line.split('\t');
    const key = `${library}/${shape}`;
    if (rows.has(key)) throw new StencilError(`mapping.tsv lists "${key}" twice`);
    if (!['inline', 'equipment', 'instrument'].includes(placement))
      throw new StencilError(`mapping.tsv: "${key}" has placement "${placement}"`);
    rows.set(key, { className, elementType: elementType as ElementType, placement: placement as DrawioPlacement });
  }
  return rows;
}
