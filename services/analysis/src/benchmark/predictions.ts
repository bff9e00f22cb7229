import type { AnalysisSource, ElementType } from '@pid/contracts';
import type { PixelBox, PixelPoint } from './ground-truth';

/** The CLI's result document (`analyze.js --out`), only the fields the benchmark reads. */
export interface ResultDocument {
  image_size: { width: number; height: number };
  analysis_source?: AnalysisSource;
  elements: {
    _id: string;
    elementType: ElementType;
    name: string;
    description: string;
    boundingBox: { x: number; y: number; width: number; height: number };
    metadata?: { confidence?: number; symbol_class?: string; tag_box?: { x: number; y: number; width: number; height: number } };
  }[];
  connections: {
    _id: string;
    source: string;
    target: string;
    relationshipType: string;
    metadata?: { confidence?: number; path_data?: { path: { start: [number, number]; end: [number, number] }[] } };
  }[];
}

export interface PredictedElement {
  id: string;
  elementType: ElementType;
  /** `metadata.symbol_class` when the pipeline gives one, else its description. */
  className: string;
  hasSymbolClass: boolean;
  name: string;
  bbox: PixelBox;
  /** Where the element's name was read when that is beside it (a valve's tag), from `metadata.tag_box`. */
  tagBox?: PixelBox;
  confidence: number;
}

export interface PredictedConnection {
  sourceId: string;
  targetId: string;
  /** The drawn path as polylines (one per H/V segment), in truth pixels. */
  path: PixelPoint[][];
  confidence: number;
}

export interface Prediction {
  elements: PredictedElement[];
  connections: PredictedConnection[];
}

/** Symbols are every element that is neither text nor a pipe. */
export const isSymbol = (element: PredictedElement) => element.elementType !== 'text' && element.elementType !== 'pipe';

/**
 * Reads a result document into the truth's pixel space: a PDF may be rendered at another size than the truth
 * assumes (render limits), so coordinates are scaled by the ratio of the two image sizes.
 */
export function readPrediction(document: ResultDocument, truthSize: { width: number; height: number }): Prediction {
  const sx = truthSize.width / document.image_size.width;
  const sy = truthSize.height / document.image_size.height;
  const point = ([x, y]: [number, number]): PixelPoint => [x * sx, y * sy];
  return {
    elements: document.elements.map((element) => {
      const { x, y, width, height } = element.boundingBox;
      const symbolClass = element.metadata?.symbol_class;
      const tagBox = element.metadata?.tag_box;
      return {
        id: element._id,
        elementType: element.elementType,
        className: symbolClass ?? element.description,
        hasSymbolClass: symbolClass !== undefined,
        name: element.name,
        bbox: [x * sx, y * sy, (x + width) * sx, (y + height) * sy],
        ...(tagBox
          ? { tagBox: [tagBox.x * sx, tagBox.y * sy, (tagBox.x + tagBox.width) * sx, (tagBox.y + tagBox.height) * sy] as PixelBox }
          : {}),
        confidence: element.metadata?.confidence ?? 0,
      };
    }),
    connections: document.connections.map((connection) => ({
      sourceId: connection.source,
      targetId: connection.target,
      path: (connection.metadata?.path_data?.path ?? []).map((segment) => [point(segment.start), point(segment.end)]),
      confidence: connection.metadata?.confidence ?? 0,
    })),
  };
}
