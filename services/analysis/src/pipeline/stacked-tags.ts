import { parseIsaTag } from '../tags/isa-tag';
import { trimmed } from '../tags/ocr-noise';
import { unionBox, type Box } from './components';
import type { ReadLine } from './text-attachment';
import { median, stackedOver } from './text-lines';

/** One line of a stacked instrument tag: the area (`052`), the letters (`FIC`), the loop (`004A`). */
const AREA = /^\d{2,4}$/;
const LETTERS = /^[A-Z]{1,5}$/;
const LOOP = /^\d{2,6}[A-Z]{0,2}$/;

/**
 * Instrument tags written stacked, each part on a line of its own, centred one over the next (`052` / `FE` /
 * `004A`, or `FE` / `004A`), and read line by line: each stack that reads as one ISA tag becomes one line, named
 * with the tag (`052-FE-004A`). A bubble the reader missed, or one it read in part, is named by its stack; with no
 * bubble round it, the tag is still one text, not three.
 */
export function joinStackedTags(reads: ReadLine[]): ReadLine[] {
  const horizontal = reads.filter((read) => read.line.orientation === 'horizontal' && read.text.trim() !== '');
  const below = (upper: ReadLine) =>
    horizontal
      .filter((other) => stackedOver(upper.line, other.line))
      .sort((a, b) => a.line.y0 - b.line.y0)
      .at(0);
  const joined = new Map<ReadLine, ReadLine>();
  const used = new Set<ReadLine>();
  for (const top of [...horizontal].sort((a, b) => a.line.y0 - b.line.y0)) {
    if (used.has(top)) continue;
    const second = below(top);
    const third = second && below(second);
    // OCR adds punctuation at a word's ends (`004A,`); a text layer is taken as written.
    const text = (read: ReadLine) => (read.exact ? read.text.trim() : trimmed(read.text.trim())).toUpperCase();
    const stack =
      third && AREA.test(text(top)) && LETTERS.test(text(second)) && LOOP.test(text(third))
        ? [top, second, third]
        : second && LETTERS.test(text(top)) && LOOP.test(text(second))
          ? [top, second]
          : undefined;
    if (!stack || stack.some((read) => used.has(read))) continue;
    const exact = stack.every((read) => read.exact);
    const tag = parseIsaTag(stack.map(text).join(' '), { exact });
    if (!tag) continue;
    for (const read of stack) used.add(read);
    const box = stack.map((read) => read.line).reduce<Box>(unionBox, stack[0].line);
    joined.set(stack[0], {
      line: {
        ...box,
        orientation: 'horizontal',
        size: median(stack.map((read) => read.line.size)),
        members: stack.flatMap((read) => read.line.members),
      },
      text: tag.tag,
      confidence: Math.min(...stack.map((read) => read.confidence)),
      ...(exact ? { exact } : {}),
    });
  }
  return reads.flatMap((read) => (joined.has(read) ? [joined.get(read)!] : used.has(read) ? [] : [read]));
}
