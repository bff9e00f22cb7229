// Every project's jest run writes coverage/<project>/coverage-final.json; `npm test` merges them into one summary.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import libCoverage from 'istanbul-lib-coverage';
import libReport from 'istanbul-lib-report';
import reports from 'istanbul-reports';
import { root } from './install.mjs';

const coverageDir = path.join(root, 'coverage');

/** Removes the last run's coverage, so that a project whose tests did not run cannot show old figures. */
export function clearCoverage() {
  rmSync(coverageDir, { recursive: true, force: true });
}

/** Prints the merged text summary (statements, branches, functions, lines) and returns the number of projects. */
export function printCoverageSummary() {
  const map = libCoverage.createCoverageMap({});
  const projects = existsSync(coverageDir)
    ? readdirSync(coverageDir).filter((name) => existsSync(path.join(coverageDir, name, 'coverage-final.json')))
    : [];
  for (const name of projects) map.merge(JSON.parse(readFileSync(path.join(coverageDir, name, 'coverage-final.json'), 'utf8')));
  const context = libReport.createContext({ dir: coverageDir, coverageMap: map });
  reports.create('text-summary').execute(context);
  return projects.length;
}
