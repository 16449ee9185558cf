import { PERMISSIONS } from '@digitic/shop-rules/staff-permissions';
import { zodResolver } from '@hookform/resolvers/zod';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useOutletContext } from 'react-router-dom';
import { z } from 'zod';
import type { StaffRole } from '../../__generated__/types';
import { useConfirm } from '../../components/confirm';
import { DataTable } from '../../components/data-table';
import { Field } from '../../components/field';
import { problem, when } from '../../lib/format';
import { useChangeStaffRoleMutation } from './__generated__/change-staff-role';
import { useInviteStaffMutation } from './__generated__/invite-staff';
import { useRemoveStaffMutation } from './__generated__/remove-staff';
import { useUnlockStaffMutation } from './__generated__/unlock-staff';
import { useRolesQuery } from './__generated__/roles';
import { type StaffQuery, useStaffQuery } from './__generated__/staff';

const ROLES: StaffRole[] = ['OWNER', 'MANAGER', 'FULFILMENT', 'SUPPORT', 'CATALOGUE'];
const roleName = (r: string) => r.charAt(0) + r.slice(1).toLowerCase();
/** A permission in words, as the declaration describes it (the code itself only if the api knows one the app does not). */
const permissionWords = (p: string) => (PERMISSIONS as Record<string, string>)[p] ?? p;

const InviteSchema = z.object({
  email: z.email('Enter their e-mail address'),
  name: z.string().trim().max(100, 'At most 100 characters'),
  role: z.enum(ROLES),
});
type InviteValues = z.infer<typeof InviteSchema>;

type Row = StaffQuery['staff'][number];

/** The staff (staff:manage): invite with a role (the one-time link is shown to pass on), change roles, remove. */
export function StaffPage() {
  const me = useOutletContext<{ id?: string } | null>();
  const confirm = useConfirm();
  const [said, setSaid] = useState<string | null>(null);
  const { data, error, refetch } = useStaffQuery();
  const roles = useRolesQuery();
  const [invite, inviting] = useInviteStaffMutation();
  const [changeRole] = useChangeStaffRoleMutation();
  const [remove] = useRemoveStaffMutation();
  const [unlock] = useUnlockStaffMutation();
  const [refused, setRefused] = useState<string | null>(null);
  // Whom the last invitation was for: its answer says whether it was e-mailed to them.
  const [invited, setInvited] = useState('');
  const { register, handleSubmit, formState, reset } = useForm<InviteValues>({
    resolver: zodResolver(InviteSchema),
    defaultValues: { email: '', name: '', role: 'FULFILMENT' },
  });
  const act = (p: Promise<unknown>, done?: string) => {
    setRefused(null);
    setSaid(null);
    p.then(
      () => {
        if (done) setSaid(done);
        return refetch();
      },
      (err: unknown) => setRefused(problem(err)),
    );
  };
  const who = (r: Row) => r.name || r.email || 'the first owner';
  const changeRoleOf = async (r: Row, role: StaffRole) => {
    if (role === r.role) return;
    const yes = await confirm({
      title: `Make ${who(r)} ${roleName(role)}?`,
      body: (
        <>
          <p>
            {roleName(role)}: {roles.data?.roles.find((x) => x.role === role)?.description}
          </p>
          <p>Their sessions end now: they sign in again to work as {roleName(role)}.</p>
        </>
      ),
      action: `Make ${roleName(role)}`,
    });
    if (yes) act(changeRole({ variables: { staffId: r.id, role } }), `${who(r)} is ${roleName(role)} now; their sessions have ended.`);
  };
  const column = createColumnHelper<Row>();
  const columns = [
    column.accessor((r) => r.name || r.email, { id: 'who', header: 'Who' }),
    column.accessor('email', { header: 'E-mail' }),
    column.accessor('role', {
      header: 'Role',
      cell: (c) => (
        <select
          aria-label={`Role of ${c.row.original.email || 'the first owner'}`}
          value={c.getValue()}
          disabled={c.row.original.id === me?.id}
          onChange={(e) => void changeRoleOf(c.row.original, e.target.value as StaffRole)}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {roleName(r)}
            </option>
          ))}
        </select>
      ),
    }),
    column.accessor((r) => (!r.locked ? r.status : r.lockedUntil ? `locked until ${when(r.lockedUntil)}` : 'locked until unlocked'), {
      id: 'status',
      header: 'Status',
      cell: (c) =>
        c.row.original.locked ? (
          <>
            {c.getValue()}{' '}
            <button
              type="button"
              onClick={() =>
                void confirm({
                  title: `Let ${c.row.original.email} sign in again now?`,
                  body: <p>Do it once you know the wrong codes were theirs.</p>,
                  action: 'Unlock',
                }).then((yes) => yes && act(unlock({ variables: { staffId: c.row.original.id } })))
              }
            >
              Unlock {c.row.original.email}
            </button>
          </>
        ) : (
          c.getValue()
        ),
    }),
    column.accessor('createdAt', { header: 'Since', cell: (c) => when(c.getValue()) }),
    column.display({
      id: 'remove',
      header: 'Remove',
      cell: (c) =>
        c.row.original.id === me?.id ? (
          'You'
        ) : (
          <button
            type="button"
            className="admin-final"
            onClick={() =>
              void confirm({
                title: `Remove ${who(c.row.original)} from the staff?`,
                body: <p>Their sessions end at once, and they can no longer sign in. To let them back, invite them again.</p>,
                action: `Remove ${who(c.row.original)}`,
                danger: true,
              }).then(
                (yes) => yes && act(remove({ variables: { staffId: c.row.original.id } }), `${who(c.row.original)} has been removed.`),
              )
            }
          >
            Remove {c.row.original.email}
          </button>
        ),
    }),
  ];
  const e = formState.errors;
  const onSubmit = handleSubmit(async (v) => {
    setRefused(null);
    try {
      await invite({ variables: { email: v.email, role: v.role, ...(v.name ? { name: v.name } : {}) } });
      setInvited(v.email);
      reset({ email: '', name: '', role: v.role });
      await refetch();
    } catch (err) {
      setRefused(problem(err));
    }
  });
  const link = inviting.data?.inviteStaff;
  return (
    <section>
      <h1>Staff</h1>
      {error && <p role="alert">{problem(error)}</p>}
      <DataTable
        rows={data?.staff ?? []}
        columns={columns}
        caption={`${data?.staff.length ?? 0} ${data?.staff.length === 1 ? 'person' : 'people'}`}
      />
      {refused && (
        <p className="admin-error" role="alert">
          {refused}
        </p>
      )}
      {said && <p role="status">{said}</p>}
      <h2>Invite someone</h2>
      <form onSubmit={(ev) => void onSubmit(ev)} noValidate>
        <Field label="E-mail" type="email" field={register('email')} error={e.email} />
        <label>
          Name
          <input {...register('name')} />
        </label>
        <label htmlFor="invite-role">Role</label>
        <select id="invite-role" {...register('role')}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {roleName(r)}
            </option>
          ))}
        </select>
        <button type="submit" disabled={inviting.loading}>
          Invite
        </button>
      </form>
      {link && (
        <p role="status">
          {link.emailed
            ? `The invitation is e-mailed to ${invited}. `
            : `The invitation could not be e-mailed to ${invited}: give them the link yourself. `}
          Their one-time link (until {when(link.expiresAt)}): <code data-testid="invite-link">{link.link}</code>{' '}
          <button
            type="button"
            onClick={() =>
              void navigator.clipboard.writeText(link.link).then(
                () => setSaid('The link is copied: send it to them.'),
                () => setSaid('The browser did not let the page copy: select the link and copy it.'),
              )
            }
          >
            Copy the link
          </button>
        </p>
      )}
      <h2>Roles</h2>
      <dl>
        {roles.data?.roles.map((r) => (
          <div key={r.role}>
            <dt>{roleName(r.role)}</dt>
            <dd>
              {r.description}. May:
              <ul>
                {r.permissions.map((p) => (
                  <li key={p}>{permissionWords(p)}</li>
                ))}
              </ul>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
