import { type BaseSyntheticEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, get, type Path, type PathValue, useForm } from 'react-hook-form';
import { useBlocker, useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { problem } from '../lib/format';
import { useConfirm } from './confirm';

/** A record the api saves only over the version the editor read. */
interface Versioned {
  id: string;
  version: number;
}

/**
 * A form that makes a record or saves one with the version it was read at: a change someone made meanwhile is
 * refused (and its words shown), never overwritten. Made, the new record opens; saved, the form shows what the
 * api kept.
 */
export function useSaveForm<Values extends FieldValues, Output, Input, Saved extends Versioned>(o: {
  /** The record edited; null makes a new one. */
  record: Saved | null;
  /** What the fields' ids start with: `coupon` gives `coupon-code`, and `coupon-code-error` for its message. */
  idPrefix: string;
  /** The fields' rules (the api checks them all again): answering early, and what a save sends. */
  schema: z.ZodType<Output, Values>;
  valuesOf: (record: Saved | null) => DefaultValues<Values>;
  input: (values: Output) => Input;
  /** Makes the record; answers the address it opens at. */
  create: (input: Input) => Promise<string | undefined>;
  /** Saves it over `version`; answers it as the api kept it. */
  update: (input: Input, id: string, version: number) => Promise<Saved | undefined>;
  /** Fields shown, not changed (the person may not). */
  readOnly?: boolean;
  /** The form takes up a newer version of the record (publishing, say) while nothing is being typed. */
  follow?: boolean;
  /**
   * A save names the record's latest version, not the one the form read, while what it sends is as the form read
   * it: for a form whose record the page's other actions (stock, pictures, archive, a note) move past without
   * changing that. Once someone changed it meanwhile, the save names the version read, and the api refuses it.
   */
  latest?: boolean;
  /**
   * The record as an action of this person's own elsewhere on the page left it (a reply that moved the status on).
   * Made from the version the form read (one version on), it is taken as read: the fields the person left alone
   * show it, and theirs are kept. Further on, someone else changed it too, and the form keeps the version it read.
   */
  ours?: Saved | null;
}) {
  const { record, idPrefix, valuesOf, follow = false } = o;
  const navigate = useNavigate();
  const [refused, setRefused] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // The record the form's values came from: a save names its version, or (`latest`) the record's own while what a
  // save sends of it is still the same.
  const [loaded, setLoaded] = useState(record);
  const loadedVersion = loaded?.version ?? 0;
  /** What a save would send for a record as it is: its values by the form's rules, through `input`. */
  const sent = (r: Saved | null) => {
    const parsed = o.schema.safeParse(valuesOf(r));
    return JSON.stringify(parsed.success ? o.input(parsed.data) : valuesOf(r));
  };
  const form = useForm<Values, unknown, Output>({ resolver: zodResolver(o.schema), defaultValues: valuesOf(record) });
  const { errors, isDirty } = form.formState;
  const { reset } = form;
  useUnsavedWarning(isDirty && !form.formState.isSubmitting);
  useEffect(() => {
    if (follow && record && record.version !== loadedVersion && !isDirty) {
      reset(valuesOf(record));
      setLoaded(record);
    }
  }, [follow, record, loadedVersion, isDirty, reset, valuesOf]);
  const { ours } = o;
  useEffect(() => {
    if (ours && ours.version === loadedVersion + 1) {
      reset(valuesOf(ours), { keepDirtyValues: true });
      setLoaded(ours);
    }
  }, [ours, loadedVersion, reset, valuesOf]);
  const onSubmit = form.handleSubmit(async (v) => {
    setRefused(null);
    setSaved(false);
    const input = o.input(v);
    try {
      if (record) {
        const unchanged = sent(record) === sent(loaded);
        const updated = await o.update(input, record.id, o.latest && unchanged ? record.version : loadedVersion);
        if (updated) {
          reset(valuesOf(updated));
          setLoaded(updated);
        }
        setSaved(true);
      } else {
        const made = await o.create(input);
        if (made) void navigate(made);
      }
    } catch (err) {
      setRefused(problem(err));
    }
  });
  const id = (name: Path<Values>) => `${idPrefix}-${name}`;
  const error = (name: Path<Values>) => get<typeof errors, { message?: string } | undefined>(errors, name);
  /** A field: its label, the control (given `attrs`), and what is wrong with it. */
  const field = (name: Path<Values>, label: string, control: ReactNode) => (
    <>
      <label htmlFor={id(name)}>{label}</label>
      {control}
      {error(name) && (
        <p className="admin-error" id={`${id(name)}-error`}>
          {error(name)?.message}
        </p>
      )}
    </>
  );
  /** A control's attributes: its id, whether it is wrong and where that is said, and the form's hold on it. */
  const attrs = (name: Path<Values>) => ({
    id: id(name),
    'aria-invalid': Boolean(error(name)),
    ...(error(name) ? { 'aria-describedby': `${id(name)}-error` } : {}),
    ...(o.readOnly ? { readOnly: true } : {}),
    ...form.register(name),
  });
  /** Adds a line to a field of lines (an uploaded photo's address to the pictures), as if typed. */
  const addLine = (name: Path<Values>, line: string) => {
    const now = String(form.getValues(name)).trim();
    form.setValue(name, (now ? `${now}\n${line}` : line) as PathValue<Values, Path<Values>>, { shouldDirty: true, shouldValidate: true });
  };
  return { form, field, attrs, addLine, onSubmit, refused, saved, editing: record !== null };
}

/** The form `useSaveForm` drives: its fields, then the refusal or "saved", then its button. */
export function SaveForm({
  saving,
  label,
  savedText = 'Saved.',
  createText,
  saveText = 'Save changes',
  busy,
  canSave = true,
  also,
  className,
  children,
}: {
  saving: { onSubmit: (e?: BaseSyntheticEvent) => Promise<void>; refused: string | null; saved: boolean; editing: boolean };
  label: string;
  savedText?: string;
  /** The button's words for a new record. */
  createText: string;
  /** The button's words for an existing one. */
  saveText?: string;
  busy: boolean;
  canSave?: boolean;
  /** Beside the save button: another way on with the form's values (a preview). */
  also?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={(ev) => void saving.onSubmit(ev)} noValidate aria-label={label} className={className}>
      {children}
      {saving.refused && (
        <p className="admin-error" role="alert">
          {saving.refused}
        </p>
      )}
      {saving.saved && <p role="status">{savedText}</p>}
      {canSave && (
        <button type="submit" disabled={busy}>
          {saving.editing ? saveText : createText}
        </button>
      )}
      {also}
    </form>
  );
}

/**
 * Edits not saved are not lost without a word: leaving for another screen asks first ("Leave without saving"
 * or go back to the form), and closing or reloading the tab has the browser ask.
 */
function useUnsavedWarning(unsaved: boolean) {
  const confirm = useConfirm();
  // Read when a navigation starts, not when this render made the function: a save that opens the new record
  // navigates in the same handler that ends the edits.
  const pending = useRef(unsaved);
  pending.current = unsaved;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => pending.current && currentLocation.pathname !== nextLocation.pathname);
  // Asked once per navigation held: the form may render again while the question is open (a save of the
  // pictures beside it answering), and asking again would open the dialog anew.
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirm({
      title: 'Leave without saving?',
      body: <p>Your changes on this screen are not saved. If you leave now, they are lost.</p>,
      action: 'Leave without saving',
      danger: true,
    }).then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, confirm]);
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
}
