// The shop's one CSV writer: every file the api hands out as CSV (the catalogue export, the audit export) is
// written here, and the catalogue import reads cells back with `readCsvCell`.
//
// A cell is always quoted (RFC 4180: a quote inside is doubled), so a spreadsheet that honours quotes sees one
// cell whatever separator it splits on. One that does not (LibreOffice asked to split on ;, a tab or a new
// line, with quoted fields not kept whole) starts a new cell after each such character, and runs any cell that
// starts with = + - @ (or their fullwidth forms ＝ ＋ － ＠, or a tab or a return, OWASP's list) as a formula.
// So a ' (OWASP's advice: a spreadsheet's mark for "this is text") is put at the start of the cell and after
// every , ; tab, return or new line inside it, wherever spaces and quotes and then one of those characters
// follow: no piece of a cell a spreadsheet can cut out starts a formula, even with its spaces trimmed.
//
// The ' is put exactly there, and one more where a ' already stood at such a place: `readCsvCell` takes
// one off at each of those places and gives back the text as it was, whatever it held ("-20% sale",
// "'-20%", "a;=b" alike). A file written by hand reads the same: a ' before a formula character at the start of
// a cell, or after a separator, is the spreadsheet's text mark and is dropped (write '' for a real one).

/** Where a spreadsheet may start a cell: the start, or after a separator it may split on (, ; tab, return, new line). */
const PIECE_START = String.raw`(?<=^|[,;\t\r\n])`;
/** What a spreadsheet runs as a formula there, after spaces it may trim and quotes (' or "): = + - @ (and fullwidth), tab, return. */
const FORMULA_AHEAD = String.raw`(?=[ '"]*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])`;

const GUARD_AT = new RegExp(`${PIECE_START}${FORMULA_AHEAD}`, 'g');
const GUARD = new RegExp(`${PIECE_START}'${FORMULA_AHEAD}`, 'g');

/** The text of a cell that no spreadsheet runs as a formula, in any piece it may cut it into. */
function neutralise(text: string): string {
  return text.replace(GUARD_AT, "'");
}

/** A value as one CSV cell: quoted always, formulas neutralised. Nothing is empty; numbers as they print; objects as JSON. */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return `"${neutralise(text).replace(/"/g, '""')}"`;
}

/** A cell's text as `csvCell` was given it (the CSV's own quoting already undone by the parser). */
export function readCsvCell(text: string): string {
  return text.replace(GUARD, '');
}

/**
 * A whole file: the header row (names of our own, plain lowercase words, written bare as readers expect),
 * then one line a row, every cell quoted and neutralised; lines end in CRLF, the last one too.
 */
export function csvTable(columns: readonly string[], rows: Iterable<readonly unknown[]>): string {
  const bad = columns.find((c) => !/^[a-z][a-z0-9_]*$/.test(c));
  if (bad !== undefined) throw new Error(`A CSV column is named in plain lowercase words: ${JSON.stringify(bad)}`);
  const lines = [columns.join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
