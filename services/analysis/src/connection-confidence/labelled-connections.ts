/**
 * The training rows of the connection-confidence model: each corpus sheet analysed by the built CLI (as the
 * benchmark does), its connections between symbols scored against the sheet's truth, and each scored one's
 * features read from the result document.
 */
import type { BenchDrawing } from '../benchmark/datasets/bench-drawing';
import { judgeDrawing } from '../benchmark/judge-drawing';
import type { ResultDocument } from '../benchmark/predictions';
import { connectionFeatures, endDegrees, symbolScale, type FeatureConnection, type FeatureElement } from './features';
import type { LabelledConnection } from './fit';

/**
 * A scored connection: its features, whether it is right, the confidence the analysis gave it, and how many of its
 * ends are symbols of the truth (to tell a wrong end from a wrong trace when studying the rows).
 */
export interface ConnectionRow extends LabelledConnection {
  given: number;
  matchedEnds: number;
}

/** The rows of one result document, given which of its connections (by `_id`) are right and which symbols are matched. */
export function documentRows(document: ResultDocument, right: Map<string, boolean>, matched: Set<string>): ConnectionRow[] {
  const elements = document.elements as Array<ResultDocument['elements'][number] & FeatureElement>;
  const byId = new Map(elements.map((element) => [element._id, element]));
  const scale = symbolScale(elements) ?? 1;
  const degrees = endDegrees(document.connections.map(({ source, target }) => [source, target]));
  return document.connections.flatMap((connection) => {
    const correct = right.get(connection._id);
    const [source, target] = [byId.get(connection.source), byId.get(connection.target)];
    if (correct === undefined || !source || !target) return [];
    const context = { scale, degrees: [degrees.get(source._id)!, degrees.get(target._id)!] as [number, number] };
    const features = connectionFeatures(connection as FeatureConnection, source, target, context);
    const matchedEnds = [source, target].filter(({ _id }) => matched.has(_id)).length;
    return [{ features, correct, given: connection.metadata?.confidence ?? 0, matchedEnds }];
  });
}

/** Analyses one corpus sheet without OCR and answers its rows (none where the sheet's connections are not scored). */
export async function sheetRows(drawing: BenchDrawing): Promise<ConnectionRow[]> {
  const { document, judgement } = await judgeDrawing(drawing, { noOcr: true });
  const { connectionsRight, matchedSymbols } = judgement;
  return connectionsRight && matchedSymbols ? documentRows(document, connectionsRight, matchedSymbols) : [];
}
