import { DAMAGE_BANDS, LINE_WEIGHT_BANDS, RESOLUTION_BANDS, STYLE_BAND_KINDS, type StyleBands } from '../synthetic/corpus/style-bands';
import { precisionRecallF1 } from './figures';
import type { DrawingResult } from './report';
import { sumScores } from './score-sheet';
import type { MatchCounts } from './score-symbols';
import { formatTable, ratio } from './table';

/** Counts added up over some sheets, and the ratios from them; all absent where nothing was measured. */
interface Measured {
  counts?: MatchCounts;
  precision?: number;
  recall?: number;
  f1?: number;
}

/** The scored sheets of one band or style cell, their counts added up (micro-averages, as a dataset's `all`). */
export interface BandFigures {
  sheets: number;
  symbols: Measured;
  connections: Measured;
  /** Connections between symbols that were both found: tracing apart from symbol finding. */
  traced: Measured;
}

export interface StyleCell extends BandFigures {
  bands: StyleBands;
}

export interface BandReport {
  /** Per kind of band (`resolution`, `lineWeight`, `damage`): each band with at least one sheet, in order. */
  byBand: Record<keyof StyleBands, (BandFigures & { band: string })[]>;
  /** Each non-empty cell of line weight × resolution × damage. */
  matrix: StyleCell[];
}

function bandFigures(results: DrawingResult[]): BandFigures {
  const total = sumScores(results.map((r) => r.score!));
  const measured = (counts: MatchCounts | undefined): Measured => ({ counts, ...precisionRecallF1(counts) });
  return {
    sheets: results.length,
    symbols: measured(total?.symbols?.all),
    connections: measured(total?.connections),
    traced: measured(total?.tracedConnections),
  };
}

/** Groups the scored drawings that carry style bands (corpus sheets); undefined when there are none. */
export function bandReport(results: DrawingResult[]): BandReport | undefined {
  const scored = results.filter((r): r is DrawingResult & { bands: StyleBands } => Boolean(r.score && r.bands));
  if (scored.length === 0) return undefined;
  const byBand = Object.fromEntries(
    STYLE_BAND_KINDS.map(({ key, bands }) => [
      key,
      bands
        .map((band) => ({ band, results: scored.filter((r) => r.bands[key] === band) }))
        .filter(({ results: inBand }) => inBand.length > 0)
        .map(({ band, results: inBand }) => ({ band, ...bandFigures(inBand) })),
    ]),
  ) as BandReport['byBand'];
  const matrix: StyleCell[] = [];
  for (const weight of LINE_WEIGHT_BANDS)
    for (const dpi of RESOLUTION_BANDS)
      for (const look of DAMAGE_BANDS) {
        const bands: StyleBands = { lineWeight: weight, resolution: dpi, damage: look };
        const inCell = scored.filter((r) => STYLE_BAND_KINDS.every(({ key }) => r.bands[key] === bands[key]));
        if (inCell.length > 0) matrix.push({ bands, ...bandFigures(inCell) });
      }
  return { byBand, matrix };
}

const prf = ({ precision, recall, f1 }: Measured) => [precision, recall, f1].map(ratio);

/** A table per kind of band (symbol and connection P/R/F1), then the style matrix (F1 per cell). */
export function bandTables(report: BandReport): string {
  const perKind = STYLE_BAND_KINDS.map(({ key, label }) =>
    formatTable(
      [label, 'sheets', 'sym P', 'sym R', 'sym F1', 'conn P', 'conn R', 'conn F1', 'traced F1'],
      report.byBand[key].map((row) => [row.band, String(row.sheets), ...prf(row.symbols), ...prf(row.connections), ratio(row.traced.f1)]),
    ),
  );
  const matrix = formatTable(
    ['line weight', 'resolution', 'damage', 'sheets', 'sym F1', 'conn F1', 'traced F1'],
    report.matrix.map(({ bands, sheets, symbols, connections, traced }) => [
      bands.lineWeight,
      bands.resolution,
      bands.damage,
      String(sheets),
      ratio(symbols.f1),
      ratio(connections.f1),
      ratio(traced.f1),
    ]),
  );
  return ['-- by style band --', ...perKind, matrix].join('\n\n');
}
