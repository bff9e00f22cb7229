/**
 * The training rows of the confidence models: each corpus sheet analysed by the built CLI (as the benchmark does)
 * and judged against its truth; each rated symbol labelled by whether it matches a truth symbol, each connection
 * between symbols by whether its ends are the ends of a truth connection, their features read from the document.
 */
import type { BenchDrawing } from '../benchmark/datasets/bench-drawing';
import { judgeDrawing } from '../benchmark/judge-drawing';
import type { ResultDocument } from '../benchmark/predictions';
import { connectionFeatures } from './connection-features';
import { endDegrees, symbolScale } from './element-geometry';
import type { LabelledRow } from './fit';
import type { LogisticModel } from './logistic-model';
import { symbolConfidences } from './symbol-confidence';
import { pageSymbolFeatures } from './symbol-features';

/** A sheet's result document and its judgement: which of its connections and symbols (by `_id`) are right. */
export interface JudgedSheet {
  document: ResultDocument;
  connectionsRight: Map<string, boolean>;
  symbolsRight: Map<string, boolean>;
}

/** A labelled row with the confidence the analysis gave it (the model committed when the sheet was analysed). */
export interface ScoredRow extends LabelledRow {
  given: number;
}

/** A connection's row, with how many of its ends are truth symbols (to tell a wrong end from a wrong trace). */
export interface ConnectionRow extends ScoredRow {
  matchedEnds: number;
}

type DocumentElement = ResultDocument['elements'][number];

/** Analyses one sheet (corpus raster or generated PDF) in `hybrid` mode without OCR and judges it; undefined where its connections are not scored. */
export async function judgedSheet(drawing: BenchDrawing): Promise<JudgedSheet | undefined> {
  const { document, judgement } = await judgeDrawing(drawing, { noOcr: true, symbols: 'hybrid' });
  const { connectionsRight, symbolsRight } = judgement;
  return connectionsRight && symbolsRight ? { document, connectionsRight, symbolsRight } : undefined;
}

/** The document's traced connections as links between its elements. */
function documentLinks({ elements, connections }: ResultDocument) {
  const byId = new Map(elements.map((element) => [element._id, element]));
  return connections.flatMap((connection) => {
    const [source, target] = [byId.get(connection.source), byId.get(connection.target)];
    return source && target ? [{ connection, source, target, dashed: connection.metadata?.line_style === 'dashed' }] : [];
  });
}

/** A single-page document as the symbol features read it. */
const symbolPage = (document: ResultDocument) => ({
  elements: document.elements,
  links: documentLinks(document),
  vector: document.analysis_source === 'vector',
});

/** Each rated and scored symbol of a sheet: right when it matches a truth symbol (IoU ≥ 0.5, any class). */
export function symbolRows({ document, symbolsRight }: JudgedSheet): ScoredRow[] {
  const features = pageSymbolFeatures(symbolPage(document));
  return [...features].flatMap(([element, values]) => {
    const correct = symbolsRight.get(element._id);
    return correct === undefined ? [] : [{ features: values, correct, given: element.metadata?.confidence ?? 0 }];
  });
}

/**
 * Each scored connection of a sheet, its ends' confidences rated again by `symbols` first, as the pipeline would
 * with that symbol model committed (the connection model reads them).
 */
export function connectionRows(
  { document, connectionsRight, symbolsRight }: JudgedSheet,
  symbols: Omit<LogisticModel, 'training'>,
): ConnectionRow[] {
  const links = documentLinks(document);
  const rerated = new Map<DocumentElement, DocumentElement>();
  for (const [element, confidence] of symbolConfidences(symbolPage(document), symbols)) {
    rerated.set(element, { ...element, metadata: { ...element.metadata, confidence } });
  }
  const elements = document.elements.map((element) => rerated.get(element) ?? element);
  const scale = symbolScale(elements) ?? 1;
  const degrees = endDegrees(links.map(({ source, target }) => [source._id, target._id]));
  return links.flatMap(({ connection, source, target }) => {
    const correct = connectionsRight.get(connection._id);
    if (correct === undefined) return [];
    const ends = [rerated.get(source) ?? source, rerated.get(target) ?? target] as const;
    const context = {
      scale,
      degrees: [degrees.get(source._id)!, degrees.get(target._id)!] as [number, number],
      vector: document.analysis_source === 'vector',
    };
    const features = connectionFeatures(connection, ends[0], ends[1], context);
    const matchedEnds = ends.filter(({ _id }) => symbolsRight.get(_id)).length;
    return [{ features, correct, given: connection.metadata?.confidence ?? 0, matchedEnds }];
  });
}
