import type { AnalysisSource } from '@pid/contracts';
import { fraction, precisionRecallF1, sheetFigures } from './figures';
import { CONFIDENCE_BANDS, type BandCounts } from './score-calibration';
import {
  CONNECTION_OUTCOMES,
  CONNECTION_STYLES,
  outcomeKey,
  type ConnectionOutcome,
  type ConnectionStyle,
  type OutcomeCounts,
} from './score-connections';
import { sumScores, type SheetScore } from './score-sheet';
import { SCORED_TYPES, type MatchCounts, type NamingCounts } from './score-symbols';
import { formatTable, ratio } from './table';
import type { RunStats } from './run-analyze';
import type { StyleBands } from '../synthetic/corpus/style-bands';

export interface DrawingResult {
  dataset: string;
  name: string;
  /** How the page was read (raster, vector, mixed). */
  source?: AnalysisSource;
  /** Absent when the run failed. */
  score?: SheetScore;
  stats?: RunStats;
  error?: string;
  /** A corpus sheet's drafting-style bands (`report-bands.ts`). */
  bands?: StyleBands;
}

export interface DatasetResult {
  dataset: string;
  drawings: DrawingResult[];
  total?: SheetScore;
  meanSeconds?: number;
  maxPeakRssMb?: number;
}

export function datasetResult(dataset: string, drawings: DrawingResult[]): DatasetResult {
  const scored = drawings.filter((d) => d.score && d.stats);
  return {
    dataset,
    drawings,
    total: sumScores(scored.map((d) => d.score!)),
    meanSeconds: fraction(
      scored.reduce((sum, d) => sum + d.stats!.seconds, 0),
      scored.length,
    ),
    maxPeakRssMb: scored.length ? Math.max(...scored.map((d) => d.stats!.peakRssMb)) : undefined,
  };
}

const OVERVIEW = [
  'drawing',
  'read',
  'sym P',
  'sym R',
  'sym F1',
  'text R',
  'tag =',
  'pipe R',
  'pipe P',
  'conn P',
  'conn R',
  'conn F1',
  'traced F1',
  'elements',
  'conns',
  's',
  'MB',
];

function overviewRow(
  name: string,
  source: string,
  score: SheetScore | undefined,
  seconds: number | undefined,
  peakRssMb: number | undefined,
  error?: string,
): string[] {
  if (!score) return [name, source, ...OVERVIEW.slice(2, -1).map(() => ''), error ?? 'failed'];
  const f = sheetFigures(score);
  return [
    name,
    source,
    ...[f.symbols.precision, f.symbols.recall, f.symbols.f1, f.textRecall, f.tagExact, f.pipeRecall, f.pipePrecision].map(ratio),
    ...[f.connections.precision, f.connections.recall, f.connections.f1, f.traced.f1].map(ratio),
    String(score.found.elements),
    String(score.found.connections),
    seconds === undefined ? 'n/a' : seconds.toFixed(1),
    peakRssMb === undefined ? 'n/a' : peakRssMb.toFixed(0),
  ];
}

function countsRow(name: string, counts: MatchCounts): string[] {
  const { precision, recall, f1 } = precisionRecallF1(counts);
  return [name, String(counts.truth), String(counts.predicted), String(counts.matched), ratio(precision), ratio(recall), ratio(f1)];
}

const COUNTS = ['truth', 'found', 'matched', 'P', 'R', 'F1'];

function countsTable(title: string, records: [string, MatchCounts][]): string {
  return formatTable(
    [title, ...COUNTS],
    records.map(([name, counts]) => countsRow(name, counts)),
  );
}

/** The class a truth class is most often named instead of its own, with how often (`name ×n`); '' if none. */
function mostTakenFor(className: string, confusions: Record<string, number>): string {
  const taken = Object.entries(confusions)
    .filter(([key]) => key.startsWith(`${className}>`))
    .sort(([a, m], [b, n]) => n - m || a.localeCompare(b));
  return taken.length > 0 ? `${taken[0][0].slice(className.length + 1)} ×${taken[0][1]}` : '';
}

/**
 * Per class: detection of the class (a symbol of that class on the truth's box), then how the class's truth symbols
 * that were found by any symbol are named: `located`, `acc` (the share of those named the truth's class) and what
 * they are most often taken for.
 */
function classTable(records: [string, MatchCounts][], naming: Record<string, NamingCounts>, confusions: Record<string, number>): string {
  return formatTable(
    ['symbol class', ...COUNTS, 'located', 'acc', 'taken for'],
    records.map(([name, counts]) => {
      const { located = 0, named = 0 } = naming[name] ?? {};
      return [...countsRow(name, counts), String(located), ratio(fraction(named, located)), mostTakenFor(name, confusions)];
    }),
  );
}

/**
 * What became of the truth connections, by how their pipe is drawn: found, an end's symbol not found, or both ends
 * found and the pipe between not traced (each cell: count and share of its column).
 */
export function outcomesTable(outcomes: OutcomeCounts): string {
  const count = (outcome: ConnectionOutcome, style: ConnectionStyle) => outcomes[outcomeKey(outcome, style)] ?? 0;
  const styles = CONNECTION_STYLES.filter((style) => CONNECTION_OUTCOMES.some((outcome) => count(outcome, style) > 0));
  const total = (style: ConnectionStyle) => CONNECTION_OUTCOMES.reduce((sum, outcome) => sum + count(outcome, style), 0);
  const all = (outcome: ConnectionOutcome) => styles.reduce((sum, style) => sum + count(outcome, style), 0);
  const cell = (n: number, of: number) => `${n} (${of > 0 ? Math.round((100 * n) / of) : 0} %)`;
  const everything = styles.reduce((sum, style) => sum + total(style), 0);
  return formatTable(
    ['truth connections', ...styles, 'all'],
    [
      ...CONNECTION_OUTCOMES.map((outcome) => [
        outcome,
        ...styles.map((style) => cell(count(outcome, style), total(style))),
        cell(all(outcome), everything),
      ]),
      ['truth', ...styles.map((style) => String(total(style))), String(everything)],
    ],
  );
}

/** One dataset's tables: per drawing and in all, symbols per type and class, connection outcomes, calibration. */
export function datasetTables(result: DatasetResult): string {
  const parts = [`== ${result.dataset} ==`];
  const rows = result.drawings.map((d) => overviewRow(d.name, d.source ?? '', d.score, d.stats?.seconds, d.stats?.peakRssMb, d.error));
  if (result.drawings.length > 1 && result.total) rows.push(overviewRow('all', '', result.total, result.meanSeconds, result.maxPeakRssMb));
  parts.push(formatTable(OVERVIEW, rows));
  const symbols = result.total?.symbols;
  if (symbols) {
    // Untyped truth (synthetic_reference) has no per-type figures.
    const types = SCORED_TYPES.map((type): [string, MatchCounts] => [type, symbols.byType[type]]);
    if (types.some(([, counts]) => counts.truth > 0)) parts.push(countsTable('element type', types));
    const classes = Object.entries(symbols.byClass).sort(([a], [b]) => a.localeCompare(b));
    if (classes.length > 0) parts.push(classTable(classes, symbols.naming, symbols.confusions));
  }
  const outcomes = result.total?.connectionOutcomes;
  if (outcomes && Object.keys(outcomes).length > 0) parts.push(outcomesTable(outcomes));
  const calibration = result.total?.calibration;
  if (calibration?.symbols || calibration?.connections) {
    const cell = (bands: BandCounts[] | undefined, i: number) =>
      bands ? [String(bands[i].predicted), ratio(fraction(bands[i].correct, bands[i].predicted))] : ['n/a', 'n/a'];
    parts.push(
      formatTable(
        ['confidence', 'symbols', 'sym acc', 'conns', 'conn acc'],
        CONFIDENCE_BANDS.map((band, i) => [band.label, ...cell(calibration.symbols, i), ...cell(calibration.connections, i)]),
      ),
    );
  }
  return parts.join('\n\n');
}
