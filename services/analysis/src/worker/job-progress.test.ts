import { describe, expect, it } from '@jest/globals';
import type { AnalysisStage } from '../pipeline/analyze-page';
import { jobProgress } from './job-progress';

const STAGES: AnalysisStage[] = ['rendering', 'lines', 'symbols', 'text', 'connections'];

describe('jobProgress', () => {
  it('keeps a single page’s stage percentages and messages', () => {
    expect(jobProgress('symbols', 1, 1)).toEqual({ progress: 45, message: 'Finding symbols' });
    expect(jobProgress('saving', 1, 1)).toEqual({ progress: 95, message: 'Saving the results' });
  });

  it('rises over the pages of a job and names the page', () => {
    const values = [1, 2, 3].flatMap((page) => STAGES.map((stage) => jobProgress(stage, page, 3)));
    const progress = values.map((value) => value.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress[0]).toBeGreaterThan(0);
    expect(progress.at(-1)).toBeLessThan(95);
    expect(values[7]).toEqual({ progress: jobProgress('symbols', 2, 3).progress, message: 'Page 2 of 3: Finding symbols' });
    expect(jobProgress('saving', 3, 3)).toEqual({ progress: 95, message: 'Saving the results' });
  });
});
