// Complaints through the real gateway and api: the contact form's complaint gets its ticket in the answer, and the
// back office lists it with its deadlines, on its enquiry too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff } from './test/back-office.js';
import { startTestGateway, type TestGateway } from './test/harness.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const SUBMIT = 'mutation($i: EnquiryInput!) { submitEnquiry(input: $i) { id status ticket } }';
const message = (email: string) => ({ name: 'Meera Shah', email, mobile: '9876543210', comment: 'The TV stand was missing.' });

describe('complaints', () => {
  it('are told their ticket at once; a message not marked one gets none', async () => {
    const made = await gw.gql<{ submitEnquiry: { id: string; ticket: string | null } }>(SUBMIT, {
      i: { ...message(`gw.complaint.${Date.now().toString(36)}@example.com`), complaint: true },
    });
    expect(made.errors).toBeUndefined();
    expect(made.data?.submitEnquiry.ticket).toMatch(/^GRV-\d{6}$/);
    const plain = await gw.gql<{ submitEnquiry: { ticket: string | null } }>(SUBMIT, {
      i: message(`gw.plain.${Date.now().toString(36)}@example.com`),
    });
    expect(plain.data?.submitEnquiry.ticket).toBeNull();

    const { browser: support } = await signedInStaff(gw, 'support');
    const COMPLAINT = 'ticket source enquiryId name email receivedAt acknowledgeBy acknowledgedAt resolveBy resolvedAt overdue';
    const list = await support.admin<{ complaints: { complaints: Record<string, unknown>[]; overdue: number } }>(
      `{ complaints { complaints { ${COMPLAINT} } overdue } }`,
    );
    expect(list.errors).toBeUndefined();
    const listed = list.data?.complaints.complaints.find((c) => c.ticket === made.data?.submitEnquiry.ticket);
    expect(listed).toMatchObject({
      source: 'ENQUIRY',
      enquiryId: made.data?.submitEnquiry.id,
      name: 'Meera Shah',
      acknowledgedAt: null,
      overdue: false,
    });
    const one = await support.admin<{ enquiry: { complaint: { ticket: string } | null } }>(
      'query($id: ID!) { enquiry(id: $id) { complaint { ticket } } }',
      {
        id: made.data?.submitEnquiry.id,
      },
    );
    expect(one.data?.enquiry.complaint?.ticket).toBe(made.data?.submitEnquiry.ticket);
    const { browser: fulfilment } = await signedInStaff(gw, 'fulfilment');
    expect((await fulfilment.admin('{ complaints { overdue } }')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
