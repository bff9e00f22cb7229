import { isSymbolElement, type AnalysisSource, type ElementType } from '@pid/contracts';
import { iou } from './geometry';
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
    metadata?: {
      confidence?: number;
      /** A rated symbol's finder score (the symbol-confidence model's input). */
      score?: number;
      symbol_class?: string;
      tag_box?: { x: number; y: number; width: number; height: number };
      joint_box?: { x: number; y: number; width: number; height: number };
    };
  }[];
  connections: {
    _id: string;
    source: string;
    target: string;
    relationshipType: string;
    metadata?: {
      confidence?: number;
      line_style?: string;
      junctions?: number;
      path_data?: { path: { start: [number, number]; end: [number, number] }[] };
    };
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
  /** One flange or the plate of a joint: the joint as drawn, from `metadata.joint_box`. */
  joint?: PixelBox;
  confidence: number;
}

export interface PredictedConnection {
  /** The result's `_id`; none on a connection the scoring joins from two (through an unscored symbol). */
  id?: string;
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
      const joint = element.metadata?.joint_box;
      const box = (b: { x: number; y: number; width: number; height: number }): PixelBox => [
        b.x * sx,
        b.y * sy,
        (b.x + b.width) * sx,
        (b.y + b.height) * sy,
      ];
      return {
        id: element._id,
        elementType: element.elementType,
        className: symbolClass ?? element.description,
        hasSymbolClass: symbolClass !== undefined,
        name: element.name,
        bbox: box({ x, y, width, height }),
        ...(tagBox ? { tagBox: box(tagBox) } : {}),
        ...(joint ? { joint: box(joint) } : {}),
        confidence: element.metadata?.confidence ?? 0,
      };
    }),
    connections: document.connections.map((connection) => ({
      id: connection._id,
      sourceId: connection.source,
      targetId: connection.target,
      path: (connection.metadata?.path_data?.path ?? []).map((segment) => [point(segment.start), point(segment.end)]),
      confidence: connection.metadata?.confidence ?? 0,
    })),
  };
}

/** The id a joint scored whole takes. */
export const jointId = (joint: PixelBox) => `joint:${joint.join()}`;

/**
 * The prediction as a dataset that boxes a flange joint as one symbol counts it: the flanges (and plate) of each
 * joint become one element, the joint as drawn, named a flange; their connections to each other go, those to
 * anything else are the joint's.
 */
export function jointsWhole(prediction: Prediction): Prediction {
  const jointOf = new Map<string, PredictedElement>();
  const joints = new Map<string, PredictedElement>();
  for (const element of prediction.elements) {
    if (!element.joint) continue;
    const key = element.joint.join();
    const whole = joints.get(key) ?? { ...element, id: jointId(element.joint), className: 'flange', bbox: element.joint, joint: undefined };
    whole.confidence = Math.max(whole.confidence, element.confidence);
    joints.set(key, whole);
    jointOf.set(element.id, whole);
  }
  const idOf = (id: string) => jointOf.get(id)?.id ?? id;
  return {
    elements: [...prediction.elements.filter((element) => !jointOf.has(element.id)), ...joints.values()],
    connections: prediction.connections
      .map((connection) => ({ ...connection, sourceId: idOf(connection.sourceId), targetId: idOf(connection.targetId) }))
      .filter((connection) => connection.sourceId !== connection.targetId),
  };
}

/**
 * The prediction as a truth that passes through the symbols it cannot box (`TruthSheet.unscored`) counts it: a
 * predicted symbol standing on one of them (holding its point or line, and no more than twice its length or 8 px
 * long) and on no scored symbol (IoU < 0.5) goes, and what it connected is connected to each other, each pair once,
 * along both paths.
 */
export function throughUnscored(prediction: Prediction, unscored: PixelBox[], scored: PixelBox[]): Prediction {
  const longer = ([x0, y0, x1, y1]: PixelBox) => Math.max(x1 - x0, y1 - y0);
  const holds = (outer: PixelBox, inner: PixelBox) =>
    inner[0] >= outer[0] - 1 &&
    inner[1] >= outer[1] - 1 &&
    inner[2] <= outer[2] + 1 &&
    inner[3] <= outer[3] + 1 &&
    longer(outer) <= 2 * Math.max(longer(inner), 4);
  const passed = prediction.elements.filter(
    (element) =>
      isSymbolElement(element) && unscored.some((box) => holds(element.bbox, box)) && scored.every((box) => iou(box, element.bbox) < 0.5),
  );
  let connections = prediction.connections;
  for (const { id } of passed) {
    // (A loop on it goes with it.)
    const through = connections.filter((c) => (c.sourceId === id) !== (c.targetId === id));
    const rest = connections.filter((c) => c.sourceId !== id && c.targetId !== id);
    const joined = new Set(rest.map((c) => [c.sourceId, c.targetId].sort().join('\n')));
    const other = (c: PredictedConnection) => (c.sourceId === id ? c.targetId : c.sourceId);
    for (let i = 0; i < through.length; i++) {
      for (let j = i + 1; j < through.length; j++) {
        const [a, b] = [through[i], through[j]];
        const key = [other(a), other(b)].sort().join('\n');
        if (other(a) === other(b) || joined.has(key)) continue;
        joined.add(key);
        rest.push({
          sourceId: other(a),
          targetId: other(b),
          path: [...a.path, ...b.path],
          confidence: Math.min(a.confidence, b.confidence),
        });
      }
    }
    connections = rest;
  }
  const gone = new Set(passed.map(({ id }) => id));
  return { elements: prediction.elements.filter(({ id }) => !gone.has(id)), connections };
}
