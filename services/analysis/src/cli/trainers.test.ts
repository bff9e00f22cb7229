/**
 * The trainers end to end, as `npm run train:detector`, `train:line-ink` and `train:confidence` run them
 * (the built CLIs, the Debian packages, Python), on corpora of a few sheets and a few steps: each writes a model the
 * product loads and runs, with a model card naming the command. The full runs take hours; this keeps the commands from breaking unseen.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readModel } from '../confidence/logistic-model';
import { loadLineInkModel } from '../line-ink/line-ink-model';
import { buildCorpusSheet } from '../synthetic/corpus/corpus-sheet';
import { sheetSeed } from '../synthetic/corpus/corpus-writer';
import { colourToGrey } from '../ingest/colour-grey';
import { loadSymbolDetector } from '../symbols/detector/symbol-detector';
import type { GrayPage } from '../symbols/detector/page-detector';
import { headCommit } from './training-setup';

const DIST_CLI = path.resolve(__dirname, '../../dist/cli');
const QUICK = ['--steps', '4', '--train-count', '2', '--held-out-count', '1'];
/** The first run may install the trainers' Debian packages (PyTorch) too. */
const TRAINING_TIMEOUT_MS = 600_000;

let work: string;
let page: GrayPage;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'trainers-'));
  const { data, channels, width, height } = (await buildCorpusSheet(sheetSeed(7, 0))).pixels;
  page = { gray: channels === 1 ? data : colourToGrey(data, width, height, channels), width, height };
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** Runs a built trainer CLI; its progress goes to the test's output only when it fails. */
function train(cli: string, out: string, extra: string[] = []): void {
  execFileSync(process.execPath, [path.join(DIST_CLI, cli), ...QUICK, ...extra, '--work', work, '--out', out], {
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: TRAINING_TIMEOUT_MS,
  });
}

async function modelCard(dir: string): Promise<string> {
  return readFile(path.join(dir, 'MODEL.md'), 'utf8');
}

describe('the trainers', () => {
  it(
    'train:detector writes weights the product loads and runs, with its model card',
    async () => {
      const out = path.join(work, 'detector');
      train('train-detector.js', out);
      const detector = await loadSymbolDetector(out);
      const { fused: found } = await detector.detect(page);
      detector.dispose();
      expect(Array.isArray(found)).toBe(true);
      for (const symbol of found) expect(symbol.x1).toBeGreaterThan(symbol.x0);
      const card = await modelCard(out);
      expect(card).toContain('`npm run train:detector -- --steps 4 --train-count 2 --held-out-count 1`');
      expect(card).toContain(headCommit());
    },
    TRAINING_TIMEOUT_MS,
  );

  it(
    'train:line-ink writes a model the product loads and runs, with its model card',
    async () => {
      const out = path.join(work, 'line-ink');
      train('train-line-ink.js', out, ['--sheets', '2']);
      const model = await loadLineInkModel(out);
      const classes = await model.classify(page);
      model.dispose();
      expect(classes.cells.length).toBe(classes.cols * classes.rows);
      expect(classes.cols).toBeGreaterThan(0);
      expect(await modelCard(out)).toContain('`npm run train:line-ink -- --steps 4 --sheets 2 --train-count 2 --held-out-count 1`');
    },
    TRAINING_TIMEOUT_MS,
  );

  it(
    'train:confidence writes both models the product reads, with their model cards',
    async () => {
      const out = path.join(work, 'confidence');
      execFileSync(
        process.execPath,
        [
          path.join(DIST_CLI, 'train-confidence.js'),
          '--count',
          '1',
          '--vector-count',
          '1',
          '--held-out-count',
          '1',
          '--work',
          work,
          '--out',
          out,
        ],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
          timeout: TRAINING_TIMEOUT_MS,
        },
      );
      for (const [kind, dir] of [
        ['symbols', 'symbol-confidence'],
        ['connections', 'connection-confidence'],
      ] as const) {
        const model = readModel(path.join(out, dir, 'model.json'), kind);
        expect(model.weights).toHaveLength(model.features.length);
        expect(model.weights.every(Number.isFinite)).toBe(true);
        const card = await modelCard(path.join(out, dir));
        expect(card).toContain('`npm run train:confidence -- --count 1 --vector-count 1 --held-out-count 1`');
        expect(card).toContain(headCommit());
        expect(card).toMatch(/\| held-out, fitted +\| +[1-9]\d* \|/);
      }
    },
    TRAINING_TIMEOUT_MS,
  );

  it('refuses an unknown device or a worker count that is not a whole number, before drawing anything', () => {
    expect(() => train('train-detector.js', path.join(work, 'never'), ['--device', 'tpu'])).toThrow(
      /--device must be one of auto, cpu, cuda, not "tpu"/,
    );
    expect(() => train('train-detector.js', path.join(work, 'never'), ['--workers', '2.5'])).toThrow(
      /--workers must be a whole number of processes, not "2.5"/,
    );
  });

  it('refuses a corpus count that is not a whole number of sheets', () => {
    expect(() => train('train-detector.js', path.join(work, 'never'), ['--train-count', 'many'])).toThrow(
      /--train-count must be a whole number of sheets, not "many"/,
    );
    expect(() =>
      execFileSync(process.execPath, [path.join(DIST_CLI, 'train-confidence.js'), '--count', 'many', '--work', work], {
        stdio: 'pipe',
      }),
    ).toThrow(/--count must be a whole number of sheets, not "many"/);
    expect(() =>
      execFileSync(process.execPath, [path.join(DIST_CLI, 'train-confidence.js'), '--vector-count', 'many', '--work', work], {
        stdio: 'pipe',
      }),
    ).toThrow(/--vector-count must be a whole number of sheets, not "many"/);
    expect(() =>
      execFileSync(process.execPath, [path.join(DIST_CLI, 'train-confidence.js'), '--l2', 'lots', '--work', work], {
        stdio: 'pipe',
      }),
    ).toThrow(/--l2 must be a number at least 0, not "lots"/);
  });
});
