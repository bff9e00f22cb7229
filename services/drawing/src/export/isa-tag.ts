/**
 * Instrument tags after ANSI/ISA-5.1: identification letters (first letter: the measured or initiating
 * variable; the rest: modifiers and functions) and a loop number, e.g. `FIC-101`, `PT 1001A`,
 * `10-TT-205` (area 10). A simple reading of what the analysis or a user typed as the element name.
 */
export interface IsaTag {
  /** Normalised: `[area-]LETTERS-number[suffix]`. */
  tag: string;
  letters: string;
  /** What the first letter measures, per ISA-5.1 table 1 (user's-choice letters say so). */
  measuredVariable: string;
  /** The loop number, with the area prefix when there is one: `101`, `10-205`. */
  loop: string;
}

/** ISA-5.1 first letters. */
const MEASURED_VARIABLES: Record<string, string> = {
  A: 'Analysis',
  B: 'Burner, combustion',
  C: "User's choice",
  D: "User's choice",
  E: 'Voltage',
  F: 'Flow',
  G: "User's choice",
  H: 'Hand',
  I: 'Current',
  J: 'Power',
  K: 'Time, schedule',
  L: 'Level',
  M: "User's choice",
  N: "User's choice",
  O: "User's choice",
  P: 'Pressure',
  Q: 'Quantity',
  R: 'Radiation',
  S: 'Speed, frequency',
  T: 'Temperature',
  U: 'Multivariable',
  V: 'Vibration, machine analysis',
  W: 'Weight, force',
  X: 'Unclassified',
  Y: 'Event, state, presence',
  Z: 'Position, dimension',
};

/** [area separator] LETTERS [separator] NUMBER [suffix letters]; separators are -, _, space or none. */
const TAG_PATTERN = /^(?:(\d{1,4})[-_ ])?([A-Z]{1,6})[-_ ]?(\d{1,6})([A-Z]{0,2})$/;

/** The tag in an instrument's name, or undefined when the name does not read as one. */
export function parseIsaTag(name: string): IsaTag | undefined {
  const normalized = name
    .trim()
    .toUpperCase()
    .replace(/\s*([-_])\s*/g, '$1')
    .replace(/\s+/g, ' ');
  const match = TAG_PATTERN.exec(normalized);
  if (!match) return undefined;
  const [, area, letters, number, suffix] = match as unknown as [string, string | undefined, string, string, string];
  const loop = area ? `${area}-${number}` : number;
  return {
    tag: `${area ? `${area}-` : ''}${letters}-${number}${suffix}`,
    letters,
    measuredVariable: MEASURED_VARIABLES[letters[0]!] ?? '',
    loop,
  };
}
