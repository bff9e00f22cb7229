/** Punctuation OCR adds at a word's ends (a dash's end read as a comma, a stroke as a bar). */
export const trimmed = (token: string) => token.replace(/^[.,;:'`|]+|[.,;:'`|]+$/g, '');
/** A word with characters no tag has (a bracket from a valve's actuator) is noise, never part of a tag. */
const isJunk = (token: string) => /[^A-Z0-9\-/"]/.test(token);
/**
 * Noise is short: a stray letter or two (from a bubble's ring), a bracket with a letter; `P&ID` is a word. A
 * word opening with a bracket is a valve's actuator read as letters (`LV-302 (lic`), however long.
 */
const mayBeNoise = (token: string) => token.replace(/[^A-Z0-9]/g, '').length <= 2 || /^[()[\]]/.test(token);

/** Brackets a stroke before a text is read as, with the closer that would make one part of the text. */
const CLOSERS: Record<string, string> = { '[': ']', '{': '}', '<': '>' };

/**
 * An OCR reading of one line cleaned of what Tesseract makes of drawing strokes:
 * - a bar at either end is the pipe or box edge beside the text: `|006-N-391-3"-1CA1S01`; an exclamation mark
 *   at its end a stroke after it (`FV-627!`); a bracket at its start that nothing closes, a stroke before it
 *   (`< 006-HC-507…`, `[3"-FG-3623-D1E`);
 * - the `1` of CAD and typewriter fonts (a long flag and a foot) is read as `l`, or as both `l1`: in a word
 *   written otherwise in capitals, digits and separators (tags, line numbers: no prose), an `l` beside a digit
 *   is that `1`: `1CAl1S01` → `1CA1S01`, `FT-l01` → `FT-101`.
 */
export function cleanReading(text: string): string {
  const unbarred = text.replace(/^[|\s]+|[|!\s]+$/g, '');
  const opener = unbarred[0];
  const unbracketed = opener in CLOSERS && !unbarred.includes(CLOSERS[opener]) ? unbarred.slice(1).trimStart() : unbarred;
  return unbracketed
    .split(/(\s+)/)
    .map((word) => (/[a-km-z]/.test(word) ? word : word.replace(/l1|1l/g, '1').replace(/l(?=\d)|(?<=\d)l/g, '1')))
    .join('');
}

/**
 * The parse of the text, else of the longest run of its words that leaves only noise out, in OCR readings
 * of tags: `EL 2) FV-311` → `FV-311`, `A TI 305` → `TI 305`, `P-603B,` → `P-603B`.
 */
export function parseAmidNoise<T>(text: string, parse: (text: string) => T | undefined): T | undefined {
  const whole = parse(text);
  if (whole !== undefined) return whole;
  const tokens = text.toUpperCase().split(/\s+/).map(trimmed).filter(Boolean);
  for (let dropped = 0; dropped < tokens.length; dropped++) {
    for (let start = 0; start <= dropped; start++) {
      const end = tokens.length - (dropped - start);
      const kept = tokens.slice(start, end);
      if (kept.some(isJunk) || ![...tokens.slice(0, start), ...tokens.slice(end)].every(mayBeNoise)) continue;
      const found = parse(kept.join(' '));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
