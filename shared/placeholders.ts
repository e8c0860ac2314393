/** A text with its `{name}` placeholders filled from `params` (a placeholder without a value stays): words and refusals alike. */
export function fillPlaceholders(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
