/** How a CRM account is shown: its summary row, one row per name in the tables, text of its details. */
import type { LocationSummary } from '@call-insights/contracts/locations';
import type { LocationRow } from './locations.repository.js';

export const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function toSummary(row: LocationRow, sourceLabel: string): LocationSummary {
  return {
    id: row.id,
    name: row.name,
    active: row.active,
    updatedAt: row.updatedAt.toISOString(),
    location_id: row.crmLocationId,
    companyId: row.companyId,
    source: sourceLabel,
    install: row.installType,
    needs_reconnect: row.needsReconnect,
  };
}

/** The spec's rule for the account and admin tables: one row per name, the latest updatedAt kept. */
export function dedupeByName(rows: LocationRow[]): LocationRow[] {
  const byName = new Map<string, LocationRow>();
  for (const row of rows) {
    const kept = byName.get(row.name);
    if (!kept || row.updatedAt > kept.updatedAt || (+row.updatedAt === +kept.updatedAt && row.id > kept.id))
      byName.set(row.name, row);
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}
