/**
 * Prometheus' text exposition format (version 0.0.4), read strictly enough for the tests: every
 * line is a comment (`# HELP`, `# TYPE`) or `name{label="value",...} number`, and every sample
 * belongs to a declared metric family.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|NaN|\+Inf|-Inf))(?: \d+)?$/i;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;
const TYPE = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/;
const SUFFIXES = ['_bucket', '_sum', '_count', '_total', '_created'];

export function parsePrometheus(text: string): { samples: Sample[]; types: Map<string, string> } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      const type = TYPE.exec(line);
      if (type) types.set(type[1]!, type[2]!);
      else if (!line.startsWith('# HELP ')) throw new Error(`not a HELP or TYPE line: ${line}`);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const [, name, labelText, value] = match;
    const labels: Record<string, string> = {};
    for (const [, key, labelValue] of (labelText ?? '').matchAll(LABEL)) labels[key!] = labelValue!;
    const family = [name!, ...SUFFIXES.filter((s) => name!.endsWith(s)).map((s) => name!.slice(0, -s.length))].find((n) => types.has(n));
    if (!family) throw new Error(`a sample of no declared metric: ${line}`);
    samples.push({ name: name!, labels, value: Number(value!.replace(/^nan$/i, 'NaN').replace(/inf$/i, 'Infinity')) });
  }
  return { samples, types };
}

/** The value of the one sample with this name and these labels (among others), or undefined. */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}
