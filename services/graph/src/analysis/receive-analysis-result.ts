import type { AnalysisResultEvent } from '@pid/contracts';
import { isUuid, PermanentJobError, queryRows } from '@pid/platform';
import type { DataSource } from 'typeorm';
import { lockDrawingGraph } from '../database/drawing-lock';
import { parseAnalysisResult, type AnalysisResult } from './analysis-result.parser';
import { applyAnalysisResult, applyAnalysisResultWith, type ApplyOutcome } from './apply-analysis-result';

/** More parts than a drawing of 100,000 items needs at the smallest message size NATS allows. */
const MAX_PARTS = 10_000;
const MAX_RESULT_ID_LENGTH = 100;

export type ReceiveOutcome = ApplyOutcome | { status: 'waiting-for-parts'; received: number; count: number };

interface PartHeader {
  jobId: string;
  drawingId: string;
  resultId: string;
  index: number;
  count: number;
}

/** The part fields of a result message; undefined for a result in one message. A malformed part is refused for good. */
function readPartHeader(payload: unknown): PartHeader | undefined {
  const event = payload as Partial<AnalysisResultEvent> | null;
  if (typeof event !== 'object' || event === null || event.part === undefined) return undefined;
  const { jobId, drawingId, part } = event;
  const valid =
    typeof jobId === 'string' &&
    jobId.length > 0 &&
    isUuid(drawingId) &&
    typeof part === 'object' &&
    part !== null &&
    typeof part.resultId === 'string' &&
    part.resultId.length > 0 &&
    part.resultId.length <= MAX_RESULT_ID_LENGTH &&
    Number.isInteger(part.count) &&
    Number.isInteger(part.index) &&
    part.index >= 1 &&
    part.index <= part.count &&
    part.count <= MAX_PARTS;
  if (!valid) throw new PermanentJobError('analysis result part is malformed');
  return { jobId, drawingId: drawingId.toLowerCase(), resultId: part.resultId, index: part.index, count: part.count };
}

/** The whole result from its parts, in order: the envelope of the first, the items of all. */
function joinParts(parts: Array<Partial<AnalysisResultEvent>>): unknown {
  return {
    ...parts[0],
    part: undefined,
    elements: parts.flatMap((part) => (Array.isArray(part.elements) ? part.elements : [])),
    connections: parts.flatMap((part) => (Array.isArray(part.connections) ? part.connections : [])),
  };
}

/**
 * Takes one message of the results stream. A result in one message is applied at once. A part is
 * kept (in `analysis_result_parts`, once per part) until every part of its split has arrived; the one
 * that completes it applies the whole run in the same transaction, which also forgets the drawing's
 * kept parts. A part of a run already applied changes nothing, so a redelivered job's parts never
 * duplicate anything. `onParsed` sees the whole result before it is applied (for logging).
 */
export async function receiveAnalysisResult(
  db: DataSource,
  payload: unknown,
  onParsed: (result: AnalysisResult) => void = () => undefined,
): Promise<ReceiveOutcome> {
  const header = readPartHeader(payload);
  if (!header) {
    const result = parseAnalysisResult(payload);
    onParsed(result);
    return applyAnalysisResult(db, result);
  }
  return db.transaction(async (manager) => {
    await lockDrawingGraph(manager, header.drawingId);
    const applied = await queryRows(manager, 'SELECT 1 FROM applied_analysis_runs WHERE job_id = $1', [header.jobId]);
    if (applied.length > 0) return { status: 'duplicate' };
    await manager.query(
      `INSERT INTO analysis_result_parts (job_id, result_id, part, part_count, drawing_id, payload)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb) ON CONFLICT DO NOTHING`,
      [header.jobId, header.resultId, header.index, header.count, header.drawingId, JSON.stringify(payload)],
    );
    const parts = await queryRows<{ payload: Partial<AnalysisResultEvent> }>(
      manager,
      `SELECT payload FROM analysis_result_parts WHERE job_id = $1 AND result_id = $2 AND part_count = $3 ORDER BY part`,
      [header.jobId, header.resultId, header.count],
    );
    if (parts.length < header.count) return { status: 'waiting-for-parts', received: parts.length, count: header.count };
    const result = parseAnalysisResult(joinParts(parts.map((part) => part.payload)));
    onParsed(result);
    const outcome = await applyAnalysisResultWith(manager, result);
    await manager.query('DELETE FROM analysis_result_parts WHERE drawing_id = $1', [header.drawingId]);
    return outcome;
  });
}
