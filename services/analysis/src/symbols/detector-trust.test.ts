import { describe, expect, it } from '@jest/globals';
import { isSymbolElement } from '@pid/contracts';
import { loadSymbolClassifier } from '../classifier/symbol-classifier';
import { colourToGrey } from '../ingest/colour-grey';
import { analyzePage, type PageAnalysis } from '../pipeline/analyze-page';
import type { RuleModule } from '../pipeline/rule-modules';
import { buildCorpusSheet } from '../synthetic/corpus/corpus-sheet';
import { sheetSeed } from '../synthetic/corpus/corpus-writer';
import { detectorTrusted, TRUSTED_MEAN_CONFIDENCE, TRUSTED_MIN_DETECTIONS } from './detector-trust';
import { DEFAULT_DETECTOR_DIR } from './detector/detector-files';
import { loadSymbolDetector } from './detector/symbol-detector';
import { DETECTOR_READING, type SymbolMode } from './symbol-mode';

type PageElement = PageAnalysis['elements'][number];

const found = (confidences: number[]) => confidences.map((confidence) => ({ confidence }));

describe('detector trust', () => {
  it('trusts a page whose detections are as sure on average as on the held-out corpus', () => {
    expect(detectorTrusted(found(Array(TRUSTED_MIN_DETECTIONS).fill(TRUSTED_MEAN_CONFIDENCE + 0.001)))).toBe(true);
    // The mean, not each one: unsure detections beside sure ones.
    expect(detectorTrusted(found([...Array(10).fill(0.9), ...Array(10).fill(0.4)]))).toBe(true);
  });

  it('keeps the rules where the detector is less sure (a real sheet unlike its corpus) or sees too little', () => {
    expect(detectorTrusted(found(Array(40).fill(TRUSTED_MEAN_CONFIDENCE - 0.001)))).toBe(false);
    expect(detectorTrusted(found([...Array(10).fill(0.8), ...Array(10).fill(0.4)]))).toBe(false);
    expect(detectorTrusted(found(Array(TRUSTED_MIN_DETECTIONS - 1).fill(0.95)))).toBe(false);
    expect(detectorTrusted([])).toBe(false);
  });
});

describe('hybrid symbols on a page like the corpus', () => {
  it("keeps the detector's symbols alone there, with the unsure ones pipes end at, and the rules' beside them with the trust switched off", async () => {
    // Corpus seed 7 is neither the training corpus (41) nor the held-out one (4141).
    const sheet = await buildCorpusSheet(sheetSeed(7, 0));
    const { data, channels, width, height } = sheet.pixels;
    const gray = channels === 1 ? data : colourToGrey(data, width, height, channels);
    const page = { gray, width, height, originalWidth: width, originalHeight: height, scale: 1, skewDegrees: 0 };
    const detector = await loadSymbolDetector(DEFAULT_DETECTOR_DIR, 1, DETECTOR_READING);
    const classifier = await loadSymbolClassifier();
    const symbolsOf = async (symbolMode: Exclude<SymbolMode, 'rules'>, without?: RuleModule[]) => {
      const { elements } = await analyzePage(page, {
        symbolDetector: async () => detector,
        symbolClassifier: async () => classifier,
        symbolMode,
        without: new Set(without),
      });
      return elements.filter(isSymbolElement);
    };
    // As a set: the order of elements is no part of the reading.
    const boxes = (symbols: PageElement[]) => symbols.map(({ boundingBox: b }) => [b.x, b.y, b.width, b.height].join()).sort();
    const alone = await symbolsOf('detector');
    expect(alone.length).toBeGreaterThan(10);
    const trusted = await symbolsOf('hybrid');
    // Hybrid adds to them only detections under the threshold that pipes end at (`trusted-piped`) or of a distinct
    // element type (`distinct-unsure`).
    expect(boxes(await symbolsOf('hybrid', ['trusted-piped', 'distinct-unsure']))).toEqual(boxes(alone));
    expect(boxes(trusted)).toEqual(expect.arrayContaining(boxes(alone)));
    expect(trusted.length - alone.length).toBeLessThanOrEqual(0.1 * alone.length);
    expect(boxes(await symbolsOf('hybrid', ['detector-trust']))).not.toEqual(boxes(alone));
    // Read in hybrid mode, they are rated by the symbol-confidence model, their detector's score kept.
    expect(trusted.every((symbol) => symbol.metadata.score !== undefined)).toBe(true);
    expect(alone.every((symbol) => symbol.metadata.score === undefined)).toBe(true);
    detector.dispose();
  }, 120_000);
});
