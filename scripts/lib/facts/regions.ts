/**
 * Generated regions of a Markdown file: the lines between `<!-- facts:<name> -->` and
 * `<!-- /facts:<name> -->`, each marker alone on its line and outside fenced code. The build
 * rewrites what lies between; everything else in the file is left byte for byte.
 */

const OPEN = /^<!-- facts:([a-z0-9-]+) -->$/;
const CLOSE = /^<!-- \/facts:([a-z0-9-]+) -->$/;
const FENCE = /^\s*(```|~~~)/;

export interface Region {
  name: string;
  /** Line index of the opening marker. */
  open: number;
  /** Line index of the closing marker. */
  close: number;
}

/** Markers written as `<!-- facts:name -->`, for messages. */
export const openMarker = (name: string): string => `<!-- facts:${name} -->`;
export const closeMarker = (name: string): string => `<!-- /facts:${name} -->`;

/** The regions of `text`; every marker problem is reported with the file, the marker and its line. */
export function findRegions(file: string, text: string, problems: string[]): Region[] {
  const lines = text.split('\n');
  const regions: Region[] = [];
  const seen = new Set<string>();
  let current: { name: string; open: number } | undefined;
  let fenced = false;
  lines.forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    if (FENCE.test(line)) fenced = !fenced;
    if (fenced) return;
    const at = `${file}:${index + 1}`;
    const opening = OPEN.exec(line)?.[1];
    const closing = CLOSE.exec(line)?.[1];
    if (opening) {
      if (current) problems.push(`${at}: ${openMarker(opening)} opens inside ${openMarker(current.name)} (line ${current.open + 1}), which is not closed`);
      else if (seen.has(opening)) problems.push(`${at}: ${openMarker(opening)} appears twice in the file`);
      seen.add(opening);
      current = { name: opening, open: index };
    } else if (closing) {
      if (!current) problems.push(`${at}: ${closeMarker(closing)} closes a region that was not opened`);
      else if (current.name !== closing) problems.push(`${at}: ${closeMarker(closing)} closes ${openMarker(current.name)} (line ${current.open + 1})`);
      else regions.push({ name: closing, open: current.open, close: index });
      current = undefined;
    }
  });
  if (current) problems.push(`${file}:${current.open + 1}: ${openMarker(current.name)} has no ${closeMarker(current.name)}`);
  return regions;
}

/**
 * `text` with each region's content replaced by `render(name)`, or the problems found (markers,
 * unknown names). Content is written between blank lines, so a table stays a table.
 */
export function rewriteRegions(
  file: string,
  text: string,
  render: (name: string) => string | undefined,
  problems: string[],
): { text: string; regions: string[] } {
  const before = problems.length;
  const regions = findRegions(file, text, problems);
  const lines = text.split('\n');
  const out: string[] = [];
  let next = 0;
  for (const region of regions) {
    const content = render(region.name);
    if (content === undefined) {
      problems.push(`${file}:${region.open + 1}: ${openMarker(region.name)} names no fact the build knows`);
      continue;
    }
    out.push(...lines.slice(next, region.open + 1), '', content.replace(/\n+$/, ''), '');
    next = region.close;
  }
  out.push(...lines.slice(next));
  return problems.length > before ? { text, regions: [] } : { text: out.join('\n'), regions: regions.map((r) => r.name) };
}
