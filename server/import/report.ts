// The dry-run report as text (the CLI prints it; the browser shows the same fields from the JSON).
import type { ImportReport } from './run';

const iso = (t: number | null) => (t === null ? '—' : new Date(t * 1000).toISOString().replace('.000Z', 'Z'));

export function formatReport(r: ImportReport): string {
  const lines = [
    `Format: ${r.format}${r.kind === 'daily' ? ' (daily summaries)' : ''}`,
    `Rows read: ${r.rows}${r.badLines > 0 ? `, ${r.badLines} unreadable` : ''}`,
    `Time range: ${iso(r.from)} – ${iso(r.to)}`,
    `Metrics: ${r.metrics.map((m) => `${m.key} [${m.unit || '-'}]`).join(', ') || 'none'}`,
    `Overlapping existing data: ${r.overlaps.rows} rows in ${r.overlaps.periods} ${r.kind === 'daily' ? 'days' : 'hours'}`,
    `Out of range (dropped): ${r.outOfRange.map((o) => `${o.key} ×${o.count} (e.g. ${o.example})`).join(', ') || 'none'}`,
  ];
  if (r.duplicates > 0) lines.push(`Repeated times (read once): ${r.duplicates}`);
  if (r.tooRecent > 0) lines.push(`Too recent to import (the current hour or later): ${r.tooRecent}`);
  for (const b of r.firstBad) lines.push(`  line ${b.line}: ${b.reason}`);
  if (r.status === 'dryRun')
    lines.push(`Would import ${r.imported} rows, keep ${r.skipped} overlapping as they are.`);
  else lines.push(`Imported ${r.imported} rows, skipped ${r.skipped}${r.job ? ` (import ${r.job})` : ''}.`);
  return lines.join('\n');
}
