import type { ElementType, RelationshipType } from '@pid/contracts';

/**
 * What a drawing really contains, in the pixel space of its page image (the drawing service's `/file`
 * image: the raster's own grid, or a PDF page rendered at PDF_RENDER_DPI). The synthetic generator writes
 * it exactly; the pid-dev loaders convert each dataset's own format into it.
 */
export type PixelBox = [x0: number, y0: number, x1: number, y1: number];
export type PixelPoint = [x: number, y: number];

export interface TruthSymbol {
  id: string;
  elementType: ElementType;
  /** The symbol class, snake_case: `gate_valve`, `centrifugal_pump`, `field_instrument`… */
  className: string;
  bbox: PixelBox;
  /** The tag it carries (`FIC-101`, `P-101A`), as a reviewer would type it; absent when it has none. */
  tag?: string;
  /** One flange of a joint (`–||–`): the joint's box, the symbol as drawn (what the classifier learns to name). */
  joint?: PixelBox;
}

export type TextRole = 'tag' | 'line_number' | 'label';

export interface TruthText {
  string: string;
  bbox: PixelBox;
  role: TextRole;
  /** The symbol it belongs to (a bubble's tag, a pump's tag); the pipe id for line numbers. */
  ownerId?: string;
}

export interface TruthPipe {
  id: string;
  style: 'solid' | 'dashed';
  polyline: PixelPoint[];
}

export interface TruthConnection {
  sourceId: string;
  targetId: string;
  /** The pipe drawn between them; absent where the dataset does not say. */
  pipeId?: string;
  relationshipType: RelationshipType;
}

export interface TruthSheet {
  name: string;
  imageSize: { width: number; height: number };
  symbols: TruthSymbol[];
  texts: TruthText[];
  pipes: TruthPipe[];
  connections: TruthConnection[];
  /** Which parts are fully annotated: a metric is only computed on a complete part. */
  complete: { symbols: boolean; texts: boolean; pipes: boolean; connections: boolean };
  /**
   * The dataset boxes a flange joint (two flanges, any plate between) as one symbol, where others box each flange:
   * the prediction is scored with its joints whole (`jointsWhole`).
   */
  jointsWhole?: boolean;
  /**
   * Symbols on the pipes that the truth's connections pass through but that have no box to score (a tee is a
   * point, a blind flange seen edge-on a line): a predicted symbol standing on one is passed through alike
   * (`throughUnscored`), neither right nor wrong.
   */
  unscored?: PixelBox[];
}
