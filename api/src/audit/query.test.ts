import { describe, expect, it } from 'vitest';
import { type AuditRow, auditCsv } from './query.js';

const row = (label: string): AuditRow => ({
  id: '1',
  at: '2026-11-24T10:00:00.000Z',
  actor: { kind: 'staff', id: null, label },
  action: 'staff.sign_in_failed',
  subject: null,
  before: null,
  after: { reason: 'wrong password' },
  address: '198.51.100.1',
  requestId: 'r1',
});

describe('the audit trail as CSV', () => {
  it('quotes every cell, so a spreadsheet splitting on ; still sees one cell', () => {
    const [, line] = auditCsv([row('a;b')]).split('\r\n');
    expect(line).toBe(
      '"1","2026-11-24T10:00:00.000Z","staff","","a;b","staff.sign_in_failed","","","","{""reason"":""wrong password""}","198.51.100.1","r1"',
    );
  });

  it('never hands a spreadsheet a formula: not at the start, nor after a ; , tab or line break inside a cell', () => {
    for (const label of ['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', "x;=cmd|' /c calc'!A0", 'x\t+1', 'x, -1', 'x\n@y', '\uFF1D1']) {
      const [, line] = auditCsv([row(label)]).split('\r\n');
      const cell = line?.split('","')[4] ?? '';
      const pieces = cell
        .replace(/""/g, '"')
        .split(/[,;\t\n]/)
        .map((p) => p.trimStart());
      expect(
        pieces.filter((p) => /^[=+\-@\uFF1D]/.test(p)),
        `${label} → ${cell}`,
      ).toEqual([]);
    }
    expect(
      auditCsv([row("x;=cmd|' /c calc'!A0")])
        .split('\r\n')[1]
        ?.split('","')[4],
    ).toBe("x;'=cmd|' /c calc'!A0");
  });
});
