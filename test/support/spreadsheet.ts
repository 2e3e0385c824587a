import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

/**
 * Opens a CSV file in LibreOffice Calc, headless, as the office opens the dashboard's export, and
 * reads back what each cell holds. The import options are the Text Import dialog's with UTF-8 and
 * formulas evaluated, which is what Excel does with a CSV: a payload that became a formula here
 * would run there.
 */

/** A cell as Calc holds it once the file is open: the text it shows, and its formula when it made one. */
export type SheetCell = { text: string; formula?: string };

const run = promisify(execFile);

/** Field separator comma, text delimiter ", UTF-8, from line 1, no column formats, system language, then (13th) evaluate formulas. */
const CSV_IMPORT = 'CSV:44,34,76,1,,0,false,false,false,false,false,false,true';

const INSTALL_HINT = 'Install it as CI does (.ci/run): apt-get install -y libreoffice-calc-nogui';

function findSoffice(): string {
  const onPath = (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'soffice'));
  const found = [...onPath, '/usr/lib/libreoffice/program/soffice', '/opt/libreoffice/program/soffice'].find((file) =>
    fs.existsSync(file),
  );
  if (!found)
    throw new Error(
      `LibreOffice (soffice) was not found: this test opens the CSV export in it, as the office does. ${INSTALL_HINT}`,
    );
  return found;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (xml: string) => xml.replace(/&(amp|lt|gt|quot|apos);/g, (_match, name: string) => entities[name]!);

/** The text of one cell's <text:p> paragraphs, with the spaces, tabs and line breaks Calc writes as elements. */
function cellText(inner: string): string {
  const paragraphs = [...inner.matchAll(/<text:p(?:\s[^>]*)?>([\s\S]*?)<\/text:p>/g)].map(([, body]) =>
    decode(
      body!
        .replace(/<text:s(?:\s+text:c="(\d+)")?\s*\/>/g, (_match, count?: string) => ' '.repeat(Number(count ?? 1)))
        .replace(/<text:tab\s*\/>/g, '\t')
        .replace(/<text:line-break\s*\/>/g, '\n')
        .replace(/<[^>]+>/g, ''),
    ),
  );
  return paragraphs.join('\n');
}

/** The rows of the first sheet of a flat ODF spreadsheet, without the empty cells and rows after the data. */
function sheetRows(fods: string): SheetCell[][] {
  const table = /<table:table\s[\s\S]*?<\/table:table>/.exec(fods)?.[0] ?? '';
  const rows: SheetCell[][] = [];
  for (const [, rowInner] of table.matchAll(/<table:table-row(?:\s[^>]*)?>([\s\S]*?)<\/table:table-row>/g)) {
    const cells: SheetCell[] = [];
    const matches = [...rowInner!.matchAll(/<table:table-cell((?:\s[^>]*?)?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g)];
    matches.forEach(([, attributes, inner], index) => {
      const formula = /table:formula="([^"]*)"/.exec(attributes!)?.[1];
      const cell: SheetCell =
        formula === undefined
          ? { text: cellText(inner ?? '') }
          : { text: cellText(inner ?? ''), formula: decode(formula) };
      // The row's last cell stands for the rest of the sheet's width (a thousand empty columns).
      if (index === matches.length - 1 && cell.text === '' && cell.formula === undefined) return;
      const repeated = Number(/table:number-columns-repeated="(\d+)"/.exec(attributes!)?.[1] ?? 1);
      for (let copy = 0; copy < repeated; copy++) cells.push(cell);
    });
    if (cells.length > 0) rows.push(cells);
  }
  return rows;
}

/** Opens `csv` in LibreOffice Calc and answers the cells of its sheet, row by row. */
export const openCsvInLibreOffice = (csv: Buffer): Promise<SheetCell[][]> => openInLibreOffice(csv, 'csv');

/** Opens an .xlsx file in LibreOffice Calc as a double-click does (no import options) and answers its first sheet's cells. */
export const openXlsxInLibreOffice = (xlsx: Buffer): Promise<SheetCell[][]> => openInLibreOffice(xlsx, 'xlsx');

async function openInLibreOffice(bytes: Buffer, extension: 'csv' | 'xlsx'): Promise<SheetCell[][]> {
  const soffice = findSoffice();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${extension}-in-calc-`));
  try {
    const input = path.join(dir, `export.${extension}`);
    fs.writeFileSync(input, bytes);
    // A profile of its own, so that runs side by side do not wait on each other's lock.
    const profile = pathToFileURL(path.join(dir, 'profile')).href;
    const filter = extension === 'csv' ? [`--infilter=${CSV_IMPORT}`] : [];
    await run(
      soffice,
      [
        `-env:UserInstallation=${profile}`,
        '--headless',
        '--norestore',
        ...filter,
        '--convert-to',
        'fods',
        '--outdir',
        dir,
        input,
      ],
      { timeout: 120_000 },
    );
    const output = path.join(dir, 'export.fods');
    if (!fs.existsSync(output))
      throw new Error(`LibreOffice ran but wrote no spreadsheet: it could not open the ${extension} export.`);
    return sheetRows(fs.readFileSync(output, 'utf8'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
