import { CreateAnalysisRuns1763800000000 } from './1763800000000-create-analysis-runs';

/** In order of application. */
export const analysisMigrations = [CreateAnalysisRuns1763800000000];
