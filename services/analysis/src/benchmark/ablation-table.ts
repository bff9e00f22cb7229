/** The rows of `npm run bench:ablation` and its table: each variant's F1 per dataset, and its change against all rules on. */
import { isRuleModule, RULE_MODULES, type RuleModule } from '../pipeline/rule-modules';
import { precisionRecallF1 } from './figures';
import type { SheetScore } from './score-sheet';
import { formatTable } from './table';

/** One row: how the symbols are found. */
export interface Variant {
  name: string;
  symbols: 'hybrid' | 'detector' | 'rules';
  without?: RuleModule;
}

const ALL_ON: Variant = { name: 'all rules on (hybrid)', symbols: 'hybrid' };

export function variants(rules: RuleModule[]): Variant[] {
  return [
    ALL_ON,
    { name: 'detector alone (no rules)', symbols: 'detector' },
    { name: 'rules alone (no detector)', symbols: 'rules' },
    ...rules.map((rule): Variant => ({ name: `without ${rule}`, symbols: 'hybrid', without: rule })),
  ];
}

/** Each variant's summed score per dataset. */
export type Totals = Map<string, Map<string, SheetScore>>;

const f1 = (score: SheetScore | undefined, of: 'symbols' | 'connections') =>
  precisionRecallF1(of === 'symbols' ? score?.symbols?.all : score?.connections).f1;

/** A figure, and its change against all rules on. */
function cell(value: number | undefined, base: number | undefined, isBase: boolean): string {
  if (value === undefined) return 'n/a';
  if (isBase || base === undefined) return value.toFixed(3);
  const change = value - base;
  return `${value.toFixed(3)} ${Math.abs(change) < 0.0005 ? ' =    ' : `${change > 0 ? '+' : '-'}${Math.abs(change).toFixed(3)}`}`;
}

/** One column per dataset and figure that some row has (a dataset without connection truth has no such column). */
export function ablationTable(totals: Totals, rows: Variant[]): string {
  const columns = [...totals].flatMap(([dataset, scores]) =>
    (['symbols', 'connections'] as const)
      .filter((of) => rows.some((variant) => f1(scores.get(variant.name), of) !== undefined))
      .map((of) => ({ header: `${dataset} ${of === 'symbols' ? 'sym' : 'conn'} F1`, scores, of })),
  );
  const body = rows.map((variant) => [
    variant.name,
    ...columns.map(({ scores, of }) => cell(f1(scores.get(variant.name), of), f1(scores.get(ALL_ON.name), of), variant === ALL_ON)),
  ]);
  const legend = rows.filter((variant) => variant.without).map((variant) => `  ${variant.without}: ${RULE_MODULES[variant.without!]}`);
  return `${formatTable(['variant', ...columns.map(({ header }) => header)], body)}\n\nrules:\n${legend.join('\n')}`;
}

/** The rules named by `--rules a,b`, every one without it. */
export function chosenRules(list: string | undefined): RuleModule[] {
  if (!list) return Object.keys(RULE_MODULES) as RuleModule[];
  const names = list.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !isRuleModule(name));
  if (unknown.length) throw new Error(`--rules: no such rule ${unknown.join(', ')} (rules: ${Object.keys(RULE_MODULES).join(', ')})`);
  return names as RuleModule[];
}
