/** Conversions between the drawing's own pixel space (image_size) and the screen. */
export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/**
 * Screen pixels per image pixel when the image is shown `displayedWidth` pixels wide (already zoomed).
 * The overlay uses an SVG viewBox of the image size, so boxes stay aligned at every zoom.
 */
export function scaleFor(imageSize: Size, displayedWidth: number): number {
  return imageSize.width > 0 ? displayedWidth / imageSize.width : 1;
}

/** A point relative to the displayed image's top-left corner → image coordinates. */
export function screenToImage(point: Point, imageSize: Size, displayed: Size): Point {
  return {
    x: displayed.width > 0 ? (point.x * imageSize.width) / displayed.width : point.x,
    y: displayed.height > 0 ? (point.y * imageSize.height) / displayed.height : point.y,
  };
}

/** Image coordinates → a point relative to the displayed image's top-left corner. */
export function imageToScreen(point: Point, imageSize: Size, displayed: Size): Point {
  return {
    x: imageSize.width > 0 ? (point.x * displayed.width) / imageSize.width : point.x,
    y: imageSize.height > 0 ? (point.y * displayed.height) / imageSize.height : point.y,
  };
}
