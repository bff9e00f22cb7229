/**
 * References to a sheet ("P&ID 2", "DWG 100-PID-003", "SHEET 4", "PAGE 2"): the two connectors of one
 * continuation name each other's sheet, so these differ between them and are not part of the key.
 */
const SHEET_REFERENCE = /\b(?:P\s*&\s*ID|PID|DWG|DRAWING|SHEET|SHT|PAGE|PG)\b\.?\s*(?:NO\b\.?)?\s*[#:]?\s*[A-Z0-9][A-Z0-9.-]*/g;
/** Words that say which way the line goes, not which line it is. */
const DIRECTION = /\b(?:TO|FROM|CONTINUED|CONTINUES|CONT'?D|CONT|SEE|ON|OF)\b/g;

/**
 * What an off-page connector's label names as its continuation, for matching the connector at the
 * other end: the label without sheet references and direction words, upper-cased, with only letters
 * and digits left. "TO P&ID 2 / LINE 100" and "from P&ID 1 – line 100" are both `LINE100`; a label that
 * is only a sheet reference ("TO DWG 102") names no continuation (undefined).
 */
export function continuationKey(label: string): string | undefined {
  const key = label
    .toUpperCase()
    .replace(/[’‘`]/g, "'")
    .replace(SHEET_REFERENCE, ' ')
    .replace(DIRECTION, ' ')
    .replace(/[^A-Z0-9]/g, '');
  return key.length > 0 ? key : undefined;
}
