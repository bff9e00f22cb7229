/** A side of a symbol's box, where pipes and actuators meet it. */
export type BoxSide = 'left' | 'right' | 'top' | 'bottom';

/** The side across the box from each side. */
export const OPPOSITE_SIDE: Record<BoxSide, BoxSide> = { left: 'right', right: 'left', top: 'bottom', bottom: 'top' };
