import type { TextRole } from '../ground-truth';

/** Letters and digits in parts joined by `-` or `.`: `C-052-36A`, `LR022.80150`, `052-P-013-6"-3CB2S01-N`. */
const TAG_SHAPED = /^(?=.*[A-Z])(?=.*\d)[A-Z0-9]+([.-][A-Z0-9"/]+)+$/i;

/** What a dataset's string is, by its shape alone: from four parts on a tag is a line number. */
export function textRole(string: string): TextRole {
  if (!TAG_SHAPED.test(string)) return 'label';
  return string.split(/[.-]/).length >= 4 ? 'line_number' : 'tag';
}
