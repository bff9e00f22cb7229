import { STAGE_PROGRESS, type AnalysisStage } from '../pipeline/analyze-page';

/**
 * The progress of a job at a stage of one of its pages: the pages share the run from 0 to the
 * saving step evenly, each page's stages spread over its share as on a single page; a single page
 * keeps the stage's own percentage and message. `page` is the position in the job (1-based).
 */
export function jobProgress(stage: AnalysisStage, page: number, pageCount: number): { progress: number; message: string } {
  const { progress, message } = STAGE_PROGRESS[stage];
  if (pageCount <= 1 || stage === 'saving') return { progress, message };
  const saving = STAGE_PROGRESS.saving.progress;
  return {
    progress: Math.round(((page - 1 + progress / saving) / pageCount) * saving),
    message: `Page ${page} of ${pageCount}: ${message}`,
  };
}
