/**
 * Pipe line numbers: `052-MS-001-8"-3CB2S07-H-80`, `2"-P-1001-A1A`, `6"-CW-2003-B2-IH`. Projects order
 * the parts differently, so each part is recognised by its shape: the nominal size (inches or DN), the
 * service code (letters), the sequence number (digits), the piping class (letters and digits), and
 * insulation (a letter code and its thickness).
 */
export interface LineNumber {
  /** As drawn, with separators normalised to `-`. */
  text: string;
  size?: string;
  service?: string;
  area?: string;
  sequence?: string;
  pipingClass?: string;
  insulation?: string;
  insulationThickness?: string;
}

const SIZE = /^(\d{1,2}(\.\d)?|\d\/\d|\d-\d\/\d)("|''|IN|NB)$|^(DN|NPS)\d{1,4}$/;
const SERVICE = /^[A-Z]{1,4}$/;
const NUMBER = /^\d{2,6}[A-Z]?$/;
const PIPING_CLASS = /^(?=.*\d)(?=.*[A-Z])[A-Z0-9]{2,10}$/;

/** Reads a line number, or returns undefined for text that is not one. */
export function parseLineNumber(raw: string): LineNumber | undefined {
  const text = raw
    .toUpperCase()
    .replace(/[‐–—_~]/g, '-')
    .replace(/\s*-\s*/g, '-')
    .replace(/[”″]/g, '"')
    .trim();
  // Fractional sizes keep their hyphen (`1-1/2"`); every other hyphen separates parts.
  const parts = text
    .replace(/(\d)-(\d\/\d)/g, '$1+$2')
    .split(/[-\s]+/)
    .filter(Boolean)
    .map((part) => part.replace('+', '-'));
  if (parts.length < 3 || parts.length > 9) return undefined;
  // A kind, an area and a number (`C-052-36A`) tag a piece of equipment: no size, no class of letters and digits.
  if (parts.length === 3 && /^[A-Z]{1,4}$/.test(parts[0]) && NUMBER.test(parts[1]) && NUMBER.test(parts[2])) return undefined;
  const result: LineNumber = { text: parts.join('-') };
  const numbers: string[] = [];
  for (const part of parts) {
    if (!result.size && SIZE.test(part)) result.size = part;
    else if (NUMBER.test(part)) numbers.push(part);
    else if (!result.service && SERVICE.test(part) && !result.pipingClass) result.service = part;
    else if (!result.pipingClass && PIPING_CLASS.test(part)) result.pipingClass = part;
    else if (result.pipingClass && !result.insulation && /^[A-Z]{1,3}$/.test(part)) result.insulation = part;
    else return undefined;
  }
  // Digits before the service code are the area (`052-MS-001`); the last run of digits after it the sequence.
  const serviceAt = parts.indexOf(result.service ?? '');
  for (const number of numbers) {
    const at = parts.indexOf(number);
    if (serviceAt >= 0 && at < serviceAt && !result.area) result.area = number;
    else if (!result.sequence) result.sequence = number;
    else if (result.insulation && !result.insulationThickness) result.insulationThickness = number;
    else if (!result.pipingClass) result.pipingClass = number;
    else return undefined;
  }
  // A line number names at least a size or a class, a service and a sequence.
  if (!result.service || !result.sequence || !(result.size || result.pipingClass)) return undefined;
  return result;
}
