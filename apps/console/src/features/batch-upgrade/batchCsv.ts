/**
 * The batch upgrade CSV read in the browser before it is sent (spec 001 §5 "Batch upgrade CSV: at
 * most 500 devices", §9 "500 devices per batch"): its data rows counted and shown for a preview,
 * and a file of more than 500 devices refused here already, so nothing is sent (the core refuses it
 * too). The text itself goes to the core unchanged: it validates every row (device, version,
 * eligibility) and answers per line; this preview only reads what is needed to show the rows.
 *
 * Format: comma (or semicolon) separated, a header naming the columns first (`deviceId,targetVersion`);
 * blank lines are skipped; values may be quoted ("a,b" and "" for a quote inside).
 */
import { LIMITS } from '@fleet/contracts';

export interface CsvPreviewRow {
  /** The line number in the file (1 is the header), as the core reports its per-row results. */
  readonly line: number;
  readonly deviceId: string;
  readonly targetVersion: string;
}

export interface CsvPreview {
  /** The header's column names, as written. */
  readonly columns: readonly string[];
  /** Data rows (the header and blank lines are not counted). */
  readonly rows: readonly CsvPreviewRow[];
  readonly count: number;
  /** More rows than a batch may hold: the file is refused before anything is sent. */
  readonly overLimit: boolean;
  /** The header does not name a device column. */
  readonly missingDeviceColumn: boolean;
}

export const BATCH_MAX_DEVICES = LIMITS.batchUpgradeMaxDevices;

/** Column names read as the device id / target version (compared without case, spaces, _ and -). */
const DEVICE_COLUMNS = ['deviceid', 'device', 'id', 'uniqueid', 'unitid', 'serverid'];
const VERSION_COLUMNS = ['targetversion', 'version', 'target', 'swversion'];

const normalise = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');

/** Splits one line into fields (quotes honoured). The separator is the header's: ',' unless it only has ';'. */
export function splitCsvLine(line: string, separator = ','): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (ch === separator) {
      fields.push(field.trim());
      field = '';
    } else field += ch;
  }
  fields.push(field.trim());
  return fields;
}

/** Reads the text for the preview (see the module comment). Never throws. */
export function previewCsv(text: string): CsvPreview {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const headerIndex = lines.findIndex((l) => l.trim() !== '');
  if (headerIndex < 0) return { columns: [], rows: [], count: 0, overLimit: false, missingDeviceColumn: false };
  const headerLine = lines[headerIndex] ?? '';
  const separator = !headerLine.includes(',') && headerLine.includes(';') ? ';' : ',';
  const columns = splitCsvLine(headerLine, separator);
  const names = columns.map(normalise);
  const deviceAt = names.findIndex((n) => DEVICE_COLUMNS.includes(n));
  const versionAt = names.findIndex((n) => VERSION_COLUMNS.includes(n));
  const rows: CsvPreviewRow[] = [];
  for (let i = headerIndex + 1; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '') continue;
    const fields = splitCsvLine(line, separator);
    rows.push({ line: i + 1, deviceId: fields[deviceAt < 0 ? 0 : deviceAt] ?? '', targetVersion: versionAt < 0 ? '' : (fields[versionAt] ?? '') });
  }
  return { columns, rows, count: rows.length, overLimit: rows.length > BATCH_MAX_DEVICES, missingDeviceColumn: deviceAt < 0 };
}
