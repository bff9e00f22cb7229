import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DRAWIO_DIR } from './stencils/drawio-library';

/** The generator's own code, next to this file (compiled `.js` in `dist`, `.ts` under jest). */
const GENERATOR_DIR = __dirname;

let digest: string | undefined;

/**
 * A digest of the generator's code, its folders included (the corpus, the stencil reader), and of the draw.io
 * library it draws from: drawings made before either changed are drawn again. Compiled and source code never share
 * a digest.
 */
export function generatorDigest(): string {
  if (digest) return digest;
  const hash = createHash('sha256');
  const files = readdirSync(GENERATOR_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(js|ts)$/.test(file) && !/\.(test|d)\./.test(file))
    .sort();
  for (const file of files) hash.update(file).update(readFileSync(path.join(GENERATOR_DIR, file)));
  for (const file of readdirSync(DRAWIO_DIR).sort()) hash.update(file).update(readFileSync(path.join(DRAWIO_DIR, file)));
  digest = hash.digest('hex');
  return digest;
}
