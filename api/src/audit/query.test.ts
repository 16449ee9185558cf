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

  it('never hands a spreadsheet a formula: one at the start, or after a ; or a tab, is prefixed with a quote', () => {
    for (const label of ['=HYPERLINK("http://x")', '+1', '-2', '@SUM(A1)', 'x;=cmd', 'x\t+1']) {
      const [, line] = auditCsv([row(label)]).split('\r\n');
      expect(line?.split('","')[4], label).toBe(`'${label.replace(/"/g, '""')}`);
    }
  });
});
