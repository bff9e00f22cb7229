/**
 * The one ISA-5.1 tag parser: the analysis reads tags with it, the drawing export fills its Instruments sheet.
 * ISA-5.1 instrument tags: `FIC-101`, `PT 008A`, stacked bubble text `052 / PT / 008A`, with the OCR
 * confusions of drawings (O/0, I/1, S/5, B/8 in the wrong part), and IEC 62424 letter codes (`PI(Z) 275003A`).
 */
export interface IsaTag {
  /** `FIC-101`, `052-PT-008A`: letters, loop, with the area prefix when drawn. */
  tag: string;
  area?: string;
  letters: string;
  /** The first letter: the measured or initiating variable. */
  measuredVariable: { letter: string; meaning: string };
  /** Modifiers of the first letter (D differential, F ratio, Q totalize, S safety…). */
  variableModifiers: Array<{ letter: string; meaning: string }>;
  /** Succeeding letters: readout, passive and output functions (I indicate, C control, T transmit…). */
  functions: Array<{ letter: string; meaning: string }>;
  /** Modifiers of the functions (H high, L low…). */
  functionModifiers: Array<{ letter: string; meaning: string }>;
  loop: string;
}

/**
 * ISA-5.1 (2009) table 1, first letters. C, D, G, M, N and O are the user's choice: plants often give C to
 * conductivity, D to density, M to moisture, but the standard leaves them to each project's legend.
 */
const MEASURED: Record<string, string> = {
  A: 'analysis',
  B: 'burner, combustion',
  C: "user's choice",
  D: "user's choice",
  E: 'voltage',
  F: 'flow',
  G: "user's choice",
  H: 'hand',
  I: 'current',
  J: 'power',
  K: 'time',
  L: 'level',
  M: "user's choice",
  N: "user's choice",
  O: "user's choice",
  P: 'pressure',
  Q: 'quantity',
  R: 'radiation',
  S: 'speed, frequency',
  T: 'temperature',
  U: 'multivariable',
  V: 'vibration',
  W: 'weight, force',
  X: 'unclassified',
  Y: 'event, state',
  Z: 'position, dimension',
};

const VARIABLE_MODIFIERS: Record<string, string> = {
  D: 'differential',
  F: 'ratio',
  J: 'scan',
  K: 'time rate of change',
  M: 'momentary',
  Q: 'integrate, totalize',
  S: 'safety',
};

const FUNCTIONS: Record<string, string> = {
  A: 'alarm',
  B: "user's choice",
  C: 'control',
  E: 'primary element',
  G: 'glass, gauge',
  I: 'indicate',
  K: 'control station',
  L: 'light',
  N: "user's choice",
  O: 'orifice, restriction',
  P: 'test point',
  Q: 'integrate',
  R: 'record',
  S: 'switch',
  T: 'transmit',
  U: 'multifunction',
  V: 'valve, damper, louver',
  W: 'well',
  X: 'unclassified',
  Y: 'relay, compute, convert',
  Z: 'driver, actuator',
};

const FUNCTION_MODIFIERS: Record<string, string> = { H: 'high', L: 'low', M: 'middle', HH: 'high-high', LL: 'low-low' };

/**
 * IEC 62424 marks in the letters: a limit's side after its letter (`PIS+Z+A`: high switch, high trip, alarm; a
 * low side is `⁻`, as `-` separates parts) and brackets round a letter (`PI(Z)`).
 */
const IEC_MARKS = /[()+⁺⁻]/g;

/** Letters read as digits and back, by where they stand. */
const AS_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '5': 'S', '8': 'B', '2': 'Z', '6': 'G' };
const AS_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', I: '1', L: '1', l: '1', '|': '1', S: '5', B: '8', Z: '2' };

const fixLetters = (text: string) => [...text].map((c) => AS_LETTER[c] ?? c.toUpperCase()).join('');
/** The loop number: digits, with a letter suffix (`008A`) left as it is. */
function fixLoop(text: string): string {
  const match = /^(.*?)([A-Z]?)$/.exec(text.toUpperCase())!;
  const digits = [...match[1]].map((c) => AS_DIGIT[c] ?? c).join('');
  return digits + match[2];
}

/**
 * Reads an instrument tag, or returns undefined for text that is not one. Parts may be split by spaces,
 * hyphens, slashes or line breaks; with three parts the first is an area prefix. OCR readings (the default)
 * may have letters read as digits and back (`F1C-1O1`); `exact` text (a PDF's text layer) is taken as written:
 * a reducer's `200/150` is no `ZOO-150`.
 */
export function parseIsaTag(text: string, { exact = false } = {}): IsaTag | undefined {
  const parts = text
    .replace(/[‐–—_.]/g, '-')
    .split(/[\s/\-\\]+/)
    .filter(Boolean);
  let area: string | undefined;
  let letterPart: string;
  let loopPart: string;
  if (parts.length === 1) {
    // `FIC101`: the letters end where the digits begin (a leading O/I/S is still a letter).
    const match = /^([A-Za-z]{1,5})([0-9OQIlSB|][0-9A-Za-z|]{1,7})$/.exec(parts[0]);
    if (!match) return undefined;
    [, letterPart, loopPart] = match;
  } else if (parts.length === 2) {
    [letterPart, loopPart] = parts;
  } else if (parts.length === 3) {
    [area, letterPart, loopPart] = parts;
    // Stacked text may come as letters / area / loop; the part with letters is the function.
    if (!/[A-Za-z]{2}/.test(letterPart) && /[A-Za-z]{2}/.test(area)) [area, letterPart] = [letterPart, area];
    if (!/^\d{1,5}$/.test(area)) return undefined;
  } else return undefined;
  // A loop number has a digit at least: OCR confusions alone do not make a word (`REBOILER`) a tag. Nor do they make
  // digits letters where most are digits: `052` over a loop is an area code read without its letters, and a
  // reducer's `200/150` is no `ZOO-150`.
  if (!/\d/.test(loopPart)) return undefined;
  if ((letterPart.match(/\d/g) ?? []).length > (letterPart.match(/[A-Za-z]/g) ?? []).length) return undefined;
  const marked = exact ? letterPart.toUpperCase() : fixLetters(letterPart);
  const letters = marked.replace(IEC_MARKS, '');
  const loop = exact ? loopPart.toUpperCase() : fixLoop(loopPart);
  // One letter and a number is an equipment tag (P-101), not an instrument.
  if (!/^[A-Z]{2,5}$/.test(letters) || !/^\d{2,6}[A-Z]{0,2}$/.test(loop)) return undefined;
  const parsed = splitLetters(marked.replace(/[()]/g, '').replace(/[+⁺]/g, 'H').replace(/⁻/g, 'L'));
  if (!parsed) return undefined;
  return { tag: [area, letters, loop].filter(Boolean).join('-'), ...(area ? { area } : {}), letters, ...parsed, loop };
}

function splitLetters(letters: string): Omit<IsaTag, 'tag' | 'area' | 'letters' | 'loop'> | undefined {
  const first = letters[0];
  if (!MEASURED[first]) return undefined;
  let rest = letters.slice(1);
  const variableModifiers: IsaTag['variableModifiers'] = [];
  // S after the variable is "safety" only before a valve or element (PSV, PSE); else it is a switch (PSH).
  while (
    rest.length > 0 &&
    VARIABLE_MODIFIERS[rest[0]] &&
    (rest[0] !== 'S' || /^S[VE]/.test(rest)) &&
    (rest.length > 1 || !FUNCTIONS[rest[0]])
  ) {
    variableModifiers.push({ letter: rest[0], meaning: VARIABLE_MODIFIERS[rest[0]] });
    rest = rest.slice(1);
  }
  const functions: IsaTag['functions'] = [];
  const functionModifiers: IsaTag['functionModifiers'] = [];
  for (let i = 0; i < rest.length; i++) {
    const letter = rest[i];
    const pair = rest.slice(i, i + 2);
    // H and L after a function are alarm or switch levels (LAH, PSHH), not functions.
    if (functions.length > 0 && (pair === 'HH' || pair === 'LL')) {
      functionModifiers.push({ letter: pair, meaning: FUNCTION_MODIFIERS[pair] });
      i++;
    } else if (functions.length > 0 && (letter === 'H' || letter === 'L' || letter === 'M')) {
      functionModifiers.push({ letter, meaning: FUNCTION_MODIFIERS[letter] });
    } else if (FUNCTIONS[letter]) functions.push({ letter, meaning: FUNCTIONS[letter] });
    else return undefined;
  }
  return { measuredVariable: { letter: first, meaning: MEASURED[first] }, variableModifiers, functions, functionModifiers };
}
