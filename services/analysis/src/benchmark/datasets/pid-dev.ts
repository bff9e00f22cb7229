import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BenchDrawing } from './bench-drawing';
import { dexpiDrawings } from './dexpi';
import { krRefineryDrawings } from './kr-refinery';
import { scanAndVectorDrawings } from './scan-and-vector';
import { syntheticReferenceDrawings } from './synthetic-reference';
import { vectorPdfDrawings } from './vector-pdf';

const FOLDERS: [string, (dir: string) => Promise<BenchDrawing[]>][] = [
  ['kr_refinery', krRefineryDrawings],
  ['dexpi', dexpiDrawings],
  ['vector_pdf', vectorPdfDrawings],
  ['synthetic_reference', syntheticReferenceDrawings],
  ['scan_and_vector', scanAndVectorDrawings],
];

/** The drawings of a pid-dev folder, or of one of its dataset folders; a dataset folder that is absent is skipped. */
export async function pidDevDrawings(root: string): Promise<BenchDrawing[]> {
  const single = FOLDERS.find(([folder]) => path.basename(root) === folder);
  if (single) return single[1](root);
  const drawings: BenchDrawing[] = [];
  for (const [folder, load] of FOLDERS) {
    if (existsSync(path.join(root, folder))) drawings.push(...(await load(path.join(root, folder))));
  }
  return drawings;
}
