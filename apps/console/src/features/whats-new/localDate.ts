/**
 * The expiry date field (an <input type="datetime-local">, the browser's local time without zone)
 * to and from the ISO date with offset the core takes.
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO date as the field's value, in local time ("2026-11-23T18:30"). */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The field's value (local time) as an ISO date; a value the browser could not read passes through, for the core to refuse. */
export function fromLocalInput(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}
