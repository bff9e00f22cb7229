import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { connectionTruth } from '../../synthetic/connection-truth';
import type { CorpusTruth } from '../../synthetic/corpus/corpus-truth';
import { styleBands } from '../../synthetic/corpus/style-bands';
import type { TruthConnection, TruthSheet } from '../ground-truth';
import type { BenchDrawing } from './bench-drawing';

/**
 * A training-corpus sheet's truth (`pid-corpus/1`, pixels of the sheet's rendition) as the benchmark's. The corpus
 * boxes a flange joint as one `flange` (it keeps no face geometry), so the prediction's joints are scored whole.
 */
export function corpusTruthSheet(truth: CorpusTruth): TruthSheet {
  const pipes = truth.pipes.map((pipe) => ({
    id: pipe.id,
    // A signal line is scored as one whether dashed or drawn solid with ISA marks.
    style: pipe.kind === 'signal' ? ('dashed' as const) : ('solid' as const),
    polyline: pipe.polyline,
  }));
  const connections = connectionTruth(
    truth.symbols.map(({ id, elementType, className, ports }) => ({ id, elementType, className, ports: ports.map((port) => port.at) })),
    pipes,
  );
  return {
    name: truth.name,
    imageSize: truth.imageSize,
    symbols: truth.symbols.map(({ id, elementType, className, box, tag }) => ({
      id,
      elementType,
      className,
      bbox: box,
      ...(tag ? { tag } : {}),
    })),
    // A note is free text on the sheet, as a label is.
    texts: truth.texts.map(({ string, box, role, ownerId }) => ({
      string,
      bbox: box,
      role: role === 'note' ? 'label' : role,
      ...(ownerId ? { ownerId } : {}),
    })),
    pipes,
    connections: withContacts(connections, truth.connections),
    complete: { symbols: true, texts: true, pipes: true, connections: true },
    jointsWhole: true,
  };
}

/** Symbols drawn touching (port on port, no pipe between) are connected too: a walk along pipes never finds them. */
function withContacts(connections: TruthConnection[], graph: CorpusTruth['connections']): TruthConnection[] {
  const pair = (a: string, b: string) => [a, b].sort().join('\n');
  const seen = new Set(connections.map((c) => pair(c.sourceId, c.targetId)));
  const result = [...connections];
  for (const { pipe, from, to } of graph) {
    if (pipe !== null || !('symbol' in from) || !('symbol' in to) || from.symbol === to.symbol) continue;
    if (seen.has(pair(from.symbol, to.symbol))) continue;
    seen.add(pair(from.symbol, to.symbol));
    result.push({ sourceId: from.symbol, targetId: to.symbol, relationshipType: 'connects to' });
  }
  return result;
}

/**
 * A corpus folder as `npm run corpus -- --sheets` draws it: `sheets/<name>.png|jpg` with `truth/<name>.json`. Each
 * drawing carries its style bands (read from its plan now; the truth is converted when the drawing is run).
 */
export async function corpusDrawings(dir: string): Promise<BenchDrawing[]> {
  const sheetsDir = path.join(dir, 'sheets');
  if (!existsSync(sheetsDir)) throw new Error(`${dir} has no sheets/ folder (draw one with npm run corpus -- --sheets)`);
  const sheets = (await readdir(sheetsDir)).filter((file) => /\.(png|jpe?g)$/i.test(file)).sort();
  const drawings: BenchDrawing[] = [];
  for (const sheet of sheets) {
    const truthFile = path.join(dir, 'truth', `${sheet.replace(/\.(png|jpe?g)$/i, '')}.json`);
    if (!existsSync(truthFile)) continue;
    const read = async () => JSON.parse(await readFile(truthFile, 'utf8')) as CorpusTruth;
    drawings.push({
      dataset: 'corpus',
      name: sheet,
      bands: styleBands((await read()).plan),
      prepare: async () => ({ file: path.join(sheetsDir, sheet), truth: corpusTruthSheet(await read()) }),
    });
  }
  return drawings;
}
