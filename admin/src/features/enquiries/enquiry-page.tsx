import { useState } from 'react';
import { ComplaintDeadlines } from '../../components/complaint-deadlines';
import { Link, useParams } from 'react-router-dom';
import { z } from 'zod';
import { NoRecord } from '../../components/no-record';
import { SaveForm, useSaveForm } from '../../components/save-form';
import { type Message, Said, saying } from '../../components/said';
import { problem, when } from '../../lib/format';
import { ENQUIRY_STATUSES, ENQUIRY_STATUS_LABEL } from './enquiry-words';
import { useAddEnquiryNoteMutation } from './__generated__/add-enquiry-note';
import { useEnquiryQuery } from './__generated__/enquiry';
import type { EnquiryWholeFragment } from './__generated__/enquiry-whole';
import { useReplyToEnquiryMutation } from './__generated__/reply-to-enquiry';
import { useResendEnquiryReplyMutation } from './__generated__/resend-enquiry-reply';
import { useUpdateEnquiryMutation } from './__generated__/update-enquiry';

/** One enquiry: what was asked, its status and who answers it, the internal notes, and a reply by e-mail. */
export function EnquiryPage() {
  const { id } = useParams();
  const { data, error, loading, refetch } = useEnquiryQuery({ variables: { id: id ?? '' }, fetchPolicy: 'cache-and-network' });
  const [resend, resending] = useResendEnquiryReplyMutation();
  const [resendMessage, setResendMessage] = useState<Message>(null);
  // The enquiry as this person's own last note, reply or resend left it: the status form takes it as read.
  const [ours, setOurs] = useState<EnquiryWholeFragment | null>(null);
  const enquiry = data?.enquiry;
  if (error || !enquiry) return <NoRecord loading={loading && !data} error={error} missing="There is no such enquiry." />;
  return (
    <section>
      <p>
        <Link to="/enquiries">All enquiries</Link>
      </p>
      <h1>Enquiry from {enquiry.name}</h1>
      <p>
        {enquiry.email} · {enquiry.mobile} · sent {when(enquiry.createdAt)}
      </p>
      <blockquote className="admin-quote">{enquiry.comment}</blockquote>
      {enquiry.complaint && (
        <p className="admin-complaint">
          <strong>Complaint {enquiry.complaint.ticket}.</strong> <ComplaintDeadlines complaint={enquiry.complaint} />
        </p>
      )}
      <p>{enquiry.lastReply ? `Last reply by ${enquiry.lastReply.by}, ${when(enquiry.lastReply.at)}.` : 'Not replied to yet.'}</p>
      <StatusForm key={enquiry.id} enquiry={enquiry} ours={ours} assignees={data.enquiryAssignees} />
      <h2>Notes and replies</h2>
      {enquiry.events.length === 0 ? (
        <p>None yet.</p>
      ) : (
        <ol className="admin-timeline">
          {enquiry.events.map((e) => (
            <li key={e.id}>
              <p>
                <strong>{e.kind === 'NOTE' ? 'Note' : 'Reply e-mailed'}</strong> by {e.by}, {when(e.createdAt)}
                {e.kind === 'REPLY' &&
                  (e.sentAt ? ` (sent ${when(e.sentAt)})` : ` (not sent: ${e.sendError ?? 'the mailer did not take it'})`)}
              </p>
              <p className="admin-pre">{e.body}</p>
              {e.kind === 'REPLY' && !e.sentAt && (
                <button
                  type="button"
                  disabled={resending.loading}
                  onClick={() => {
                    setResendMessage(null);
                    void saying(setResendMessage, 'Not sent')(
                      resend({ variables: { id: enquiry.id, eventId: e.id } }).then((r) => {
                        if (r.data) setOurs(r.data.resendEnquiryReply);
                        return r;
                      }),
                      `Reply e-mailed to ${enquiry.email}.`,
                    );
                  }}
                >
                  Send again
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      <Said message={resendMessage} />
      <NoteForm enquiry={enquiry} onAdded={setOurs} />
      <ReplyForm enquiry={enquiry} onSent={setOurs} onFailed={() => void refetch()} />
    </section>
  );
}

const StatusSchema = z.object({ status: z.enum(ENQUIRY_STATUSES), assigneeId: z.string() });
type StatusValues = z.input<typeof StatusSchema>;
type StatusChange = { status?: StatusValues['status']; assigneeId?: string | null };

/** Its status and who answers it, saved over the version read; only what was changed is sent. */
function StatusForm({
  enquiry,
  ours,
  assignees,
}: {
  enquiry: EnquiryWholeFragment;
  ours: EnquiryWholeFragment | null;
  assignees: { id: string; name: string }[];
}) {
  const [update, updating] = useUpdateEnquiryMutation();
  const valuesOf = (e: EnquiryWholeFragment | null): StatusValues => ({
    status: e?.status ?? 'SUBMITTED',
    assigneeId: e?.assignee?.id ?? '',
  });
  const saving = useSaveForm({
    record: enquiry,
    idPrefix: 'enquiry',
    schema: StatusSchema,
    valuesOf,
    // What this person changed, against what the form showed: a note or a reply moves the enquiry's version on
    // without touching these, and someone else's change to a field left alone is kept.
    input: (v: StatusValues): StatusChange => {
      const shown: Partial<StatusValues> | undefined = saving.form.formState.defaultValues;
      return {
        ...(v.status !== shown?.status ? { status: v.status } : {}),
        ...(v.assigneeId !== shown?.assigneeId ? { assigneeId: v.assigneeId || null } : {}),
      };
    },
    create: async () => undefined,
    update: async (change, id, version) => (await update({ variables: { id, version, ...change } })).data?.updateEnquiry,
    follow: true,
    latest: true,
    // A reply of this person's own moves a new enquiry to Contacted: a status they chose meanwhile still saves.
    ours,
  });
  return (
    <SaveForm
      saving={saving}
      label="Status and who is assigned"
      className="admin-filters"
      createText="Save"
      saveText="Save"
      busy={updating.loading || !saving.form.formState.isDirty}
    >
      <label>
        Status
        <select {...saving.attrs('status')}>
          {ENQUIRY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ENQUIRY_STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Assigned to
        <select {...saving.attrs('assigneeId')}>
          <option value="">Nobody</option>
          {assignees.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </label>
    </SaveForm>
  );
}

function NoteForm({ enquiry, onAdded }: { enquiry: EnquiryWholeFragment; onAdded: (e: EnquiryWholeFragment) => void }) {
  const [add, adding] = useAddEnquiryNoteMutation();
  const [note, setNote] = useState('');
  const [message, setMessage] = useState<Message>(null);
  return (
    <form
      aria-label="Internal note"
      noValidate
      onSubmit={(ev) => {
        ev.preventDefault();
        if (!note.trim()) return setMessage({ ok: false, text: 'Write the note' });
        add({ variables: { id: enquiry.id, note: note.trim() } }).then(
          (r) => {
            if (r.data) onAdded(r.data.addEnquiryNote);
            setNote('');
            setMessage({ ok: true, text: 'Note added.' });
          },
          (err: unknown) => setMessage({ ok: false, text: problem(err) ?? 'Not added' }),
        );
      }}
    >
      <label htmlFor="enquiry-note">Internal note (the customer never sees it)</label>
      <textarea id="enquiry-note" rows={3} maxLength={5000} value={note} onChange={(e) => setNote(e.target.value)} />
      <button type="submit" disabled={adding.loading}>
        Add the note
      </button>
      <Said message={message} />
    </form>
  );
}

function ReplyForm({
  enquiry,
  onSent,
  onFailed,
}: {
  enquiry: EnquiryWholeFragment;
  onSent: (e: EnquiryWholeFragment) => void;
  onFailed: () => void;
}) {
  const [reply, replying] = useReplyToEnquiryMutation();
  const [text, setText] = useState('');
  const [message, setMessage] = useState<Message>(null);
  return (
    <form
      aria-label="Reply by e-mail"
      noValidate
      onSubmit={(ev) => {
        ev.preventDefault();
        if (!text.trim()) return setMessage({ ok: false, text: 'Write the reply' });
        reply({ variables: { id: enquiry.id, message: text.trim() } }).then(
          (r) => {
            if (r.data) onSent(r.data.replyToEnquiry);
            setText('');
            setMessage({ ok: true, text: `Reply e-mailed to ${enquiry.email}.` });
          },
          (err: unknown) => {
            setMessage({ ok: false, text: problem(err) ?? 'Not sent' });
            // A reply the mailer refused is kept on the enquiry (with Send again): show it.
            onFailed();
          },
        );
      }}
    >
      <label htmlFor="enquiry-reply">Reply to {enquiry.email}</label>
      <textarea id="enquiry-reply" rows={6} maxLength={10000} value={text} onChange={(e) => setText(e.target.value)} />
      <button type="submit" disabled={replying.loading}>
        Send the reply
      </button>
      <Said message={message} />
    </form>
  );
}
