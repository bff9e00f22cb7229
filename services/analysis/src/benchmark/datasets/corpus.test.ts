import { describe, expect, it } from '@jest/globals';
import { buildCorpusSheet } from '../../synthetic/corpus/corpus-sheet';
import { CORPUS_SEED_BASE } from '../../synthetic/corpus/corpus-writer';
import { planSheet } from '../../synthetic/corpus/sheet-plan';
import { corpusTruthSheet } from './corpus';
import { expectWith } from '@pid/platform/test-kit/samples';

/** A small, clean, dense page (quick to draw, with inline symbols to put against each other), as corpus.test.ts picks. */
function smallDenseSeed(): number {
  for (let seed = CORPUS_SEED_BASE; seed < CORPUS_SEED_BASE + 5000; seed++) {
    const plan = planSheet(seed);
    if ((plan.paper === 'A4' || plan.paper === 'A3') && plan.dpi <= 150 && plan.damage === false && plan.density === 'dense') return seed;
  }
  throw new Error('no seed in 5000 has such a plan');
}

describe('corpus dataset', () => {
  it('converts a corpus sheet to benchmark truth: every symbol, text and pipe, connections along pipes and by contact', async () => {
    const seed = smallDenseSeed();
    const plan = planSheet(seed);
    plan.symbols = { ...plan.symbols, touching: 1 };
    const { truth: corpus } = await buildCorpusSheet(seed, plan);
    const truth = corpusTruthSheet(corpus);

    expect(truth.imageSize).toEqual(corpus.imageSize);
    expect(truth.complete).toEqual({ symbols: true, texts: true, pipes: true, connections: true });
    expect(truth.jointsWhole).toBe(true);
    expect(truth.symbols.map((s) => [s.id, s.className, s.bbox])).toEqual(corpus.symbols.map((s) => [s.id, s.className, s.box]));
    expect(truth.symbols.filter((s) => s.tag).length).toBe(corpus.symbols.filter((s) => s.tag).length);
    expect(truth.texts).toHaveLength(corpus.texts.length);
    expect(truth.texts.every((t) => t.role === 'tag' || t.role === 'line_number' || t.role === 'label')).toBe(true);
    expect(truth.pipes).toHaveLength(corpus.pipes.length);
    expect(truth.pipes.filter((p) => p.style === 'dashed').length).toBe(corpus.pipes.filter((p) => p.kind === 'signal').length);

    // Every connection joins two symbols of the sheet, each pair once.
    const ids = new Set(truth.symbols.map((s) => s.id));
    for (const c of truth.connections) expect(ids.has(c.sourceId) && ids.has(c.targetId) && c.sourceId !== c.targetId).toBe(true);
    const pairs = truth.connections.map((c) => [c.sourceId, c.targetId].sort().join('|'));
    expect(new Set(pairs).size).toBe(pairs.length);
    const joined = (a: string, b: string) => pairs.includes([a, b].sort().join('|'));
    // A pipe from a symbol's port to another's is a connection; so is each contact (forced here).
    const direct = corpus.connections.flatMap(({ pipe, from, to }) =>
      'symbol' in from && 'symbol' in to && from.symbol !== to.symbol ? [{ pipe, a: from.symbol, b: to.symbol }] : [],
    );
    const contacts = direct.filter((d) => d.pipe === null);
    expect(contacts.length).toBeGreaterThanOrEqual(3);
    expect(direct.filter((d) => d.pipe !== null).length).toBeGreaterThan(5);
    for (const { a, b } of direct) expectWith(joined(a, b), `${a}–${b}`).toBe(true);
    for (const { a, b } of contacts) {
      expect(truth.connections.find((c) => [c.sourceId, c.targetId].sort().join('|') === [a, b].sort().join('|'))?.pipeId).toBeUndefined();
    }
    // Signal lines from instruments carry `senses` or `controls`.
    expect(truth.connections.some((c) => c.relationshipType !== 'connects to')).toBe(true);
  }, 120_000);

  it('scores a signal line drawn solid with ISA marks as a signal line, its instruments sensing and controlling', async () => {
    const seed = smallDenseSeed();
    const plan = planSheet(seed);
    plan.style = { ...plan.style, signalMarks: { kind: 'pneumatic', share: 1 } };
    const { truth: corpus } = await buildCorpusSheet(seed, plan);
    const signals = corpus.pipes.filter((pipe) => pipe.kind === 'signal');
    expect(signals.length).toBeGreaterThan(0);
    expect(signals.every((pipe) => pipe.dash === null && pipe.marks === 'pneumatic')).toBe(true);
    const truth = corpusTruthSheet(corpus);
    const styles = new Map(truth.pipes.map((pipe) => [pipe.id, pipe.style]));
    for (const pipe of signals) expectWith(styles.get(pipe.id), pipe.id).toBe('dashed');
    expect(truth.connections.some((c) => c.relationshipType !== 'connects to')).toBe(true);
  }, 120_000);
});
