import { zodResolver } from '@hookform/resolvers/zod';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { StaffRole } from '../../__generated__/types';
import { DataTable } from '../../components/data-table';
import { problem, when } from '../../lib/format';
import { useChangeStaffRoleMutation } from './__generated__/change-staff-role';
import { useInviteStaffMutation } from './__generated__/invite-staff';
import { useRemoveStaffMutation } from './__generated__/remove-staff';
import { useUnlockStaffMutation } from './__generated__/unlock-staff';
import { useRolesQuery } from './__generated__/roles';
import { type StaffQuery, useStaffQuery } from './__generated__/staff';

const ROLES: StaffRole[] = ['OWNER', 'MANAGER', 'FULFILMENT', 'SUPPORT', 'CATALOGUE'];
const roleName = (r: string) => r.charAt(0) + r.slice(1).toLowerCase();

const InviteSchema = z.object({
  email: z.email('Enter their e-mail address'),
  name: z.string().trim().max(100, 'At most 100 characters'),
  role: z.enum(ROLES),
});
type InviteValues = z.infer<typeof InviteSchema>;

type Row = StaffQuery['staff'][number];

/** The staff (staff:manage): invite with a role (the one-time link is shown to pass on), change roles, remove. */
export function StaffPage() {
  const { data, error, refetch } = useStaffQuery();
  const roles = useRolesQuery();
  const [invite, inviting] = useInviteStaffMutation();
  const [changeRole] = useChangeStaffRoleMutation();
  const [remove] = useRemoveStaffMutation();
  const [unlock] = useUnlockStaffMutation();
  const [refused, setRefused] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<InviteValues>({
    resolver: zodResolver(InviteSchema),
    defaultValues: { email: '', name: '', role: 'FULFILMENT' },
  });
  const act = (p: Promise<unknown>) => {
    setRefused(null);
    p.then(
      () => refetch(),
      (err: unknown) => setRefused(problem(err)),
    );
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
          onChange={(e) => act(changeRole({ variables: { staffId: c.row.original.id, role: e.target.value as StaffRole } }))}
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
              onClick={() => {
                if (window.confirm(`Let ${c.row.original.email} sign in again now? Do it once you know the wrong codes were theirs.`)) {
                  act(unlock({ variables: { staffId: c.row.original.id } }));
                }
              }}
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
      cell: (c) => (
        <button
          type="button"
          onClick={() => {
            if (window.confirm(`Remove ${c.row.original.email} from the staff? Their sessions end at once.`)) {
              act(remove({ variables: { staffId: c.row.original.id } }));
            }
          }}
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
      <DataTable rows={data?.staff ?? []} columns={columns} caption={`${data?.staff.length ?? 0} people`} />
      {refused && (
        <p className="admin-error" role="alert">
          {refused}
        </p>
      )}
      <h2>Invite someone</h2>
      <form onSubmit={(ev) => void onSubmit(ev)} noValidate>
        <label>
          E-mail
          <input type="email" {...register('email')} aria-invalid={Boolean(e.email)} />
        </label>
        {e.email && <p className="admin-error">{e.email.message}</p>}
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
          Give them this one-time link (until {when(link.expiresAt)}): <code data-testid="invite-link">{link.link}</code>
        </p>
      )}
      <h2>Roles</h2>
      <dl>
        {roles.data?.roles.map((r) => (
          <div key={r.role}>
            <dt>{roleName(r.role)}</dt>
            <dd>
              {r.description} ({r.permissions.join(', ')})
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
