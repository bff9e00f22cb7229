import type { PageAnalysis } from '../pipeline/analyze-page';

/** The key of the first element whose box holds the point (a test names elements by where they are drawn). */
export function keyAt(result: PageAnalysis, x: number, y: number): string {
  const element = result.elements.find(({ boundingBox: b }) => x >= b.x && x <= b.x + b.width && y >= b.y && y <= b.y + b.height);
  if (!element) throw new Error(`no element at ${x},${y}: ${JSON.stringify(result.elements.map((e) => e.boundingBox))}`);
  return element.key;
}
